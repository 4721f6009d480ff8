// The output flags of a comparison: --format (more than once, each with its own -o), -o, --summary
// and --fail-on, checked by their declarations.
import { findDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import type { WriterName } from '../output/writers.js';
import type { FailOn } from '../report/report.js';
import { messages } from '../messages.js';
import type { ColorChoice } from '../intake/io.js';

export type OutputFormat = WriterName;

export interface OutputArgs {
  format: OutputFormat;
  /** Whether a format was asked for (`--format`, or a config file's `format` key); else the default. */
  formatAsked: boolean;
  /** `--fail-on any|changed|never`: when the exit status is 1. */
  failOn: FailOn;
  /** `-o FILE`: the JSON document goes to this file (atomically) instead of stdout. */
  outputFile: string | null;
  /** More outputs of the same report: a second `--format` with its own `-o`, and `--summary FILE` (markdown). */
  also: Array<{ format: OutputFormat; file: string }>;
  /** `--max-output-bytes N`: unchanged parts folded so the document fits (null: no bound). */
  maxOutputBytes: number | null;
  /** `--color auto|always|never` for the text writer on stdout. */
  color: ColorChoice;
}

/**
 * `--format` may be given more than once: the i-th `-o` is the i-th format's file, and one format at
 * most (one without its -o) goes to stdout. `--summary FILE` adds markdown to FILE.
 */
export function outputArgs(raw: Readonly<Record<string, unknown>>): OutputArgs {
  const listOf = (flag: string): string[] => {
    const value = raw[flag];
    return value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map(String);
  };
  const formatDeclaration = findDeclaration('format')!;
  const formats = listOf('format').map((format) => readOptionValue(formatDeclaration, format) as OutputFormat);
  const files = listOf('output').map((file) => readOptionValue(findDeclaration('output')!, file) as string);
  const formatAsked = formats.length > 0;
  if (!formatAsked) formats.push('json');
  if (files.length > formats.length) throw messages.moreOutputsThanFormats(files.length, formats.length);
  const targets = formats.map((format, index) => ({ format, file: files[index] ?? null }));
  const toStdout = targets.filter((target) => target.file === null);
  if (toStdout.length > 1) throw messages.formatsToStdout(toStdout.map((target) => target.format));
  const primary = toStdout[0] ?? targets[0]!;
  const also = targets
    .filter((target) => target !== primary)
    .map((target) => ({ format: target.format, file: target.file! }));
  const summary = stringOf(raw, 'summary');
  if (summary !== null) also.push({ format: 'markdown', file: summary });
  const bound = readOptionValue(findDeclaration('max-output-bytes')!, raw['max-output-bytes']);
  return {
    format: primary.format,
    formatAsked,
    failOn: (stringOf(raw, 'fail-on') ?? 'any') as FailOn,
    outputFile: primary.file,
    also,
    maxOutputBytes: typeof bound === 'number' ? bound : null,
    color: (stringOf(raw, 'color') ?? 'auto') as ColorChoice,
  };
}

function stringOf(raw: Readonly<Record<string, unknown>>, flag: string): string | null {
  const value = readOptionValue(findDeclaration(flag)!, raw[flag]);
  return typeof value === 'string' ? value : null;
}

/**
 * No format asked for and the output going to a terminal: text, for the person reading it (as jest and
 * difftastic do). Piped, redirected or to `-o FILE`, the JSON document, so CI and agents read what they did.
 */
export function formatForTerminal(output: OutputArgs, stdoutIsTTY: boolean): OutputArgs {
  if (output.formatAsked || output.outputFile !== null || !stdoutIsTTY) return output;
  return { ...output, format: 'text' };
}
