// The github writer: GitHub Actions workflow commands, so that each difference shows as an error
// annotation at the breakpoint's line in the pull request (`::error file=F,line=L,title=T::message`),
// and a clean comparison as one notice. Escaping as GitHub's toolkit does it (%, CR, LF; and : , in
// properties). An annotation is read alone, beside the code: a changed container shows the values its
// markers stand for (what the debugger showed), and a name in one run only shows its value.
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { isVariableFinding, MAX_LISTED_NAMES, type VariableFinding } from '../core/findings.js';
import { describeNoBreak, renderHint, showValue } from '../core/hints.js';
import { MARKER_OPEN, unmaskValue } from '../values/summaries.js';
import type { Report } from '../report/report.js';

export function writeGithub(report: Report): string {
  const { document, captures, findings } = report;
  const { run_a: a, run_b: b, diff, breakpoint } = document;
  const labels = { a: a.label, b: b.label };
  const where = { file: breakpoint.file, line: String(breakpoint.line) };
  const lines: string[] = [];
  const annotate = (level: 'error' | 'warning' | 'notice', title: string, message: string): void => {
    lines.push(`::${level} file=${property(where.file)},line=${where.line},title=${property(title)}::${data(message)}`);
  };

  for (const [run, capture] of [[a, captures[0]], [b, captures[1]]] as const) {
    if (run.status === 'no_break') annotate('error', `bpdiff: ${run.label} did not stop`, describeNoBreak(run.label, capture.no_break_reason, capture.breakpoint, capture.exit_code, capture.hits));
  }
  const variablesOf = { a: captures[0].run.variables, b: captures[1].run.variables };
  const shown = (finding: VariableFinding): VariableFinding =>
    finding.a.includes(MARKER_OPEN) || finding.b.includes(MARKER_OPEN) ? { ...finding, a: unmaskValue(finding.name, variablesOf.a), b: unmaskValue(finding.name, variablesOf.b) } : finding;
  // One annotation per changed variable, in the findings' order (type changes first).
  for (const finding of findings.filter(isVariableFinding)) annotate('error', `bpdiff: ${finding.name} changed`, renderHint(shown(finding), labels));
  const unlisted = Object.keys(diff.changed).length - findings.filter(isVariableFinding).length;
  if (unlisted > 0) annotate('error', 'bpdiff: more changes', `And ${plural(unlisted, 'more changed variable')} (see the result document).`);
  for (const finding of findings) {
    if (finding.kind === 'only_in') {
      const names = (finding.side === 'a' ? diff.only_in_a : diff.only_in_b).slice(0, MAX_LISTED_NAMES);
      const rest = (finding.side === 'a' ? diff.only_in_a : diff.only_in_b).length - names.length;
      const listed = names.map((name) => `${name} = ${showValue(unmaskValue(name, variablesOf[finding.side]))}`).join('; ');
      annotate('error', `bpdiff: only in ${labels[finding.side]}`, `Only in ${labels[finding.side]}: ${listed}${rest > 0 ? `; and ${rest} more` : ''}.`);
    }
    // Not a difference, but the check did not cover these values: said where a reviewer looks.
    if (finding.kind === 'not_compared') annotate('warning', `bpdiff: not compared in ${labels[finding.side]}`, renderHint(finding, labels));
  }
  if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff)) {
    annotate('notice', 'bpdiff: no differences', `No differences at ${describeBreakpoint(breakpoint)}: ${plural(diff.unchanged.length, 'variable')} identical in ${labels.a} and ${labels.b}.`);
  } else {
    lines.push(`bpdiff at ${describeBreakpoint(breakpoint)}: ${describeCounts(countDiff(diff), labels)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A workflow command's message. */
function data(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A workflow command's property value. */
function property(text: string): string {
  return data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
