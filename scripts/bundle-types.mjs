#!/usr/bin/env node
// Build step, after tsc: the package's types, dist/types/, for TypeScript consumers of both kinds. The
// package's one build is CommonJS (dist/bpdiff.cjs, scripts/bundle-cli.mjs), so its types are
// CommonJS declarations too, `.d.cts` files: a consumer in an ES module imports them as Node imports
// the bundle, and one in CommonJS under `node16` resolution requires them without TS1479 (tsc's
// `.d.ts` files, in a `"type": "module"` package, declare ES modules, which CommonJS cannot require).
// They are tsc's declarations (dist/src/**/*.d.ts) of the modules src/index.ts reaches, each renamed
// `.d.cts`, with its relative imports renamed to match.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(root, 'dist');
const to = path.join(root, 'dist/types');
const entry = path.join(from, 'src/index.d.ts');

/** Relative module specifiers of a declaration file: `from './x.js'`, `import('./x.js')`. */
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]+?)\.js\2/g;

fs.rmSync(to, { recursive: true, force: true });
const seen = new Set();
const queue = [entry];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!fs.existsSync(file)) throw new Error(`bundle-types: ${path.relative(root, file)} is missing (run tsc first)`);
  const text = fs.readFileSync(file, 'utf8').replace(SPECIFIER, (_match, keyword, quote, specifier) => {
    queue.push(path.resolve(path.dirname(file), `${specifier}.d.ts`));
    return `${keyword}${quote}${specifier}.cjs${quote}`;
  });
  const target = path.join(to, path.relative(from, file)).replace(/\.d\.ts$/, '.d.cts');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
}
