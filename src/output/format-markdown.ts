// The markdown writer, for a pull-request comment or $GITHUB_STEP_SUMMARY: a heading that is the
// verdict (✅ or ❌, the breakpoint and the counts), each run in one row, then tables of the changed
// variables (both values and the change, the same delta as the annotations: `up 0.05, +33.3%`) and
// of the only-in ones with their values, and the notes. Values go in table cells as HTML code, so any
// text is safe there.
import { REPRODUCE_HINT } from '../core/walk-hints.js';
import type { RunResult } from '../core/types.js';
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { describeCaptureNoBreak, renderHint } from '../core/hints.js';
import type { Finding } from '../core/findings.js';
import type { Report } from '../report/report.js';
import { describeDelta } from './verbs.js';
import { naturalOrder } from './name-order.js';
import { walkVerdict } from './verdict.js';

/** Longest value shown in a cell; the JSON document always has the whole value. */
const MAX_CELL = 200;
/** Most rows in one table; the rest are counted. */
const MAX_ROWS = 50;

export function writeMarkdown(report: Report): string {
  const { document, captures, findings } = report;
  const { run_a: a, run_b: b, diff } = document;
  const labels = { a: a.label, b: b.label };
  const { passed, counts } = verdict(report);
  const lines: string[] = [
    `### ${passed ? '✅' : '❌'} bpdiff at \`${describeBreakpoint(document.breakpoint)}\`: ${counts}`,
    '',
    ...leadLines(report.lead),
  ];

  lines.push('| run | command | stopped |', '|---|---|---|');
  for (const [run, capture] of [
    [a, captures[0]],
    [b, captures[1]],
  ] as const) {
    const status =
      run.status === 'break'
        ? `at ${run.location.file}:${run.location.line}`
        : describeCaptureNoBreak(capture, run.label);
    lines.push(`| ${cell(run.label)} | ${code(run.command)} | ${cell(status)} |`);
  }

  const changed = naturalOrder(Object.keys(diff.changed));
  if (changed.length > 0) {
    lines.push(
      '',
      `#### Changed (${changed.length})`,
      '',
      `| variable | ${cell(labels.a)} | ${cell(labels.b)} | change |`,
      '|---|---|---|---|',
    );
    for (const name of changed.slice(0, MAX_ROWS)) {
      const finding = report.changes[name];
      lines.push(
        `| ${code(name)} | ${code(diff.changed[name]!.a)} | ${code(diff.changed[name]!.b)} | ${finding ? cell(describeDelta(finding)) : ''} |`,
      );
    }
    if (changed.length > MAX_ROWS) lines.push(`| and ${changed.length - MAX_ROWS} more | | | |`);
  }
  for (const [names, run] of [
    [diff.only_in_a, a],
    [diff.only_in_b, b],
  ] as const) {
    if (names.length === 0) continue;
    lines.push('', `#### Only in ${cell(run.label)} (${names.length})`, '', '| variable | value |', '|---|---|');
    for (const name of naturalOrder(names).slice(0, MAX_ROWS))
      lines.push(`| ${code(name)} | ${code(valueOf(run, name))} |`);
    if (names.length > MAX_ROWS) lines.push(`| and ${names.length - MAX_ROWS} more | |`);
  }

  const notes = findings.filter(isNote).map((finding) => renderHint(finding, labels));
  if (notes.length > 0)
    lines.push(
      '',
      '<details><summary>Notes</summary>',
      '',
      ...notes.map((note) => `- ${escapeText(note)}`),
      '',
      '</details>',
    );
  return `${lines.join('\n')}\n`;
}

/**
 * The verdict of one comparison: whether it passed (both runs stopped and nothing differs) and the
 * words after the breakpoint (`no differences (7 variables identical)`, `2 changed, 1 unchanged, ...`).
 */
export function verdict(report: Report): { passed: boolean; counts: string } {
  const { run_a: a, run_b: b, diff } = report.document;
  const counts = escapeText(describeCounts(countDiff(diff), { a: a.label, b: b.label }));
  // A walk (bpdiff locate) that found where the runs part ways fails whatever the values there.
  const walk = walkVerdict(report, escapeText);
  if (walk !== null) return { passed: false, counts: walk };
  if (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff)) {
    // Two stops that read no variable compared nothing: no pass (comparisonExitCode).
    if (diff.unchanged.length === 0) return { passed: false, counts: 'nothing compared: neither run read a variable' };
    return { passed: true, counts: `no differences (${plural(diff.unchanged.length, 'variable')} identical)` };
  }
  if (a.status === 'no_break' || b.status === 'no_break') {
    const missing = [a, b]
      .filter((run) => run.status === 'no_break')
      .map((run) => run.label)
      .join(' and ');
    return { passed: false, counts: `${escapeText(missing)} did not stop at the breakpoint; ${counts}` };
  }
  return { passed: false, counts };
}

function isNote(finding: Finding): boolean {
  return [
    'moved',
    'truncated',
    'opaque',
    'clock',
    'unreadable',
    'unkeyed',
    'normalised',
    'warning',
    'breakpoint_mismatch',
  ].includes(finding.kind);
}

function valueOf(run: RunResult, name: string): string {
  return Object.hasOwn(run.variables, name) ? run.variables[name]! : '';
}

/** Text in a table cell: HTML-escaped, pipes and line breaks made harmless. */
function cell(text: string): string {
  return escapeText(text).replaceAll('|', '&#124;').replace(/\r?\n/g, '<br>');
}

/** A value as code in a table cell, cut at MAX_CELL characters. */
export function code(text: string): string {
  const shown = text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}… (${text.length} chars)` : text;
  return `<code>${cell(shown)}</code>`;
}

export function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A walk's hints (bpdiff locate) as a list; the command that compares the runs again as a code block. */
function leadLines(lead: readonly string[]): string[] {
  if (lead.length === 0) return [];
  const lines: string[] = [];
  for (const hint of lead) {
    if (!hint.startsWith(REPRODUCE_HINT)) {
      lines.push(`- ${escapeText(hint)}`);
      continue;
    }
    const command = hint.slice(REPRODUCE_HINT.length);
    // A fence longer than any run of backticks in the command.
    const fence = '`'.repeat(Math.max(3, ...[...command.matchAll(/`+/g)].map((run) => run[0].length + 1)));
    lines.push(`- ${escapeText(REPRODUCE_HINT.trimEnd())}`, '', `  ${fence}sh`, `  ${command}`, `  ${fence}`, '');
  }
  if (lines.at(-1) !== '') lines.push('');
  return lines;
}
