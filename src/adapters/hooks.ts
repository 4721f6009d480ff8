// The code hooks of an adapter, for what its definition's data cannot say, and their loader. Each
// adapter's hooks live in its own folder (adapters/<id>/hooks.ts), named by the definition's `hooks`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaptureOptions, RunSpec } from '../core/types.js';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { AdapterDefinition } from './definition.js';
import { memoAsync } from './memo.js';
import { isBuiltinPath } from './parse-definition.js';
import { importAtRunTime } from '../run-time-import.js';

/** Everything a hook may look at while it turns a run into a launch request. */
export interface LaunchContext {
  /** The adapter's definition; `definition.dir` is its folder, where its helper scripts are. */
  definition: AdapterDefinition;
  /** The run; `spec.breakpoint.path` is its breakpoint file, resolved against its cwd. */
  spec: RunSpec;
  options: CaptureOptions;
  /** Aborted on Ctrl-C; a hook that builds must stop its build. */
  signal: AbortSignal;
  log: (line: string) => void;
  /** A folder of this run's own, removed when the run ends. */
  tempDir: string;
  /** Remember a process (a build) so that it is killed if the run is abandoned. */
  track: (pid: number) => void;
}

/**
 * The program as bpdiff starts it itself, in a session of its own beside the adapter, for an adapter
 * that attaches to it (LaunchPlan.request 'attach'): bpdiff then owns its stdio and its exit status.
 */
export interface DebuggeeCommand {
  executable: string;
  args: string[];
  /** Put over bpdiff's own environment (the run's --env included, as the hook sees fit). */
  env: Record<string, string>;
  cwd: string;
  /** The file on its stdin (--stdin-a/-b, absolute), or null for an empty one (/dev/null). */
  stdinFile: string | null;
  /**
   * The adapter's event that says it listens for the program, and the field of its body that names
   * the port. The adapter picks that port itself: a port bpdiff picked could be taken by another
   * process (another bpdiff's run) before the adapter binds it, and its program could then reach the
   * wrong adapter.
   */
  listening: { event: string; portField: string };
  /**
   * When bpdiff starts it: 'with-adapter', at once (a program starts slower than its adapter), the
   * port then written as one line (`51234\n`) on the program's file descriptor ADAPTER_PORT_FD once the
   * adapter listens, and the descriptor closed (closed with nothing written if the adapter never
   * says it listens); or 'when-listening', once it listens, `${port}` in `args` replaced by the port.
   */
  startOn: 'with-adapter' | 'when-listening';
}

/** The program's file descriptor on which bpdiff writes the adapter's port (DebuggeeCommand.startOn). */
export const ADAPTER_PORT_FD = 3;

/** What bpdiff needs to start the adapter and launch the program. */
export interface LaunchPlan {
  /** The arguments of the request that starts the debug session (`request`). */
  launch: Record<string, unknown>;
  /** That request: 'launch' (the adapter starts the program; the default), or 'attach' to `debuggee`. */
  request?: 'launch' | 'attach';
  /** The program bpdiff starts itself, for an 'attach' request. */
  debuggee?: DebuggeeCommand;
  adapterExecutable: string;
  adapterArgs: string[];
  adapterEnv: Record<string, string>;
  /** Name of the adapter as messages show it (may carry the version found). */
  adapterName: string;
  /** Time a build took before the launch, when the hook built the program. */
  buildMs: number | null;
  warnings: string[];
  /** Overrides the definition's condition handling for this run (e.g. when the helper cannot be loaded). */
  condition?: AdapterDefinition['condition'];
  /** The adapter's version, when preparing the launch found it. */
  version?: string | null;
}

