// Both programs of a walk by effects started ahead of its next restart: the walk goes into a line
// whose effects differ by starting both runs again (a level a restart, and one a round of a loop's
// probes), and a debugger's start is most of a restart (gdb: about 0.9 s of 2.2 s; lldb-dap, dlv, the
// JVM alike). A spare pair is started as a restart is made, stands where the walk starts (`main`, a
// script's first line: what the program does before it, a static initializer, is done while the pair
// before still runs), and is taken by the next restart. It starts 10 nicer than bpdiff
// (process/niceness.ts): it takes the CPU the walk's own runs leave idle (a step is mostly a wait on a
// debugger) and slows neither the restart's moves back nor the walk after them; once taken it gets
// bpdiff's priority back. The last spare is never taken: closed with the walk, whatever state its start
// is in. A spare pays only where a start is long: the walk's first restart starts its pair then, and
// where that start took less than WORTH_MS (a Python or Ruby script's), the walk starts none ahead (a
// spare's CPU would slow the restarts more than it saves them). BPDIFF_SPARE_STARTS=0: none ever; 1:
// from the first restart on, however long a start takes.
import type { LiveRun } from './live-run.js';
import { tracePhase } from '../trace/trace.js';
import type { WalkStartOutcome } from './walk-start.js';
import type { WalkedRun } from '../walk/line-walk-types.js';

/** A pair of runs started (or starting) where the walk starts. */
export interface PairStart {
  runs: [LiveRun, LiveRun];
  walks: [WalkedRun, WalkedRun];
  starts: Promise<WalkStartOutcome[]>;
}

/** How long a spare closed in the middle of its start is waited for, so that nothing it starts after is left behind. */
const SETTLE_MS = 10_000;

/**
 * A pair's start (a restart's, with no spare to take) that a spare is worth starting for. On a loaded
 * 2-core machine, where gdb's and lldb-dap's starts took 0.85-0.9 s, spares took their deep rows
 * (bench/programs/locate/deep.c) from 23.2 to 19.2 s and 19.1 to 17.0 s, while Python's and Ruby's
 * walks (starts of 0.3-0.5 s) lost 4-7%. On a quiet one, every start took 0.1-0.45 s (Python 0.12,
 * Node 0.22, Ruby 0.25, lldb-dap and the JVM 0.3, debugpy and gdb 0.4), and spares bought nothing sure:
 * paired walls with/without 0.87 (gdb) to 1.08 (Ruby), at 3-17% more CPU.
 */
export const WORTH_MS = 600;

export class SpareStarts {
  private spare: { pair: PairStart; stop: AbortController } | null = null;
  /** Spares started: 'measure' until the first restart's start says whether they pay. */
  private wanted: 'always' | 'never' | 'measure';
  /** Whether the last take() handed out a pair started then (its start is a debugger's whole start). */
  private tookFresh = false;

  /** `startPair(signal)`: both runs started, their starts given up once `signal` is aborted. */
  constructor(
    private readonly startPair: (signal: AbortSignal | null) => PairStart,
    env: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    const switched = env['BPDIFF_SPARE_STARTS'];
    this.wanted = switched === '0' ? 'never' : switched === '1' ? 'always' : 'measure';
  }

  /** The spare pair (its starts maybe still on their way), or a pair started now when there is none. */
  take(): PairStart {
    const spare = this.spare;
    this.spare = null;
    this.tookFresh = spare === null;
    return spare?.pair ?? this.startPair(null);
  }

  /**
   * A restart was made, the pair it took started in `startMs` (from the take to both runs standing
   * where the walk starts): the pair the next restart takes is started, if spares pay.
   */
  restarted(startMs: number): void {
    if (this.wanted === 'measure' && this.tookFresh) {
      this.wanted = startMs >= WORTH_MS ? 'always' : 'never';
      tracePhase(null, 'spares decided', { start_ms: Math.round(startMs), spares: this.wanted === 'always' });
    }
    if (this.wanted === 'never' || this.spare !== null) return;
    const stop = new AbortController();
    const pair = this.startPair(stop.signal);
    // Its starts are awaited only if it is taken: a failure before then is the taker's to see.
    pair.starts.catch(() => undefined);
    this.spare = { pair, stop };
  }

  /** The spare not taken: its start given up, every process it made killed (also one it made after this was called). */
  async close(): Promise<void> {
    const spare = this.spare;
    this.spare = null;
    if (spare === null) return;
    spare.stop.abort();
    for (const run of spare.pair.runs) run.close();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      spare.pair.starts.catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_MS))),
    ]);
    clearTimeout(timer);
    for (const run of spare.pair.runs) run.close();
  }
}
