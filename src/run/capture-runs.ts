// Entry point of the live comparison: capture both runs, each under its debug adapter, at once by
// default (--sequential for programs that share a port or a file). One run failing never loses the
// other's capture: a run bpdiff could not debug comes back as a no_break capture that says why.
import { BpdiffError, interrupted } from '../errors.js';
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import { selectAdapter } from '../adapters/registry.js';
import { captureRun } from './run-one.js';
import { killAllTracked } from '../process/process-tree.js';
import { DEFAULT_MAX_HITS, Lockstep, lockstepWalker, type Walker } from '../walk/hits.js';
import { canStreamHits, pathsApart, StreamedWalk } from '../walk/hits-streamed.js';
import { isWatchError } from '../capture/watch.js';
import { messages } from '../messages.js';
import { copyFolders, runPaths, type RunPlace } from '../values/paths.js';
import type { Redactor } from '../redact/redactor.js';
import { tracePhase } from '../trace/trace.js';

export interface CaptureRunsHooks {
  /** Aborted on Ctrl-C / SIGTERM: every adapter and debuggee is killed before the promise settles. */
  signal?: AbortSignal;
  /** Progress lines for stderr (never stdout). */
  log?: (line: string) => void;
  /** Secrets in values, output tails and messages become markers (src/redact); absent: nothing is redacted. */
  redactor?: Redactor;
}

export async function captureRuns(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  hooks: CaptureRunsHooks = {},
): Promise<[RunCapture, RunCapture]> {
  const place = (spec: RunSpec): RunPlace => ({ cwd: spec.cwd, argv: spec.argv, breakpointPath: spec.breakpoint.path });
  const copies = copyFolders(place(specs[0]), place(specs[1]));
  let walkers: RunWalkers | undefined;
  if (options.breakpoint.first_divergence) {
    const lock = new Lockstep(options.breakpoint.max_hits ?? DEFAULT_MAX_HITS, options.values.tolerance, { a: specs[0].label, b: specs[1].label });
    // Through adapters that stream hits, the walk streams them (stream-hits.ts); it walks by stops where they do not.
    const streamed = canStreamHits(options) ? new StreamedWalk(lock, options, pathsApart(runPaths(specs[0].cwd, copies[0]), runPaths(specs[1].cwd, copies[1]))) : null;
    walkers = specs.map((spec) =>
      streamed ? { walker: streamed.walker(spec.side), onFailure: () => streamed.abandon(spec.side) } : { walker: lockstepWalker(lock, spec.side), onFailure: () => lock.abandon(spec.side) },
    );
  }
  const captures = await capture(specs, copies, options, hooks, walkers);
  const [a, b] = captures as [RunCapture, RunCapture];
  const aReason = a.no_break_reason;
  const bReason = b.no_break_reason;
  if (aReason?.kind === 'condition_error' && bReason?.kind === 'condition_error') {
    throw new BpdiffError(
      'CONDITION_ERROR',
      `the condition "${specs[0].breakpoint.condition ?? specs[1].breakpoint.condition ?? ''}" cannot be evaluated in either run (${aReason.message}) — fix the expression given to --condition`,
    );
  }
  if (aReason?.kind === 'error' && bReason?.kind === 'error') {
    throw new BpdiffError('ADAPTER_FAILED', `neither run could be debugged: ${aReason.message}`);
  }
  // A watch expression that fails in both runs compares nothing: it is the user's to fix.
  if (a.run.status === 'break' && b.run.status === 'break') {
    for (const expression of options.values.watch) {
      const [valueA, valueB] = [a.run.variables[expression], b.run.variables[expression]];
      if (valueA !== undefined && valueB !== undefined && isWatchError(valueA) && isWatchError(valueB)) throw messages.watchRefused(expression, valueA.slice(8, -1));
    }
  }
  return [a, b];
}

/** Each run's own walker (a first-divergence walk), and what to do when its run ends, however it ends. */
type RunWalkers = Array<{ walker: Walker; onFailure: () => void }>;

/**
 * One run (`bpdiff capture`, and the live side of a --baseline check). A condition that cannot be
 * evaluated is an error here: there is no other run to compare with.
 */
export async function captureOneRun(spec: RunSpec, options: CaptureOptions, hooks: CaptureRunsHooks = {}): Promise<RunCapture> {
  const [captured] = await capture([spec], [null], options, hooks);
  const reason = captured!.no_break_reason;
  if (reason?.kind === 'condition_error') {
    throw new BpdiffError('CONDITION_ERROR', `the condition "${spec.breakpoint.condition ?? ''}" cannot be evaluated in ${spec.label} (${reason.message}) — fix the expression given to --condition`);
  }
  return captured!;
}

async function capture(specs: readonly RunSpec[], copies: ReadonlyArray<string | null>, options: CaptureOptions, hooks: CaptureRunsHooks, walkers?: RunWalkers): Promise<RunCapture[]> {
  const signal = hooks.signal ?? new AbortController().signal;
  const log = hooks.log ?? (() => undefined);
  // Choose every adapter before starting anything, so that a user error stops all runs up front.
  const definitions = specs.map((spec) =>
    selectAdapter({
      adapterId: options.adapter.id,
      adapterConfig: options.adapter.config,
      breakpointPath: spec.breakpoint.path,
      argv: spec.argv,
      cwd: spec.cwd,
      envPath: spec.env['PATH'] ?? process.env['PATH'],
    }),
  );
  specs.forEach((spec, index) => tracePhase(spec.label, 'adapter chosen', { adapter: definitions[index]!.id }));
  // Every run's secret environment variables and arguments are known before any run starts, so each
  // run's values are redacted alike whichever run is read first.
  for (const spec of specs) hooks.redactor?.addRunSecrets(spec);
  const redactor = hooks.redactor ? { redactor: hooks.redactor } : {};
  const run = (index: number): Promise<RunCapture> =>
    captureRun(specs[index]!, options, { definition: definitions[index]!, signal, log, copyFolder: copies[index] ?? null, ...redactor, ...(walkers ? { walker: walkers[index]!.walker } : {}) })
      // However the run ended (a failed start, a crash, or its walk's end), the other run is not left waiting.
      .finally(() => walkers?.[index]?.onFailure());

  // An abort must not wait for a slow step of the other run: kill every tracked tree at once, which
  // ends whatever each run was waiting for.
  const onAbort = (): void => killAllTracked();
  signal.addEventListener('abort', onAbort, { once: true });
  const captures: RunCapture[] = [];
  try {
    if (options.run.sequential || specs.length === 1) {
      for (let index = 0; index < specs.length; index++) captures.push(await run(index));
    } else {
      const settled = await Promise.allSettled(specs.map((_, index) => run(index)));
      const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failed) throw failed.reason;
      captures.push(...settled.map((result) => (result as PromiseFulfilledResult<RunCapture>).value));
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (signal.aborted) throw interrupted();
  return captures;
}
