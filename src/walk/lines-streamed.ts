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
import type { SteppedStop } from '../session/stop-outcome.js';
import { tracePhase } from '../trace/trace.js';
import type { LineArrivals } from './line-arrivals.js';
import { Positions } from './positions.js';
import {
  walkWith,
  type Standing,
  type Step,
  type WalkedRun,
  type WalkEnd,
  type WalkOptions,
  type WalkResume,
  type WalkSource,
} from './lines.js';
import { RunStream, type Texts } from './run-stream.js';
import { dapSource } from './dap-source.js';

/** Both runs of a walk, stopped where it starts. */
export interface StartedWalks {
  walks: [WalkedRun, WalkedRun];
  standings: [Standing, Standing];
}

/** Whether a walk with these options can stream: both adapters do, and it compares the locals alone. */
export function canStreamLines(walks: readonly WalkedRun[], options: CaptureOptions): boolean {
  return (
    walks.every((walk) => walk.run.streamsSteps) &&
    options.values.scope === 'locals' &&
    options.values.watch.length === 0 &&
    !options.values.watch_only
  );
}

/** The walk's end, and the runs it ended with (the replay's: the scan's runs are closed by `restart`). */
export async function walkLinesStreamed(
  started: StartedWalks,
  restart: () => Promise<StartedWalks>,
  options: WalkOptions,
  capture: CaptureOptions,
  apart: readonly string[],
): Promise<{ end: WalkEnd; walks: [WalkedRun, WalkedRun] }> {
  const [a, b] = started.walks;
  // Where the replay may start instead of the programs' start: a step both agreed at, every SNAPSHOT_EVERY
  // (every FIRST_SNAPSHOTS before that: a short walk's replay is no longer than a long one's last part).
  let snapshot: Snapshot | null = null;
  const agreed = (steps: number, stepA: Step, stepB: Step, added: WalkEnd['added']): void => {
    if (steps % (steps < SNAPSHOT_EVERY ? FIRST_SNAPSHOTS : SNAPSHOT_EVERY) === 0)
      snapshot = {
        steps,
        a: stepA,
        b: stepB,
        arrivals: [a.arrivals.clone(), b.arrivals.clone()],
        added: copyAdded(added),
      };
  };
  const scan = fresh(options);
  const scanned = await walkWith(
    new StreamSource({ capture, apart }),
    a,
    b,
    started.standings[0],
    started.standings[1],
    { ...options, agreed },
    scan,
  );
  tracePhase(null, `locate scan ended (${scanned.kind}, ${scanned.steps} steps)`);
  const ended = scanned.kind === 'ended' || (scanned.kind === 'agreed' && scanned.agreedUntil === 'end');
  const beforeStep = scanned.before === null ? 0 : ended ? scanned.steps : scanned.steps - 1;
  const again = await restart();
  const stepwise = (runs: StartedWalks): Promise<WalkEnd> =>
    walkWith(
      dapSource(options.tolerance),
      runs.walks[0],
      runs.walks[1],
      runs.standings[0],
      runs.standings[1],
      options,
      fresh(options),
    );
  if (scanned.before === null || again.standings.some((standing) => standing.kind !== 'step'))
    return { end: await stepwise(again), walks: again.walks };
  const [againA, againB] = again.walks;
  const targets = new Map([
    [againA, scanned.before.a.ordinal ?? 0],
    [againB, scanned.before.b.ordinal ?? 0],
  ]);
  const from = snapshot as Snapshot | null;
  const replay = new StreamSource({
    capture,
    apart,
    targets,
    ...(from
      ? {
          from: new Map([
            [againA, from.a.ordinal ?? 0],
            [againB, from.b.ordinal ?? 0],
          ]),
        }
      : {}),
  });
  const resume: WalkResume = from
    ? { steps: from.steps - 1, added: copyAdded(from.added), positions: scan.positions, aligned: true }
    : fresh(options);
  tracePhase(null, `locate replay from step ${from?.steps ?? 1} to step ${beforeStep}`);
  const firsts = from ? await replay.prime(again, from) : again.standings;
  let standings: [Standing, Standing] | null = null;
  if (firsts !== null) {
    const replayed = await walkWith(
      replay,
      againA,
      againB,
      firsts[0],
      firsts[1],
      { ...options, maxSteps: beforeStep, progress: () => undefined },
      resume,
    );
    standings =
      replayed.kind === 'agreed' && replayed.steps === beforeStep ? replay.standingAt(again, firsts, replayed) : null;
  }
  if (standings === null) {
    // The program ran another way this time: walked again by steps, from its start.
    tracePhase(null, 'locate replay parted from the scan: walking by steps');
    const third = await restart();
    return { end: await stepwise(third), walks: third.walks };
  }
  const end = await walkWith(dapSource(options.tolerance), againA, againB, standings[0], standings[1], options, {
    ...resume,
    steps: beforeStep - 1,
    aligned: true,
  });
  return { end, walks: again.walks };
}

/** How many agreed steps apart the scan keeps where the replay can start (the arrivals counted there, copied). */
const SNAPSHOT_EVERY = 1024;
/** How many agreed steps apart it keeps them before SNAPSHOT_EVERY steps. */
const FIRST_SNAPSHOTS = 256;

interface Snapshot {
  steps: number;
  a: Step;
  b: Step;
  arrivals: [LineArrivals, LineArrivals];
  added: WalkEnd['added'];
}

function copyAdded(added: WalkEnd['added']): WalkEnd['added'] {
  return {
    a: { count: added.a.count, first: [...added.a.first] },
    b: { count: added.b.count, first: [...added.b.first] },
  };
}

function fresh(options: WalkOptions): WalkResume {
  return {
    steps: 0,
    added: { a: { count: 0, first: [] }, b: { count: 0, first: [] } },
    positions: new Positions(options.roots[0], options.roots[1]),
    aligned: false,
  };
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
      const stop: SteppedStop = {
        kind: 'stopped',
        threadId: 0,
        frameId: 0,
        top: { path: streamed.file, line: streamed.line, name: streamed.function },
        depth: frames,
        stop: { reason: 'step', description: null },
      };
      const arrival = walked.arrivals.arrive(
        streamed.file,
        streamed.line,
        walked.trueDepth ? frames : null,
        streamed.function,
      );
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
        const stop =
          (step.ordinal ?? 0) === 0
            ? start.kind === 'step'
              ? start.step.stop
              : null
            : await this.stream(walked).skipTo(step);
        return stop === null
          ? null
          : { kind: 'step', step: { stop, file: step.file, arrival: step.arrival, ordinal: step.ordinal ?? 0 } };
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
      const stop =
        target === (start.kind === 'step' ? (start.step.ordinal ?? 0) : -1) && start.kind === 'step'
          ? start.step.stop
          : this.stream(walked).lastStop;
      if (stop === null || stop.top.line !== side.step.stop.top.line || stop.top.path !== side.step.file) return null;
      return { kind: 'step', step: { stop, file: side.step.file, arrival: side.step.arrival } };
    });
    return standings[0] && standings[1] ? [standings[0], standings[1]] : null;
  }

  private stream(walked: WalkedRun): RunStream {
    let stream = this.streams.get(walked);
    if (stream === undefined) {
      stream = new RunStream(
        walked,
        this.options.capture,
        this.options.apart,
        this.options.targets?.get(walked) ?? null,
        this.options.from?.get(walked) ?? 0,
      );
      this.streams.set(walked, stream);
    }
    return stream;
  }
}

function differ(a: Texts, b: Texts): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return true;
  return names.some((name) => b[name] !== a[name]);
}
