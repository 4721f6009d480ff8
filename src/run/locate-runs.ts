// Entry point of `bpdiff locate`'s walk: both runs started under their adapters and stopped where the
// walk starts (where the program's own code starts, or --from FILE:LINE[:N]), then walked line by line
// in lockstep (src/walk/lines.ts) to the first step where they part ways; each run's capture is made
// there, and every process of both runs killed, whatever happened.
import path from 'node:path';
import type { CaptureOptions, RunCapture, RunSpec, StackFrameSummary } from '../core/types.js';
import { BpdiffError, interrupted } from '../errors.js';
import { CpuCountOvershoot } from '../session/cpu-count.js';
import { AdapterClosedError, DapRequestError } from '../dap/connection.js';
import { tracePhase } from '../trace/trace.js';
import { messages } from '../messages.js';
import { describeEnding, withCommas } from '../core/walk-hints.js';
import { LiveRun } from './live-run.js';
import { setUpRuns, type RunsHooks } from './two-runs.js';
import { fromNotReached, startWalk, type StartedWalk, type WalkFrom } from './walk-start.js';
import { failedStart, startFailure } from './failed-start.js';
import { walkPairs } from './walk-pairs.js';
import { walkLines, type Standing, type Step, type WalkEnd, type WalkedRun, type WalkOptions } from '../walk/lines.js';
import { endsApart } from './run-ends.js';
import { endFacts, standingStack, stepFacts } from './walk-end-facts.js';
import type { EndDifference } from '../core/end-hints.js';
import { canStreamLines, walkLinesStreamed, type StartedWalks } from '../walk/lines-streamed.js';
import { noCodeError } from '../walk/no-code.js';
import { walkEffects } from '../walk/effects.js';
import { returnsPartly, returnsUnread } from '../walk/returned-names.js';
import type { CallStep } from '../walk/line-arrivals.js';

export type { WalkFrom } from './walk-start.js';

/** The point a comparison can be brought back to: A's file and line, and which pass through it. */
export interface LocatedPoint {
  /** As the user would write it in a --bp (relative to A's folder when inside it). */
  file: string;
  /** Absolute. */
  path: string;
  line: number;
  /** B's line in its own copy of the file. */
  lineB: number | null;
  /**
   * B's own copy of the file where it is not A's file followed into B's folder (`new.py` beside A's
   * `old.py`; `v2/shop.c` beside `v1/shop.c` in one folder): as written from B's folder, and absolute.
   */
  fileB: string | null;
  pathB: string | null;
  /** Which time A came to this line there (the N of --hit N); 0: not counted (the walk by effects steps over the calls that pass it too). */
  pass: number;
  /** The function, and which call of it (null when the adapter does not tell the stack's depth). */
  name: string;
  call: number | null;
  /** The line in its call and its callers' lines, as the walk saw them: which time each call came to its line. */
  calls: CallStep;
}

export interface Located {
  end: WalkEnd;
  captures: [RunCapture, RunCapture];
  /** The point to reproduce with `bpdiff --bp FILE:LINE --hit N` (null when the walk compared no step). */
  point: LocatedPoint | null;
  /** Each run's stack where it stands, innermost first. */
  stacks: [StackFrameSummary[], StackFrameSummary[]];
  /** How two runs that agreed to their ends differ there (what they wrote, how they exited); null: alike, or not both ended. */
  endsApart?: EndDifference | null;
  /** How the runs were walked, and why into every line when it was not asked (an adapter definition's locate.every_line). */
  mode?: { every_line: boolean; why: string | null };
  /** Why the runs' adapter shows no value a function returned (its definition's locate.returned.unread), for a walk by effects. */
  returnsUnread?: string;
  /** Which values the runs' adapter leaves unread where it reads some (locate.returned.partly). */
  returnsPartly?: string;
  /** Why a breakpoint on a line may miss arrivals the walk counted there (a definition's locate.hits_miss_arrivals): the way back is then the line both runs ran last. */
  hitsMissArrivals?: string;
  /** A debugger that ended during an earlier walk of these runs, which this walk started again from the beginning: what ended, and how. */
  walkedAgainAfter?: string;
}

export async function locateRuns(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  from: WalkFrom | null,
  hooks: RunsHooks = {},
): Promise<Located> {
  try {
    return await locateCounted(specs, options, from, hooks);
  } catch (error) {
    // A debugger that ended in the middle of the walk (dlv 1.20 crashed in a stackTrace once, under
    // load): the whole walk is made again, once, from both programs' start, and its document says so.
    // A second end is the walk's error. Never after Ctrl-C, whose kill ends the debuggers too.
    if (!(error instanceof AdapterClosedError) || hooks.signal?.aborted === true) throw error;
    hooks.log?.(`bpdiff: ${error.ended}: the walk starts again from the beginning, once`);
    return { ...(await locateCounted(specs, options, from, hooks)), walkedAgainAfter: error.ended };
  }
}

