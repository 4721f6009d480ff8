// Tests run bpdiff's modules from source: they register the built-in adapters' hooks as the package's
// entry (entry/package.ts) does.
import { registerBuiltinHooks } from '../../src/adapters/load-hooks.js';
import { BUILTIN_HOOKS } from '../../adapters/builtin-hooks.js';

registerBuiltinHooks(BUILTIN_HOOKS);
