// Every path an MCP tool call is given, confined to the client's roots (roots.ts): the breakpoint
// files (`bp`, a run's own `bp`, locate's `from`), the working folders (`cwd`), the stdin files, the
// adapter definitions (`adapter_config`) and the captures (`capture_a`, `capture_b`). Each is found
// as the library will find it (a breakpoint file in its run's folder, the rest from the server's
// folder), its links resolved, and must lie in a root; anything else is a tool error naming the
// roots. `bpdiff compare` with `bp: "/etc/passwd:1"` answered with that file's first line, and
// diff_captures read any file it was named. The CLI keeps reading what its own user names.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../errors.js';
import type { ToolName } from './tools.js';

/** PATH_MAX on Linux. */
const MAX_PATH = 4096;

/** The runs of a tool's arguments: their keys (a capture's one run is `run`). */
const RUN_KEYS: Record<ToolName, readonly string[]> = {
  compare: ['run_a', 'run_b'],
  capture: ['run'],
  locate: ['run_a', 'run_b'],
  diff_captures: [],
  doctor: [],
};

/** Throws a tool error when a path in `args` lies outside every folder of `roots` (real paths). */
export function confineArguments(
  tool: ToolName,
  args: unknown,
  roots: { folders: readonly string[]; declared: boolean },
  base: string,
): void {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return;
  const given = args as Record<string, unknown>;
  const check = (key: string, value: unknown, from: string): void => {
    if (typeof value !== 'string' || value === '') return;
    // Longer than any path the system opens: said as such, not resolved part by part.
    if (value.length > MAX_PATH) throw outsideRoots(key, value, roots);
    const resolved = path.resolve(from, value);
    if (!roots.folders.some((root) => isInside(realPath(resolved), root))) throw outsideRoots(key, value, roots);
  };
  const runs = RUN_KEYS[tool]
    .map((key) => [key, given[key]] as const)
    .filter(
      (pair): pair is readonly [string, Record<string, unknown>] =>
        typeof pair[1] === 'object' && pair[1] !== null && !Array.isArray(pair[1]),
    );
  for (const key of ['cwd', 'stdin_file', 'adapter_config', 'capture_a', 'capture_b']) check(key, given[key], base);
  for (const [name, run] of runs) for (const key of ['cwd', 'stdin_file']) check(`${name}.${key}`, run[key], base);
  // A breakpoint file is found in each run's own folder: the shared `bp` and `from` in every run's.
  const runFolders =
    runs.length === 0 ? [folderOf(given, base)] : runs.map(([, run]) => folderOf(run, folderOf(given, base)));
  for (const [key, value] of [
    ['bp', given['bp']],
    ['from', given['from']],
  ] as const) {
    const file = breakpointFile(value);
    if (file !== null) for (const folder of runFolders) check(key, file, folder);
  }
  for (const [name, run] of runs) {
    const file = breakpointFile(run['bp']);
    if (file !== null) check(`${name}.bp`, file, folderOf(run, folderOf(given, base)));
  }
}

/** The folder a run (or the call) runs in: its `cwd` from `base`, else `base`. */
function folderOf(holder: Record<string, unknown>, base: string): string {
  return typeof holder['cwd'] === 'string' && holder['cwd'] !== '' ? path.resolve(base, holder['cwd']) : base;
}

/** FILE of FILE:LINE (locate's FILE:LINE:N too); null for anything else (the library says what is wrong with it). */
function breakpointFile(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(.+?):\d+(?::\d+)?$/s.exec(value.trim());
  return match ? match[1]! : null;
}

/**
 * The real path of `file`: its links resolved, as far as it exists (a file not there yet is its
 * folder's real path and its name; the library then says it is missing).
 */
function realPath(file: string): string {
  let existing = file;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return file;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

function isInside(file: string, root: string): boolean {
  const relative = path.relative(root, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function outsideRoots(
  key: string,
  value: string,
  roots: { folders: readonly string[]; declared: boolean },
): BpdiffError {
  const where = roots.declared
    ? `the client's roots (${roots.folders.join(', ')})`
    : `${roots.folders[0]}, the folder bpdiff mcp was started in (the client declares no roots)`;
  const todo = roots.declared
    ? 'give a path inside one of them, or have the client add the folder to its roots'
    : 'give a path inside it, or have the client declare the folder among its roots (MCP roots)';
  // Not cut here: the tool error is redacted, then bounded (a cut first could keep half a secret).
  return new BpdiffError(
    'USAGE',
    `${key} ${JSON.stringify(value)} is outside ${where}: bpdiff mcp reads and runs only there — ${todo}`,
  );
}
