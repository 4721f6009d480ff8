// A recursion in the walk by effects (effects.ts): the walk stepped into line L of function f because
// L's effect differed, and stands, in the call that L made, on that same line L of f again. L's effect
// differed one level up, so this L is stepped into at once instead of over: stepped over, its effect
// would differ too (the level above's did, through it, in most recursions), and each level would cost
// both programs' restart and their way back, so a recursion D deep cost D restarts (1,000 deep: minutes).
// Stepping into a line whose effect then agrees costs only its lines, never a wrong answer: the walk
// compares what the call did as it would after a restart. Once per call, so that a tree recursion
// (`f(n - 1) + f(n - 2)`) is entered down one path, not everywhere.
import type { Step } from './line-walk-types.js';

/** A call the walk stepped into: A's step on the caller's line that made it, the caller's frame, and the callee's name. */
export interface CallSite {
  agreedAt: { a: Step };
  frame: number;
  callee: string;
}

export class Recursions {
  /** The calls (frame and call number) where a line has been stepped into at once already. */
  private readonly entered = new Set<string>();

  /** Whether `step` is a recursion's line to step into at once, made from `site`; if it is, it counts as done for its call. */
  stepInto(site: CallSite | undefined, step: Step): boolean {
    if (site === undefined) return false;
    const caller = site.agreedAt.a;
    const recurses =
      step.arrival.frame === site.frame + 1 &&
      step.stop.top.name === site.callee &&
      caller.stop.top.name === site.callee &&
      caller.file === step.file &&
      caller.stop.top.line === step.stop.top.line;
    if (!recurses) return false;
    const call = `${step.arrival.frame}:${step.arrival.call}`;
    if (this.entered.has(call)) return false;
    this.entered.add(call);
    return true;
  }
}
