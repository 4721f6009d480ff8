// bpdiff as a library: the data types, the pure core (diff, findings, hints, the result document),
// the writers, the schema validators, and the calls of src/library (compare, capture, diffCaptures;
// the engine is loaded on their first use). This file only names what the package exports.
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
  MAX_VARIABLE_FINDINGS,
  MAX_LISTED_NAMES,
  type Finding,
  type FindingKind,
  type VariableFinding,
  type InferredKind,
} from './core/findings.js';
export { parseNumberText, describeNumberChange, type NumberChange, type NumberValue } from './core/numbers.js';
export { renderHints, renderHint, type RunLabels } from './core/hints.js';
export { buildContext, type ContextInput } from './core/context.js';
export {
  buildComparison,
  analyseComparison,
  comparisonExitCode,
  type BuildComparisonOptions,
  type AnalysedComparison,
} from './core/build-comparison.js';
export {
  validateComparison,
  validateCapture,
  validateDocument,
  loadSchema,
  schemaPath,
  type SchemaKind,
  type ValidationOutcome,
} from './core/schemas.js';
export { formatJson } from './report/json.js';
export { writeText } from './output/format-text.js';
export { loadWriter, WRITER_NAMES, type Writer, type WriterName, type WriterOptions } from './output/writers.js';
export { buildReport, type Report, type ReportOptions } from './report/report.js';
export { describeBreakpoint, describeCounts, countDiff, type DiffCounts } from './core/describe.js';
export {
  OPTION_DECLARATIONS,
  MAX_TIMEOUT_SECONDS,
  type OptionDeclaration,
  type CaptureOptionInput,
} from './options/declarations.js';
export { captureOptions } from './options/read-options.js';
export {
  runValuePipeline,
  VALUE_STEPS,
  type CapturedValues,
  type ValueContext,
  type ValueStep,
} from './values/pipeline.js';
export { Redactor, type RedactorOptions } from './redact/redactor.js';
export { reconcileRedaction } from './redact/reconcile.js';

// The front door (README, "bpdiff as a library"): the CLI's operations with the CLI's options.
export { compare, type CompareInput, type RunInput } from './library/compare.js';
export { capture, type CaptureInput } from './library/capture.js';
export { diffCaptures, type DiffCapturesInput } from './library/diff-captures.js';
export { locate, type LocateInput, type LocateOutcome } from './library/locate.js';
export type { ComparisonOutcome } from './library/outcome.js';
export type { CallOptions, CallContext } from './library/call.js';
export type { FailOn } from './report/report.js';
export { loadConfig, findConfig, type BpdiffConfig, type ConfigCheck } from './config/config.js';
