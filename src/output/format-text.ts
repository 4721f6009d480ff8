// The human writer, in the manner of dyff and jest-diff: a header naming the breakpoint and the two
// labelled runs, then per variable a path header, a verb line and aligned -/+ values, then the
// only-in sections and a summary line. "no differences" is said outright.
import type { ComparisonResult, RunCapture, RunResult, RunSide } from '../core/types.js';
import type { Finding } from '../core/findings.js';
import { describeRunEnd, renderHint } from '../core/hints.js';
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import type { Report } from '../report/report.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import type { WriterOptions } from './writer.js';
import { describeVerb } from './verbs.js';
import { naturalOrder } from './name-order.js';
import { walkVerdict } from './verdict.js';

/** How many lines of a run's output the text shows when the run did not stop. */
const OUTPUT_TAIL_LINES = 6;

const ANSI = { red: 31, green: 32, yellow: 33, cyan: 36, bold: 1, dim: 2 } as const;
type Style = keyof typeof ANSI;

export function writeText(report: Report, options: WriterOptions): string {
  const { document: result, captures } = report;
  const paint = (style: Style, text: string): string =>
    options.color ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
  const { run_a: runA, run_b: runB, diff, breakpoint } = result;
  const labels = { a: runA.label, b: runB.label };
  const width = Math.max(labels.a.length, labels.b.length);
  const pad = (side: RunSide): string => labels[side].padEnd(width);
  const lines: string[] = [];

  lines.push(paint('bold', `breakpoint ${describeBreakpoint(breakpoint)}`));
  // What a walk found (bpdiff locate) comes before the comparison it led to.
  for (const line of report.lead) lines.push(`  ${paint('yellow', line)}`);
  for (const side of ['a', 'b'] as const) {
    const run = side === 'a' ? runA : runB;
    lines.push(`  ${paint(side === 'a' ? 'red' : 'green', pad(side))}  ${run.command}`);
    const capture = captures[side === 'a' ? 0 : 1];
    lines.push(`  ${' '.repeat(width)}  ${paint('dim', describeRunStatus(side, run, capture, report.findings))}`);
    // Why a run did not stop is often in what it printed last ("76 deselected", a traceback).
    if (run.status === 'no_break')
      for (const line of outputTail(capture)) lines.push(`  ${' '.repeat(width)}  ${paint('dim', `| ${line}`)}`);
  }

  const changedNames = naturalOrder(Object.keys(diff.changed));
  for (const name of changedNames) {
    const entry = diff.changed[name]!;
    const finding = report.changes[name]!;
    lines.push('', paint('bold', name), `  ${paint('yellow', `± ${describeVerb(finding)}`)}`);
    lines.push(...valueLines('-', pad('a'), entry.a, 'red', paint));
    lines.push(...valueLines('+', pad('b'), entry.b, 'green', paint));
  }

  for (const side of ['a', 'b'] as const) {
    const names = naturalOrder(side === 'a' ? diff.only_in_a : diff.only_in_b);
    if (names.length === 0) continue;
    const run = side === 'a' ? runA : runB;
    lines.push('', paint('bold', `only in ${labels[side]} (${names.length})`));
    const nameWidth = Math.min(30, Math.max(...names.map((n) => n.length)));
    for (const name of names) {
      lines.push(
        ...valueLines(
          side === 'a' ? '-' : '+',
          pad(side),
          `${name.padEnd(nameWidth)}  ${run.variables[name] ?? ''}`,
          side === 'a' ? 'red' : 'green',
          paint,
        ),
      );
    }
  }

  const notes = report.findings.filter(isNote);
  if (notes.length > 0) {
    lines.push('', paint('bold', 'notes'));
    for (const note of notes) lines.push(`  ${renderHint(note, labels)}`);
  }

  lines.push('', paint('bold', walkVerdict(report) ?? summarise(result)));
  return `${lines.join('\n')}\n`;
}

/** Findings that say something the variable sections do not. */
function isNote(finding: Finding): boolean {
  return [
    'breakpoint_mismatch',
    'moved',
    'truncated',
    'opaque',
    'clock',
    'unreadable',
    'not_compared',
    'unkeyed',
    'normalised',
    'warning',
  ].includes(finding.kind);
}

function describeRunStatus(side: RunSide, run: RunResult, capture: RunCapture, findings: readonly Finding[]): string {
  if (run.status === 'break')
    return `stopped at ${run.location.file}:${run.location.line} (${plural(Object.keys(run.variables).length, 'variable')})`;
  return `did not stop: ${describeRunEnd(side, capture, findings)}`;
}

/** The last lines the program printed (stdout, then stderr), for a run that did not stop. */
function outputTail(capture: RunCapture, count = OUTPUT_TAIL_LINES): string[] {
  const lines = [capture.output.stdout_tail, capture.output.stderr_tail].flatMap((text) =>
    text
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean),
  );
  return lines.slice(-count);
}

function valueLines(
  symbol: '-' | '+',
  label: string,
  value: string,
  style: Style,
  paint: (s: Style, t: string) => string,
): string[] {
  const [first = '', ...rest] = value.split('\n');
  const indent = ' '.repeat(label.length + 6);
  return [paint(style, `  ${symbol} ${label}  ${first}`), ...rest.map((line) => paint(style, `${indent}${line}`))];
}

function summarise(result: ComparisonResult): string {
  const { run_a: a, run_b: b, diff } = result;
  if (a.status === 'no_break' && b.status === 'no_break')
    return `neither ${a.label} nor ${b.label} stopped at the breakpoint: nothing compared`;
  const counts = describeCounts(countDiff(diff), { a: a.label, b: b.label });
  if (a.status === 'no_break' || b.status === 'no_break') {
    const missing = a.status === 'no_break' ? a.label : b.label;
    return `${missing} did not stop at the breakpoint; ${counts}`;
  }
  if (isDiffEmpty(diff))
    return diff.unchanged.length === 0
      ? 'nothing compared: neither run read a variable'
      : `no differences (${plural(diff.unchanged.length, 'variable')} identical)`;
  return counts;
}
