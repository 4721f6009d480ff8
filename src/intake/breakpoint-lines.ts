// A run's breakpoint file and line, checked before anything starts: the file found from the run's
// folder, the line within it, each file's lines read once; and run B's line followed into its own copy
// of the file when it has no breakpoint of its own (core/line-map.ts says where the line went).
import fs from 'node:fs';
import type { RunSide, RunSpec } from '../core/types.js';
import { resolveBreakpointPath } from '../core/breakpoint-path.js';
import { mapLine, splitLines } from '../core/line-map.js';
import { messages } from '../messages.js';
import { BpdiffError } from '../errors.js';
import { checkInputStat, DEFAULT_MAX_INPUT_BYTES, readBoundedText } from '../read-bounded.js';
import { isFile } from './input-files.js';

/** Where a run's breakpoint file is (`file` as given, from the run's folder); an error when it is no file. */
export function breakpointFileIn(
  runCwd: string,
  file: string,
  side: RunSide,
  label: string,
  flagSide: RunSide | null = side,
): string {
  const found = resolveBreakpointPath(file, runCwd);
  if (!isFile(found) && fs.existsSync(found))
    checkInputStat(fs.statSync(found), found, { what: `the breakpoint file of run ${label}`, file: found });
  if (!isFile(found)) throw messages.breakpointFileMissing(flagSide, label, file, found, runCwd);
  return found;
}

/** A breakpoint past the end of the file would be moved to the last line by the debugger without a word. */
export function checkLineInFile(
  run: Pick<RunSpec, 'label' | 'breakpoint'>,
  lines: string[] | null,
  flag: string,
): void {
  const { file, line } = run.breakpoint;
  if (lines !== null && line > lines.length)
    throw messages.breakpointPastEnd(file, line, lines.length, run.label, flag);
}

/**
 * The lines of a file, each file read once (the line checks and the line mapping read the same
 * files); null for a file unreadable here: the debugger will say what it makes of it. A file that is
 * no regular file, or larger than `maxBytes` (--max-input-bytes), is a one-line error.
 */
export function lineReader(maxBytes: number = DEFAULT_MAX_INPUT_BYTES): (file: string) => string[] | null {
  const read = new Map<string, string[] | null>();
  return (file) => {
    if (!read.has(file)) read.set(file, readLines(file, maxBytes));
    return read.get(file)!;
  };
}

export function readLines(file: string, maxBytes: number): string[] | null {
  try {
    return splitLines(readBoundedText(file, { what: 'the breakpoint file', file }, maxBytes).text);
  } catch (error) {
    if (error instanceof BpdiffError) throw error;
    return null;
  }
}

/**
 * Run B follows run A's --bp line into its own copy of the file, the way `git blame` follows a
 * line, and says so (in B's breakpoint `note`); a line deleted in B is an error that names the flag
 * for B's own breakpoint. A breakpoint B was given itself is left as it is.
 */
export function followLine<B extends Pick<RunSpec, 'label' | 'breakpoint'>>(
  a: Pick<RunSpec, 'label' | 'breakpoint'>,
  b: B,
  own: boolean,
  linesOf: (file: string) => string[] | null,
): B {
  if (own || a.breakpoint.path === b.breakpoint.path) return b;
  const linesA = linesOf(a.breakpoint.path);
  const linesB = linesOf(b.breakpoint.path);
  if (linesA === null || linesB === null) return b;
  const { file, line } = a.breakpoint;
  const mapped = mapLine(linesA, linesB, line);
  if (mapped.kind === 'deleted') throw messages.breakpointLineDeleted(file, line, a.label, b.label);
  if (mapped.kind === 'same' && mapped.line === line) return b;
  const note =
    mapped.kind === 'same'
      ? `line ${line} of ${file} in ${a.label} is line ${mapped.line} in ${b.label}'s copy (lines above it were added or removed), so ${b.label} stops at line ${mapped.line}`
      : `line ${line} of ${file} in ${a.label} was changed in ${b.label}'s copy; ${b.label} stops at line ${mapped.line}, which took its place (${JSON.stringify(linesB[mapped.line - 1]!.trim())}); give --bp-b (run_b.bp) to choose another line`;
  return { ...b, breakpoint: { ...b.breakpoint, line: mapped.line, note } };
}
