// Ajv, loaded synchronously on first use (src/core/schemas.ts, src/adapters/parse-definition.ts), so
// that importing bpdiff or `bpdiff --help` never pays for it and validation stays synchronous. Run
// from the sources (tsc's dist/, tests) it is the installed package; in the package's one bundle
// (scripts/bundle-cli.mjs) this module is replaced by one whose require('ajv') esbuild bundles, so
// the installed bpdiff needs no ajv of its own.
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';

export type AjvClass = new (options: object) => Ajv;

export function loadAjv(): AjvClass {
  const mod = createRequire(import.meta.url)('ajv') as { Ajv?: AjvClass; default?: AjvClass };
  const found = mod.Ajv ?? mod.default;
  if (found === undefined) throw new Error('the ajv package does not export Ajv');
  return found;
}
