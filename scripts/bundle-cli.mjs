#!/usr/bin/env node
// Build step: bundle the bpdiff command (src/cli/main.ts, the engine it loads and the built-in
// adapters' hooks) into one CommonJS file, dist/bin/bpdiff-main.cjs, loaded through V8's code cache by
// dist/bin/bpdiff.cjs (src/cli/bin.ts), the package's bin.
// Node 20 has no compile cache, and its ES module loader reads, compiles and links every module
// through asynchronous jobs: ~115 modules cost 40-60 ms of every comparison before the first debug
// adapter started. Measured on the C example (npm run bench -- start-up), the first adapter spawn
// came ~30 ms earlier with this bundle than with tsc's modules, and ~15 ms earlier than with an ES
// module bundle split into chunks (~40 files on a comparison's path).
// - One file: a module that is imported with `import()` in the source is evaluated only when that
//   import runs (esbuild wraps it), so `--help` still evaluates no engine and a comparison no MCP
//   server; V8 compiles a function only when it is first called.
// - `diff` is bundled; the packages used only on some paths stay in node_modules and are loaded
//   there when used: execa (builds), ajv (schema checks), the MCP SDK and zod (`bpdiff mcp`), re2js
//   (the user's --normalize patterns, src/core/linear-regex.ts). yargs
//   comes from its own pre-bundle, dist/vendor/yargs.cjs (scripts/bundle-yargs.mjs).
// - The texts of `--help`, `SUBCOMMAND --help` and `--version` are rendered here, with yargs, and
//   built in (src/cli/help-texts.ts): printing one loads no yargs.
// The library (dist/src/index.js) is tsc's output, unbundled. No source map: none is shipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist/bin/bpdiff.cjs');

/** Loaded from node_modules at run time (see above); everything else of ours is bundled. */
const EXTERNAL = ['execa', 'ajv', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*', 'zod', 'yargs', 're2js'];

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: EXTERNAL,
  // import.meta.url (package-root.ts, createRequire) is this file's URL; esbuild leaves it empty in CommonJS.
  define: { 'import.meta.url': '__bpdiffFileUrl' },
  // "use strict" first: the sources are ES modules, strict throughout, and a directive only counts
  // at the top of the file.
  banner: { js: "'use strict';\nconst __bpdiffFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  sourcemap: false,
  legalComments: 'inline',
  logLevel: 'warning',
};

fs.rmSync(path.dirname(outfile), { recursive: true, force: true });

// The help texts, rendered by parseArgs with yargs (src/cli/help-texts.ts): a throwaway bundle of
// renderHelpTexts, run once. It lives in dist/bin/ so that it finds the package root and the yargs
// pre-bundle as the command will.
const renderer = path.join(path.dirname(outfile), 'render-help.cjs');
await esbuild.build({
  ...common,
  stdin: {
    contents: "import { renderHelpTexts } from './src/cli/render-help.ts';\nrenderHelpTexts().then((texts) => process.stdout.write(JSON.stringify(texts)));\n",
    resolveDir: root,
    sourcefile: 'render-help.ts',
    loader: 'ts',
  },
  outfile: renderer,
});
const helpTexts = execFileSync(process.execPath, [renderer], { cwd: root, encoding: 'utf8', env: { ...process.env, BPDIFF_TRACE: '' } });
fs.rmSync(renderer);
JSON.parse(helpTexts);

// The command itself, and the executable that loads it through V8's code cache (src/cli/bin.ts,
// src/cli/code-cache.ts): Node 20 would otherwise compile the ~450 KB at every start.
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'src/cli/main.ts')],
  outfile: path.join(path.dirname(outfile), 'bpdiff-main.cjs'),
  define: { ...common.define, BPDIFF_HELP_TEXTS: helpTexts },
});
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'src/cli/bin.ts')],
  outfile,
});
fs.chmodSync(outfile, 0o755);
