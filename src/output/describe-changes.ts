// What changed between two runs, one line per variable (`discount: 0.15 -> 0.2 (up 0.05, +33.3%)`,
// `+ name = value` for one only in B, `- name = value` for one only in A): what -u prints for a
// re-recorded baseline, and the text of a failing check in JUnit XML.
import type { Report } from '../report/report.js';
import { describeDelta } from './verbs.js';
import { naturalOrder } from './name-order.js';

/** Most lines of changes listed for one updated baseline; git diff shows them all. */
const MAX_CHANGE_LINES = 20;

/**
 * What changed from run A to run B (for -u: the old baseline, then the new recording): one line per
 * changed variable, `+ name = value` for one that is new, `- name = value` for one that is gone.
 */
export function describeChanges(report: Report): string[] {
  const { run_a: a, run_b: b, diff } = report.document;
  const lines = [
    ...naturalOrder(Object.keys(diff.changed)).map((name) => {
      const { a: before, b: after } = diff.changed[name]!;
      const finding = report.changes[name];
      const delta = finding ? describeDelta(finding) : '';
      return `${name}: ${oneLine(before)} -> ${oneLine(after)}${delta === '' ? '' : ` (${delta})`}`;
    }),
    ...naturalOrder(diff.only_in_b).map((name) => `+ ${name} = ${oneLine(b.variables[name] ?? '')}`),
    ...naturalOrder(diff.only_in_a).map((name) => `- ${name} = ${oneLine(a.variables[name] ?? '')}`),
  ];
  if (a.status !== b.status)
    lines.unshift(
      b.status === 'break' ? 'the run now stops at the breakpoint' : 'the run no longer stops at the breakpoint',
    );
  if (lines.length <= MAX_CHANGE_LINES) return lines;
  return [
    ...lines.slice(0, MAX_CHANGE_LINES - 1),
    `and ${lines.length - MAX_CHANGE_LINES + 1} more (git diff shows every one)`,
  ];
}

function oneLine(value: string): string {
  const line = value.replace(/\s*\n\s*/g, ' ');
  return line.length > 120 ? `${line.slice(0, 120)}… (${value.length} chars)` : line;
}
