// CompareArgs -> what the engine needs: two RunSpecs, each with its breakpoint resolved (once, here),
// and the CaptureOptions with their paths made absolute. Every path is checked here, before anything
// starts, so a typo costs no debugger start-up.
import fs from 'node:fs';
import path from 'node:path';
import type { Breakpoint, CaptureOptions, RunSide, RunSpec } from '../core/types.js';
import { resolveBreakpointPath } from '../core/breakpoint-path.js';
import { mapLine, splitLines } from '../core/line-map.js';
import { messages } from './messages.js';
import type { CompareArgs } from './parse-args.js';
import { isDirectory, isFile, resolveCapturesDir, resolveInputFile, resolveOutputFile } from './read-input.js';

export interface ResolvedRuns {
  specs: [RunSpec, RunSpec];
  options: CaptureOptions;
  /** `-o FILE`, absolute, or null. */
  outputFile: string | null;
  /** `--save-captures DIR`, absolute, or null. */
  saveCapturesDir: string | null;
}

/** `cwd` is bpdiff's own working directory: relative paths in flags are relative to it. */
export function resolveRuns(args: CompareArgs, cwd: string): ResolvedRuns {
  if (args.breakpoints === null) throw messages.missingBreakpoint();
  const linesOf = lineReader();
  const flag = (side: RunSide): string => (args.ownBreakpoint[side] ? `bp-${side}` : 'bp');
  const a = resolveSpec(args, 'a', args.breakpoints.a, cwd);
  checkLineInFile(a, linesOf(a.breakpoint.path), flag('a'));
  // B's line is checked after it followed A's into B's copy: a shorter copy may still hold it.
  const b = followLine(a, resolveSpec(args, 'b', args.breakpoints.b, cwd), args.ownBreakpoint.b, linesOf);
  checkLineInFile(b, linesOf(b.breakpoint.path), flag('b'));
  return { specs: [a, b], ...resolveShared(args, cwd) };
}

/** The one live run of a --baseline check (run B) or of `bpdiff capture`, stopping at `breakpoint`. */
export function resolveLiveRun(args: CompareArgs, cwd: string, breakpoint: Breakpoint): Omit<ResolvedRuns, 'specs'> & { spec: RunSpec } {
  const spec = resolveSpec(args, 'b', breakpoint, cwd);
  checkLineInFile(spec, readLines(spec.breakpoint.path), 'bp');
  return { spec, ...resolveShared(args, cwd) };
}

function resolveSpec(args: CompareArgs, side: RunSide, breakpoint: Breakpoint, cwd: string): RunSpec {
  const label = args.labels[side];
  const cwdFlag = args.cwd[side] !== null ? `--cwd-${side}` : '--cwd';
  const runCwd = path.resolve(cwd, args.cwd[side] ?? args.cwd.shared ?? '.');
  if (!isDirectory(runCwd)) throw messages.missingCwd(label, cwdFlag, runCwd);
  const breakpointPath = breakpointFileIn(runCwd, breakpoint.file, side, label);
  const stdinFlag = `stdin-${side}`;
  const stdin = args.stdin[side] === null ? null : resolveInputFile(stdinFlag, args.stdin[side]!, cwd);
  return {
    side,
    label,
    argv: args.commands[side === 'a' ? 0 : 1],
    cwd: runCwd,
    // The run's own --env-a/--env-b wins over the shared --env.
    env: { ...args.env.shared, ...args.env[side] },
    stdin_file: stdin,
    breakpoint: { ...breakpoint, path: breakpointPath },
  };
}

/** The options with their paths made absolute, and where the output goes. */
function resolveShared(args: CompareArgs, cwd: string): Omit<ResolvedRuns, 'specs'> {
  const { adapter } = args.options;
  return {
    options: { ...args.options, adapter: { ...adapter, ...adapterPaths(adapter, cwd) } },
    outputFile: resolveOutputFile(args.output.outputFile, cwd),
    saveCapturesDir: resolveCapturesDir(args.saveCaptures, cwd),
  };
}

/** --adapter-config and --adapter-path made absolute from `cwd` (the config checked to exist). */
export function adapterPaths(adapter: { config: string | null; path: string | null }, cwd: string): { config: string | null; path: string | null } {
  const config = adapter.config === null ? null : resolveInputFile('adapter-config', adapter.config, cwd);
  // A bare name is looked up on PATH by the engine; anything with a slash is a path from here.
  const executable = adapter.path === null ? null : adapter.path.includes(path.sep) || adapter.path.includes('/') ? path.resolve(cwd, adapter.path) : adapter.path;
  return { config, path: executable };
}

/** Where a run's breakpoint file is (`file` as given, from the run's folder); an error when it is no file. */
export function breakpointFileIn(runCwd: string, file: string, side: RunSide, label: string): string {
  const found = resolveBreakpointPath(file, runCwd);
  if (!isFile(found)) throw messages.breakpointFileMissing(side, label, file, found, runCwd);
  return found;
}

/** A breakpoint past the end of the file would be moved to the last line by the debugger without a word. */
export function checkLineInFile(run: Pick<RunSpec, 'label' | 'breakpoint'>, lines: string[] | null, flag: string): void {
  const { file, line } = run.breakpoint;
  if (lines !== null && line > lines.length) throw messages.breakpointPastEnd(file, line, lines.length, run.label, flag);
}

/**
 * The lines of a file, each file read once (the line checks and the line mapping read the same
 * files); null for a file unreadable here: the debugger will say what it makes of it.
 */
export function lineReader(): (file: string) => string[] | null {
  const read = new Map<string, string[] | null>();
  return (file) => {
    if (!read.has(file)) read.set(file, readLines(file));
    return read.get(file)!;
  };
}

function readLines(file: string): string[] | null {
  try {
    return splitLines(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Run B follows run A's --bp line into its own copy of the file, the way `git blame` follows a
 * line, and says so (in B's breakpoint `note`); a line deleted in B is an error that names the flag
 * for B's own breakpoint (`ownFlag`: --bp-b, or bp_b for a tool call). A breakpoint B was given
 * itself is left as it is.
 */
export function followLine<B extends Pick<RunSpec, 'label' | 'breakpoint'>>(a: Pick<RunSpec, 'label' | 'breakpoint'>, b: B, own: boolean, linesOf: (file: string) => string[] | null, ownFlag = '--bp-b'): B {
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
      : `line ${line} of ${file} in ${a.label} was changed in ${b.label}'s copy; ${b.label} stops at line ${mapped.line}, which took its place (${JSON.stringify(linesB[mapped.line - 1]!.trim())}); give ${ownFlag} to choose another line`;
  return { ...b, breakpoint: { ...b.breakpoint, line: mapped.line, note } };
}
