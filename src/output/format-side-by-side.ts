// The side-by-side writer, for a terminal, in the manner of difftastic: the two runs in two columns
// (A | B), one row per variable that differs, a long value wrapped within its column, the change in
// a few words under the values; then the summary line. Width: the terminal's (at most 160), else 100.
import type { RunSide } from '../core/types.js';
import { countDiff, describeBreakpoint, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { describeRunEnd } from '../core/hints.js';
import type { Report } from '../report/report.js';
import type { WriterOptions } from './writer.js';
import { describeVerb } from './verbs.js';
import { naturalOrder } from './name-order.js';
import { walkVerdict } from './verdict.js';

const ANSI = { red: 31, green: 32, yellow: 33, bold: 1, dim: 2 } as const;
type Style = keyof typeof ANSI;

export function writeSideBySide(report: Report, options: WriterOptions): string {
  const paint = (style: Style, text: string): string =>
    options.color && text !== '' ? `\u001b[${ANSI[style]}m${text}\u001b[0m` : text;
  const { run_a: a, run_b: b, diff, breakpoint } = report.document;
  const width = Math.max(60, Math.min(160, options.columns ?? 100));
  const names = [...Object.keys(diff.changed), ...diff.only_in_a, ...diff.only_in_b];
  const nameWidth = Math.min(28, Math.max(8, ...names.map((name) => name.length)));
  const column = Math.floor((width - nameWidth - 6) / 2);
  const lines: string[] = [paint('bold', `breakpoint ${describeBreakpoint(breakpoint)}`)];

  const status = (side: RunSide): string => {
    const run = side === 'a' ? a : b;
    const capture = report.captures[side === 'a' ? 0 : 1];
    return run.status === 'break'
      ? `stopped at ${run.location.file}:${run.location.line}`
      : `did not stop: ${describeRunEnd(side, capture, report.findings)}`;
  };
  lines.push(row('', [a.label, b.label], nameWidth, column, paint, ['bold', 'bold']));
  lines.push(row('', [a.command, b.command], nameWidth, column, paint, ['dim', 'dim']));
  lines.push(row('', [status('a'), status('b')], nameWidth, column, paint, ['dim', 'dim']));
  lines.push(`${'─'.repeat(nameWidth)}─┼─${'─'.repeat(column)}─┼─${'─'.repeat(column)}`);

  for (const name of naturalOrder(Object.keys(diff.changed))) {
    const finding = report.changes[name];
    lines.push(row(name, [diff.changed[name]!.a, diff.changed[name]!.b], nameWidth, column, paint, ['red', 'green']));
    if (finding) lines.push(`${''.padEnd(nameWidth)} │ ${paint('yellow', `± ${describeVerb(finding)}`)}`);
  }
  for (const name of naturalOrder(diff.only_in_a))
    lines.push(row(name, [a.variables[name] ?? '', ''], nameWidth, column, paint, ['red', 'green']));
  for (const name of naturalOrder(diff.only_in_b))
    lines.push(row(name, ['', b.variables[name] ?? ''], nameWidth, column, paint, ['red', 'green']));

  const counts = describeCounts(countDiff(diff), { a: a.label, b: b.label });
  const summary =
    walkVerdict(report) ??
    (a.status === 'break' && b.status === 'break' && isDiffEmpty(diff)
      ? `no differences (${plural(diff.unchanged.length, 'variable')} identical)`
      : counts);
  lines.push('', paint('bold', summary));
  return `${lines.join('\n')}\n`;
}

/** One row: the name, then each run's text in its column, wrapped; the columns parted by │. */
function row(
  name: string,
  texts: [string, string],
  nameWidth: number,
  column: number,
  paint: (style: Style, text: string) => string,
  styles: [Style, Style],
): string {
  const names = wrap(name, nameWidth);
  const [left, right] = texts.map((text) => wrap(text, column));
  const height = Math.max(names.length, left!.length, right!.length);
  const out: string[] = [];
  for (let index = 0; index < height; index++) {
    const cells = [left![index] ?? '', right![index] ?? ''];
    out.push(
      `${(names[index] ?? '').padEnd(nameWidth)} │ ${paint(styles[0], cells[0]!.padEnd(column))} │ ${paint(styles[1], cells[1]!)}`.trimEnd(),
    );
  }
  return out.join('\n');
}

/** A text cut into lines of at most `width` characters, at its own line breaks first. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (line.length === 0) lines.push('');
    for (let start = 0; start < line.length; start += width) lines.push(line.slice(start, start + width));
  }
  return lines.length === 0 ? [''] : lines;
}