async function locateCounted(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  from: WalkFrom | null,
  hooks: RunsHooks,
): Promise<Located> {
  try {
    return await locateOnce(specs, options, from, hooks);
  } catch (error) {
    // The CPU's count of a probe's passes met threads the program made (session/cpu-count.ts): the
    // walk starts again, and the debugger counts every thread's passes from now on.
    if (!(error instanceof CpuCountOvershoot)) throw error;
    hooks.log?.(`bpdiff: ${error.found}: the walk starts again, its passes counted by the debugger`);
    return await locateOnce(specs, options, from, hooks);
  }
}

async function locateOnce(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  from: WalkFrom | null,
  hooks: RunsHooks,
): Promise<Located> {
  const setUp = setUpRuns(specs, options, hooks);
  const { definitions, copies, signal, log } = setUp;
  for (const definition of definitions) {
    if (from === null && !definition.locate?.entry) throw messages.locateWithoutEntry(definition.name);
  }
  const { walkOf, start: startPair, spares } = walkPairs(setUp, specs, options, from);
  const first = startPair();
  let [runs, walks] = [first.runs, first.walks];
  const stopKilling = setUp.killOnAbort();
  try {
    const starts = await first.starts;
    if (signal.aborted) throw interrupted();
    const failed = starts.map((start) => (start.kind === 'failed' ? start : null));
    if (failed[0] || failed[1]) return await failedStart(runs, starts);
    const reached = await Promise.all(
      starts.map(async (start, index) => {
        if (start.kind !== 'started' || start.reached !== null)
          return start.kind === 'started' ? start.reached : undefined;
        // The adapter counted the passes and the run ended first: how many it made is known only by
        // counting them, so it runs again by stops, as --hit's walk does (src/walk/reach-hit.ts).
        const recount = new LiveRun(specs[index]!, options, setUp.context(index));
        try {
          const again = await startWalk(recount, walkOf(recount, index), definitions[index]!, from);
          return again.kind === 'started' && again.reached !== undefined ? again.reached : null;
        } finally {
          recount.close();
        }
      }),
    );
    if (from !== null && reached[0] !== undefined && reached[1] !== undefined)
      throw fromNotReached(options.locate.from ?? '', from.hit, starts, specs, [reached[0], reached[1]]);
    tracePhase(null, 'locate walk started');
    const walkStarted = Date.now();
    const walkOptions: WalkOptions = {
      roots: [copies[0] ?? specs[0].cwd, copies[1] ?? specs[1].cwd],
      maxSteps: options.locate.max_steps,
      tolerance: options.values.tolerance,
      signal,
      probeLoops: definitions.every((definition) => definition.locate?.loops_stepped === undefined),
      progress: (steps, at) =>
        log(
          progressLine(
            steps,
            (Date.now() - walkStarted) / 1000,
            at === null ? null : `${relativeFile(at.file, specs[0].cwd)}:${at.stop.top.line}`,
          ),
        ),
    };
    const standings = [(starts[0] as StartedWalk).standing, (starts[1] as StartedWalk).standing] as [
      Standing,
      Standing,
    ];
    // Both programs started again, for the stream's replay (src/walk/lines-streamed.ts): the runs before
    // are closed. `ahead`: the pair for the restart after this one is started as this one is made (a
    // walk by effects restarts at each level; never under --from, whose start runs the program's code).
    const restart = async (why: string, ahead: boolean): Promise<StartedWalks> => {
      log(`bpdiff: starting both runs again, ${why}`);
      // A debugger that fails to start when it started before (rdbg 1.4.0 now and then, beside other
      // tests' debuggers) is started once more before the walk gives up.
      for (let attempt = 1; ; attempt++) {
        for (const run of runs) run.close();
        const pair = spares.take();
        [runs, walks] = [pair.runs, pair.walks];
        const taken = performance.now();
        const again = await pair.starts;
        const startMs = performance.now() - taken;
        for (const run of runs) run.taken();
        if (signal.aborted) throw interrupted();
        const failure = startFailure(again);
        if (failure === null && ahead && from === null) spares.restarted(startMs);
        if (failure === null)
          return { walks, standings: again.map((start) => (start as StartedWalk).standing) as [Standing, Standing] };
        if (attempt === 2) throw messages.locateRestartFailed(failure);
        log(`bpdiff: a program could not be started again (${failure}); starting both once more`);
      }
    };
    // An adapter whose runs the walk by effects cannot see into says so in its definition: every line.
    const why =
      definitions.map((definition) => definition.locate?.every_line).find((reason) => reason !== undefined) ?? null;
    const everyLine = options.locate.every_line || why !== null;
    const [unread, partly] = [returnsUnread(definitions), returnsPartly(definitions)];
    const missed = definitions.map((definition) => definition.locate?.hits_miss_arrivals).find((reason) => reason);
    const walking = !everyLine
      ? walkEffects(
          { walks, standings },
          () => restart('to step into the line whose effects differ', true),
          walkOptions,
        ).then((byEffects) => {
          walks = byEffects.walks;
          return byEffects.end;
        })
      : streamable(walks, standings, options)
        ? walkLinesStreamed(
            { walks, standings },
            () => restart('to stop them where the step stream found them parting ways (or ending)', false),
            walkOptions,
            options,
            setUp.pathsApart(),
          ).then((streamed) => {
            walks = streamed.walks;
            return streamed.end;
          })
        : walkLines(walks[0], walks[1], standings[0], standings[1], walkOptions);
    const end = await walking.catch((error: unknown) => {
      if (signal.aborted) throw interrupted();
      if (error instanceof DapRequestError && ['stepIn', 'stepOut', 'next', 'bpdiffSteps'].includes(error.command))
        throw messages.adapterCannotStep(error.message);
      // A batch of steps not back within --timeout: the program has not come to its next line (blocked), not a silent adapter.
      if (
        error instanceof BpdiffError &&
        error.code === 'ADAPTER_TIMEOUT' &&
        error.message.includes("during 'bpdiffSteps'")
      )
        throw messages.walkStepTimedOut(options.run.timeout_seconds);
      throw error;
    });
    // Runs that ran out of time did not end: when neither came back from its step, the walk cannot go on
    // (exit 2, naming --timeout); when one did, the runs part there (the walk's 'ended').
    const bothTimedOut = [end.a, end.b].every(
      (standing) => standing.kind === 'ended' && standing.end.reason.kind === 'timeout',
    );
    if (bothTimedOut) throw messages.walkStepTimedOut(options.run.timeout_seconds);
    if (options.locate.within.length > 0 && !walks[0].code.withinMatched && !walks[1].code.withinMatched)
      throw messages.withinMatchedNothing(options.locate.within, [
        ...new Set(walks.flatMap((walk) => walk.code.userFiles())),
      ]);
    if (end.steps === 0 && end.kind === 'agreed') {
      const endings = runs.map((run, index) => {
        const standing = standingOf(end, index);
        return standing.kind === 'ended' ? `${run.spec.label} ${describeEnding(standing.end.reason)}` : run.spec.label;
      });
      const neverStopped = starts.every((start) => start.kind === 'started' && start.standing.kind === 'ended');
      throw noCodeError(
        walks,
        definitions[0]!,
        from !== null,
        neverStopped,
        endings.join('; '),
        runs[0].entryFunctions(definitions[0]!.locate?.entry?.functions ?? []),
      );
    }
    // Both ended alike in every step: their output and exit codes still may not be (run-ends.ts).
    const apart = end.kind === 'agreed' && end.agreedUntil === 'end' ? await endsApart(runs, [end.a, end.b]) : null;
    const found = await located(runs, walks, end);
    // The walk by effects counts only the stops it made, not the passes its steps over ran through.
    const point = found.point === null || everyLine ? found.point : { ...found.point, pass: 0, call: null };
    return {
      ...found,
      point,
      endsApart: apart,
      mode: { every_line: everyLine, why: options.locate.every_line ? null : why },
      ...(unread !== undefined && !everyLine ? { returnsUnread: unread } : {}),
      ...(partly !== undefined && !everyLine ? { returnsPartly: partly } : {}),
      ...(missed !== undefined ? { hitsMissArrivals: missed } : {}),
    };
  } finally {
    stopKilling();
    for (const run of runs) run.close();
    await spares.close();
    setUp.dispose();
  }
}

