// Entry point of the live comparison: capture both runs, each under its debug adapter, at once by
// default (--sequential for programs that share a port or a file). One run failing never loses the
// other's capture: a run bpdiff could not debug comes back as a no_break capture that says why.
import { BpdiffError, interrupted } from '../errors.js';
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import { captureRun } from './run-one.js';
import { setUpRuns, type Runs, type RunsHooks } from './two-runs.js';
import { DEFAULT_MAX_HITS, Lockstep, lockstepWalker, type Walker } from '../walk/hits.js';
import { canStreamHits, StreamedHitWalk } from '../walk/hits-streamed.js';
import { isWatchError } from '../capture/watch.js';
import { messages } from '../messages.js';

export async function captureRuns(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  hooks: RunsHooks = {},
): Promise<[RunCapture, RunCapture]> {
  const runs = setUpRuns(specs, options, hooks);
  let walkers: RunWalkers | undefined;
  if (options.breakpoint.first_divergence) {
    const lock = new Lockstep(options.breakpoint.max_hits ?? DEFAULT_MAX_HITS, options.values.tolerance, {
      a: specs[0].label,
      b: specs[1].label,
    });
    // Through adapters that stream hits, the walk streams them (src/walk/hits-streamed.ts); it walks by stops where they do not.
    const streamed = canStreamHits(options) ? new StreamedHitWalk(lock, options, runs.pathsApart()) : null;
    walkers = specs.map((spec) =>
      streamed
        ? { walker: streamed.walker(spec.side), onFailure: () => streamed.abandon(spec.side) }
        : { walker: lockstepWalker(lock, spec.side), onFailure: () => lock.abandon(spec.side) },
    );
  }
  const captures = await capture(runs, options, walkers);
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
      if (valueA !== undefined && valueB !== undefined && isWatchError(valueA) && isWatchError(valueB))
        throw messages.watchRefused(expression, valueA.slice(8, -1));
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
export async function captureOneRun(
  spec: RunSpec,
  options: CaptureOptions,
  hooks: RunsHooks = {},
): Promise<RunCapture> {
  const [captured] = await capture(setUpRuns([spec], options, hooks), options);
  const reason = captured!.no_break_reason;
  if (reason?.kind === 'condition_error') {
    throw new BpdiffError(
      'CONDITION_ERROR',
      `the condition "${spec.breakpoint.condition ?? ''}" cannot be evaluated in ${spec.label} (${reason.message}) — fix the expression given to --condition`,
    );
  }
  return captured!;
}

async function capture(runs: Runs, options: CaptureOptions, walkers?: RunWalkers): Promise<RunCapture[]> {
  const { specs, signal } = runs;
  const run = (index: number): Promise<RunCapture> =>
    captureRun(specs[index]!, options, {
      ...runs.context(index),
      ...(walkers ? { walker: walkers[index]!.walker } : {}),
    })
      // However the run ended (a failed start, a crash, or its walk's end), the other run is not left waiting.
      .finally(() => walkers?.[index]?.onFailure());

  const stopKilling = runs.killOnAbort();
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
    stopKilling();
    runs.dispose();
  }
  if (signal.aborted) throw interrupted();
  return captures;
}
