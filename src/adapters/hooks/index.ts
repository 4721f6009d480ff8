import { BpdiffError } from '../../errors.js';
import type { AdapterHooks } from './types.js';

// Hooks are loaded only for the adapter in use, so a Python run never loads Go's code.
const loaders: Record<string, () => Promise<AdapterHooks>> = {
  python: async () => (await import('./python.js')).pythonHooks,
  lldb: async () => (await import('./lldb.js')).lldbHooks,
  go: async () => (await import('./go.js')).goHooks,
};

export async function loadHooks(name: string | undefined): Promise<AdapterHooks> {
  if (!name) return {};
  const load = loaders[name];
  if (!load) throw new BpdiffError('ADAPTER_CONFIG', `the adapter definition names hooks "${name}", which bpdiff does not have — remove "hooks" from the definition (known: ${Object.keys(loaders).join(', ')})`);
  return load();
}
