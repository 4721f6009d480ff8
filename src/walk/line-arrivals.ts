// How many times a run has come to a line (the N of `bpdiff --bp FILE:LINE --hit N`, which brings a
// comparison back to a point the walk found) and which call of its function it is in. A run that comes
// back to a line from a call made on it (`x = f(a)` after f returns) is still on its first pass: a
// breakpoint there would not stop again. The frames are told apart by the stack's depth where the
// adapter says it truly (DAP totalFrames), else by the functions the walk saw it enter and leave.
// Memory: one entry per line and per function the run reaches, and one per frame on its stack.

/**
 * Where a run stands in its calls, innermost first through `caller`: each call's line and which time
 * the call came to that line (1 the first; a return onto it from a call not counted). Never changed
 * once made, so that a step keeps the path it was taken on at no cost (a new node a step).
 */
export interface CallStep {
  file: string;
  line: number;
  name: string;
  /** The time this call came to this line; null once the walk ran the call on through passes it did not see (a loop's). */
  pass: number | null;
  caller: CallStep | null;
}

export interface Arrival {
  /** The pass through this line this stop is (1 the first time). */
  pass: number;
  /** This stop's line in its call, and the lines its callers stand on, with which time each call came there. */
  path: CallStep;
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
  /** The passes through each of its lines in this call. */
  lines: Map<string, number>;
  /** Its step as the last arrival in it left it. */
  step: CallStep;
  /** The walk ran this call on through passes of a line it did not see: its lines' counts are not known. */
  probed: boolean;
  /** The LineArrivals (its `owner` number) that may change `lines` in place; any other copies it first. */
  owner: number;
}

/** Each LineArrivals' number, new at each clone for both: frames made before are then neither's to change. */
let owners = 0;

export class LineArrivals {
  private readonly passes = new Map<string, number>();
  private readonly calls = new Map<string, number>();
  /** The frames of the stack as the walk saw them, outermost first. */
  private readonly frames: Frame[] = [];
  private lastDepth: number | null = null;
  /** The walk stopped in code it does not count since the last counted stop (a call into a library). */
  private wentAway = false;
  /** Which frames' `lines` it may change in place: those it made since it was made or cloned. */
  private owner = ++owners;

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
    // A frame's counts shared with a clone (or with the walk it was cloned from) are copied before they change.
    const lines = !sameFrame
      ? new Map<string, number>()
      : known!.owner === this.owner || revisit
        ? known!.lines
        : new Map(known!.lines);
    const probed = sameFrame && known!.probed;
    const inCall = revisit ? (lines.get(key) ?? 1) : this.bump(lines, key);
    const step: CallStep = {
      file,
      line,
      name,
      pass: probed ? null : inCall,
      caller: at > 0 ? (this.frames[at - 1]?.step ?? null) : null,
    };
    this.frames.length = at + 1;
    const owner = lines === known?.lines ? known.owner : this.owner;
    this.frames[at] = { fn: fnKey, call, key, caller, lines, step, probed, owner };
    this.lastDepth = depth;
    this.wentAway = false;
    return {
      pass: revisit ? (this.passes.get(key) ?? 1) : this.bump(this.passes, key),
      path: step,
      call,
      revisit,
      frame: at,
      entered: !sameFrame,
    };
  }

  /**
   * `count` more passes through file:line, in the call the run stands in, that went by without a stop
   * (a walk that ran on to a later pass): its pass now, and its path, where the call's passes are no
   * longer known (its other lines ran as many times as the loop made them, unseen).
   */
  passed(file: string, line: number, count: number): { pass: number; path: CallStep | null } {
    const key = `${file}:${line}`;
    const now = (this.passes.get(key) ?? 0) + count;
    this.passes.set(key, now);
    const top = this.frames.at(-1);
    if (top === undefined) return { pass: now, path: null };
    // A new frame, never a change to one a clone may share.
    const step = { ...top.step, pass: null };
    this.frames[this.frames.length - 1] = { ...top, probed: true, step };
    return { pass: now, path: step };
  }

  /**
   * A copy that counts on from here, this one left as it is (a walk that comes back to this step:
   * lines-streamed.ts). The frames are shared, not copied: a frame is never changed in place but its
   * counts, which each side copies before it first changes them (a stack 10,000 deep, cloned every
   * 1,024 steps, is not copied whole each time).
   */
  clone(): LineArrivals {
    const copy = new LineArrivals();
    for (const [key, count] of this.passes) copy.passes.set(key, count);
    for (const [key, count] of this.calls) copy.calls.set(key, count);
    // The stack below the first frame the walk saw (a program run by another's code: `python -m cProfile
    // app.py`, whose runner's frames the adapter counts in the depth) is holes: kept as holes.
    copy.frames.length = this.frames.length;
    this.frames.forEach((frame, index) => {
      copy.frames[index] = frame;
    });
    copy.lastDepth = this.lastDepth;
    copy.wentAway = this.wentAway;
    // Neither side may now change the counts of a frame made before.
    this.owner = ++owners;
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
