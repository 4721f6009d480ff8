// Loading one of bpdiff's CommonJS bundles (the library and the command, dist/bpdiff.cjs; yargs,
// dist/vendor/yargs.cjs) through V8's code cache, kept in the user's cache folder. Node 20 compiles
// every file at every start (its own compile cache came in Node 22): for the command's ~450 KB that
// was ~10 ms before anything ran, and more for each function compiled on first call. The cache holds
// what V8 compiled during the run that wrote it, is written when there is none, when V8 refused the
// one there (another Node.js, other flags) or when it holds little (see load), and is named by the file's path, mtime and size and
// the Node.js version, so a rebuilt bundle or another Node.js never reads a stale one. A cache that
// cannot be read or written is no cache; BPDIFF_NO_CACHE=1 turns it off. A file loaded here must not
// use import() itself (src/run-time-import.ts).
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { cacheDir, cacheHash, fileStamp, writeCacheFile } from '../cache-dir.js';

type ModuleWrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: { exports: unknown },
  filename: string,
  dirname: string,
) => void;

/** What each file's module exported: a file is run once, as require() does. */
const loaded = new Map<string, unknown>();

/** `require(file)` for a CommonJS file, its compiled code read from (or, at exit, written to) the code cache. */
export function requireWithCodeCache(file: string): unknown {
  if (loaded.has(file)) return loaded.get(file);
  const exports = load(file);
  loaded.set(file, exports);
  return exports;
}

function load(file: string): unknown {
  const cacheFile = codeCacheFile(file);
  if (!cacheFile) return createRequire(file)(file);
  const source = fs.readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // none yet
  }
  const script = new vm.Script(Module.wrap(withoutHashbang(source)), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    // No importModuleDynamically: Node 20 loses it when the code comes from the cache (and warns that
    // it is experimental). The bundle's import() goes through src/run-time-import.ts instead.
  });
  // Written at exit, so that the functions this run compiled are in it: when there is none or V8
  // refused it, and again when it holds little (written by a run that stopped at its input's check,
  // ~0.26 of the bundle's size) and this run compiled more. A comparison's or a walk's cache is
  // ~0.44 of it: at half, every run made the cache again at its exit (~5 ms) only to find it no larger.
  const small = cachedData !== undefined && cachedData.length < source.length / 3;
  if (!cachedData || script.cachedDataRejected || small) {
    process.once('exit', () =>
      writeCodeCache(cacheFile, script, script.cachedDataRejected ? 0 : (cachedData?.length ?? 0)),
    );
  }
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as ModuleWrapper;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** `<cache>/code-<path hash>-<stamp hash>.bin`, or null when caching is off or the file is not there. */
function codeCacheFile(file: string): string | null {
  const dir = cacheDir();
  const stamp = fileStamp(file);
  if (!dir || stamp === null) return null;
  return path.join(dir, `code-${cacheHash(file)}-${cacheHash(`${stamp}\0${process.version}\0${process.arch}`)}.bin`);
}

/** The cache, when it is a quarter larger than the one there (`had` bytes), written whole or not at all. */
function writeCodeCache(cacheFile: string, script: vm.Script, had: number): void {
  try {
    const data = script.createCachedData();
    if (data.length < had * 1.25 || !writeCacheFile(cacheFile, data)) return;
    const dir = path.dirname(cacheFile);
    // Gone too: the caches of earlier builds of this file, and any other left unwritten for a month
    // (a checkout or install since removed: nothing says so).
    const sameFile = path.basename(cacheFile).slice(0, 'code-'.length + 16);
    const monthAgo = Date.now() - 30 * 24 * 3600 * 1000;
    for (const name of fs.readdirSync(dir)) {
      if (!/^code-.*\.bin$/.test(name) || name === path.basename(cacheFile)) continue;
      const file = path.join(dir, name);
      if (name.startsWith(sameFile) || fs.statSync(file).mtimeMs < monthAgo) fs.rmSync(file, { force: true });
    }
  } catch {
    // a folder that cannot be listed or cleaned: the new cache is written all the same
  }
}

function withoutHashbang(source: string): string {
  return source.startsWith('#!') ? `//${source.slice(2)}` : source;
}
