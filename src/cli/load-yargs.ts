// yargs, loaded only when argv is parsed. The build (scripts/bundle-yargs.mjs) pre-bundles yargs
// into dist/vendor/yargs.mjs: one file instead of ~40 modules, and no string-width@8 (whose Unicode
// regexps cost ~15 ms of ICU set-up on every start). It is the same yargs code, so the help is
// yargs' own. Without the bundle (tests run from src/, or a build that skipped it) the package is used.
import type { Argv } from 'yargs';

export type YargsFactory = (processArgs?: readonly string[] | string, cwd?: string) => Argv;

const BUNDLE = new URL('../../vendor/yargs.mjs', import.meta.url);

export async function loadYargs(options: { bundled?: boolean } = {}): Promise<YargsFactory> {
  if (options.bundled !== false) {
    try {
      const bundled = (await import(BUNDLE.href)) as { default: YargsFactory };
      return bundled.default;
    } catch (error) {
      // Only a missing bundle falls back: a broken one should fail loudly in tests.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND' || !String((error as Error).message).includes('yargs.mjs')) throw error;
    }
  }
  const stock = await import('yargs');
  return stock.default as unknown as YargsFactory;
}

/** Whether the pre-bundled yargs is present (reported by the cold-start bench). */
export function bundledYargsUrl(): URL {
  return BUNDLE;
}
