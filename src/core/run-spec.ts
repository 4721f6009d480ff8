// A RunSpec from what a caller knows: the breakpoint is resolved against the run's cwd here, once.
import path from 'node:path';
import { resolveBreakpointPath } from './breakpoint-path.js';
import { withoutWrappers } from './command-wrappers.js';
import type { Breakpoint, RunSide, RunSpec } from './types.js';

export interface RunSpecInput {
  side: RunSide;
  argv: string[];
  /** Working directory; made absolute. */
  cwd: string;
  breakpoint: Breakpoint;
  label?: string;
  env?: Record<string, string>;
  stdin_file?: string | null;
}

export function runSpec(input: RunSpecInput): RunSpec {
  const cwd = path.resolve(input.cwd);
  // `env NAME=VALUE cmd ...`, `sh -c 'cmd ...'`: cmd is the program, the assignments its environment (command-wrappers.ts).
  const command = withoutWrappers(input.argv, input.env ?? {});
  return {
    side: input.side,
    label: input.label ?? input.side.toUpperCase(),
    argv: command.argv,
    cwd,
    env: command.env,
    stdin_file: input.stdin_file ?? null,
    breakpoint: { ...input.breakpoint, path: resolveBreakpointPath(input.breakpoint.file, cwd) },
  };
}
