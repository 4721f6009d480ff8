// Two captures -> what a comparison call returns: the report (the result document, the findings behind
// its hints, the exit status) built once, every string of it through the call's redactor.
import type { CaptureOptions, ComparisonResult, RunCapture } from '../core/types.js';
import { buildReport, type Report, type ReportOptions } from '../report/report.js';
import { reconcileRedaction } from '../redact/reconcile.js';
import { scrubDocument } from '../redact/document.js';
import type { Redactor } from '../redact/redactor.js';
import { capturedFilePath } from '../capture/capture-document.js';
import { readSourceLine } from '../intake/source-line.js';
import type { ReportPlan } from '../intake/plan.js';
import { TimeSlicer } from '../core/slices.js';

export interface ComparisonOutcome {
  /** The result document (the spec's). */
  result: ComparisonResult;
  captures: [RunCapture, RunCapture];
  /** The CLI's exit status for it: 0 same, 1 different (per fail_on), 2 a run could not be debugged. */
  exit_code: 0 | 1 | 2;
  /** What the writers render (src/output): the document with the findings behind its hints. */
  report: Report;
}

/**
 * `extra`: what a walk found (bpdiff locate), whether B's line was followed, the bpdiff.config.json the
 * front door read (CallContext.config, named in the context), and the call's signal: between the long
 * steps the event loop turns, so a signal is honoured (core/slices.ts).
 */
export async function comparisonOutcome(
  given: readonly [RunCapture, RunCapture],
  options: CaptureOptions,
  plan: ReportPlan,
  redactor: Redactor | undefined,
  extra: Pick<ReportOptions, 'lead' | 'followed' | 'config'> & { signal?: AbortSignal | undefined } = {},
): Promise<ComparisonOutcome> {
  const { signal, ...reportExtra } = extra;
  const slicer = new TimeSlicer(signal);
  // Markers made under two keys (a baseline from CI) cannot be compared: reconcile says so instead.
  const captures = reconcileRedaction(given[0], given[1]);
  await slicer.pause();
  const built = buildReport(captures, {
    sourceLine: readSourceLine(
      capturedFilePath(captures[0]),
      captures[0].breakpoint.line,
      options.limits.max_input_bytes,
    ),
    sourceLineB: readSourceLine(
      capturedFilePath(captures[1]),
      captures[1].breakpoint.line,
      options.limits.max_input_bytes,
    ),
    failOn: plan.failOn,
    tolerance: options.values.tolerance,
    maxOutputBytes: plan.maxOutputBytes,
    ...reportExtra,
  });
  await slicer.pause();
  const report = redactor ? scrubDocument(built, redactor) : built;
  return {
    result: report.document,
    captures: [report.captures[0], report.captures[1]],
    exit_code: report.exitCode,
    report,
  };
}
