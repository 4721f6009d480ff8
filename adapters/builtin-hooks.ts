// The built-in adapters' hooks, by their file under adapters/. They are imported by name, not by path,
// so that they are part of bpdiff's own module graph however bpdiff runs: from source (vitest, tsx),
// compiled to dist/, or bundled (scripts/bundle-cli.mjs). One graph means one BpdiffError class and one
// trace for the hooks and their caller. The program's entry hands this table to the hook loader
// (src/adapters/load-hooks.ts registerBuiltinHooks); a test keeps it equal to the adapters' folders.
import type { BuiltinHooksTable } from '../src/adapters/load-hooks.js';

export const BUILTIN_HOOKS: BuiltinHooksTable = {
  'debugpy/hooks.ts': () => import('./debugpy/hooks.js'),
  'gdb/hooks.ts': () => import('./gdb/hooks.js'),
  'go/hooks.ts': () => import('./go/hooks.js'),
  'java/hooks.ts': () => import('./java/hooks.js'),
  'lldb/hooks.ts': () => import('./lldb/hooks.js'),
  'python/hooks.ts': () => import('./python/hooks.js'),
  'ruby/hooks.ts': () => import('./ruby/hooks.js'),
};
