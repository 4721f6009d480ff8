// When the walk by effects (effects.ts) steps INTO a line it would step over. Stepped over, a line
// whose effect differs costs a restart to come back before it and step into it; where a restart costs
// every pass of a loop again (a debugger that traps at each: dlv), that is seconds a level. Below a line
// whose effect differed (the walk stepped into it), and in the passes a loop's probes found the runs
// apart in, the walk instead steps into each line at once and walks its callee, line by line, as it
// would after that restart: a speculation. What it finds there counts only if the line's own effect
// differs: found apart in the callee, both runs go on out of it to the end of the line, whose effect is
// compared as a step over would have (a callee that differs inside but returns the same leaves the line
// alike, and the walk goes on). Where the line's effect differs, the walk comes back to the callee's
// line found apart by one restart (where two were needed) and steps into it. A speculation costs the
// callee's lines: it gives up past a restart's worth of steps (a line whose callee runs long), and
// speculations stop once the steps spent on lines that agreed reach two restarts' worth.
import type { ProbeCosts } from './probe-schedule.js';

/**
 * A restart must cost this many steps at least, and its way back (the moves that bring both programs
 * back, after their start) this long, for a speculation to pay: a cheaper restart costs less than a
 * callee's lines walked for nothing (a loop of a few hundred passes on dlv, brought back in a fraction
 * of a second, is not worth it; 11,000 passes, 4 s, are; nor is a program that is slow to start alone,
 * a JVM on a loaded machine). The way back leaves the start out, so the bar holds whether the restart's
 * programs were started ahead (run/spare-starts.ts) or not. 1.2 s, was 2 s: on gdb and lldb-dap the
 * bench's deep.c (one binary, the uprobe counting) comes back in 1.3-1.6 s, and speculating there took
 * gdb's walk from 20.2 s to 17.8 s and lldb-dap's from 16.6 s to 15.4 s (paired medians), the line found
 * and dlv's walk alike.
 */
const LEAST_STEPS_A_RESTART = 50;
const LEAST_WAY_BACK_MS = 1200;

/** How many restarts' worth of steps the speculations may spend on lines that agreed, in all. */
const RESTARTS_OF_WASTE = 2;

/** A line stepped into instead of over: where the walk stood before it, and how to come back there. */
export interface Speculation<Site, Mark, CallSite> {
  /** Both runs before the line (the walk's standing then). */
  site: Site;
  /** The line's frame (its depth), from which the callee was entered. */
  frame: number;
  /** The index in the walk's moves of the move into the line. */
  into: number;
  /** Moves taken in the callee since. */
  steps: number;
  /** What each run had written before the line. */
  mark: Mark;
  /** The walk's call sites before the line, and its count of steps compared. */
  callSites: CallSite[];
  compared: number;
}

export class Eagerness {
  /** The walk stands below a line whose effect differed, or in passes a loop's probes found apart: its lines are candidates. */
  private below = false;
  /** Steps spent on speculations whose line agreed, in all. */
  private wasted = 0;

  /** `costs`: a restart's time and a probe's (a move and the comparison after it, as a step is), as the walk measured them. */
  constructor(private readonly costs: ProbeCosts) {}

  /** The walk now stands below a line whose effect differs, or in a loop's passes found apart. */
  narrowed(): void {
    this.below = true;
  }

  /** How many steps a restart costs (null: not measured yet: no loop probed, or none started again). */
  private restartSteps(): number | null {
    const { restart, probe } = this.costs;
    if (restart === null || probe === null) return null;
    return restart / Math.max(probe, 0.001);
  }

  /** Whether the walk steps into the line it stands on rather than over it. */
  goesIn(): boolean {
    if (!this.below) return false;
    const restart = this.restartSteps();
    if (restart === null || restart < LEAST_STEPS_A_RESTART) return false;
    if (this.costs.restart! - this.costs.start < LEAST_WAY_BACK_MS) return false;
    return this.wasted < RESTARTS_OF_WASTE * restart;
  }

  /** Whether a speculation that took `steps` in its callee has gone on long enough (more than a restart would cost). */
  givesUp(steps: number): boolean {
    const restart = this.restartSteps();
    return restart === null || steps > restart;
  }

  /** A speculation's line agreed: its steps were spent for nothing. */
  agreed(steps: number): void {
    this.wasted += steps;
  }
}