/** Whether the walk streams (src/walk/lines-streamed.ts): both runs stand on a step of their code, and it compares only what the stream gives. */
function streamable(walks: [WalkedRun, WalkedRun], standings: [Standing, Standing], options: CaptureOptions): boolean {
  return standings.every((standing) => standing.kind === 'step') && canStreamLines(walks, options);
}

/**
 * Each run's capture where the walk ended, named at the located line (A's, and its place in B's
 * copy). A walk that found no divergence because both runs ended is reported at its last step, where
 * both still stood and agreed.
 */
async function located(runs: [LiveRun, LiveRun], walks: [WalkedRun, WalkedRun], given: WalkEnd): Promise<Located> {
  // A line whose output or returned value differs is reported where it stood (the runs may have ended after it).
  const atBefore =
    (given.kind === 'agreed' && given.agreedUntil === 'end') || given.kind === 'output' || given.kind === 'return';
  const end: WalkEnd =
    atBefore && given.before !== null
      ? {
          ...given,
          a: { kind: 'step', step: given.before.a },
          b: { kind: 'step', step: given.before.b },
          valuesA: given.before.valuesA,
          valuesB: given.before.valuesB,
          ended: { a: given.a, b: given.b },
        }
      : given;
  const point = pointOf(walks, end);
  // Each capture names the located line as its own copy numbers it (B's: A's line followed into B's copy).
  const specAt = (run: LiveRun, line: number | null): RunSpec => {
    if (point === null) return run.spec;
    if (run === runs[0])
      return { ...run.spec, breakpoint: { file: point.file, line: line ?? point.line, path: point.path } };
    const path = point.pathB ?? pathInB(runs[0].spec, run.spec, point.path);
    return { ...run.spec, breakpoint: { file: point.fileB ?? point.file, line: line ?? point.line, path } };
  };
  const specs: [RunSpec, RunSpec] = [specAt(runs[0], point?.line ?? null), specAt(runs[1], point?.lineB ?? null)];
  const stacks = (await Promise.all(
    runs.map(async (run, index) =>
      (
        await standingStack(run, standingOf(given, index), end === given ? null : standingOf(end, index))
      ).map((frame) => ({ ...frame, file: frame.file === null ? null : relativeFile(frame.file, run.spec.cwd) })),
    ),
  )) as [StackFrameSummary[], StackFrameSummary[]];
  const captures = (await Promise.all(
    runs.map((run, index) => {
      const standing = standingOf(end, index);
      const values = index === 0 ? end.valuesA : end.valuesB;
      return run.capture(
        standing.kind === 'step' && values !== null
          ? stepFacts(specs[index]!, standing.step, values, stacks[index]!)
          : endFacts(specs[index]!, standing),
        specs[index]!,
      );
    }),
  )) as [RunCapture, RunCapture];
  return { end, captures, point, stacks };
}

