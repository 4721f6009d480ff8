// The hook loader: a definition's `hooks` module, loaded once. It stands beside the built-in adapters
// (adapters/<id>/) because it names their hooks: the contract it loads them by (src/adapters/hooks.ts)
// knows no adapter.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BpdiffError } from '../src/errors.js';
import { packageRoot } from '../src/package-root.js';
import type { AdapterDefinition } from '../src/adapters/definition.js';
import { HOOK_NAMES, type AdapterHooks } from '../src/adapters/hooks.js';
import { memoAsync } from '../src/adapters/memo.js';
import { isBuiltinPath } from '../src/adapters/parse-definition.js';
import { importAtRunTime } from '../src/run-time-import.js';

const loaded = memoAsync<AdapterHooks>();

/**
 * The built-in adapters' hooks, by their file under adapters/. They are imported by name, not by path,
 * so that they are part of bpdiff's own module graph however bpdiff runs: from source (vitest, tsx),
 * compiled to dist/, or bundled into the CLI (dist/bin/, scripts/bundle-cli.mjs). One graph means one
 * BpdiffError class and one trace for the hooks and their caller. A test keeps this list equal to the
 * adapters' folders.
 */
export const BUILTIN_HOOKS: Readonly<Record<string, () => Promise<{ default?: unknown }>>> = {
  'debugpy/hooks.ts': () => import('./debugpy/hooks.js'),
  'gdb/hooks.ts': () => import('./gdb/hooks.js'),
  'go/hooks.ts': () => import('./go/hooks.js'),
  'lldb/hooks.ts': () => import('./lldb/hooks.js'),
  'python/hooks.ts': () => import('./python/hooks.js'),
  'ruby/hooks.ts': () => import('./ruby/hooks.js'),
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
