// capture(): one run stopped at the breakpoint, its capture (what `bpdiff capture` writes): a baseline
// for compare(), or one side of diffCaptures().
import type { CaptureOptions, RunCapture } from '../core/types.js';
import { describeBreakpoint } from '../core/describe.js';
import { quoteCommand } from '../core/shell-quote.js';
import { progress } from '../messages.js';
import type { CaptureOptionInput, RunSettingsInput } from '../options/declarations.js';
import { scrubDocument } from '../redact/document.js';
import { objectOf, type Input } from '../intake/run-input.js';
import { readOneRun, resolveOneRun, sharedRunKeys, withAdapterPaths } from '../intake/runs.js';
import { callRedactor, checkInputKeys, engineHooks, optionsOf, redactedErrors, redactedLog, type CallContext, type CallOptions } from './call.js';
import type { RunInput } from './compare.js';

export interface CaptureInput extends CaptureOptionInput, RunSettingsInput, CallOptions {
  condition?: string;
  run: RunInput;
}

/** Every key and value of capture()'s input checked, nothing on disk looked at; the capture options. */
export function checkCaptureInput(given: Input): CaptureOptions {
  checkInputKeys(given, ['condition', 'run', ...sharedRunKeys('capture')], 'capture');
  const options = optionsOf(given, 'capture');
  readOneRun(given, 'capture', 'run');
  return options;
}

export async function capture(input: CaptureInput, context: CallContext = {}): Promise<RunCapture> {
  const redactor = callRedactor(input, context);
  return redactedErrors(redactor, async () => {
    const given = objectOf('the input of capture', input, '{ "bp": "app.py:3", "run": {...} }');
    const base = context.base ?? process.cwd();
    const options = withAdapterPaths(checkCaptureInput(given), base);
    const spec = resolveOneRun(given, 'capture', 'run', base);
    const log = redactedLog(input.log, redactor);
    log?.(progress.startingOne(describeBreakpoint(spec.breakpoint), spec.label, quoteCommand(spec.argv)) + (context.why === undefined ? '' : ` ${context.why}`));
    const captureOneRun = context.engine?.captureOneRun ?? (await import('../run/capture-runs.js')).captureOneRun;
    const captured = await captureOneRun(spec, options, engineHooks(input, log, redactor));
    return redactor ? scrubDocument(captured, redactor) : captured;
  });
}
