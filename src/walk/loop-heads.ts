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
  /** Per line and call: the pass the walk last stood on it at, and the pass its count starts from. */
  private readonly lines = new Map<string, { last: number; from: number }>();
  /** The lines of each call the walk stood on. */
  private readonly calls = new Map<string, Set<string>>();
  /** Per line: the rounds in a row there that went no pass on. */
  private readonly idle = new Map<string, number>();

  /** Whether a round of probes is due where this step stands. */
  due(step: Step): boolean {
    const [call, key] = keys(step);
    const known = this.lines.get(key);
    if (known === undefined) {
      this.lines.set(key, { last: step.arrival.pass, from: step.arrival.pass - 1 });
      const lines = this.calls.get(call) ?? new Set<string>();
      lines.add(key);
      this.calls.set(call, lines);
      return false;
    }
    known.last = step.arrival.pass;
    const count = known.last - known.from;
    if (count < PROBE_FROM_PASS) return false;
    // A line the walk stands on twice a pass (a `for` line's test and its update, each a stop of V8's)
    // is not the head: a breakpoint there is met where it binds, once or never a pass. The line stood
    // on least often of those that come back is.
    for (const line of this.calls.get(call) ?? []) {
      const other = this.lines.get(line)!;
      const times = other.last - other.from;
      if (line !== key && times >= 2 && times * 2 <= count) return false;
    }
    return true;
  }

  /**
   * A round probed from this step's line went `went` passes on and stands at `step`: every line of the
   * call counts its passes again from here; a line whose round went no pass on (its probes stop
   * elsewhere, as in a recursion) waits twice as long each time.
   */
  probed(step: Step, went: number): void {
    const [call, key] = keys(step);
    const idle = went > 0 ? 0 : (this.idle.get(key) ?? 0) + 1;
    this.idle.set(key, idle);
    for (const line of this.calls.get(call) ?? []) {
      const known = this.lines.get(line)!;
      known.from = known.last;
    }
    this.lines.get(key)!.from = step.arrival.pass + (idle === 0 ? 0 : PROBE_FROM_PASS * (2 ** idle - 1));
  }
}

function keys(step: Step): [string, string] {
  const call = `${step.arrival.frame}:${step.arrival.call}`;
  return [call, `${call}:${step.file}:${step.stop.top.line}`];
}