export interface AdapterHooks {
  /** Adjusts the plan made from the definition's data (which interpreter, which binary, a build). */
  prepare?(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan>;
  /** The adapter's version, when it can be read without slowing the run down. */
  version?(plan: LaunchPlan): Promise<string | null>;
  /** Rewrites run-dependent parts of a captured value that a `normalise` regex cannot (skipped with --raw-values). */
  normaliseValue?(value: string): string;
  /**
   * The name of a captured variable as the program's language writes it, when the adapter names it in
   * another language's syntax (lldb-dap writes Rust's `team.name` as C's `team->name`).
   */
  variableName?(path: string, breakpointPath: string): string;
}

const HOOK_NAMES: ReadonlyArray<keyof AdapterHooks> = ['prepare', 'version', 'normaliseValue', 'variableName'];
const loaded = memoAsync<AdapterHooks>();

/**
 * The built-in adapters' hooks, by their file under adapters/. They are imported by name, not by path,
 * so that they are part of bpdiff's own module graph however bpdiff runs: from source (vitest, tsx),
 * compiled to dist/, or bundled into the CLI (dist/bin/, scripts/bundle-cli.mjs). One graph means one
 * BpdiffError class and one trace for the hooks and their caller. A test keeps this list equal to the
 * adapters' folders.
 */
export const BUILTIN_HOOKS: Readonly<Record<string, () => Promise<{ default?: unknown }>>> = {
  'go/hooks.ts': () => import('../../adapters/go/hooks.js'),
  'lldb/hooks.ts': () => import('../../adapters/lldb/hooks.js'),
  'python/hooks.ts': () => import('../../adapters/python/hooks.js'),
};

/** The module a definition's `hooks` names, resolved from the definition's folder. */
export function hooksModule(definition: Pick<AdapterDefinition, 'hooks' | 'dir'>): string | null {
  if (!definition.hooks) return null;
  return path.resolve(definition.dir, definition.hooks);
}

/** A built-in adapter's hooks file as a key of BUILTIN_HOOKS (null: not a built-in adapter's file). */
function builtinKey(file: string): string | null {
  if (!isBuiltinPath(file)) return null;
  return path.relative(path.join(packageRoot(), 'adapters'), file).split(path.sep).join('/');
}

/** The hooks of an adapter: the default export of its `hooks` module, or none. */
export async function loadHooks(definition: Pick<AdapterDefinition, 'hooks' | 'dir' | 'file'>): Promise<AdapterHooks> {
  const file = hooksModule(definition);
  if (!file) return {};
  return loaded(file, async () => {
    const key = builtinKey(file);
    const fail = (problem: string, cause?: unknown): never => {
      const remedy = key !== null ? 'build bpdiff (npm run build)' : 'check "hooks" in the definition: a .js or .mjs module whose default export is the hooks object';
      throw new BpdiffError('ADAPTER_CONFIG', `${definition.file}: the hooks module ${file} ${problem} — ${remedy}`, { cause });
    };
    const load = key !== null ? BUILTIN_HOOKS[key] : () => importAtRunTime<{ default?: unknown }>(pathToFileURL(file).href);
    if (load === undefined) {
      const known = Object.keys(BUILTIN_HOOKS).map((name) => `adapters/${name}`).join(', ');
      throw new BpdiffError('ADAPTER_CONFIG', `${definition.file}: the hooks module ${file} is in bpdiff's adapters/ folder but is no built-in adapter's hooks — name one of ${known}`);
    }
    let module: { default?: unknown };
    try {
      module = await load();
    } catch (error) {
      return fail(`cannot be loaded (${(error as Error).message.split('\n')[0]})`, error);
    }
    const hooks = module.default;
    if (typeof hooks !== 'object' || hooks === null) return fail('has no default export');
    for (const [name, value] of Object.entries(hooks)) {
      if (!(HOOK_NAMES as readonly string[]).includes(name)) return fail(`exports an unknown hook "${name}" (known: ${HOOK_NAMES.join(', ')})`);
      if (typeof value !== 'function') return fail(`exports "${name}", which is not a function`);
    }
    return hooks as AdapterHooks;
  });
}

/**
 * A helper script of the adapter (sitecustomize.py), for a hook to copy into the run's folder: beside
 * the definition (`definition.dir`), else beside its hooks (a user's definition that names a built-in
 * adapter's hooks.ts uses that adapter's scripts).
 */
export function helperScript(definition: Pick<AdapterDefinition, 'dir' | 'file' | 'hooks'>, name: string): string {
  const folders = [definition.dir, ...(definition.hooks ? [path.dirname(path.resolve(definition.dir, definition.hooks))] : [])];
  const found = folders.map((folder) => path.join(folder, name)).find((file) => fs.existsSync(file));
  if (!found) {
    throw new BpdiffError('ADAPTER_CONFIG', `${definition.file}: its hooks need ${name} beside the definition, in ${definition.dir} — copy it there from bpdiff's adapters/ folder`);
  }
  return found;
}
