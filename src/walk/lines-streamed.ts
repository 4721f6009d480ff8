// bpdiff locate's fast walk, for an adapter that streams its steps (bpdiffSteps, bpdiff's Python
// adapter): the lines a DAP stepIn stops at come a batch at a time, each with its locals' texts, so
// the walk compares thousands of lines a second instead of stopping at each. It ends where the step
// walk ends, with the same document:
// 1. the scan: both streams compared step by step, by the same walk (lines.ts), on the locals'
//    texts. Those are finer than what a capture compares (whole reprs, addresses left in, the
//    children a capture reads folded in, to its depth), so two steps whose texts agree agree there too;
//    the scan stops at the first step where the texts or the lines part ways (or a run ends, or
//    --max-steps), and the streams have by then run past it;
// 2. the replay: both programs started again and streamed, without values, to the last step the scan
//    found them agreeing at, through the same walk (the same passes, calls and added lines counted):
//    from the last step where the scan kept its counts (every SNAPSHOT_EVERY agreed steps), to which
//    the adapter skips them, else from their start;
// 3. from there the walk goes on by DAP steps and the value pipeline, as without the stream: the next
//    step is where the runs part ways, unless only the texts differed there (--tolerance, --ignore),
//    and then it goes on by steps to its end.
// A program that does not run the same way twice (the replay parts from the scan) is walked again by
// steps from its start. Each program runs twice (up to the step where the walk ends): a program with
// effects outside itself has them twice.
import type { CaptureOptions } from '../core/types.js';
import type { StreamedStep, StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import { ADDRESS_PATTERN } from '../values/normalise.js';
import { noBreak, type NoBreak, type SteppedStop } from '../session/stop-outcome.js';
import { tracePhase } from '../trace/trace.js';
import type { LineArrivals } from './line-arrivals.js';
import { Positions } from './positions.js';
import { dapSource, walkWith, type Standing, type Step, type WalkedRun, type WalkEnd, type WalkOptions, type WalkResume, type WalkSource } from './lines.js';

type Texts = Record<string, string>;

/** Both runs of a walk, stopped where it starts. */
export interface StartedWalks {
  walks: [WalkedRun, WalkedRun];
  standings: [Standing, Standing];
}

const FIRST_BATCH = 256;
const LARGEST_BATCH = 8192;
/** How long a batch may take before the adapter answers with the steps so far (far below any --timeout). */
const BATCH_SECONDS = 1;
/** No text is cut: a text over 128 characters comes as a hash of the whole of it. */
const WHOLE_TEXTS = 1 << 30;

/** Whether a walk with these options can stream: both adapters do, and it compares the locals alone. */
export function canStreamLines(walks: readonly WalkedRun[], options: CaptureOptions): boolean {
  return walks.every((walk) => walk.run.streamsSteps) && options.values.scope === 'locals' && options.values.watch.length === 0 && !options.values.watch_only;
}

/** The walk's end, and the runs it ended with (the replay's: the scan's runs are closed by `restart`). */
export async function walkLinesStreamed(started: StartedWalks, restart: () => Promise<StartedWalks>, options: WalkOptions, capture: CaptureOptions, apart: readonly string[]): Promise<{ end: WalkEnd; walks: [WalkedRun, WalkedRun] }> {
  const [a, b] = started.walks;
  // Where the replay may start instead of the programs' start: a step both agreed at, every SNAPSHOT_EVERY.
  let snapshot: Snapshot | null = null;
  const agreed = (steps: number, stepA: Step, stepB: Step, added: WalkEnd['added']): void => {
    if (steps % SNAPSHOT_EVERY === 0) snapshot = { steps, a: stepA, b: stepB, arrivals: [a.arrivals.clone(), b.arrivals.clone()], added: copyAdded(added) };
  };
  const scan = fresh(options);
  const scanned = await walkWith(new StreamSource({ capture, apart }), a, b, started.standings[0], started.standings[1], { ...options, agreed }, scan);
  tracePhase(null, `locate scan ended (${scanned.kind}, ${scanned.steps} steps)`);
  const ended = scanned.kind === 'ended' || (scanned.kind === 'agreed' && scanned.agreedUntil === 'end');
  const beforeStep = scanned.before === null ? 0 : ended ? scanned.steps : scanned.steps - 1;
  const again = await restart();
  const stepwise = (runs: StartedWalks): Promise<WalkEnd> => walkWith(dapSource(options.tolerance), runs.walks[0], runs.walks[1], runs.standings[0], runs.standings[1], options, fresh(options));
  if (scanned.before === null || again.standings.some((standing) => standing.kind !== 'step')) return { end: await stepwise(again), walks: again.walks };
  const [againA, againB] = again.walks;
  const targets = new Map([[againA, scanned.before.a.ordinal ?? 0], [againB, scanned.before.b.ordinal ?? 0]]);
  const from = snapshot as Snapshot | null;
  const replay = new StreamSource({ capture, apart, targets, ...(from ? { from: new Map([[againA, from.a.ordinal ?? 0], [againB, from.b.ordinal ?? 0]]) } : {}) });
  const resume: WalkResume = from ? { steps: from.steps - 1, added: copyAdded(from.added), positions: scan.positions, aligned: true } : fresh(options);
  tracePhase(null, `locate replay from step ${from?.steps ?? 1} to step ${beforeStep}`);
  const firsts = from ? await replay.prime(again, from) : again.standings;
  let standings: [Standing, Standing] | null = null;
  if (firsts !== null) {
    const replayed = await walkWith(replay, againA, againB, firsts[0], firsts[1], { ...options, maxSteps: beforeStep, progress: () => undefined }, resume);
    standings = replayed.kind === 'agreed' && replayed.steps === beforeStep ? replay.standingAt(again, firsts, replayed) : null;
  }
  if (standings === null) {
    // The program ran another way this time: walked again by steps, from its start.
    tracePhase(null, 'locate replay parted from the scan: walking by steps');
    const third = await restart();
    return { end: await stepwise(third), walks: third.walks };
  }
  const end = await walkWith(dapSource(options.tolerance), againA, againB, standings[0], standings[1], options, { ...resume, steps: beforeStep - 1, aligned: true });
  return { end, walks: again.walks };
}

/** How many agreed steps apart the scan keeps where the replay can start (the arrivals counted there, copied). */
const SNAPSHOT_EVERY = 1024;

interface Snapshot {
  steps: number;
  a: Step;
  b: Step;
  arrivals: [LineArrivals, LineArrivals];
  added: WalkEnd['added'];
}

function copyAdded(added: WalkEnd['added']): WalkEnd['added'] {
  return { a: { count: added.a.count, first: [...added.a.first] }, b: { count: added.b.count, first: [...added.b.first] } };
}

function fresh(options: WalkOptions): WalkResume {
  return { steps: 0, added: { a: { count: 0, first: [] }, b: { count: 0, first: [] } }, positions: new Positions(options.roots[0], options.roots[1]), aligned: false };
}

interface SourceOptions {
  capture: CaptureOptions;
  /** The paths one run's value pipeline rewrites and the other's does not (hits-streamed.ts pathsApart): a text holding one never agrees. */
  apart: readonly string[];
  /** A replay: the ordinal of the step each run is brought to (no values read). */
  targets?: Map<WalkedRun, number>;
  /** A replay from a snapshot: the ordinal each run is first brought to by skipping. */
  from?: Map<WalkedRun, number>;
}

/** The walk's steps from each run's stream (its ordinals, texts and last real stop kept per run). */
class StreamSource implements WalkSource<Texts> {
  private readonly streams = new Map<WalkedRun, RunStream>();

  constructor(private readonly options: SourceOptions) {}

  async advance(walked: WalkedRun): Promise<Standing> {
    const stream = this.stream(walked);
    for (;;) {
      const next = await stream.next();
      if (next.kind === 'ended') return { kind: 'ended', end: next.end };
      const { step: streamed, ordinal } = next;
      // As the step walk: lines outside the compared code are gone through without being counted.
      if (walked.code.classify(streamed.file) !== 'counted') {
        walked.arrivals.away();
        continue;
      }
      const frames = streamed.frames ?? null;
      const stop: SteppedStop = { kind: 'stopped', threadId: 0, frameId: 0, top: { path: streamed.file, line: streamed.line, name: streamed.function }, depth: frames, stop: { reason: 'step', description: null } };
      const arrival = walked.arrivals.arrive(streamed.file, streamed.line, walked.trueDepth ? frames : null, streamed.function);
      if (arrival.revisit) continue;
      const step: Step = { stop, file: streamed.file, arrival, ordinal };
      stream.last = { step, texts: streamed.values };
      return { kind: 'step', step };
    }
  }

  async read(walked: WalkedRun, step: Step): Promise<Texts> {
    if (this.options.targets) return {};
    const stream = this.stream(walked);
    // The walk reads each step as soon as it came.
    if (stream.last?.step === step) return stream.last.texts;
    // The step the walk starts at: the stream's first batch starts with it.
    return stream.current(step);
  }

  compare(a: { values: Texts }, b: { values: Texts }): { differ: boolean; unset: string[] } {
    return { differ: this.options.targets === undefined && differ(a.values, b.values), unset: [] };
  }

  /**
   * Both runs brought to the snapshot's steps by skipping (their real stops, the snapshot's counts
   * taken over), or null when a run is not where the scan said it would be.
   */
  async prime(walks: StartedWalks, snapshot: Snapshot): Promise<[Standing, Standing] | null> {
    const steps = [snapshot.a, snapshot.b];
    const primed = await Promise.all(
      walks.walks.map(async (walked, index): Promise<Standing | null> => {
        const step = steps[index]!;
        walked.arrivals = snapshot.arrivals[index]!;
        const start = walks.standings[index]!;
        const stop = (step.ordinal ?? 0) === 0 ? (start.kind === 'step' ? start.step.stop : null) : await this.stream(walked).skipTo(step);
        return stop === null ? null : { kind: 'step', step: { stop, file: step.file, arrival: step.arrival, ordinal: step.ordinal ?? 0 } };
      }),
    );
    return primed[0] && primed[1] ? [primed[0], primed[1]] : null;
  }

  /** Each run's real standing where the replay brought it (null: not where the scan said it would be). */
  standingAt(walks: StartedWalks, firsts: readonly Standing[], replayed: WalkEnd<Texts>): [Standing, Standing] | null {
    const sides = [replayed.a, replayed.b];
    const standings = walks.walks.map((walked, index): Standing | null => {
      const side = sides[index]!;
      const target = this.options.targets?.get(walked);
      if (side.kind !== 'step' || (side.step.ordinal ?? 0) !== target) return null;
      const start = firsts[index]!;
      // A run brought to its first step never streamed: it stands where it started.
      const stop = target === (start.kind === 'step' ? (start.step.ordinal ?? 0) : -1) && start.kind === 'step' ? start.step.stop : this.stream(walked).lastStop;
      if (stop === null || stop.top.line !== side.step.stop.top.line || stop.top.path !== side.step.file) return null;
      return { kind: 'step', step: { stop, file: side.step.file, arrival: side.step.arrival } };
    });
    return standings[0] && standings[1] ? [standings[0], standings[1]] : null;
  }

  private stream(walked: WalkedRun): RunStream {
    let stream = this.streams.get(walked);
    if (stream === undefined) {
      stream = new RunStream(walked, this.options.capture, this.options.apart, this.options.targets?.get(walked) ?? null, this.options.from?.get(walked) ?? 0);
      this.streams.set(walked, stream);
    }
    return stream;
  }
}

type Next = { kind: 'step'; step: StreamedStep; ordinal: number } | { kind: 'ended'; end: NoBreak };

/** One run's stream: batches asked of its adapter (each larger, up to LARGEST_BATCH), handed out a step at a time. */
class RunStream {
  /** The step handed out last, with its texts. */
  last: { step: Step; texts: Texts } | null = null;
  /** Where the run stands since its last batch (a replay's last batch ends on its target). */
  lastStop: SteppedStop | null = null;
  private buffer: StreamedStep[] = [];
  private at = 0;
  private ordinal = 0;
  private fetched = 0;
  private batch = FIRST_BATCH;
  private end: NoBreak | null = null;
  /** The scan's next batch, asked for as soon as the one before came: the adapter runs while bpdiff compares. */
  private ahead: Promise<Parameters<RunStream['take']>> | null = null;

  /** How the adapter writes the values: whole, addresses masked as the value pipeline masks them (not with --raw-values), children folded in. */
  private readonly textArguments: Partial<StreamStepsArguments>;

  constructor(
    private readonly walked: WalkedRun,
    options: CaptureOptions,
    apart: readonly string[],
    private readonly target: number | null,
    from: number,
  ) {
    const side = walked.run.spec.side;
    this.textArguments = {
      ...(options.values.raw_values ? { mask: false } : { addresses: ADDRESS_PATTERN }),
      depth: options.limits.depth,
      maxChildren: options.limits.max_children,
      // A text holding a path that only one run's values have rewritten (its cwd, its copy) is that run's own.
      ...(apart.length > 0 ? { apart: [...apart], apartMark: `<${side}'s own path> ` } : {}),
    };
    this.ordinal = from;
    this.fetched = from;
  }

  /** The run brought to `step` (its ordinal) by skipping the steps before, a second at a time: its stop there, or null when it is not there. */
  async skipTo(step: Step): Promise<SteppedStop | null> {
    const ordinal = step.ordinal ?? 0;
    for (let gone = 0; gone < ordinal; ) {
      const { body, stop } = await this.walked.run.streamSteps({ count: 1, skip: ordinal - 1 - gone, roots: this.walked.code.folders(), maxValueLength: WHOLE_TEXTS, seconds: BATCH_SECONDS, values: false });
      gone += body.seen ?? 0;
      if (stop.kind !== 'stopped' || body.seen === undefined || gone > ordinal) return null;
      const here = body.steps[0];
      if (here === undefined) continue;
      if (gone !== ordinal || here.line !== step.stop.top.line || here.file !== step.file) return null;
      this.lastStop = stop;
      return stop;
    }
    return null;
  }

  /** The texts of the step the run stands on: the first batch is asked for with it. */
  async current(step: Step): Promise<Texts> {
    await this.fetch(true);
    const here = this.buffer[this.at];
    if (here === undefined || here.line !== step.stop.top.line) return { '(the stream did not start where the walk stands)': String(here?.line ?? 'nothing') };
    this.at++;
    return here.values;
  }

  async next(): Promise<Next> {
    if (this.at >= this.buffer.length && this.end === null) {
      const ahead = this.ahead;
      this.ahead = null;
      if (ahead) this.take(...(await ahead));
      else await this.fetch(false);
    }
    const step = this.buffer[this.at];
    if (step === undefined) return { kind: 'ended', end: this.end! };
    this.at++;
    this.ordinal++;
    return { kind: 'step', step, ordinal: this.ordinal };
  }

  private async fetch(current: boolean): Promise<void> {
    let count = this.batch;
    if (this.target !== null) count = Math.min(count, this.target - this.fetched);
    this.batch = Math.min(LARGEST_BATCH, this.batch * 2);
    if (count <= 0 && !current) {
      // A replay asked to go past the step it was to stop at: the program ran another way this time.
      this.buffer = [];
      this.at = 0;
      this.end = ended(null);
      return;
    }
    this.take(...(await this.ask(count, current)));
    if (current) this.fetched -= 1;
  }

  private async ask(count: number, current: boolean): Promise<Parameters<RunStream['take']>> {
    const { body, stop } = await this.walked.run.streamSteps({
      count: count + (current ? 1 : 0),
      roots: this.walked.code.folders(),
      maxValueLength: WHOLE_TEXTS,
      seconds: BATCH_SECONDS,
      ...(current ? { current: true } : {}),
      ...(this.target !== null ? { values: false } : this.textArguments),
    });
    return [body, stop.kind === 'stopped' ? stop : null, stop.kind === 'no_break' ? stop : null];
  }

  private take(body: StreamedSteps, stop: SteppedStop | null, end: NoBreak | null): void {
    if (this.target === null && body.ended === null && end === null) {
      this.ahead = this.ask(this.batch, false);
      this.batch = Math.min(LARGEST_BATCH, this.batch * 2);
      // A batch still coming when the walk is over (its runs closed) is no failure of the walk's.
      this.ahead.catch(() => undefined);
    }
    this.buffer = body.steps;
    this.at = 0;
    this.fetched += body.steps.length;
    this.lastStop = stop;
    if (body.ended !== null || end !== null) this.end = end ?? ended(body.ended?.exitCode ?? null);
  }
}

/** A stream's end as the scan sees it (only its kind counts there: the runs are started again). */
function ended(exitCode: number | null): NoBreak {
  return noBreak({ kind: 'exited', exit_code: exitCode }, null, exitCode, { id: undefined, verified: false, line: undefined, message: undefined });
}

function differ(a: Texts, b: Texts): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return true;
  return names.some((name) => b[name] !== a[name]);
}
