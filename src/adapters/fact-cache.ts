// Facts about an executable that only change when the executable does (what a Python interpreter
// has, a Go binary's build info), kept across invocations in the user's cache folder
// ($XDG_CACHE_HOME/bpdiff, else ~/.cache/bpdiff): one small JSON file per question, named by a hash
// of it. An answer is used only while the executable's path, mtime and size, and those of every
// folder the answer depends on (`dependsOn`, e.g. the interpreter's site-packages), are as they were
// when it was found. BPDIFF_NO_CACHE=1 turns it off. A cache that cannot be read or written is no cache.
import fs from 'node:fs';
import path from 'node:path';
import { tracePhase } from '../trace/trace.js';
import { cacheDir, cacheHash, fileStamp, writeCacheFile } from '../cache-dir.js';

/** Bumped when the format of an entry changes. */
const FORMAT = 1;

interface Entry<V> {
  format: number;
  key: string;
  stamps: Record<string, string>;
  value: V;
}

function stampsOf(files: readonly string[]): Record<string, string> | null {
  const stamps: Record<string, string> = {};
  for (const file of files) {
    const found = fileStamp(file);
    if (found === null) return null;
    stamps[file] = found;
  }
  return stamps;
}

export interface CachedFactOptions<V> {
  /** What the question is about: its path, mtime and size are part of the answer's validity. */
  executable: string;
  /** The rest of the question (the kind of fact, environment variables the answer depends on). */
  key: string;
  compute: () => Promise<V>;
  /** Files or folders, found with the answer, whose change makes it stale. */
  dependsOn?: (value: V) => readonly string[];
  /** Whether an answer may be kept (a failed probe is not). Default: any. */
  keep?: (value: V) => boolean;
  dir?: string | null;
}

/** The answer kept for this executable and question while nothing it depends on changed, else `compute()` (kept for next time). */
export async function cachedFact<V>(options: CachedFactOptions<V>): Promise<V> {
  const dir = options.dir === undefined ? cacheDir() : options.dir;
  let executable: string;
  try {
    executable = fs.realpathSync(options.executable);
  } catch {
    return options.compute();
  }
  const key = `${options.executable}\0${executable}\0${options.key}`;
  const file = dir ? path.join(dir, `fact-${cacheHash(key)}.json`) : null;
  if (file) {
    try {
      const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as Entry<V>;
      const now = entry.format === FORMAT && entry.key === key ? stampsOf(Object.keys(entry.stamps)) : null;
      if (now && Object.entries(entry.stamps).every(([name, value]) => now[name] === value)) {
        tracePhase(null, 'cached fact', { executable, key: options.key.split('\0')[0] });
        return entry.value;
      }
    } catch {
      // no entry, or one that does not parse: ask
    }
  }
  const before = fileStamp(executable);
  const value = await options.compute();
  if (!file || before === null || (options.keep && !options.keep(value))) return value;
  const stamps = stampsOf([executable, ...(options.dependsOn?.(value) ?? [])]);
  // The executable changed while it was asked (a rebuild): the answer may be of either version.
  if (!stamps || stamps[executable] !== before) return value;
  writeCacheFile(file, JSON.stringify({ format: FORMAT, key, stamps, value } satisfies Entry<V>));
  return value;
}
