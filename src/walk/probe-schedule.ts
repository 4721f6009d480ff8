// Which pass of a loop the walk by effects (effects.ts) probes next, and how far apart its probes are.
// Both runs go on 1, 2, 4, ... passes from the loop's head, without a restart while they stand alike;
// once a probe finds them apart (or past the loop's end), the first pass apart lies between the last
// pass found alike and that probe. Both programs are then started again, brought back to the last pass
// alike, and probed on by equal strides through the gap, a round: the next probe found apart ends the
// round, and its stride is the next round's gap. Few strides a round cost more restarts; many, more
// probes. The number is chosen from what the walk measured (a restart's time and a probe's), so that a
// debugger that traps at every pass (a restart then costs every pass again: lldb-dap, dlv, gdb) takes
// fewer rounds than one whose restart costs a program's start alone. Pure: the caller measures.

/** Strides a round while no restart has been measured yet (the walk's first round of probes). */
export const FIRST_STRIDES = 8;

/** How many times a step the walk takes is paid for: once, and again on the way back of the restarts after it. */
const STEP_REPLAYS = 3;

/** The most strides a round takes, however cheap a probe is against a restart. */
const MOST_STRIDES = 4096;

/** What the walk measured so far, shared by every loop it probes: times in ms. */
export class ProbeCosts {
  /** The last restart's time: both programs started again and brought back (null: none yet). */
  restart: number | null = null;
  /** Of the last restart, the programs' start alone (to where the walk starts), before the moves that brought them back. */
  start = 0;
  /** The quickest probe's time: one move of a few passes and the comparison after it (null: none yet). */
  probe: number | null = null;

  /** `fixed`: costs that no measurement changes (a test's, whose walk must not depend on the machine's speed). */
  constructor(private readonly fixed?: { restart: number; probe: number }) {
    if (fixed !== undefined) ({ restart: this.restart, probe: this.probe } = fixed);
  }

  /** A restart took `ms`, of which `startMs` the programs' start. */
  restarted(ms: number, startMs = 0): void {
    if (this.fixed !== undefined) return;
    this.restart = ms;
    this.start = startMs;
  }

  /** A probe took `ms`. */
  probed(ms: number): void {
    if (this.fixed === undefined) this.probe = this.probe === null ? ms : Math.min(this.probe, ms);
  }
}

/**
 * The costs a walk probes by: measured as it goes, or fixed by BPDIFF_PROBE_COSTS=RESTART_MS,PROBE_MS
 * (a walk that takes the same probes on any machine, however fast or loaded: the test suite's).
 */
export function probeCostsFrom(env: Readonly<Record<string, string | undefined>>): ProbeCosts {
  const fixed = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(env['BPDIFF_PROBE_COSTS'] ?? '');
  return fixed === null ? new ProbeCosts() : new ProbeCosts({ restart: Number(fixed[1]), probe: Number(fixed[2]) });
}

/** How many strides a round through a gap of `gap` passes takes, for the costs measured. */
export function stridesFor(gap: number, costs: ProbeCosts): number {
  if (gap <= 1) return 1;
  if (costs.restart === null || costs.probe === null) return Math.min(gap, FIRST_STRIDES);
  const restart = costs.restart;
  const probe = Math.max(costs.probe, 0.001);
  let best = FIRST_STRIDES;
  let least = Number.POSITIVE_INFINITY;
  for (let strides = 2; strides <= Math.min(gap, MOST_STRIDES); strides++) {
    // Rounds until the gap is one pass: each further round a restart; each round half its probes on average.
    const rounds = roundsFor(gap, strides);
    const cost = rounds * ((probe * strides) / 2) + (rounds - 1) * restart;
    if (cost < least) {
      least = cost;
      best = strides;
    }
  }
  return best;
}

/** Rounds of `strides` probes each until a gap of `gap` passes is one pass wide. */
function roundsFor(gap: number, strides: number): number {
  let rounds = 0;
  for (let left = gap; left > 1; left = Math.ceil(left / strides)) rounds++;
  return rounds;
}

/** One loop's probes: the passes on from its head found alike and apart, and the next to probe. */
export class ProbeSchedule {
  /** Passes on from the head: the last found alike. */
  lo = 0;
  /** The first found apart (null: none yet, the probes still double). */
  hi: number | null = null;
  private stride = 1;

  constructor(private readonly costs: ProbeCosts) {}

  /** Whether the first pass apart is found: the next pass after `lo` (or the loop never parts). */
  get done(): boolean {
    return this.hi !== null && this.hi - this.lo <= 1;
  }

  /** The next pass to probe (call after the restart that a probe found apart asked for: its time counts). */
  next(): number {
    if (this.hi === null) return Math.max(1, this.lo * 2);
    if (this.lo + this.stride >= this.hi) this.stride = this.strideIn(this.hi - this.lo);
    return this.lo + this.stride;
  }

  /**
   * Whether the rest of the gap costs less stepped through, a line at a time (`linesPerPass` steps a
   * pass), than a round probing every pass: that round's probe found apart would cost a restart back,
   * where the walk, stepping, stands before the line that differs. A step is priced as a probe, and
   * thrice: each later restart (one a call the walk then steps into) replays the steps too.
   */
  stepsRest(linesPerPass: number): boolean {
    if (this.hi === null || this.done) return false;
    const gap = this.hi - this.lo;
    const { restart, probe } = this.costs;
    if (restart === null || probe === null || stridesFor(gap, this.costs) < gap) return false;
    return STEP_REPLAYS * probe * linesPerPass * gap < restart;
  }

  /** A probe at `target` found the runs alike (true) or apart (false). */
  found(target: number, alike: boolean): void {
    if (alike) {
      this.lo = target;
      return;
    }
    this.hi = target;
    // The next round's stride is chosen when it starts, from the restart measured before it.
    this.stride = target - this.lo;
  }

  private strideIn(gap: number): number {
    return Math.max(1, Math.floor(gap / stridesFor(gap, this.costs)));
  }
}
