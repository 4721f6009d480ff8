// bpdiff's folder in the user's cache: $XDG_CACHE_HOME/bpdiff, else ~/.cache/bpdiff. It holds facts
// about executables (src/adapters/fact-cache.ts), V8's code cache of the command (src/cli/code-cache.ts)
// and lldb's Python bytecode (adapters/lldb). BPDIFF_NO_CACHE=1 turns every use of it off. A module
// of its own, with no imports of bpdiff's: the command's loader (src/cli/bin.ts) needs it first.
import os from 'node:os';
import path from 'node:path';

/** The cache folder for `env` (the CLI's environment), or null when caching is off. */
export function cacheDir(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  if (env.BPDIFF_NO_CACHE && env.BPDIFF_NO_CACHE !== '0') return null;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'bpdiff');
  const home = env.HOME || os.homedir();
  return home ? path.join(home, '.cache', 'bpdiff') : null;
}
