// bpdiff's folder in the user's cache: $XDG_CACHE_HOME/bpdiff, else ~/.cache/bpdiff. It holds facts
// about executables (src/adapters/fact-cache.ts), V8's code cache of the command (src/cli/code-cache.ts)
// and lldb's Python bytecode (adapters/lldb). BPDIFF_NO_CACHE=1 turns every use of it off. What an
// entry is named by and how it is written are here, once. A module of its own, with no imports of
// bpdiff's: the command's loader (src/cli/bin.ts) needs it first.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
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

/** A short name for an entry, from what identifies it (16 hex digits of its SHA-256). */
export function cacheHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** `mtime:size` of a file or folder, or null when it is gone: an entry about it holds while this does. */
export function fileStamp(file: string): string | null {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

/**
 * Writes an entry whole or not at all (another bpdiff may read it at the same moment). False when it
 * could not be written: a read-only home is no cache, not an error.
 */
export function writeCacheFile(file: string, data: string | Uint8Array): boolean {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, file);
    return true;
  } catch {
    return false;
  }
}
