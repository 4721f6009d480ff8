// cdt-gdb-adapter: what the data in adapter.json cannot say.
// - The program, resolved as a run's command is; its stdin and stdout: gdb starts it through a shell
//   with the argument string, and without a redirect it would read gdb's own stdin, the adapter's MI
//   pipe, and write its lines into the MI stream (stdout goes to a terminal of bpdiff_gdb.py's instead).
// - bpdiff_gdb.py (beside this file), sourced first: the exit status, containers as one value; and
//   bpdiff_cpu_count.py (adapters/native/), which it imports.
// - gdb itself must be there (the adapter starts it only once the launch arrives).
// - The version: the adapter's package and gdb's.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../../src/errors.js';
import { quoteShellArg } from '../../src/core/shell-quote.js';
import {
  helperScript,
  copySharedHelper,
  CPU_COUNT_SCRIPT,
  type AdapterHooks,
  type LaunchContext,
  type LaunchPlan,
} from '../../src/adapters/hooks.js';
import { resolveProgram } from '../../src/adapters/prepare-launch.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { whichSync } from '../../src/adapters/find-executable.js';
import { runProbe } from '../../src/adapters/probe.js';

/** The helper gdb sources first (a file of this folder), copied into the run's own folder. */
export const HELPER = 'bpdiff_gdb.py';
/** The value a function returned (locate.returned.read), which HELPER imports from beside it. */
export const RETURNS_HELPER = 'bpdiff_gdb_returns.py';
/** The link to the terminal the program's stdout is written to, in the run's own folder. */
const STDOUT_LINK = 'bpdiff-stdout';

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, definition, tempDir } = context;
  const env = runEnvironment(spec);
  const gdbName = typeof plan.launch.gdb === 'string' ? plan.launch.gdb : 'gdb';
  const gdb = whichSync(gdbName, spec.cwd, env.PATH);
  if (!gdb)
    throw new BpdiffError(
      'ADAPTER_MISSING',
      `gdb is not installed (looked for ${gdbName} on PATH), which ${plan.adapterName} drives — install it with: ${definition.install}`,
    );
  const helper = path.join(tempDir, HELPER);
  fs.copyFileSync(helperScript(definition, HELPER), helper);
  copySharedHelper(CPU_COUNT_SCRIPT, tempDir);
  fs.copyFileSync(helperScript(definition, RETURNS_HELPER), path.join(tempDir, RETURNS_HELPER));
  const stdin = spec.stdin_file === null ? '/dev/null' : path.resolve(spec.cwd, spec.stdin_file);
  // The program's stdout goes to a terminal bpdiff_gdb.py opens and passes on (its point 5), not to the MI pipe.
  const stdout = path.join(tempDir, STDOUT_LINK);
  const initCommands = Array.isArray(plan.launch.initCommands) ? plan.launch.initCommands.map(String) : [];
  const args = typeof plan.launch.arguments === 'string' ? plan.launch.arguments : '';
  return {
    ...plan,
    launch: {
      ...plan.launch,
      program: resolveProgram(spec.argv[0]!, spec.cwd, env),
      gdb,
      arguments: `${args}${args ? ' ' : ''}< ${quoteShellArg(stdin)} > ${quoteShellArg(stdout)}`,
      initCommands: [`source ${helper}`, `python bpdiff_follow_stdout(${JSON.stringify(stdout)})`, ...initCommands],
    },
  };
}

/** `1.7.0 (gdb 13.1)`: the adapter's package version, and the gdb it drives. */
async function version(plan: LaunchPlan): Promise<string | null> {
  let adapter: string | null = null;
  try {
    // The executable is the package's dist/debugAdapter.js (a link to it on PATH).
    const file = fs.realpathSync(plan.adapterExecutable);
    const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
    };
    if (manifest.name === 'cdt-gdb-adapter' && typeof manifest.version === 'string') adapter = manifest.version;
  } catch {
    adapter = null;
  }
  const gdb =
    typeof plan.launch.gdb === 'string' && path.isAbsolute(plan.launch.gdb)
      ? plan.launch.gdb
      : whichSync('gdb', process.cwd());
  const probe = gdb ? await runProbe(gdb, ['--version'], { cwd: process.cwd(), timeoutMs: 10_000 }) : null;
  const gdbVersion = probe ? (/^GNU gdb .*?(\d+(?:\.\d+)+)/m.exec(probe.stdout)?.[1] ?? null) : null;
  if (adapter === null && gdbVersion === null) return null;
  return `${adapter ?? '(version unknown)'}${gdbVersion ? ` (gdb ${gdbVersion})` : ''}`;
}

const hooks: AdapterHooks = {
  prepare,
  version,
};
export default hooks;
