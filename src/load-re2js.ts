// re2js (RE2's engine in JavaScript, for the user's --normalize patterns: src/core/linear-regex.ts),
// loaded synchronously on first use, so that importing bpdiff or a command without patterns never
// pays for it (~30 ms of evaluation). Run from the sources (tsc's dist/, tests) it is the installed
// package; in the package's one bundle (scripts/bundle-cli.mjs) this module is replaced by one whose
// require('re2js') esbuild bundles, as src/load-ajv.ts is.
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

export function loadRe2js(): typeof RE2JS {
  return (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
}
