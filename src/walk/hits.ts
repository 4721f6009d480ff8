// Which stop of a run is captured. The first (the default), the Nth (`--hit N`: bpdiff lets the
// program go on after each stop and counts), or, with `--first-divergence`, the first hit at which
// the two runs differ: both runs walk their hits in lockstep (neither gets more than one hit ahead,
// so a program that would run on for minutes after the divergence is stopped there), and at each hit
// both values are compared as the report will compare them. A hit is a pass through the line, not a
// machine stop (src/session/passes.ts): a stop that continues the pass before it is let go uncounted.
import type { RunSide, Tolerance } from '../core/types.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { compareValues } from '../values/compare-values.js';
import type { StopOutcome } from '../session/stop-outcome.js';
import type { PassCounter } from '../session/passes.js';
import type { RunFacts } from '../capture/capture-document.js';
import { tracePhase } from '../trace/trace.js';
import type { PassReach, RunAgain, WalkRun } from './walk-run.js';

export interface WalkSteps {
  /** The run walked: on to its next stop, a stop read. */
  run: WalkRun;
  /** The run's count of passes through the line, and how to say how it counted. */
  passes: { counter: PassCounter; adapterName: string };
  /** The program started again, for a streamed walk's replay (src/walk/hits-streamed.ts). */
  again?: RunAgain;
  /** A run whose adapter may count the passes before --hit's (reach-hit.ts). */
  reach?: PassReach;
}

/** The facts of a stop (the frame read and its values through the pipeline), or of no stop; hits after the first without a progress line. */
async function readHit(steps: WalkSteps, outcome: StopOutcome, hit: number): Promise<RunFacts> {
  const read = await steps.run.read(outcome, hit > 1);
  tracePhase(steps.run.spec.label, 'frame read', { hit, status: read.status });
  return read;
}

/** The next stop that starts a pass (or the run's end): stops that continue the pass before them are let go. */
async function nextPass(outcome: StopOutcome, steps: WalkSteps): Promise<StopOutcome> {
  while (outcome.kind === 'stopped' && !steps.passes.counter.observe(outcome.place)) outcome = await steps.run.next();
  return outcome;
}

/** The facts with what the count of passes needs said (a walk over more than the first hit only). */
function withPassNote(facts: RunFacts, steps: WalkSteps): RunFacts {
  const note = steps.passes.counter.describe(steps.passes.adapterName);
  return note === null ? facts : { ...facts, warnings: [...facts.warnings, note] };
}

export type Walker = (first: StopOutcome, steps: WalkSteps) => Promise<RunFacts>;

/** The Nth stop, the first being hit `firstHit`; a run that stops fewer times is its no_break, with how many times it stopped. */
export function nthHit(wanted: number, firstHit = 1): Walker {
  return async (first, steps) => {
    if (wanted === 1) return readHit(steps, first, 1);
    let outcome = first;
    for (let hit = firstHit; ; hit++) {
      outcome = await nextPass(outcome, steps);
      if (outcome.kind !== 'stopped') {
        const facts = await readHit(steps, outcome, hit);
        return withPassNote({ ...facts, hits: { captured: null, seen: hit - 1, wanted } }, steps);
      }
      if (hit === wanted) {
        const facts = await readHit(steps, outcome, hit);
        return withPassNote({ ...facts, hits: { captured: hit, seen: hit, wanted } }, steps);
      }
      outcome = await steps.run.next();
    }
  };
}

/** What one run brings to a round of the walk: its facts at this hit, or that it stopped no more. */
type Arrival = { kind: 'hit'; facts: RunFacts } | { kind: 'ended' } | { kind: 'failed' };
type Verdict = { go: 'on' } | { go: 'stop'; note: string | null; useLast: boolean };

export const DEFAULT_MAX_HITS = 1000;

/**
 * The meeting point of the two runs of a first-divergence walk. Each run arrives once per hit; when
 * both have, they are compared, and both are told to go on or to stop there.
 */
export class Lockstep {
  private readonly arrivals: Partial<Record<RunSide, { arrival: Arrival; resolve: (verdict: Verdict) => void }>> = {};
  /** Hits at which both runs agreed so far. */
  private agreed = 0;

  constructor(
    private readonly maxHits: number,
    private readonly tolerance: Tolerance | null,
    private readonly labels: Record<RunSide, string>,
  ) {}

