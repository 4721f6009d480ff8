// The program's functions whose code lies under the walk's folders, by the names dlv's function
// breakpoints take (adapter.json locate.callbacks.function_breakpoints): a walk's step into a line, or
// out of the library, stops in a closure sort.Slice calls, or a handler net/http calls, where dlv's
// step out would run it unseen (a closure itself is not stopped in: CLOSURE below). dlv's DAP server has no command to list functions or to set
// breakpoints by folder, so the binary's own tables say them: `go tool nm` its functions' addresses,
// `go tool addr2line` the file and line each starts at (about 80 ms), once per binary in an invocation.
import path from 'node:path';
import { execa } from 'execa';
import { whichSync } from '../../src/adapters/find-executable.js';
import type { LaunchPlan } from '../../src/adapters/hooks.js';
import { fileStamp } from '../../src/cache-dir.js';

/**
 * A closure (`main.main.func1`, `main.run.func2.1`) or the compiler's wrapper of a go or defer
 * statement. dlv's function breakpoint stops a closure before it has moved what it captured from its
 * context register onto its stack (a captured slice read `len: 4332614` there, other bytes in every
 * run): none is set on one. The named functions a closure calls are stopped in (sort.Slice's
 * `func(i, j int) bool { return key(s[i]) < key(s[j]) }` stops in key()).
 */
const CLOSURE = /\.(?:func\d+(?:\.\d+)*|gowrap\d+|deferwrap\d+)$/;

/** The most functions a walk sets breakpoints on (each toggles with the walk's steps): beyond, none, and calls back run unseen as before. */
const MOST_FUNCTIONS = 400;

/** The functions of the binary `plan.launch.program` whose code starts under `folders`; none where go is not installed. */
export async function callbackFunctions(plan: LaunchPlan, folders: readonly string[]): Promise<string[]> {
  const program = plan.launch.program;
  const cwd = typeof plan.launch.cwd === 'string' ? plan.launch.cwd : process.cwd();
  if (typeof program !== 'string' || folders.length === 0) return [];
  const go = whichSync('go', cwd, process.env.PATH);
  if (go === null) return [];
  const under = folders.map((folder) => path.resolve(folder));
  // Kept for this invocation (a walk's restarts run the one binary bpdiff built), not in the user's
  // cache: the binary bpdiff builds is new, in a folder of its own, at each comparison.
  const key = `${program}\0${fileStamp(program) ?? ''}\0${under.join('\0')}`;
  let names = listed.get(key);
  if (names === undefined) {
    names = functionsUnder(go, program, cwd, under).then((found) => found ?? []);
    listed.set(key, names);
  }
  return names;
}

/** The lists found in this invocation, by binary (its path and stamp) and folders. */
const listed = new Map<string, Promise<string[]>>();

async function functionsUnder(
  go: string,
  program: string,
  cwd: string,
  folders: readonly string[],
): Promise<string[] | null> {
  const options = { cwd, reject: false, timeout: 30_000, stdin: 'pipe' as const };
  const nm = await execa(go, ['tool', 'nm', program], { ...options, stdin: 'ignore' as const });
  if (nm.exitCode !== 0) return null;
  const addresses = nm.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((words) => words[1] === 'T' && words[2] !== undefined && !/^(?:type:|go:|runtime\.)/.test(words[2]))
    .map((words) => `0x${words[0]}`);
  const located = await execa(go, ['tool', 'addr2line', program], { ...options, input: addresses.join('\n') });
  if (located.exitCode !== 0) return null;
  // Two lines an address: the function's name, then `file:line`.
  const lines = located.stdout.split('\n');
  const names = new Set<string>();
  for (let index = 0; index + 1 < lines.length; index += 2) {
    const file = lines[index + 1]!.replace(/:\d+$/, '');
    const name = lines[index]!;
    if (CLOSURE.test(name)) continue;
    if (folders.some((folder) => file === folder || file.startsWith(`${folder}${path.sep}`))) names.add(name);
  }
  return names.size > MOST_FUNCTIONS ? [] : [...names];
}
