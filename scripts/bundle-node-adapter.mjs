#!/usr/bin/env node
// Build step: bundle bpdiff's Node.js debug adapter (adapters/node/src/in-process.ts and its
// dependencies: @vscode/debugadapter, ws, @jridgewell/trace-mapping) into one file,
// dist/adapters/node/in-process.mjs, which bpdiff loads to run the adapter inside its own process
// (adapters/node/adapter.json's `in_process`). dist/adapters/node/main.mjs, the adapter as a process of
// its own over stdio (`executables`/`args`: doctor, --adapter-path, other DAP clients), is main.ts alone
// and imports in-process.mjs. Loading ~60 modules cost the adapter ~65 ms of CPU at every start; two
// runs start two adapters at once on the same cores, so the bundle is what keeps a pair of captures
// close to the time of one. The code is the same. No source map: the package ships no sources to map to.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'inline',
  logLevel: 'warning',
};

await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'adapters/node/src/in-process.ts')],
  outfile: path.join(root, 'dist/adapters/node/in-process.mjs'),
  // CommonJS dependencies call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __bpdiffCreateRequire } from 'node:module'; const require = __bpdiffCreateRequire(import.meta.url);",
  },
});

await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'adapters/node/src/main.ts')],
  outfile: path.join(root, 'dist/adapters/node/main.mjs'),
  plugins: [
    {
      name: 'in-process-bundle',
      setup(build) {
        build.onResolve({ filter: /^\.\/in-process\.js$/ }, () => ({ path: './in-process.mjs', external: true }));
      },
    },
  ],
});
