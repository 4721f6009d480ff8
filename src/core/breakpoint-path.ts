// Where a breakpoint's file is, for a run: resolved against the run's working directory.
import path from 'node:path';

/** A relative breakpoint file is resolved against the run's working directory; an absolute one is kept. */
export function resolveBreakpointPath(file: string, cwd: string): string {
  return path.isAbsolute(file) ? path.normalize(file) : path.resolve(cwd, file);
}
