#!/usr/bin/env node
// Build step: the package's one build. bpdiff's library (src/index.ts) and its command (src/cli/main.ts,
// the engine it loads and the built-in adapters' hooks), with the packages they use at run time, in
// one CommonJS file, dist/bpdiff.cjs: what `require('bpdiff')` and `import 'bpdiff'` load (esbuild
// names the exports for Node's CommonJS import), and what the executable, dist/bin/bpdiff.cjs
// (src/cli/bin.ts), loads through V8's code cache. So the installed package has no dependencies: a
// global install is bpdiff alone.
// Node 20 has no compile cache, and its ES module loader reads, compiles and links every module
// through asynchronous jobs: ~115 modules cost 40-60 ms of every comparison before the first debug
// adapter started. Measured on the C example (npm run bench -- start-up), the first adapter spawn
// came ~30 ms earlier with this bundle than with tsc's modules, and ~15 ms earlier than with an ES
// module bundle split into chunks (~40 files on a comparison's path).
// - One file: a module that is imported with `import()` in the source is evaluated only when that
//   import runs (esbuild wraps it), so `--help` still evaluates no engine and a comparison no MCP
//   server; V8 compiles a function only when it is first called.
// - The packages used only on some paths (ajv for schema checks, the MCP SDK and
//   zod for `bpdiff mcp`, re2js for the user's --normalize patterns) are in it too, each evaluated
//   only when that path first uses it. ajv and re2js are loaded synchronously (src/load-ajv.ts,
//   src/load-re2js.ts): here those modules are ones whose require() esbuild sees. yargs comes from
//   its own pre-bundle, dist/vendor/yargs.cjs (scripts/bundle-yargs.mjs).
// - The texts of `--help`, `SUBCOMMAND --help` and `--version` are rendered here, with yargs, and
//   built in (src/cli/help-texts.ts): printing one loads no yargs; and written beside the executable
//   (dist/bin/help-texts.json), which prints them without loading the bundle.
// tsc's output (dist/src/) serves the tests and bench/ and gives the types (scripts/bundle-types.mjs);
// the package ships none of its JavaScript. No source map: none is shipped.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist/bin/bpdiff.cjs');
const bundle = path.join(root, 'dist/bpdiff.cjs');

/** Not bundled: yargs comes from dist/vendor/yargs.cjs (src/cli/load-yargs.ts). */
const EXTERNAL = ['yargs'];

/** src/load-ajv.ts with a require('ajv') that esbuild bundles (see above). */
const bundledAjv = {
  name: 'bundled-ajv',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]load-ajv\.ts$/ }, () => ({
      loader: 'ts',
      contents: "export function loadAjv() { const mod = require('ajv'); return mod.Ajv ?? mod.default; }\n",
      resolveDir: path.join(root, 'src'),
    }));
  },
};

/** src/load-re2js.ts likewise: re2js (the user's --normalize patterns) is bundled, and evaluated only when a pattern is first compiled. */
const bundledRe2js = {
  name: 'bundled-re2js',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]load-re2js\.ts$/ }, () => ({
      loader: 'ts',
      contents: "export function loadRe2js() { return require('re2js').RE2JS; }\n",
      resolveDir: path.join(root, 'src'),
    }));
  },
};

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
  plugins: [bundledAjv, bundledRe2js],
};

fs.rmSync(path.dirname(outfile), { recursive: true, force: true });
fs.rmSync(bundle, { force: true });

// The help texts, rendered by parseArgs with yargs (src/cli/help-texts.ts): a throwaway bundle of
// renderHelpTexts, run once. It lives in dist/bin/ so that it finds the package root and the yargs
// pre-bundle as the command will.
const renderer = path.join(path.dirname(outfile), 'render-help.cjs');
await esbuild.build({
  ...common,
  stdin: {
    contents:
      "import { renderHelpTexts } from './src/cli/render-help.ts';\nrenderHelpTexts().then((texts) => process.stdout.write(JSON.stringify(texts)));\n",
    resolveDir: root,
    sourcefile: 'render-help.ts',
    loader: 'ts',
  },
  outfile: renderer,
});
const helpTexts = execFileSync(process.execPath, [renderer], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, BPDIFF_TRACE: '' },
});
fs.rmSync(renderer);
JSON.parse(helpTexts);
// The executable answers a help request from this file before it loads the bundle (src/cli/bin.ts).
fs.writeFileSync(path.join(path.dirname(outfile), 'help-texts.json'), helpTexts);

// The library and the command (entry/package.ts), and the executable that loads them through V8's
// code cache (src/cli/bin.ts, src/cli/code-cache.ts): Node 20 would otherwise compile the bundle at every start.
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'entry/package.ts')],
  outfile: bundle,
  define: { ...common.define, BPDIFF_HELP_TEXTS: helpTexts },
});
await esbuild.build({
  ...common,
  entryPoints: [path.join(root, 'src/cli/bin.ts')],
  outfile,
});
fs.chmodSync(outfile, 0o755);
