#!/usr/bin/env node
// Build step: bundle yargs and its dependencies into dist/vendor/yargs.cjs for a fast `bpdiff --help`.
// Node 20 has no compile cache: resolving and compiling ~40 ESM modules costs ~25 ms at every start,
// and string-width sets up Intl.Segmenter and Unicode-property regexps (ICU data, ~20 ms) to measure
// what is, in a help text, plain ASCII. The bundle is yargs' own code and platform shim; only every
// `string-width` import is routed through a wrapper that answers printable ASCII itself (its width is
// its length, exactly what string-width returns) and loads the real module, lazily, for anything else.
// So the help is byte for byte yargs' own. src/cli/load-yargs.ts falls back to `yargs` without it.
// CommonJS, like the command's own bundle (scripts/bundle-cli.mjs): Node 20 loads one CommonJS file
// ~6 ms faster than the same code as an ES module (no asynchronous module job, no linking).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'vendor');
const require = createRequire(path.join(root, 'package.json'));

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.warn('bundle-yargs: esbuild is not installed; bpdiff will load yargs from node_modules (slower start)');
  process.exit(0);
}

const yargsDir = path.dirname(require.resolve('yargs/package.json'));
const yargsVersion = JSON.parse(fs.readFileSync(path.join(yargsDir, 'package.json'), 'utf8')).version;

// yargs/lib/platform-shims/esm.mjs, with paths that work from dist/vendor/ and a plain stringWidth.
const entry = `
import { notStrictEqual, strictEqual } from 'node:assert';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { basename, dirname, extname, relative, resolve, join } from 'node:path';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import cliui from 'cliui';
import escalade from 'escalade/sync';
import Parser from 'yargs-parser';
import y18n from 'y18n';
import getCallerFile from 'get-caller-file';
import stringWidth from 'string-width';
import { getProcessArgvBin } from './build/lib/utils/process-argv.js';
import { YargsFactory } from './build/lib/yargs-factory.js';

const here = fileURLToPath(import.meta.url);
const shim = {
  assert: { notStrictEqual, strictEqual },
  cliui,
  findUp: escalade,
  getEnv: (key) => process.env[key],
  inspect,
  getProcessArgvBin,
  mainFilename: resolve(dirname(here), '..', '..'),
  Parser,
  path: { basename, dirname, extname, relative, resolve, join },
  process: {
    argv: () => process.argv,
    cwd: process.cwd,
    emitWarning: (warning, type) => process.emitWarning(warning, type),
    execPath: () => process.execPath,
    exit: (code) => { process.exit(code); },
    nextTick: process.nextTick,
    stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null,
  },
  readFileSync,
  readdirSync,
  require: createRequire(import.meta.url),
  getCallerFile: () => {
    const callerFile = getCallerFile(3);
    return callerFile.match(/^file:\\/\\//) ? fileURLToPath(callerFile) : callerFile;
  },
  stringWidth,
  y18n: y18n({ directory: resolve(dirname(here), 'yargs-locales'), updateFiles: false }),
};

export default YargsFactory(shim);
`;

// Each importer keeps the string-width it would have loaded (yargs 8.x, cliui and wrap-ansi 7.x).
const fastStringWidth = {
  name: 'fast-string-width',
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, async (args) => {
      if (args.pluginData === 'real') return undefined;
      const real = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'real',
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'fast-string-width' };
    });
    build.onLoad({ filter: /.*/, namespace: 'fast-string-width' }, (args) => ({
      resolveDir: path.dirname(args.path),
      contents: `
        // require(): esbuild evaluates the real module only on first use.
        let real;
        const printableAscii = /^[\\x20-\\x7e]*$/;
        export default function stringWidth(string, options) {
          if (typeof string === 'string' && printableAscii.test(string)) return string.length;
          real ??= require(${JSON.stringify(args.path)}).default;
          return real(string, options);
        }
      `,
    }));
  },
};

fs.mkdirSync(outDir, { recursive: true });
// The ES module bundle of earlier builds, if any: nothing loads it any more.
fs.rmSync(path.join(outDir, 'yargs.mjs'), { force: true });
await esbuild.build({
  plugins: [fastStringWidth],
  stdin: { contents: entry, resolveDir: yargsDir, sourcefile: 'yargs-entry.mjs', loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: path.join(outDir, 'yargs.cjs'),
  // The shim's import.meta.url (esbuild leaves it empty in CommonJS): this file's own URL.
  define: { 'import.meta.url': '__bpdiffFileUrl' },
  banner: {
    js: [
      `// yargs ${yargsVersion} and its dependencies, bundled by scripts/bundle-yargs.mjs (MIT/ISC licences: see node_modules).`,
      // Strict, as the ES modules it is made of.
      "'use strict';",
      "const __bpdiffFileUrl = require('node:url').pathToFileURL(__filename).href;",
    ].join('\n'),
  },
  legalComments: 'inline',
  logLevel: 'warning',
});
fs.cpSync(path.join(yargsDir, 'locales'), path.join(outDir, 'yargs-locales'), { recursive: true });
