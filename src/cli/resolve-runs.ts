// CompareArgs -> what the engine needs: two RunSpecs and the CaptureOptions. Every path is checked
// here, before anything starts, so a typo costs no debugger start-up.
import path from 'node:path';
import type { CaptureOptions, RunSide, RunSpec } from '../core/types.js';
import { resolveBreakpointPath } from '../core/breakpoint-path.js';
import { messages } from './messages.js';
import type { CompareArgs } from './parse-args.js';
import { isDirectory, isFile, resolveOutputFile } from './read-input.js';

export interface ResolvedRuns {
  specs: [RunSpec, RunSpec];
  options: CaptureOptions;
  /** The breakpoint file of each run, absolute. */
  breakpointPaths: [string, string];
  /** `-o FILE`, absolute, or null. */
  outputFile: string | null;
  /** `--save-captures DIR`, absolute, or null. */
  saveCapturesDir: string | null;
}

/** `cwd` is bpdiff's own working directory: relative paths in flags are relative to it. */
export function resolveRuns(args: CompareArgs, cwd: string): ResolvedRuns {
  const spec = (side: RunSide): { spec: RunSpec; breakpointPath: string } => {
    const label = args.labels[side];
    const cwdFlag = args.cwd[side] !== null ? `--cwd-${side}` : '--cwd';
    const runCwd = path.resolve(cwd, args.cwd[side] ?? args.cwd.shared ?? '.');
    if (!isDirectory(runCwd)) throw messages.missingCwd(label, cwdFlag, runCwd);
    const breakpointPath = resolveBreakpointPath(args.breakpoint.file, runCwd);
    if (!isFile(breakpointPath)) throw messages.breakpointFileMissing(side, label, args.breakpoint.file, breakpointPath, runCwd);
    const stdinFlag = `stdin-${side}`;
    const stdin = args.stdin[side] === null ? null : existingFile(stdinFlag, args.stdin[side]!, cwd);
    return {
      spec: {
        side,
        label,
        argv: args.commands[side === 'a' ? 0 : 1],
        cwd: runCwd,
        // The run's own --env-a/--env-b wins over the shared --env.
        env: { ...args.env.shared, ...args.env[side] },
        stdin_file: stdin,
      },
      breakpointPath,
    };
  };
  const a = spec('a');
  const b = spec('b');

  const adapterConfig = args.adapterConfig === null ? null : existingFile('adapter-config', args.adapterConfig, cwd);
  // A bare name is looked up on PATH by the engine; anything with a slash is a path from here.
  const adapterPath = args.adapterPath === null ? null : args.adapterPath.includes(path.sep) || args.adapterPath.includes('/') ? path.resolve(cwd, args.adapterPath) : args.adapterPath;

  return {
    specs: [a.spec, b.spec],
    options: {
      breakpoint: args.breakpoint,
      timeout_seconds: args.timeoutSeconds,
      adapter_id: args.adapterId,
      adapter_config: adapterConfig,
      adapter_path: adapterPath,
      depth: args.depth,
      max_children: args.maxChildren,
      max_value_length: args.maxValueLength,
      scope: args.scope,
      raw_values: args.rawValues,
      exact_line: args.exactLine,
      sequential: args.sequential,
    },
    breakpointPaths: [a.breakpointPath, b.breakpointPath],
    outputFile: resolveOutputFile(args.output.outputFile, cwd),
    saveCapturesDir: resolveCapturesDir(args.saveCaptures, cwd),
  };
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

