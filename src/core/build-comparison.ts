// Two run captures in, the one result document out (spec 2.1). Pure: no I/O, no clock.
import { COMPARISON_SCHEMA_ID, type ComparisonResult, type RunCapture } from './types.js';
import { diffVariables, isDiffEmpty } from './diff-variables.js';
import { buildFindings, classifyChanges, type Finding, type VariableFinding } from './findings.js';
import { renderHints } from './hints.js';
import { buildContext } from './context.js';
import { setAsideUnread } from './unread.js';

export interface BuildComparisonOptions {
  /** The text of the breakpoint's line (from run A's file), for the context. */
  sourceLine?: string | null;
  /** The text of run B's breakpoint line (from run B's file). */
  sourceLineB?: string | null;
}

export interface AnalysedComparison {
  result: ComparisonResult;
  /** The typed findings behind `result.analysis_hints`, in the same order. */
  findings: Finding[];
  /** How each changed variable changed, by name (the hints name the first few; a writer may show every one). */
  changes: Record<string, VariableFinding>;
}

export function buildComparison(captureA: RunCapture, captureB: RunCapture, opts: BuildComparisonOptions = {}): ComparisonResult {
  return analyseComparison(captureA, captureB, opts).result;
}

/** buildComparison, also returning the findings (formatters use them to say more than the document). */
export function analyseComparison(givenA: RunCapture, givenB: RunCapture, opts: BuildComparisonOptions = {}): AnalysedComparison {
  // What lies under a container one run did not read is not compared (unread.ts).
  const { captures: [captureA, captureB], setAside, opaque } = setAsideUnread(givenA, givenB);
  const diff = diffVariables(captureA.run.variables, captureB.run.variables);
  const changes = classifyChanges(diff, captureA.types, captureB.types);
  const findings = buildFindings(captureA, captureB, diff, setAside, changes, opaque);
  const labels = { a: captureA.run.label, b: captureB.run.label };
  const breakpoint = { ...captureA.breakpoint };
  if (breakpoint.condition === undefined) delete breakpoint.condition;
  const result: ComparisonResult = {
    $schema: COMPARISON_SCHEMA_ID,
    breakpoint,
    run_a: captureA.run,
    run_b: captureB.run,
    diff,
    context: buildContext({ captureA, captureB, diff, findings, sourceLine: opts.sourceLine ?? null, sourceLineB: opts.sourceLineB ?? null }),
    analysis_hints: renderHints(findings, labels),
  };
  return { result, findings, changes };
}

/** diff(1)-style status: 0 only when both runs stopped and nothing differs, else 1. */
export function comparisonExitCode(result: ComparisonResult): 0 | 1 {
  const bothStopped = result.run_a.status === 'break' && result.run_b.status === 'break';
  return bothStopped && isDiffEmpty(result.diff) ? 0 : 1;
}
