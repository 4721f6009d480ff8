// CompareArgs -> what the engine needs: two RunSpecs, each with its breakpoint resolved (once, here),
// and the CaptureOptions with their paths made absolute. Every path is checked here, before anything
// starts, so a typo costs no debugger start-up.
import fs from 'node:fs';
import path from 'node:path';
import type { CaptureOptions, RunSide, RunSpec } from '../core/types.js';
import { resolveBreakpointPath } from '../core/breakpoint-path.js';
import { messages } from './messages.js';
import type { CompareArgs } from './parse-args.js';
import { isDirectory, isFile, resolveOutputFile } from './read-input.js';

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
  const spec = (side: RunSide): RunSpec => {
    const label = args.labels[side];
    const cwdFlag = args.cwd[side] !== null ? `--cwd-${side}` : '--cwd';
    const runCwd = path.resolve(cwd, args.cwd[side] ?? args.cwd.shared ?? '.');
    if (!isDirectory(runCwd)) throw messages.missingCwd(label, cwdFlag, runCwd);
    const breakpointPath = resolveBreakpointPath(args.breakpoint.file, runCwd);
    if (!isFile(breakpointPath)) throw messages.breakpointFileMissing(side, label, args.breakpoint.file, breakpointPath, runCwd);
    checkLineInFile(args.breakpoint.file, args.breakpoint.line, breakpointPath, label);
    const stdinFlag = `stdin-${side}`;
    const stdin = args.stdin[side] === null ? null : existingFile(stdinFlag, args.stdin[side]!, cwd);
    return {
      side,
      label,
      argv: args.commands[side === 'a' ? 0 : 1],
      cwd: runCwd,
      // The run's own --env-a/--env-b wins over the shared --env.
      env: { ...args.env.shared, ...args.env[side] },
      stdin_file: stdin,
      breakpoint: { ...args.breakpoint, path: breakpointPath },
    };
  };
  const specs: [RunSpec, RunSpec] = [spec('a'), spec('b')];

  const { adapter } = args.options;
  const config = adapter.config === null ? null : existingFile('adapter-config', adapter.config, cwd);
  // A bare name is looked up on PATH by the engine; anything with a slash is a path from here.
  const executable = adapter.path === null ? null : adapter.path.includes(path.sep) || adapter.path.includes('/') ? path.resolve(cwd, adapter.path) : adapter.path;

  return {
    specs,
    options: { ...args.options, adapter: { ...adapter, config, path: executable } },
    outputFile: resolveOutputFile(args.output.outputFile, cwd),
    saveCapturesDir: resolveCapturesDir(args.saveCaptures, cwd),
  };
}

/** A breakpoint past the end of the file would be moved to the last line by the debugger without a word. */
function checkLineInFile(file: string, line: number, resolved: string, label: string): void {
  let text: string;
  try {
    text = fs.readFileSync(resolved, 'utf8');
  } catch {
    return; // unreadable here: the debugger will say what it makes of it
  }
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  if (line > lines) throw messages.breakpointPastEnd(file, line, lines, label);
}

/** A folder for --save-captures: an existing folder, or a new one whose parent exists. */
function resolveCapturesDir(dir: string | null, cwd: string): string | null {
  if (dir === null) return null;
  const resolved = path.resolve(cwd, dir);
  if (isDirectory(resolved)) return resolved;
  if (isFile(resolved)) throw messages.saveCapturesNotDirectory(dir);
  if (!isDirectory(path.dirname(resolved))) throw messages.saveCapturesParentMissing(dir, path.dirname(resolved));
  return resolved;
}

function existingFile(flagName: string, file: string, cwd: string): string {
  const resolved = path.resolve(cwd, file);
  if (!isFile(resolved)) throw messages.optionFileMissing(flagName, file);
  return resolved;
}
