// How two runs that a locate walk followed to their ends ended: alike in every step compared, yet not
// alike at the end (what they wrote, how they exited), and the hint that says so. Pure: the runs'
// output digests and tails in, the difference and its hint lines out (walk-hints.ts leads with them).
import { showValue, type RunLabels } from './hints.js';

/** A run's whole output, by digest (its tail keeps only the last part): stdout and stderr apart. */
export interface RunOutput {
  stdout: { digest: string; total: number };
  stderr: { digest: string; total: number };
}

/** How a run ended, as far as the comparison of two endings goes. */
export interface RunEnding {
  output: RunOutput;
  /** `exited with code 0`, `was killed by SIGSEGV`: compared as said. */
  how: string;
}

/** Two runs' endings that differ: what they wrote (`output`), or, writing the same, how they ended (`exit`). */
export interface EndDifference {
  kind: 'output' | 'exit';
  /** The first stream whose output differs (stdout before stderr); null for `exit`. */
  stream: 'stdout' | 'stderr' | null;
  how: [string, string];
}

/** Where two runs' endings differ, or null when they ended alike. */
export function compareEndings(a: RunEnding, b: RunEnding): EndDifference | null {
  const stream =
    (['stdout', 'stderr'] as const).find((name) => a.output[name].digest !== b.output[name].digest) ?? null;
  if (stream !== null) return { kind: 'output', stream, how: [a.how, b.how] };
  return a.how === b.how ? null : { kind: 'exit', stream: null, how: [a.how, b.how] };
}

/** What the hint shows of an output difference: the first line that differs (its number when the tails hold the whole output). */
export interface OutputLine {
  line: number | null;
  a: string | null;
  b: string | null;
}

/** The first line of two outputs (tails) that differs; `whole`: both tails hold all of their run's output. */
export function firstDifferentLine(a: string, b: string, whole: boolean): OutputLine {
  const [linesA, linesB] = [splitLines(a), splitLines(b)];
  if (!whole) return { line: null, a: linesA.at(-1) ?? null, b: linesB.at(-1) ?? null };
  for (let index = 0; index < Math.max(linesA.length, linesB.length); index++) {
    if (linesA[index] !== linesB[index]) return { line: index + 1, a: linesA[index] ?? null, b: linesB[index] ?? null };
  }
  // Alike line by line: the difference is in how the last line ends (a newline) or past the tails.
  return { line: null, a: linesA.at(-1) ?? null, b: linesB.at(-1) ?? null };
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The summary a hint is made from: the difference, and for `output` the line shown. */
export interface EndSummary {
  difference: EndDifference;
  shown: OutputLine | null;
}

/** `the runs ended alike in every step compared, but their output differs: stdout line 1 is "1234" in A and "001234" in B`. */
export function describeEndDifference(end: EndSummary, labels: RunLabels): string {
  const { difference, shown } = end;
  if (difference.kind === 'exit')
    return `the runs agreed in every step compared and wrote the same output, but they ended differently: ${labels.a} ${difference.how[0]}, ${labels.b} ${difference.how[1]}`;
  const stream = difference.stream ?? 'stdout';
  const lineOf = (text: string | null, label: string): string =>
    text === null ? `missing in ${label}` : `${showValue(JSON.stringify(text))} in ${label}`;
  const detail =
    shown === null || (shown.a === null && shown.b === null)
      ? `their ${stream} differs`
      : shown.line === null
        ? `their ${stream} differs (its last line: ${lineOf(shown.a, labels.a)}, ${lineOf(shown.b, labels.b)})`
        : `${stream} line ${shown.line} is ${lineOf(shown.a, labels.a)}, ${lineOf(shown.b, labels.b)}`;
  const exits =
    difference.how[0] === difference.how[1]
      ? ''
      : `; ${labels.a} ${difference.how[0]}, ${labels.b} ${difference.how[1]}`;
  return `the runs agreed in every step compared, but their output differs: ${detail}${exits}`;
}

/** What no step of a walk sees: the values a run's last line left, once no stop comes after it. */
export function lastLineNotCompared(last: { file: string; line: number } | null): string {
  return `the values left by the lines run after the last step compared${last === null ? '' : ` (${last.file}:${last.line})`} were not compared: no stop comes after a program's last line (the runs' output and exit codes were compared)`;
}
