// Both programs of a walk by effects started ahead of its next restart: the walk goes into a line
// whose effects differ by starting both runs again (a level a restart, and one a round of a loop's
// probes), and a debugger's start is most of a restart (gdb: about 0.9 s of 2.2 s; lldb-dap, dlv, the
// JVM alike). A spare pair is started as a restart is made, stands where the walk starts (`main`, a
// script's first line: what the program does before it, a static initializer, is done while the pair
// before still runs), and is taken by the next restart. It starts 10 nicer than bpdiff
// (process/niceness.ts): it takes the CPU the walk's own runs leave idle (a step is mostly a wait on a
// debugger) and slows neither the restart's moves back nor the walk after them; once taken it gets
// bpdiff's priority back. The last spare is never taken: closed with the walk, whatever state its start
// is in. BPDIFF_SPARE_STARTS=0: none ever.
import type { LiveRun } from './live-run.js';
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

export class SpareStarts {
  private spare: { pair: PairStart; stop: AbortController } | null = null;
  private readonly wanted: boolean;

  /** `startPair(signal)`: both runs started, their starts given up once `signal` is aborted. */
  constructor(
    private readonly startPair: (signal: AbortSignal | null) => PairStart,
    env: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    this.wanted = env['BPDIFF_SPARE_STARTS'] !== '0';
  }

  /** The spare pair (its starts maybe still on their way), or a pair started now when there is none. */
  take(): PairStart {
    const spare = this.spare;
    this.spare = null;
    return spare?.pair ?? this.startPair(null);
  }

  /** A restart was made: the pair the next restart takes is started. */
  restarted(): void {
    if (!this.wanted || this.spare !== null) return;
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
