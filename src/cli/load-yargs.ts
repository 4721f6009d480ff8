// yargs, loaded only when argv is parsed. The build (scripts/bundle-yargs.mjs) pre-bundles yargs
// into dist/vendor/yargs.cjs: one CommonJS file instead of ~40 modules, and no string-width@8 (whose
// Unicode regexps cost ~15 ms of ICU set-up on every start). It is the same yargs code, so the help
// is yargs' own. Without the bundle (tests run from src/, or a build that skipped it) the package is used.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Argv } from 'yargs';
import { packageRoot } from '../package-root.js';

export type YargsFactory = (processArgs?: readonly string[] | string, cwd?: string) => Argv;

export async function loadYargs(options: { bundled?: boolean } = {}): Promise<YargsFactory> {
  if (options.bundled !== false) {
    // Found from the package root, not from this module, which may be in dist/src/cli/ or bundled
    // into dist/bin/ (scripts/bundle-cli.mjs).
    const bundle = path.join(packageRoot(), 'dist/vendor/yargs.cjs');
    try {
      return (createRequire(import.meta.url)(bundle) as { default: YargsFactory }).default;
    } catch (error) {
      // Only a missing bundle falls back: a broken one should fail loudly in tests.
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' || !String((error as Error).message).includes(bundle)) throw error;
    }
  }
  const stock = await import('yargs');
  return stock.default as unknown as YargsFactory;
}
