// What an error in one run means (errors.ts ErrorScope): an error the user must fix (a missing
// adapter, a bad breakpoint file, a failed build) ends the whole comparison; any other (the adapter
// crashed, a step timed out, a build ran out of its own time) becomes this run's no_break, said in
// its capture, and the other run is kept.
import { BuildTimeoutError, errorScope, isBpdiffError } from '../errors.js';
import type { CaptureOptions, RunSpec } from '../core/types.js';
import { noBreakFacts, type RunFacts } from '../capture/capture-document.js';

/** This run's facts for `error`, or the error itself (thrown) when it ends the comparison. */
export function failureFacts(
  error: unknown,
  spec: RunSpec,
  options: CaptureOptions,
  log: (line: string) => void,
): RunFacts {
  if (error instanceof BuildTimeoutError)
    return noBreakFacts(spec, { kind: 'timeout', seconds: error.seconds, phase: 'build' });
  if (isBpdiffError(error) && error.code === 'BUILD_TIMEOUT')
    return noBreakFacts(spec, { kind: 'timeout', seconds: options.run.timeout_seconds, phase: 'build' });
  if (errorScope(error) === 'comparison') throw error;
  const message = isBpdiffError(error) ? error.message : `internal error: ${(error as Error).message}`;
  log(`could not be debugged: ${message}`);
  return noBreakFacts(spec, { kind: 'error', message });
}
