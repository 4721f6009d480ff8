// One run, start to end: the LiveRun started, its stops walked (the first, --hit's, or a first-
// divergence walk's), the capture put together, and every process of the run killed and its temp
// folder removed, whatever happened. An error becomes the run's no_break or ends the comparison
// (run-failure.ts).
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import { LiveRun, type RunContext } from './live-run.js';
import { failureFacts } from './run-failure.js';
import { nthHit, type Walker } from './walk.js';
import { PassCounter } from '../session/passes.js';
import { tracePhase } from '../trace/trace.js';

export type { RunContext } from './live-run.js';

export async function captureRun(spec: RunSpec, options: CaptureOptions, context: RunContext & { walker?: Walker }): Promise<RunCapture> {
  let run = new LiveRun(spec, options, context);
  const passes = { counter: new PassCounter(context.definition.stops_once_per_pass === true), adapterName: context.definition.name };
  try {
    const first = await run.start();
    // Which stop is captured (walk.ts): by default the first, or --hit's. A first-divergence walk gives its own.
    const walker = context.walker ?? nthHit(options.breakpoint.hit ?? 1);
    const facts = await walker(first, {
      passes,
      // A streamed walk (stream-hits.ts) runs the program again: the capture is the last run's.
      stream: {
        streams: () => run.streamsHits,
        hits: (args) => run.streamHits(args),
        restart: async () => {
          run.close();
          run = new LiveRun(spec, options, context);
          passes.counter = new PassCounter(context.definition.stops_once_per_pass === true);
          return run.start();
        },
      },
      next: () => run.next(),
      read: async (outcome, hit) => {
        const read = await run.read(outcome, hit > 1);
        tracePhase(spec.label, 'frame read', { hit, status: read.status });
        return read;
      },
    });
    return await run.capture(facts);
  } catch (error) {
    return await run.capture(failureFacts(error, spec, options, run.log));
  } finally {
    run.close();
  }
}
