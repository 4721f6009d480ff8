// capture(): one run stopped at the breakpoint, its capture (what `bpdiff capture` writes): a baseline
// for compare(), or one side of diffCaptures().
import type { CaptureOptions, RunCapture } from '../core/types.js';
import { describeBreakpoint } from '../core/describe.js';
import { quoteCommand } from '../core/shell-quote.js';
import { progress } from '../messages.js';
import type { CaptureOptionInput, RunSettingsInput } from '../options/declarations.js';
import { scrubDocument } from '../redact/document.js';
import { objectOf, type Input } from '../intake/run-input.js';
import { readOneRun, resolveRun, sharedRunKeys, withAdapterPaths } from '../intake/runs.js';
import { readCallValues, type CapturePlan } from '../intake/plan.js';
import type { Redactor } from '../redact/redactor.js';
import {
  type CallContext,
  type CallOptions,
  checkInputKeys,
  engineHooks,
  optionsOf,
  redactedLog,
  runFromInput,
  runFromPlan,
} from './call.js';
import type { RunInput } from './compare.js';

type CaptureOneRun = typeof import('../run/capture-runs.js').captureOneRun;

export interface CaptureInput extends CaptureOptionInput, RunSettingsInput, CallOptions {
  condition?: string;
  run: RunInput;
}

/** capture()'s input read once into its plan: every key and value checked, nothing on disk looked at. */
export function planCapture(given: Input): CapturePlan {
  checkInputKeys(given, ['run', ...sharedRunKeys('capture')], 'capture');
  const { condition } = readCallValues(given, 'capture');
  const options = optionsOf(given, 'capture');
  return { kind: 'capture', options, run: readOneRun(given, 'capture', 'run', condition) };
}

/** Every key and value of capture()'s input checked, nothing on disk looked at; the capture options. */
export function checkCaptureInput(given: Input): CaptureOptions {
  return planCapture(given).options;
}

export async function capture(input: CaptureInput, context: CallContext = {}): Promise<RunCapture> {
  return runFromInput(
    input,
    context,
    () => planCapture(objectOf('the input of capture', input, '{ "bp": "app.py:3", "run": {...} }')),
    runCapturePlan,
  );
}

/** capture() of an input already read into its plan (the CLI's). */
export async function capturePlanned(
  plan: CapturePlan,
  call: CallOptions = {},
  context: CallContext = {},
): Promise<RunCapture> {
  return runFromPlan(plan, call, context, runCapturePlan);
}

async function runCapturePlan(
  plan: CapturePlan,
  call: CallOptions,
  redactor: Redactor | undefined,
  context: CallContext,
): Promise<RunCapture> {
  const base = context.base ?? process.cwd();
  const options = withAdapterPaths(plan.options, base);
  const spec = resolveRun(plan.run, 'capture', base, options.limits.max_input_bytes);
  const log = redactedLog(call.log, redactor);
  log?.(
    progress.startingOne(describeBreakpoint(spec.breakpoint), spec.label, quoteCommand(spec.argv)) +
      (context.why === undefined ? '' : ` ${context.why}`),
  );
  const captureOneRun =
    (context.engine?.captureOneRun as CaptureOneRun | undefined) ??
    (await import('../run/capture-runs.js')).captureOneRun;
  const captured = await captureOneRun(spec, options, engineHooks(call, log, redactor));
  return redactor ? scrubDocument(captured, redactor) : captured;
}
