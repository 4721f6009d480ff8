// A first-divergence walk for adapters that stream hits (bpdiffHits, bpdiff's Python adapter): the
// program runs through a batch of hits at once, each recorded as the texts of its values, instead of
// stopping at each, so the walk compares thousands of hits a second. It ends where the walk by stops
// (hits.ts) ends, with the same document:
// 1. the scan: both runs stream their hits (the first alone, compared before either goes on, so runs
//    that part at once stand where they part and are walked by stops from there; then batches, each
//    larger, up to LARGEST_BATCH, and at most --max-hits in all), compared hit by hit on their texts, which are finer than what a capture
//    compares (whole reprs, addresses masked as the value pipeline masks them, children folded in to
//    --depth, a text a run's own path would be rewritten in marked apart), so two hits whose texts
//    agree agree there too. It ends at the first hit whose texts differ, where one run ends, at
//    --max-hits, or where a stream cannot say more (a stop that was no hit, a lost answer);
// 2. the replay: both programs started again (begun once the first hit agreed, while the scan goes
//    on, so it need not wait for their start) and streamed to the last hit the scan found them
//    agreeing at, their texts compared again up to the hit before it (a program that runs another
//    way the second time is walked again by stops, from its start);
// 3. from that hit on, the walk by stops: its DAP reads and the value pipeline decide, so a hit whose
//    texts differ only where --tolerance, --ignore or the masking says they agree is walked past.
// Why a replay and not a stop where the texts differ: each run streams on its own, so when one learns
// that the other differs at hit N it has run past N; and when both runs agree to their ends, the
// document is their last hit's, read by DAP, which only a run standing there can give. Each program
// runs twice (up to the hit where the walk ends): a program with effects outside itself has them twice.
import type { CaptureOptions, RunSide } from '../core/types.js';
import type { StreamedHit, StreamHitsArguments } from '../dap/hit-stream.js';
import type { StopOutcome } from '../session/stop-outcome.js';
import { ADDRESS_PATTERN } from '../values/normalise.js';
import { nameMatcher } from '../values/user-rules.js';
import { tracePhase } from '../trace/trace.js';
import { DEFAULT_MAX_HITS, lockstepWalker, type Lockstep, type Walker, type WalkSteps } from './hits.js';
import type { WalkRun } from './walk-run.js';

const FIRST_BATCH = 512;
const LARGEST_BATCH = 8192;
/** How long a batch may take before the adapter answers with the hits so far (far below any --timeout). */
const BATCH_SECONDS = 1;
/** No text is cut: a text over 128 characters comes as a hash of the whole of it. */
const WHOLE_TEXTS = 1 << 30;
/** How many hits one run's stream may hold that the other's has not reached yet before it waits for it. */
const AHEAD = 2 * LARGEST_BATCH;

type HitTextsArguments = Omit<StreamHitsArguments, 'threadId' | 'count' | 'current'>;

/**
 * Whether a first-divergence walk with these options can stream: the texts say everything it compares
 * (the locals, --watch), and both runs go at once.
 */
export function canStreamHits(options: CaptureOptions): boolean {
  const { breakpoint, values, run } = options;
  return (
    values.scope === 'locals' &&
    !breakpoint.exact_line &&
    breakpoint.hit === null &&
    (breakpoint.max_hits ?? DEFAULT_MAX_HITS) >= 2 &&
    !run.sequential
  );
}

/** The paths the value pipeline rewrites in one run's values but not alike in the other's (its cwd, its copy): a text holding one is left to DAP. */
export function pathsApart(
  a: ReadonlyArray<{ path: string; token: string }>,
  b: ReadonlyArray<{ path: string; token: string }>,
): string[] {
  const key = (entry: { path: string; token: string }): string => `${entry.token}\0${entry.path}`;
  const inA = new Set(a.map(key));
  const inB = new Set(b.map(key));
  return [
    ...new Set(
      [...a.filter((entry) => !inB.has(key(entry))), ...b.filter((entry) => !inA.has(key(entry)))].map(
        (entry) => entry.path,
      ),
    ),
  ];
}

type StreamState = 'more' | 'ended' | 'lost';
type ScanEnd = 'parted' | 'ended' | 'cap' | 'lost' | 'failed';

/** Both runs' streams compared hit by hit until they part, one ends, `cap` hits agreed, or a stream can say no more (exported for its unit test). */
export class HitScan {
  private readonly queues: Record<RunSide, StreamedHit[]> = { a: [], b: [] };
  private readonly states: Record<RunSide, StreamState> = { a: 'more', b: 'more' };
  private readonly waiting: Partial<Record<RunSide, (goOn: boolean) => void>> = {};
  /** A run that waits until its hits are compared before it goes on (its first: where the runs part at once, they stand there). */
  private readonly settling: Partial<Record<RunSide, boolean>> = {};
  private agreed = 0;
  /** Once the scan is over: the hits both runs agreed at, from the first, and why it ended. */
  over: { agreed: number; end: ScanEnd } | null = null;
  private ended: () => void = () => undefined;
  /** Settles once the scan is over. */
  readonly done = new Promise<void>((resolve) => (this.ended = resolve));

