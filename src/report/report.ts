// The report: the comparison document, the findings behind its hints (and how every changed variable
// changed), the two captures and the exit status, built once from two captures. Writers (src/output)
// render it; none of them recomputes any of it.
import type { ComparisonResult, RunCapture, Tolerance } from '../core/types.js';
import { applyPairSteps } from '../values/pair-steps.js';
import { boundDocument } from './bound-output.js';
import { analyseComparison, type FailOn, type WalkLead } from '../core/build-comparison.js';
import type { Finding, VariableFinding } from '../core/findings.js';

export interface Report {
  document: ComparisonResult;
  /** The typed findings behind `document.analysis_hints`, in the same order. */
  findings: Finding[];
  /** How each changed variable changed, by name. */
  changes: Record<string, VariableFinding>;
  /** What a walk found before the comparison (bpdiff locate), said first by every writer; empty otherwise. */
  lead: string[];
  captures: readonly [RunCapture, RunCapture];
  /** 0 both runs stopped and nothing differs; 1 a difference or a run that did not stop; 2 a run bpdiff could not debug. */
  exitCode: 0 | 1 | 2;
  /** Labels of the runs bpdiff could not debug, with why. */
  failedRuns: Array<{ label: string; message: string }>;
}

export type { FailOn } from '../core/build-comparison.js';

export interface ReportOptions {
  /** `--fail-on` (default `any`). */
  failOn?: FailOn;
  /** The text of the breakpoint's line in run A's file, for the context. */
  sourceLine?: string | null;
  /** The same for run B's breakpoint. */
  sourceLineB?: string | null;
  /** `--tolerance`: numbers this close compare as equal (run B's value is written as run A's, and a hint says so). */
  tolerance?: Tolerance | null;
  /** `--max-output-bytes`: unchanged parts of the document folded to fit (bound-output.ts). */
  maxOutputBytes?: number | null;
  /** The bpdiff.config.json the call read, named in the context. */
  config?: string | null;
  /** What a walk found (bpdiff locate): hints first, context lines (build-comparison.ts). */
  lead?: WalkLead;
  /** Run B's breakpoint is A's line followed into B's copy (build-comparison.ts). */
  followed?: boolean;
}

export function buildReport(given: readonly [RunCapture, RunCapture], options: ReportOptions = {}): Report {
  const captures = pairedCaptures(given, options.tolerance ?? null);
  const { result, findings, changes, exitCode } = analyseComparison(captures[0], captures[1], {
    sourceLine: options.sourceLine ?? null,
    sourceLineB: options.sourceLineB ?? null,
    ...(options.lead ? { lead: options.lead } : {}),
    followed: options.followed ?? false,
    config: options.config ?? null,
    failOn: options.failOn ?? 'any',
  });
  const failedRuns = captures.flatMap((capture) =>
    capture.no_break_reason?.kind === 'error'
      ? [{ label: capture.run.label, message: capture.no_break_reason.message }]
      : [],
  );
  return {
    document: boundDocument(result, options.maxOutputBytes ?? null, findings),
    findings,
    changes,
    lead: options.lead?.hints ?? [],
    captures,
    exitCode: failedRuns.length > 0 ? 2 : exitCode,
    failedRuns,
  };
}

/**
 * The pair with the steps that need both runs applied to run B's values (--tolerance, a dict's order
 * of entries: values/pair-steps.ts), said as warnings of run B.
 */
function pairedCaptures(
  captures: readonly [RunCapture, RunCapture],
  tolerance: Tolerance | null,
): readonly [RunCapture, RunCapture] {
  const [a, b] = captures;
  if (a.run.status !== 'break' || b.run.status !== 'break') return captures;
  const { variables, notes } = applyPairSteps(a.run.variables, b.run.variables, tolerance, {
    a: a.run.label,
    b: b.run.label,
  });
  if (notes.length === 0) return captures;
  return [a, { ...b, run: { ...b.run, variables }, warnings: [...b.warnings, ...notes] }];
}
