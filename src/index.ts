// bpdiff as a library: the data types, the pure core (diff, findings, hints, the result document),
// the writers, the schema validators, and the live comparison (engine loaded on first use).
export * from './core/types.js';
export { BpdiffError, isBpdiffError, describeUnexpected, type ErrorCode } from './errors.js';
export { resolveBreakpointPath } from './core/breakpoint-path.js';
export { runSpec, type RunSpecInput } from './core/run-spec.js';
export { quoteShellArg, quoteCommand } from './core/shell-quote.js';
export { diffVariables, isDiffEmpty, compareNames } from './core/diff-variables.js';
export {
  buildFindings,
  classifyChange,
  inferKind,
  parseNumberText,
  describeNumberChange,
  MAX_VARIABLE_FINDINGS,
  MAX_LISTED_NAMES,
  type Finding,
  type FindingKind,
  type VariableFinding,
  type NumberChange,
  type NumberValue,
  type InferredKind,
} from './core/findings.js';
export { renderHints, renderHint, type RunLabels } from './core/hints.js';
export { buildContext, type ContextInput } from './core/context.js';
export { buildComparison, analyseComparison, comparisonExitCode, type BuildComparisonOptions, type AnalysedComparison } from './core/build-comparison.js';
export { validateComparison, validateCapture, validateDocument, loadSchema, schemaPath, type SchemaKind, type ValidationOutcome } from './core/schemas.js';
export { formatJson } from './output/format-json.js';
export { writeText } from './output/format-text.js';
export { loadWriter, WRITER_NAMES, type Writer, type WriterName, type WriterOptions } from './output/writers.js';
export { buildReport, type Report, type ReportOptions } from './report/report.js';
export { describeBreakpoint, describeCounts, countDiff, type DiffCounts } from './core/describe.js';
export { OPTION_DECLARATIONS, MAX_TIMEOUT_SECONDS, type OptionDeclaration, type CaptureOptionInput } from './options/declarations.js';
export { captureOptions } from './options/read-options.js';
export { runValuePipeline, VALUE_STEPS, type CapturedValues, type ValueContext, type ValueStep } from './values/pipeline.js';
export { Redactor, type RedactorOptions } from './redact/redactor.js';
export { reconcileRedaction } from './redact/reconcile.js';

import type { CaptureOptions, ComparisonResult, RunCapture, RunSpec } from './core/types.js';
import type { CaptureRunsHooks } from './run/capture-runs.js';
import { buildComparison } from './core/build-comparison.js';

/**
 * Run both commands under their debug adapters and compare them: captureRuns + buildComparison.
 * The engine (adapters, DAP) is imported on the first call only.
 */
export async function compareRuns(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  hooks: CaptureRunsHooks & { sourceLine?: string | null } = {},
): Promise<{ result: ComparisonResult; captures: [RunCapture, RunCapture] }> {
  const { captureRuns } = await import('./run/capture-runs.js');
  const { sourceLine, ...engineHooks } = hooks;
  const captures = await captureRuns(specs, options, engineHooks);
  return { result: buildComparison(captures[0], captures[1], { sourceLine: sourceLine ?? null }), captures };
}

// The front door (README, "bpdiff as a library"): the CLI's operations with the CLI's options.
export { compare, capture, diffCaptures, loadConfig, findConfig, type CompareInput, type CaptureInput, type RunInput, type ComparisonOutcome, type BpdiffConfig, type ConfigCheck } from './api.js';
export type { FailOn } from './report/report.js';
