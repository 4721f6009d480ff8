// bpdiff's own Python adapter (this folder): what its definition's data cannot say.
// - Which interpreter runs the program, and how: the one the user typed, through pyenv shims,
//   shebangs and console scripts (interpreter.ts, shared with debugpy's hooks); the program is then
//   started as typed, with this folder first on PYTHONPATH (its sitecustomize.py starts the adapter)
//   and BPDIFF_DAP_FD naming the socket bpdiff speaks DAP on (DEBUGGEE_DAP_FD).
// - What it cannot serve goes to debugpy (defer): an interpreter older than 3.8, -I or -E (they
//   ignore PYTHONPATH), -S (no site module to run the sitecustomize), PyPy.
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../src/package-root.js';
import {
  DEBUGGEE_DAP_FD,
  helperScript,
  type AdapterHooks,
  type Deferral,
  type LaunchContext,
  type LaunchPlan,
} from '../../src/adapters/hooks.js';
import { runEnvironment } from '../../src/adapters/run-env.js';
import { interpreterOptionEffects, parsePythonCommand, probeInterpreter, type PythonCommand } from './interpreter.js';
import { hashSeed } from './hash-seed.js';

/** The oldest Python the adapter runs in (the `exec` audit event, threading.excepthook). */
export const OLDEST_PYTHON: readonly [number, number] = [3, 8];
const FALLBACK = 'debugpy';

/** Why this adapter cannot serve the run, or null when it can. Exported for tests. */
export function unservable(command: PythonCommand, version: readonly [number, number] | undefined): string | null {
  const { ignoresPythonPath, withoutSite, shortOptions } = interpreterOptionEffects(command);
  if (ignoresPythonPath || withoutSite) {
    const option = shortOptions.find((word) => /[IES]/.test(word.slice(1)))!;
    return `${path.basename(command.interpreter)} runs with ${option}, which keeps bpdiff's Python adapter from starting in the program (${withoutSite && !ignoresPythonPath ? 'no site module' : 'PYTHONPATH ignored'})`;
  }
  if (/^pypy/.test(path.basename(command.interpreter)))
    return `${path.basename(command.interpreter)} is PyPy, and bpdiff's Python adapter needs CPython`;
  if (
    version &&
    (version[0] < OLDEST_PYTHON[0] || (version[0] === OLDEST_PYTHON[0] && version[1] < OLDEST_PYTHON[1]))
  ) {
    return `Python ${version.join('.')} is older than bpdiff's Python adapter supports (${OLDEST_PYTHON.join('.')})`;
  }
  return null;
}

async function defer(context: LaunchContext): Promise<Deferral | null> {
  const { spec } = context;
  const env = runEnvironment(spec);
  const command = parsePythonCommand(spec.argv, spec.cwd, env.PATH);
  const facts = await probeInterpreter(command.interpreter, env, spec.cwd);
  const reason = unservable(command, facts.version);
  return reason
    ? { adapter: FALLBACK, reason: `${reason}: this run is debugged with debugpy (--adapter ${FALLBACK})` }
    : null;
}

async function prepare(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan> {
  const { spec, options } = context;
  const env = runEnvironment(spec);
  const command = parsePythonCommand(spec.argv, spec.cwd, env.PATH);
  const facts = await probeInterpreter(command.interpreter, env, spec.cwd);
  const folder = path.dirname(helperScript(context.definition, 'sitecustomize.py'));
  const { limits } = options;
  return {
    ...plan,
    request: 'attach',
    launch: {
      valueTimeout: limits.value_timeout_seconds,
      // Containers longer than bpdiff reads are listed that far, flat, with their length (as debugpy's).
      maxChildren: Math.min(limits.max_children, limits.max_variables),
    },
    program: {
      executable: facts.executable,
      // As typed: a script's path as the user wrote it (sys.argv[0], __file__ read as without bpdiff).
      args: [...command.interpreterOptions, ...target(command.target), ...command.args],
      env: {
        ...spec.env,
        PYTHONPATH: [folder, ...(env.PYTHONPATH ? [env.PYTHONPATH] : [])].join(path.delimiter),
        BPDIFF_DAP_FD: String(DEBUGGEE_DAP_FD),
        // As for debugpy: bpdiff reads the output through pipes, and a run may end at a stop.
        PYTHONUNBUFFERED: '1',
        PYTHONIOENCODING: 'utf-8',
        ...hashSeed(env),
      },
      cwd: spec.cwd,
      stdinFile: spec.stdin_file === null ? null : path.resolve(spec.cwd, spec.stdin_file),
      // Objects get the same ids in both runs, so a set of them goes in one order (as hash-seed.ts for strings).
      fixedAddresses: true,
    },
    adapterExecutable: facts.executable,
    adapterArgs: [path.join(folder, 'sitecustomize.py')],
    adapterName: context.definition.name,
    version: bpdiffVersion(),
  };
}

let version: string | null | undefined;
/** The adapter ships with bpdiff: its version is bpdiff's. */
function bpdiffVersion(): string | null {
  if (version === undefined) {
    try {
      const parsed = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as {
        version?: unknown;
      };
      version = typeof parsed.version === 'string' ? parsed.version : null;
    } catch {
      version = null;
    }
  }
  return version;
}

function target(value: PythonCommand['target']): string[] {
  if ('program' in value) return [value.program];
  if ('module' in value) return ['-m', value.module];
  return ['-c', value.code];
}

const hooks: AdapterHooks = {
  defer,
  prepare,
};
export default hooks;