  constructor(
    private readonly cap: number,
    private readonly same: (a: StreamedHit, b: StreamedHit) => boolean,
  ) {}

  /** A run's next hits, and how its stream stands after them: whether it is to stream more (`settle`: once they are compared). */
  offer(side: RunSide, hits: readonly StreamedHit[], state: StreamState, settle = false): Promise<boolean> {
    this.settling[side] = settle;
    const queue = this.queues[side];
    if (this.over === null) for (const hit of hits) queue.push(hit);
    this.states[side] = state;
    this.judge();
    return new Promise((resolve) => {
      this.waiting[side] = resolve;
      this.release();
    });
  }

  abandon(): void {
    this.finish('failed');
    this.release();
  }

  private judge(): void {
    if (this.over !== null) return;
    const { a, b } = this.queues;
    const both = Math.min(a.length, b.length);
    let compared = 0;
    while (compared < both && this.agreed < this.cap) {
      if (!this.same(a[compared]!, b[compared]!)) return this.finish('parted');
      this.agreed++;
      compared++;
    }
    a.splice(0, compared);
    b.splice(0, compared);
    if (this.agreed >= this.cap) return this.finish('cap');
    for (const [side, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      if (this.queues[side].length > 0) continue;
      if (this.states[side] === 'lost') return this.finish('lost');
      if (this.states[side] !== 'ended') continue;
      // As the walk by stops: one run ends where the other stops at the breakpoint again.
      if (this.queues[other].length > 0) return this.finish('parted');
      if (this.states[other] !== 'more') return this.finish(this.states[other] === 'ended' ? 'ended' : 'lost');
    }
  }

  private finish(end: ScanEnd): void {
    this.over ??= { agreed: this.agreed, end };
    this.ended();
  }

  private release(): void {
    for (const side of ['a', 'b'] as const) {
      const resolve = this.waiting[side];
      if (resolve === undefined) continue;
      const waits = this.settling[side] === true ? this.queues[side].length > 0 : this.queues[side].length > AHEAD;
      const goOn = this.over === null && this.states[side] === 'more' && !waits;
      if (this.over === null && !goOn) continue;
      delete this.waiting[side];
      resolve(goOn);
    }
  }
}

/** A yes or no both runs give, and both hear: yes when both said yes. */
class Agreement {
  private readonly said: Partial<Record<RunSide, boolean>> = {};
  private readonly waiting: Array<(both: boolean) => void> = [];

  give(side: RunSide, yes: boolean): Promise<boolean> {
    this.said[side] ??= yes;
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (this.said.a === undefined || this.said.b === undefined) return;
      for (const waiter of this.waiting.splice(0)) waiter(this.said.a && this.said.b);
    });
  }
}

/** The two runs' walkers of one streamed first-divergence walk, and where they meet. */
export class StreamedHitWalk {
  private readonly scan: HitScan;
  private replay: HitScan | null = null;
  private readonly agreements = { stream: new Agreement(), replay: new Agreement() };
  private failed = false;
  private readonly arguments: Record<RunSide, HitTextsArguments>;
  private readonly same: (a: StreamedHit, b: StreamedHit) => boolean;

  constructor(
    private readonly lock: Lockstep,
    private readonly options: CaptureOptions,
    apart: readonly string[],
  ) {
    const { values, limits } = options;
    const ignored = cached(nameMatcher(values.ignore));
    const texts = (side: RunSide): HitTextsArguments => ({
      maxValueLength: WHOLE_TEXTS,
      seconds: BATCH_SECONDS,
      ...(values.raw_values ? { mask: false } : { addresses: ADDRESS_PATTERN }),
      depth: limits.depth,
      maxChildren: limits.max_children,
      ...(values.watch_only ? { values: false } : {}),
      ...(values.watch.length > 0 ? { watch: values.watch } : {}),
      ...(apart.length > 0 ? { apart: [...apart], apartMark: `<${side}'s own path> ` } : {}),
    });
    this.arguments = { a: texts('a'), b: texts('b') };
    this.same = (a, b) => sameTexts(a.values, b.values, ignored) && sameTexts(a.watch ?? {}, b.watch ?? {}, ignored);
    this.scan = new HitScan(options.breakpoint.max_hits ?? DEFAULT_MAX_HITS, this.same);
  }

  /** A run that failed (or ended its walk) must not leave the other waiting. */
  abandon(side: RunSide): void {
    this.failed = true;
    this.scan.abandon();
    this.replay?.abandon();
    for (const agreement of Object.values(this.agreements)) void agreement.give(side, false);
    this.lock.abandon(side);
  }

