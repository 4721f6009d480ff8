// How many times a run has come to a line (the N of `bpdiff --bp FILE:LINE --hit N`, which brings a
// comparison back to a point the walk found) and which call of its function it is in. A run that comes
// back to a line from a call made on it (`x = f(a)` after f returns) is still on its first pass: a
// breakpoint there would not stop again. The frames are told apart by the stack's depth where the
// adapter says it truly (DAP totalFrames), else by the functions the walk saw it enter and leave.
// Memory: one entry per line and per function the run reaches, and one per frame on its stack.

export interface Arrival {
  /** The pass through this line this stop is (1 the first time). */
  pass: number;
  /** The call of this function the stop is in (1 the first). */
  call: number;
  /** Back on the line a call was made from, in the same frame: no new line was reached. */
  revisit: boolean;
  /** The frame's place on the stack as the walk saw it (0 the outermost), and whether the stop entered it (a new call). */
  frame: number;
  entered: boolean;
}

interface Frame {
  fn: string;
  call: number;
  /** The line the frame stood on last. */
  key: string;
  /** Where its caller stood (its name and line), when the adapter says it: constant for as long as the frame lives. */
  caller: string | null;
}

export class LineArrivals {
  private readonly passes = new Map<string, number>();
  private readonly calls = new Map<string, number>();
  /** The frames of the stack as the walk saw them, outermost first. */
  private readonly frames: Frame[] = [];
  private lastDepth: number | null = null;
  /** The walk stopped in code it does not count since the last counted stop (a call into a library). */
  private wentAway = false;

  /**
   * `depth`: the stack's depth when the adapter tells it truly, else null; then `caller`, where the
   * frame's caller stands when the adapter says it, tells a call of the same function (a recursion)
   * from a jump back within it.
   */
  arrive(file: string, line: number, depth: number | null, name: string, caller: string | null = null): Arrival {
    const key = `${file}:${line}`;
    const fnKey = `${file}\0${name}`;
    const index = depth === null ? this.frameByName(fnKey, caller) : depth - 1;
    const known = index >= 0 ? this.frames[index] : undefined;
    const sameFrame =
      known !== undefined &&
      known.fn === fnKey &&
      (depth === null || (this.lastDepth !== null && depth <= this.lastDepth));
    const cameBack =
      sameFrame &&
      (depth === null ? index < this.frames.length - 1 || this.wentAway : depth < this.lastDepth! || this.wentAway);
    // Back from a call made on this very line: the same pass.
    const revisit = cameBack && known!.key === key;
    const call = sameFrame ? known!.call : this.bump(this.calls, fnKey);
    const at = sameFrame ? index : depth === null ? this.frames.length : depth - 1;
    this.frames.length = at + 1;
    this.frames[at] = { fn: fnKey, call, key, caller };
    this.lastDepth = depth;
    this.wentAway = false;
    return {
      pass: revisit ? (this.passes.get(key) ?? 1) : this.bump(this.passes, key),
      call,
      revisit,
      frame: at,
      entered: !sameFrame,
    };
  }

  /** `count` more passes through file:line that went by without a stop (a walk that ran on to a later pass); answers its pass now. */
  passed(file: string, line: number, count: number): number {
    const key = `${file}:${line}`;
    const now = (this.passes.get(key) ?? 0) + count;
    this.passes.set(key, now);
    return now;
  }

  /** A copy that counts on from here, this one left as it is (a walk that comes back to this step: lines-streamed.ts). */
  clone(): LineArrivals {
    const copy = new LineArrivals();
    for (const [key, count] of this.passes) copy.passes.set(key, count);
    for (const [key, count] of this.calls) copy.calls.set(key, count);
    for (const frame of this.frames) copy.frames.push({ ...frame });
    copy.lastDepth = this.lastDepth;
    copy.wentAway = this.wentAway;
    return copy;
  }

  /** The walk stopped in code it does not count (a call into a library): the frames above it are left, not ended. */
  away(): void {
    this.wentAway = true;
  }

  /** The innermost frame of function `fnKey` on the stack as seen, called from `caller` when that is known (a return to it pops what lay above), or -1. */
  private frameByName(fnKey: string, caller: string | null): number {
    for (let index = this.frames.length - 1; index >= 0; index--) {
      const frame = this.frames[index]!;
      if (frame.fn === fnKey && (caller === null || frame.caller === null || frame.caller === caller)) return index;
    }
    return -1;
  }

  private bump(counts: Map<string, number>, key: string): number {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  }
}
