// A run capture's free text without secrets: what the program printed (its output tails), why it did
// not stop (an exception's message, a condition's error), how it stopped, the warnings and the command
// line. Its variables are redacted by the value pipeline (src/values/redact.ts), not here: a capture's
// values must not depend on what another run happened to reveal first.
import type { NoBreakReason, RunCapture } from '../core/types.js';
import type { Redactor } from './redactor.js';

export function scrubCapture(capture: RunCapture, redactor: Redactor): RunCapture {
  const program = (text: string): string => redactor.scrub(text, { program: true });
  const own = (text: string): string => redactor.scrub(text);
  const reason = capture.no_break_reason;
  return {
    ...capture,
    run: { ...capture.run, command: own(capture.run.command) },
    stop:
      capture.stop === null
        ? null
        : {
            ...capture.stop,
            description: capture.stop.description === null ? null : program(capture.stop.description),
          },
    no_break_reason:
      reason !== null && 'message' in reason
        ? ({ ...reason, message: program(reason.message) } as NoBreakReason)
        : reason,
    output: {
      ...capture.output,
      stdout_tail: program(capture.output.stdout_tail),
      stderr_tail: program(capture.output.stderr_tail),
    },
    warnings: capture.warnings.map(own),
  };
}