  walker(side: RunSide): Walker {
    return async (first, steps) => {
      const again = steps.again;
      const streams = first.kind === 'stopped' && again !== undefined && steps.run.streamsHits;
      if (!(await this.agreements.stream.give(side, streams)) || again === undefined)
        return lockstepWalker(this.lock, side)(first, steps);
      // Once the first hit agreed, the replay's program starts while this one streams.
      const scanned = await this.streamRun(
        side,
        steps.run,
        this.scan,
        first,
        this.options.breakpoint.max_hits ?? DEFAULT_MAX_HITS,
        () => again.prepare(),
      );
      const over = this.scan.over!;
      tracePhase(side, `hits scan ended (${over.end}, ${over.agreed} hits agreed)`);
      if (this.failed) return lockstepWalker(this.lock, side)(scanned.stop, steps);
      const target = over.agreed;
      // Parted at the first hit, where it still stands: the walk by stops from there.
      if (target === 0 && !scanned.moved && scanned.stop.kind === 'stopped')
        return lockstepWalker(this.lock, side)(scanned.stop, steps);
      // The replay: to the last hit both runs agreed at (none: the walk by stops from the start).
      const restarted = await again.restart();
      const replaying: WalkSteps = { ...steps, run: restarted.run };
      if (target === 0) return lockstepWalker(this.lock, side)(restarted.first, replaying);
      let standing = restarted.first;
      let there = standing.kind === 'stopped';
      if (target > 1 && there) {
        this.replay ??= new HitScan(target - 1, this.same);
        if (this.failed) this.replay.abandon();
        const replayed = await this.streamRun(side, restarted.run, this.replay, standing, target);
        standing = replayed.stop;
        there = this.replay.over?.end === 'cap' && standing.kind === 'stopped' && replayed.recorded === target;
      }
      if (await this.agreements.replay.give(side, there)) {
        tracePhase(side, `hits replayed to hit ${target}`);
        this.lock.startAt(target - 1);
        return lockstepWalker(this.lock, side, target)(standing, replaying);
      }
      if (this.failed) return lockstepWalker(this.lock, side)(standing, replaying);
      // The program ran another way this time: walked again by stops, from its start.
      tracePhase(side, 'hits replay parted from the scan: walking by stops');
      const third = await again.restart();
      return lockstepWalker(this.lock, side)(third.first, { ...steps, run: third.run });
    };
  }
  /**
   * One run's stream through `scan`, from the hit it stands on (`first`), to at most `until` hits in
   * all: the stop after its last batch (where it stands, or its end), and the hits it recorded. A
   * replay (`until` is its target) goes on to its target after the comparison is over.
   */
  private async streamRun(
    side: RunSide,
    run: WalkRun,
    scan: HitScan,
    first: StopOutcome,
    until: number,
    onGoing?: () => void,
  ): Promise<{ stop: StopOutcome; recorded: number; moved: boolean }> {
    const replaying = scan !== this.scan;
    let stop = first;
    let recorded = 0;
    let moved = false;
    // A replay knows where it goes: it cannot run past its target, so it asks for all of it at once.
    let batch = replaying ? LARGEST_BATCH : FIRST_BATCH;
    while (recorded < until) {
      // First the hit the run stands on, alone and compared before it goes on; then batches.
      const here = recorded === 0;
      const count = here ? 0 : Math.min(batch, until - recorded);
      if (!here && count <= 0) break;
      moved ||= !here;
      let state: StreamState;
      let hits: StreamedHit[] = [];
      try {
        const streamed = await run.streamHits({ ...this.arguments[side], count, ...(here ? { current: true } : {}) });
        hits = streamed.body.hits;
        stop = streamed.stop ?? stop;
        // A stop that is not the last hit recorded (an exception the walk goes on past) leaves the hits after it unknown.
        state = stop.kind === 'stopped' ? (streamed.body.last === true ? 'more' : 'lost') : 'ended';
      } catch (error) {
        // No answer (the program ended without one, or the time ran out): what came after the hits so far is unknown.
        tracePhase(side, `hit stream lost: ${error instanceof Error ? error.message : String(error)}`);
        state = 'lost';
      }
      recorded += hits.length;
      if (!here) batch = Math.min(LARGEST_BATCH, batch * 2);
      const goOn = await scan.offer(side, hits, state, here);
      if (here && goOn) onGoing?.();
      if (state !== 'more' || (!goOn && !(replaying && scan.over?.end === 'cap'))) break;
    }
    // All its hits streamed, the other run's may still be coming.
    await scan.done;
    return { stop, recorded, moved };
  }
}

/** Whether two runs' texts of a hit agree, the names --ignore leaves out set aside. */
function sameTexts(a: Record<string, string>, b: Record<string, string>, ignored: (name: string) => boolean): boolean {
  const names = Object.keys(a).filter((name) => !ignored(name));
  if (names.length !== Object.keys(b).filter((name) => !ignored(name)).length) return false;
  return names.every((name) => Object.hasOwn(b, name) && b[name] === a[name]);
}

function cached(test: (name: string) => boolean): (name: string) => boolean {
  const known = new Map<string, boolean>();
  return (name) => {
    let found = known.get(name);
    if (found === undefined) known.set(name, (found = test(name)));
    return found;
  };
}
