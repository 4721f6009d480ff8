// yargs, loaded only when argv is parsed. The build (scripts/bundle-yargs.mjs) pre-bundles yargs
// into dist/vendor/yargs.cjs: one CommonJS file instead of ~40 modules, and no string-width@8 (whose
// Unicode regexps cost ~15 ms of ICU set-up on every start). It is the same yargs code, so the help
// is yargs' own. Without the bundle (tests run from src/, or a build that skipped it) the package is used.
import fs from 'node:fs';
import path from 'node:path';
import type { Argv } from 'yargs';
import { packageRoot } from '../package-root.js';
import { requireWithCodeCache } from './code-cache.js';
import { importAtRunTime } from '../run-time-import.js';

export type YargsFactory = (processArgs?: readonly string[] | string, cwd?: string) => Argv;

export async function loadYargs(options: { bundled?: boolean } = {}): Promise<YargsFactory> {
  if (options.bundled !== false) {
    // Found from the package root, not from this module, which may be in dist/src/cli/ or bundled
    // into dist/bin/ (scripts/bundle-cli.mjs).
    const bundle = path.join(packageRoot(), 'dist/vendor/yargs.cjs');
    // Only a missing bundle falls back: a broken one should fail loudly in tests.
    if (fs.existsSync(bundle)) return (requireWithCodeCache(bundle) as { default: YargsFactory }).default;
  }
  const stock = await importAtRunTime<{ default: unknown }>('yargs');
  return stock.default as YargsFactory;
}
