// The `launch` request's arguments: bpdiff's form `{command, cwd, env, stdinFile, sourceMaps, stopOnEntry}` and
// the familiar VS Code form `{program, args, runtimeExecutable, runtimeArgs}`, both reduced to one
// normalised description of what to spawn.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';

export interface NodeLaunchArguments extends DebugProtocol.LaunchRequestArguments {
  /** The full command line as the user typed it: ["node", "app.js", "10"], ["npm", "run", "start"]... */
  command?: string[];
  cwd?: string;
  /** Merged over the adapter's own environment; a null value removes the variable. */
  env?: Record<string, string | null>;
  /** File fed to the program's stdin; absent or null means an empty stdin (/dev/null). */
  stdinFile?: string | null;
  /** Use source maps (inline or .map files) for breakpoints and stack frames. Default true. */
  sourceMaps?: boolean;
  /** Stop at the first statement of the program's main module (a `stopped` event with reason `entry`). */
  stopOnEntry?: boolean;
  // VS Code's form, translated to `command`.
  program?: string;
  args?: string[];
  runtimeExecutable?: string;
  runtimeArgs?: string[];
}

export interface LaunchPlan {
  command: string[];
  cwd: string;
  env: Record<string, string | null>;
  stdinFile: string | null;
  sourceMaps: boolean;
  stopOnEntry: boolean;
}

export class LaunchConfigError extends Error {
  override name = 'LaunchConfigError';
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function planLaunch(args: NodeLaunchArguments, adapterCwd: string = process.cwd()): LaunchPlan {
  if (args.cwd !== undefined && typeof args.cwd !== 'string')
    throw new LaunchConfigError("'cwd' must be a string (a directory)");
  if (args.env !== undefined && (args.env === null || typeof args.env !== 'object' || Array.isArray(args.env))) {
    throw new LaunchConfigError("'env' must be an object of NAME: value strings");
  }
  for (const [name, value] of Object.entries(args.env ?? {})) {
    if (value !== null && typeof value !== 'string')
      throw new LaunchConfigError(`'env.${name}' must be a string (or null to remove it)`);
  }
  if (args.stdinFile !== undefined && args.stdinFile !== null && typeof args.stdinFile !== 'string') {
    throw new LaunchConfigError("'stdinFile' must be a path or null");
  }
  if (args.sourceMaps !== undefined && typeof args.sourceMaps !== 'boolean')
    throw new LaunchConfigError("'sourceMaps' must be true or false");
  if (args.stopOnEntry !== undefined && typeof args.stopOnEntry !== 'boolean')
    throw new LaunchConfigError("'stopOnEntry' must be true or false");

  let cwd = args.cwd !== undefined ? path.resolve(adapterCwd, args.cwd) : undefined;
  let command: string[];
  if (args.command !== undefined) {
    if (!isStringArray(args.command) || args.command.length === 0 || args.command[0] === '') {
      throw new LaunchConfigError('\'command\' must be a non-empty array of strings, e.g. ["node", "app.js"]');
    }
    command = [...args.command];
  } else if (args.program !== undefined || args.runtimeExecutable !== undefined) {
    if (args.program !== undefined && typeof args.program !== 'string')
      throw new LaunchConfigError("'program' must be a string");
    if (args.args !== undefined && !isStringArray(args.args))
      throw new LaunchConfigError("'args' must be an array of strings");
    if (args.runtimeArgs !== undefined && !isStringArray(args.runtimeArgs))
      throw new LaunchConfigError("'runtimeArgs' must be an array of strings");
    if (args.runtimeExecutable !== undefined && typeof args.runtimeExecutable !== 'string') {
      throw new LaunchConfigError("'runtimeExecutable' must be a string");
    }
    const program = args.program !== undefined ? path.resolve(cwd ?? adapterCwd, args.program) : undefined;
    cwd ??= program !== undefined ? path.dirname(program) : adapterCwd;
    command = [
      args.runtimeExecutable ?? 'node',
      ...(args.runtimeArgs ?? []),
      ...(program !== undefined ? [program] : []),
      ...(args.args ?? []),
    ];
  } else {
    throw new LaunchConfigError('launch needs \'command\' (e.g. ["node", "app.js"]) or \'program\'');
  }
  return {
    command,
    cwd: cwd ?? adapterCwd,
    env: { ...(args.env ?? {}) },
    stdinFile: args.stdinFile ? path.resolve(cwd ?? adapterCwd, args.stdinFile) : null,
    sourceMaps: args.sourceMaps ?? true,
    stopOnEntry: args.stopOnEntry ?? false,
  };
}
