#!/usr/bin/env node
// Build step: bundle bpdiff's Node.js debug adapter (adapters/node/src/main.ts and its dependencies:
// @vscode/debugadapter, ws, @jridgewell/trace-mapping) into one file, dist/adapters/node/main.mjs, which is what
// adapters/node/adapter.json starts. Loading ~60 modules cost the adapter ~65 ms of CPU at every start; two
// runs start two adapters at once on the same cores, so the bundle is what keeps a pair of captures
// close to the time of one. The code is the same. No source map: the package ships no sources to map to.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await esbuild.build({
  entryPoints: [path.join(root, 'adapters/node/src/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile: path.join(root, 'dist/adapters/node/main.mjs'),
  sourcemap: false,
  // CommonJS dependencies call require() for Node's own modules.
  banner: { js: "import { createRequire as __bpdiffCreateRequire } from 'node:module'; const require = __bpdiffCreateRequire(import.meta.url);" },
  legalComments: 'inline',
  logLevel: 'warning',
});
