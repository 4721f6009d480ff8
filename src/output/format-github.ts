// The github writer: GitHub Actions workflow commands, so that each difference shows as an error
// annotation at the breakpoint's line in the pull request (`::error file=F,line=L,title=T::message`),
// and a clean comparison as one notice. Escaping as GitHub's toolkit does it (%, CR, LF; and : , in
// properties).
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { isVariableFinding } from '../core/findings.js';
import { describeNoBreak, renderHint } from '../core/hints.js';
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
  // One annotation per changed variable, in the findings' order (type changes first).
  for (const finding of findings.filter(isVariableFinding)) annotate('error', `bpdiff: ${finding.name} changed`, renderHint(finding, labels));
  const unlisted = Object.keys(diff.changed).length - findings.filter(isVariableFinding).length;
  if (unlisted > 0) annotate('error', 'bpdiff: more changes', `And ${plural(unlisted, 'more changed variable')} (see the result document).`);
  for (const finding of findings) {
    if (finding.kind === 'only_in') annotate('error', `bpdiff: only in ${labels[finding.side]}`, renderHint(finding, labels));
    // Not a difference, but the check did not cover these values: said where a reviewer looks.
    if (finding.kind === 'not_compared') annotate('warning', `bpdiff: not compared in ${labels[finding.side]}`, renderHint(finding, labels));
  }
  if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff) && diff.unchanged.length === 0) {
    annotate('error', 'bpdiff: nothing compared', `Nothing compared at ${describeBreakpoint(breakpoint)}: neither ${labels.a} nor ${labels.b} read a variable.`);
  } else if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff)) {
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
