// The hook loader: a definition's `hooks` module, loaded once. It knows no adapter: the built-in
// adapters' hooks (adapters/<id>/hooks.ts) come as a table the program's entry registers
// (entry/package.ts: registerBuiltinHooks(BUILTIN_HOOKS) from adapters/builtin-hooks.ts), so bpdiff's
// code never imports the adapters that are built on it; a user definition's hooks are imported from
// its folder at run time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { AdapterDefinition } from './definition.js';
import { HOOK_NAMES, type AdapterHooks } from './hooks.js';
import { memoAsync } from './memo.js';
import { isBuiltinPath } from './parse-definition.js';
import { importAtRunTime } from '../run-time-import.js';

/** A built-in adapter's hooks module, by its path under adapters/ (`go/hooks.ts`), as a lazy import. */
export type BuiltinHooksTable = Readonly<Record<string, () => Promise<{ default?: unknown }>>>;

const loaded = memoAsync<AdapterHooks>();
let builtinHooks: BuiltinHooksTable | null = null;

/** Gives the loader the built-in adapters' hooks: the program's entry calls it once, before any run. */
export function registerBuiltinHooks(table: BuiltinHooksTable): void {
  builtinHooks = table;
}

/** The module a definition's `hooks` names, resolved from the definition's folder. */
export function hooksModule(definition: Pick<AdapterDefinition, 'hooks' | 'dir'>): string | null {
  if (!definition.hooks) return null;
  return path.resolve(definition.dir, definition.hooks);
}

/** A built-in adapter's hooks file as a key of the table (null: not a built-in adapter's file). */
function builtinKey(file: string): string | null {
  if (!isBuiltinPath(file)) return null;
  return path.relative(path.join(packageRoot(), 'adapters'), file).split(path.sep).join('/');
}

/** How a built-in adapter's hooks module is imported: by the registered table. */
function builtinLoader(
  definition: Pick<AdapterDefinition, 'file'>,
  file: string,
  key: string,
): () => Promise<{ default?: unknown }> {
  if (builtinHooks === null) {
    throw new BpdiffError(
      'INTERNAL',
      `${definition.file}: the hooks module ${file} belongs to a built-in adapter, but no built-in hooks were registered — a program that runs bpdiff's modules directly must call registerBuiltinHooks(BUILTIN_HOOKS) (adapters/builtin-hooks.ts) first, as entry/package.ts does`,
    );
  }
  const load = builtinHooks[key];
  if (load === undefined) {
    const known = Object.keys(builtinHooks)
      .map((name) => `adapters/${name}`)
      .join(', ');
    throw new BpdiffError(
      'ADAPTER_CONFIG',
      `${definition.file}: the hooks module ${file} is in bpdiff's adapters/ folder but is no built-in adapter's hooks — name one of ${known}`,
    );
  }
  return load;
}

/** The hooks of an adapter: the default export of its `hooks` module, or none. */
export async function loadHooks(definition: Pick<AdapterDefinition, 'hooks' | 'dir' | 'file'>): Promise<AdapterHooks> {
  const file = hooksModule(definition);
  if (!file) return {};
  return loaded(file, async () => {
    const key = builtinKey(file);
    const fail = (problem: string, cause?: unknown): never => {
      const remedy =
        key !== null
          ? 'build bpdiff (npm run build)'
          : 'check "hooks" in the definition: a .js or .mjs module whose default export is the hooks object';
      throw new BpdiffError('ADAPTER_CONFIG', `${definition.file}: the hooks module ${file} ${problem} — ${remedy}`, {
        cause,
      });
    };
    const load =
      key !== null
        ? builtinLoader(definition, file, key)
        : () => importAtRunTime<{ default?: unknown }>(pathToFileURL(file).href);
    let module: { default?: unknown };
    try {
      module = await load();
    } catch (error) {
      return fail(`cannot be loaded (${(error as Error).message.split('\n')[0]})`, error);
    }
    const hooks = module.default;
    if (typeof hooks !== 'object' || hooks === null) return fail('has no default export');
    for (const [name, value] of Object.entries(hooks)) {
      if (!(HOOK_NAMES as readonly string[]).includes(name))
        return fail(`exports an unknown hook "${name}" (known: ${HOOK_NAMES.join(', ')})`);
      if (typeof value !== 'function') return fail(`exports "${name}", which is not a function`);
    }
    return hooks as AdapterHooks;
  });
}
