// Where the walk by effects (effects.ts) stands on a loop's head: a line it has stood on several times
// in the same call of its function. There its later passes are probed at the program's speed instead
// of stepped through, once the loop has run a few passes (a short loop costs fewer steps than the
// restart a probe past its end costs). After a round of probes in a call, no line of that call is
// probed again until the walk has stood on it that many times more: the pass a probe found apart (or
// past the loop's end) is stepped through first. Of a loop's lines, the one stood on least often a
// pass is probed. Memory: a few entries per line and call reached.
import type { Step } from './line-walk-types.js';

/** How many times the walk stands on a line in a call (since its last round there) before its later passes are probed. */
export const PROBE_FROM_PASS = 8;

export class LoopHeads {
  /**
   * Per line and call: the pass the walk last stood on it at, and the pass its count starts from (null:
   * from the walk's next arrival there, `wait` passes later: the passes a round went on were not seen there).
   */
  private readonly lines = new Map<string, { last: number; from: number | null; wait: number }>();
  /** The lines of each call the walk stood on. */
  private readonly calls = new Map<string, Set<string>>();
  /** Per line: the rounds in a row there that went no pass on. */
  private readonly idle = new Map<string, number>();

  /** Whether a round of probes is due where this step stands. */
  due(step: Step): boolean {
    const [call, key] = keys(step);
    const known = this.lines.get(key);
    if (known === undefined) {
      this.lines.set(key, { last: step.arrival.pass, from: step.arrival.pass - 1, wait: 0 });
      const lines = this.calls.get(call) ?? new Set<string>();
      lines.add(key);
      this.calls.set(call, lines);
      return false;
    }
    known.last = step.arrival.pass;
    known.from ??= step.arrival.pass - 1 + known.wait;
    const count = known.last - known.from;
    if (count < PROBE_FROM_PASS) return false;
    // A line the walk stands on twice a pass (a `for` line's test and its update, each a stop of V8's)
    // is not the head: a breakpoint there is met where it binds, once or never a pass. The line stood
    // on least often of those that come back is.
    for (const line of this.calls.get(call) ?? []) {
      const times = counted(this.lines.get(line)!);
      if (line !== key && times >= 2 && times * 2 <= count) return false;
    }
    return true;
  }

  /** How many lines of this step's call the walk stood on in each of its last passes (at least 1): a pass's steps. */
  linesPerPass(step: Step): number {
    const [call] = keys(step);
    let lines = 0;
    for (const line of this.calls.get(call) ?? []) if (counted(this.lines.get(line)!) >= 2) lines++;
    return Math.max(1, lines);
  }

  /**
   * A round probed from this step's line went `went` passes on and stands at `step`: every line of the
   * call counts its passes again from here; a line whose round went no pass on (its probes stop
   * elsewhere, as in a recursion) waits twice as long each time. `quiet`: passes the walk steps through
   * before the line is probed again (the last passes of a gap that stepping costs less than a restart).
   */
  probed(step: Step, went: number, quiet = 0): void {
    const [call, key] = keys(step);
    const idle = went > 0 ? 0 : (this.idle.get(key) ?? 0) + 1;
    this.idle.set(key, idle);
    for (const line of this.calls.get(call) ?? []) {
      const known = this.lines.get(line)!;
      known.from = null;
      known.wait = quiet + (line === key && idle > 0 ? PROBE_FROM_PASS * (2 ** idle - 1) : 0);
    }
  }
}

function keys(step: Step): [string, string] {
  const call = `${step.arrival.frame}:${step.arrival.call}`;
  return [call, `${call}:${step.file}:${step.stop.top.line}`];
}

/** How many times the walk stood on a line since its count started (0 where it starts at the next arrival). */
function counted(known: { last: number; from: number | null }): number {
  return known.from === null ? 0 : known.last - known.from;
}