function standingOf(end: WalkEnd, index: number): Standing {
  return index === 0 ? end.a : end.b;
}

/** The line to come back to: where the runs part ways (the last step they agreed at, for a path that parts or a run that ends), else where the walk stopped. */
function pointOf(walks: [WalkedRun, WalkedRun], end: WalkEnd): LocatedPoint | null {
  const runA = walks[0].run;
  const agreedAt = ['path', 'ended', 'output', 'return'].includes(end.kind) ? end.before : null;
  const step: Step | null = agreedAt?.a ?? (end.a.kind === 'step' ? end.a.step : null);
  if (step === null) return null;
  const stepB = agreedAt?.b ?? (end.b.kind === 'step' ? end.b.step : null);
  const runB = walks[1].run;
  // B's own copy, where A's file followed into B's folder is not where B stood.
  const ownB = stepB !== null && stepB.file !== pathInB(runA.spec, runB.spec, step.file) ? stepB.file : null;
  return {
    file: relativeFile(step.file, runA.spec.cwd),
    path: step.file,
    line: step.stop.top.line,
    lineB: stepB === null ? null : stepB.stop.top.line,
    fileB: ownB === null ? null : relativeFile(ownB, runB.spec.cwd),
    pathB: ownB,
    pass: step.arrival.pass,
    name: step.stop.top.name,
    call: step.arrival.call,
    calls: step.arrival.path,
  };
}

/** `bpdiff: 12,345 steps compared (3,210 a second), A at shop.py:10`. */
function progressLine(steps: number, seconds: number, at: string | null): string {
  const rate = seconds > 0 ? Math.round(steps / seconds) : 0;
  return `bpdiff: ${withCommas(steps)} steps compared (${withCommas(rate)} a second)${at === null ? '' : `, A at ${at}`}`;
}

/** A file as the user would write it from the run's folder (`../tools/fix.py` too: a --bp finds it so). */
function relativeFile(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative === '' || path.isAbsolute(relative) ? file : relative;
}

/** A's file in B's folder (the same path from each run's working directory). */
function pathInB(a: Pick<RunSpec, 'cwd'>, b: Pick<RunSpec, 'cwd'>, pathA: string): string {
  return path.resolve(b.cwd, path.relative(a.cwd, pathA));
}
