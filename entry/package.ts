// The package's one build (dist/bpdiff.cjs, scripts/bundle-cli.mjs): bpdiff's library and its command,
// with the built-in adapters' hooks handed to the hook loader. It stands above both src/ and adapters/
// (whose hooks are built on src/), so neither imports the other's upper floor.
import { registerBuiltinHooks } from '../src/adapters/load-hooks.js';
import { BUILTIN_HOOKS } from '../adapters/builtin-hooks.js';

registerBuiltinHooks(BUILTIN_HOOKS);

export * from '../src/index.js';
export { runMain } from '../src/cli/main.js';
