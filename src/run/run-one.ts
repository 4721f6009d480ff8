// One run, start to end: the LiveRun started, its stops walked (the first, --hit's, or a first-
// divergence walk's), the capture put together, and every process of the run killed and its temp
// folder removed, whatever happened. An error becomes the run's no_break or ends the comparison
// (run-failure.ts).
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import { LiveRun, type RunContext } from './live-run.js';
import { failureFacts } from './run-failure.js';
import type { Walker } from '../walk/hits.js';
import { reachNthHit } from '../walk/reach-hit.js';
import { PassCounter } from '../session/passes.js';
import { CpuCountOvershoot } from '../session/cpu-count.js';
import type { StopOutcome } from '../session/stop-outcome.js';

export type { RunContext } from './live-run.js';

export async function captureRun(
  spec: RunSpec,
  options: CaptureOptions,
  context: RunContext & { walker?: Walker },
): Promise<RunCapture> {
  // --hit N (--hit-a, --hit-b: a run's own): the adapter counts the passes before N where it can
  // (src/walk/reach-hit.ts); a first-divergence walk stops at each.
  const { breakpoint } = options;
  const wanted = (spec.side === 'b' ? breakpoint.hit_b : breakpoint.hit_a) ?? breakpoint.hit ?? 1;
  let run = new LiveRun(spec, options, context.walker ? context : { ...context, reachPass: wanted });
  const passes = {
    counter: new PassCounter(context.definition.stops_once_per_pass === true),
    adapterName: context.definition.name,
  };
  let spare: { run: LiveRun; first: Promise<StopOutcome> } | null = null;
  try {
    let first: StopOutcome;
    try {
      first = await run.start();
    } catch (error) {
      // The CPU's count of the passes to N met threads the program made while it counted
      // (session/cpu-count.ts): the run starts again, and the debugger counts every thread's passes.
      if (!(error instanceof CpuCountOvershoot)) throw error;
      run.log(`${error.found}: the run starts again, its passes counted by the debugger`);
      run.close();
      run = new LiveRun(spec, options, context.walker ? context : { ...context, reachPass: wanted });
      first = await run.start();
    }
    // Which stop is captured (src/walk/hits.ts): by default the first, or --hit's. A first-divergence walk gives its own.
    const walker = context.walker ?? reachNthHit(wanted);
    const facts = await walker(first, {
      run,
      passes,
      // A streamed walk (hits-streamed.ts) runs the program again: the capture is the last run's.
      again: {
        // The program started again while the first one streams, so the replay need not wait for its start.
        prepare: () => {
          if (spare !== null) return;
          run.log('hits streamed: starting the program again, to come back by stops to where the walk ends');
          const next = new LiveRun(spec, options, context);
          spare = { run: next, first: next.start() };
          spare.first.catch(() => undefined);
        },
        restart: async () => {
          run.close();
          passes.counter = new PassCounter(context.definition.stops_once_per_pass === true);
          const ready: { run: LiveRun; first: Promise<StopOutcome> } | null = spare;
          spare = null;
          if (ready !== null) {
            run = ready.run;
            try {
              return { run, first: await ready.first };
            } catch {
              // Started again below, on its own: a program that cannot run twice at once gets its chance there.
              run.close();
            }
          }
          run = new LiveRun(spec, options, context);
          return { run, first: await run.start() };
        },
      },
      reach: {
        skipped: () => run.passesSkipped,
        recount: async () => {
          run.close();
          passes.counter = new PassCounter(context.definition.stops_once_per_pass === true);
          run = new LiveRun(spec, options, context);
          return { run, first: await run.start() };
        },
      },
    });
    // The program is done with: another run of it may count its passes now (session/cpu-count.ts).
    await run.countDone();
    return await run.capture(facts);
  } catch (error) {
    return await run.capture(failureFacts(error, spec, options, run.log));
  } finally {
    run.close();
    (spare as { run: LiveRun } | null)?.run.close();
  }
}
