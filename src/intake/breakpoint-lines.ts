// A run's breakpoint file and line, checked before anything starts: the file found from the run's
// folder, the line within it, each file's lines read once; and run B's line followed into its own copy
// of the file when it has no breakpoint of its own (core/line-map.ts says where the line went).
import fs from 'node:fs';
import path from 'node:path';
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
 * A breakpoint both runs share, given by an absolute path inside one run's folder only (an editor's
 * path to the file in the checkout at hand, `--cwd-a ../main --cwd-b .`): its path from that folder,
 * which each run finds in its own as it finds a relative --bp, where the other run's folder holds that
 * file too. Else as given: a file outside both folders (a library's) is the same file for both runs,
 * and a file only one checkout has is one the other run never reaches, as it says.
 */
export function sharedBreakpointFile(file: string, cwds: readonly [string, string]): string {
  if (!path.isAbsolute(file) || cwds[0] === cwds[1]) return file;
  const [inA, inB] = cwds.map((cwd) => {
    const relative = path.relative(cwd, file);
    return relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)
      ? null
      : relative;
  });
  if ((inA === null) === (inB === null)) return file;
  const relative = (inA ?? inB)!;
  return isFile(path.join(inA === null ? cwds[0] : cwds[1], relative)) ? relative : file;
}

/**
 * B's copy of A's breakpoint file where B's command names it in its place: A's command names the file
 * (`python3 old.py 10`) and B's names another file of its kind in that word (`python3 new.py 12`). As
 * B's command gives it; null where B's copy is A's file from B's folder.
 */
export function copyNamedByCommand(
  a: Pick<RunSpec, 'argv' | 'cwd' | 'breakpoint'>,
  b: { argv: readonly string[]; cwd: string },
): string | null {
  const at = a.argv.findIndex((word) => path.resolve(a.cwd, word) === a.breakpoint.path);
  const word = b.argv[at];
  if (at === -1 || word === undefined || path.extname(word) !== path.extname(a.argv[at]!)) return null;
  const file = path.resolve(b.cwd, word);
  return file === resolveBreakpointPath(a.breakpoint.file, b.cwd) || !isFile(file) ? null : word;
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
  // B's copy under a name of its own (copyNamedByCommand): said, whatever the line.
  const renamed = b.breakpoint.file !== file;
  if (mapped.kind === 'same' && mapped.line === line && !renamed) return b;
  const copy = renamed
    ? `${b.label}'s copy, ${b.breakpoint.file} (the file its command names in place of ${file})`
    : `${b.label}'s copy`;
  const note =
    mapped.kind === 'same'
      ? mapped.line === line
        ? `line ${line} of ${file} in ${a.label} is line ${line} of ${copy}`
        : `line ${line} of ${file} in ${a.label} is line ${mapped.line} in ${copy} (lines above it were added or removed), so ${b.label} stops at line ${mapped.line}`
      : `line ${line} of ${file} in ${a.label} was changed in ${copy}; ${b.label} stops at line ${mapped.line}, which took its place (${JSON.stringify(linesB[mapped.line - 1]!.trim())}); give --bp-b (run_b.bp) to choose another line`;
  return { ...b, breakpoint: { ...b.breakpoint, line: mapped.line, note } };
}