  arrive(side: RunSide, arrival: Arrival): Promise<Verdict> {
    return new Promise((resolve) => {
      this.arrivals[side] = { arrival, resolve };
      const a = this.arrivals.a;
      const b = this.arrivals.b;
      if (a === undefined || b === undefined) return;
      delete this.arrivals.a;
      delete this.arrivals.b;
      const verdict = this.judge(a.arrival, b.arrival);
      a.resolve(verdict);
      b.resolve(verdict);
    });
  }

  /** The walk goes on from a hit both runs agreed at before (a streamed walk's: hits-streamed.ts). */
  startAt(agreed: number): void {
    this.agreed = agreed;
  }

  /** A run that failed must not leave the other waiting. */
  abandon(side: RunSide): void {
    void this.arrive(side, { kind: 'failed' });
  }

  private judge(a: Arrival, b: Arrival): Verdict {
    const { labels } = this;
    const hit = this.agreed + 1;
    const agreedSoFar =
      this.agreed === 0
        ? 'no hit agreed before it'
        : `the runs agree for ${this.agreed === 1 ? 'hit 1' : `hits 1-${this.agreed}`}`;
    if (a.kind === 'failed' || b.kind === 'failed') return { go: 'stop', note: null, useLast: false };
    if (a.kind === 'ended' && b.kind === 'ended') {
      if (this.agreed === 0) return { go: 'stop', note: null, useLast: false };
      return {
        go: 'stop',
        note: `first divergence: no differences in ${this.agreed} ${this.agreed === 1 ? 'hit' : 'hits'} (both runs stopped ${this.agreed} ${this.agreed === 1 ? 'time' : 'times'}); this is hit ${this.agreed}`,
        useLast: true,
      };
    }
    if (a.kind === 'ended' || b.kind === 'ended') {
      const [ended, going] = a.kind === 'ended' ? [labels.a, labels.b] : [labels.b, labels.a];
      return {
        go: 'stop',
        note: `first divergence at hit ${hit}: ${agreedSoFar}, then ${going} stops at the breakpoint again and ${ended} does not (it stopped ${this.agreed} ${this.agreed === 1 ? 'time' : 'times'})`,
        useLast: false,
      };
    }
    // As in the comparison: what lies under a container one run did not read, or what neither run could read, is not a divergence.
    if (!isDiffEmpty(compareValues(a.facts.values, b.facts.values, this.tolerance))) {
      const where =
        this.agreed === 0 ? 'the runs part ways at the first hit' : `${agreedSoFar} and part ways at hit ${hit}`;
      return { go: 'stop', note: `first divergence at hit ${hit}: ${where}`, useLast: false };
    }
    this.agreed = hit;
    if (hit >= this.maxHits) {
      return {
        go: 'stop',
        note: `first divergence: no differences in ${hit} hits (--max-hits ${this.maxHits}: the walk stopped there); this is hit ${hit}`,
        useLast: false,
      };
    }
    return { go: 'on' };
  }
}

/** One run's side of a first-divergence walk, from its hit `firstHit` (a streamed walk's is later than 1). */
export function lockstepWalker(lock: Lockstep, side: RunSide, firstHit = 1): Walker {
  return async (first, steps) => {
    let outcome = first;
    let last: RunFacts | null = null;
    for (let hit = firstHit; ; hit++) {
      outcome = await nextPass(outcome, steps);
      if (outcome.kind !== 'stopped') {
        const ended = await readHit(steps, outcome, hit);
        const verdict = await lock.arrive(side, { kind: 'ended' });
        const said = verdict.go === 'stop' ? verdict : null;
        if (said?.useLast && last !== null) return withPassNote(withNote(last, said.note), steps);
        return withPassNote(
          withNote({ ...ended, hits: { captured: null, seen: hit - 1, wanted: null } }, said?.note ?? null),
          steps,
        );
      }
      const facts: RunFacts = {
        ...(await readHit(steps, outcome, hit)),
        hits: { captured: hit, seen: hit, wanted: null },
      };
      const verdict = await lock.arrive(side, { kind: 'hit', facts });
      if (verdict.go === 'stop') return withPassNote(withNote(facts, verdict.note), steps);
      last = facts;
      outcome = await steps.run.next();
    }
  };
}

function withNote(facts: RunFacts, note: string | null): RunFacts {
  return note === null ? facts : { ...facts, warnings: [...facts.warnings, note] };
}
