// Two run captures in, the one result document out (spec 2.1). Pure: no I/O, no clock.
import {
  COMPARISON_SCHEMA_ID,
  type ComparisonResult,
  type RunCapture,
  type RunSide,
  type LocateFinding,
} from './types.js';
import { diffVariables, isDiffEmpty } from './diff-variables.js';
import { buildFindings, classifyChanges, MAX_LISTED_NAMES, type Finding, type VariableFinding } from './findings.js';
import { renderHints } from './hints.js';
import { buildContext } from './context.js';
import { setAsideUnread } from './unread.js';
import { setAsideUnkeyed } from './unkeyed.js';

export interface BuildComparisonOptions {
  /** The text of the breakpoint's line (from run A's file), for the context. */
  sourceLine?: string | null;
  /** The text of run B's breakpoint line (from run B's file). */
  sourceLineB?: string | null;
  /** The bpdiff.config.json the call read, named in the context. */
  config?: string | null;
  /**
   * What a walk found before the comparison was made (bpdiff locate): its hints come first, and its
   * context lines take the place of the context's first line (what bpdiff did).
   */
  lead?: WalkLead;
  /** Run B's breakpoint is A's line followed into B's copy of the file: not another breakpoint. */
  followed?: boolean;
  /** `--fail-on` (default `any`): it decides the exit status, which a hint may say. */
  failOn?: FailOn;
}

/** When the exit status says "different": any difference, only changed values, or never. */
export type FailOn = 'any' | 'changed' | 'never';

/**
 * What a walk found before the comparison was made (bpdiff locate): its hints, its context lines, and
 * the runs whose end it told (`ended`): such a run reached the located line and ended there, so the
 * comparison's own "did not stop ... without reaching" finding for it would say otherwise, and goes.
 */
export interface WalkLead {
  hints: string[];
  context: string[];
  ended?: RunSide[];
  /** The walk's finding: the runs part ways (or one ended first). It, not the comparison at the walk's last step, decides the exit status. */
  parted?: boolean;
  /** The walk's finding as data: the document's `locate`. */
  finding?: LocateFinding;
}

export interface AnalysedComparison {
  result: ComparisonResult;
  /** The typed findings behind `result.analysis_hints`, in the same order. */
  findings: Finding[];
  /** How each changed variable changed, by name (the hints name the first few; a writer may show every one). */
  changes: Record<string, VariableFinding>;
  /** The exit status (comparisonExitCode), the one the hints say: a run bpdiff could not debug makes it 2 (report.ts). */
  exitCode: 0 | 1;
}

export function buildComparison(
  captureA: RunCapture,
  captureB: RunCapture,
  opts: BuildComparisonOptions = {},
): ComparisonResult {
  return analyseComparison(captureA, captureB, opts).result;
}

/** buildComparison, also returning the findings (formatters use them to say more than the document). */
export function analyseComparison(
  givenA: RunCapture,
  givenB: RunCapture,
  opts: BuildComparisonOptions = {},
): AnalysedComparison {
  // What lies under a container one run did not read is not compared (unread.ts).
  // A secret redacted under another key in each run is neither unchanged nor changed (unkeyed.ts).
  const { captures: keyed, names: unkeyed } = setAsideUnkeyed(givenA, givenB);
  const {
    captures: [captureA, captureB],
    setAside,
    opaque,
  } = setAsideUnread(keyed[0], keyed[1]);
  const diff = diffVariables(captureA.run.variables, captureB.run.variables);
  const changes = classifyChanges(diff, captureA.types, captureB.types);
  const told = opts.lead?.ended ?? [];
  // One decision: the exit status is made before the hints, which say it.
  const exitCode = comparisonExitCode(
    { run_a: captureA.run, run_b: captureB.run, diff },
    opts.failOn ?? 'any',
    opts.lead,
  );
  const findings = buildFindings(captureA, captureB, diff, setAside, changes, opaque, opts.followed ?? false)
    .filter((finding) => !(finding.kind === 'no_break' && told.includes(finding.side)))
    .flatMap((finding): Finding[] => {
      if (finding.kind !== 'identical' && finding.kind !== 'counts') return [finding];
      const said =
        finding.kind === 'identical'
          ? { ...finding, exit_code: exitCode, ...(unkeyed.length > 0 ? { not_compared: unkeyed.length } : {}) }
          : finding;
      return unkeyed.length === 0
        ? [said]
        : [
            said,
            {
              kind: 'unkeyed',
              names: unkeyed.slice(0, MAX_LISTED_NAMES),
              more: Math.max(0, unkeyed.length - MAX_LISTED_NAMES),
            },
          ];
    });
  const labels = { a: captureA.run.label, b: captureB.run.label };
  const breakpoint = { ...captureA.breakpoint };
  if (breakpoint.condition === undefined) delete breakpoint.condition;
  const result: ComparisonResult = {
    $schema: COMPARISON_SCHEMA_ID,
    breakpoint,
    run_a: captureA.run,
    run_b: captureB.run,
    diff,
    context: withLead(
      buildContext({
        captureA,
        captureB,
        diff,
        findings,
        sourceLine: opts.sourceLine ?? null,
        sourceLineB: opts.sourceLineB ?? null,
        config: opts.config ?? null,
      }),
      opts.lead,
    ),
    analysis_hints: [...(opts.lead?.hints ?? []), ...renderHints(findings, labels)],
    ...(opts.lead?.finding ? { locate: opts.lead.finding } : {}),
  };
  return { result, findings, changes, exitCode };
}

function withLead(context: string, lead: BuildComparisonOptions['lead']): string {
  if (lead === undefined) return context;
  return [...lead.context, ...context.split('\n').slice(1)].join('\n');
}

/**
 * diff(1)-style status: 0 only when both runs stopped, nothing differs and something was compared,
 * else 1. Two stops that read no variables (a debugger that cannot read the language's variables,
 * lldb on Fortran) compare nothing: that is no pass, whatever the adapter. `failOn` (--fail-on):
 * `changed`, 1 only for a changed value (the rest is still reported); `never`, 0. After a walk
 * (bpdiff locate) its finding decides: 1 where the runs part ways, else 0. The one place the status
 * is decided: the hints that say it and the exit code come from here.
 */
export function comparisonExitCode(
  result: Pick<ComparisonResult, 'run_a' | 'run_b' | 'diff'>,
  failOn: FailOn = 'any',
  walk?: Pick<WalkLead, 'parted'>,
): 0 | 1 {
  if (failOn === 'never') return 0;
  if (walk?.parted !== undefined) return walk.parted ? 1 : 0;
  if (failOn === 'changed') return Object.keys(result.diff.changed).length > 0 ? 1 : 0;
  const bothStopped = result.run_a.status === 'break' && result.run_b.status === 'break';
  return bothStopped && isDiffEmpty(result.diff) && !comparedNothing(result) ? 0 : 1;
}

/** Both runs stopped, and not one variable was compared: neither read any (or --only kept none). */
export function comparedNothing(result: Pick<ComparisonResult, 'run_a' | 'run_b' | 'diff'>): boolean {
  const { diff } = result;
  const compared =
    Object.keys(diff.changed).length + diff.unchanged.length + diff.only_in_a.length + diff.only_in_b.length;
  return result.run_a.status === 'break' && result.run_b.status === 'break' && compared === 0;
}
