// diffCaptures(): two captures (files bpdiff capture wrote, or what capture() returned) compared
// offline, through the same value pipeline as a live comparison.
import type { CaptureOptions, RunCapture } from '../core/types.js';
import { findDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { BpdiffError } from '../errors.js';
import type { CaptureOptionInput } from '../options/declarations.js';
import type { FailOn } from '../report/report.js';
import { distinctLabels, prepareCapture } from '../capture/prepare-capture.js';
import { checkedCapture } from '../intake/baseline.js';
import { readCapture } from '../intake/read-capture.js';
import { optionalString, type Input } from '../intake/run-input.js';
import { readCallValues, type ReportPlan } from '../intake/plan.js';
import { callRedactor, checkInputKeys, optionsOf, redactedErrors, type CallContext, type CallOptions } from './call.js';
import { comparisonOutcome, type ComparisonOutcome } from './outcome.js';

export interface DiffCapturesInput extends CaptureOptionInput, Pick<CallOptions, 'signal'> {
  fail_on?: FailOn;
  max_output_bytes?: number;
  /** The runs' names in the result (as `bpdiff diff --label-a/--label-b`); by default the captures' own. */
  label_a?: string;
  label_b?: string;
}

export async function diffCaptures(
  a: RunCapture | string,
  b: RunCapture | string,
  input: DiffCapturesInput = {},
  context: CallContext = {},
): Promise<ComparisonOutcome> {
  const redactor = callRedactor(input, context);
  return redactedErrors(redactor, async () => {
    const given = input as Input;
    const { options, report, labels } = planDiff(given);
    const base = context.base ?? process.cwd();
    const read = (capture: RunCapture | string, side: 'a' | 'b'): RunCapture => {
      if (typeof capture === 'string') return readCapture(capture, base, options.limits.max_input_bytes);
      if (typeof capture !== 'object' || capture === null)
        throw new BpdiffError(
          'USAGE',
          `capture ${side} is neither a file path nor a capture object — pass what capture() returned, or the path of a file bpdiff capture wrote`,
        );
      return checkedCapture(capture, `capture ${side}`);
    };
    const signal = input.signal;
    const prepared = distinctLabels(
      await prepareCapture(read(a, 'a'), options.values, undefined, redactor, signal),
      await prepareCapture(read(b, 'b'), options.values, undefined, redactor, signal),
    );
    // As `bpdiff diff --label-a/--label-b`: a label given is the run's name, even when both are the same.
    if (labels.a !== undefined) prepared[0] = { ...prepared[0], run: { ...prepared[0].run, label: labels.a } };
    if (labels.b !== undefined) prepared[1] = { ...prepared[1], run: { ...prepared[1].run, label: labels.b } };
    return comparisonOutcome(prepared, options, report, redactor, { config: context.config ?? null, signal });
  });
}

/** diffCaptures()'s options read once: every key and value checked. */
function planDiff(given: Input): {
  options: CaptureOptions;
  report: ReportPlan;
  labels: { a: string | undefined; b: string | undefined };
} {
  checkInputKeys(given, ['label_a', 'label_b'], 'diff');
  const { report } = readCallValues(given, 'diff');
  const labels = { a: optionalString(given, 'label_a', '"before"'), b: optionalString(given, 'label_b', '"after"') };
  for (const [side, value] of Object.entries(labels))
    if (value !== undefined) readOptionValue(findDeclaration(`label-${side}`)!, value);
  return { options: optionsOf(given, 'diff'), report, labels };
}

/** Every key and value of diffCaptures()'s options checked; the capture options. */
export function checkDiffInput(given: Input): CaptureOptions {
  return planDiff(given).options;
}
