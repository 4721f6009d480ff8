// Finding an adapter's or a tool's executable as a shell would: on PATH, relative to the run's
// folder, and the newest of a versioned family (lldb-dap-19, lldb-dap-18, ...).
import fs from 'node:fs';
import path from 'node:path';

function isExecutableFile(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function pathDirs(envPath: string | undefined): string[] {
  return (envPath ?? process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
}

/** `name` looked up like a shell does: a path with a slash is taken relative to `cwd`, else searched on PATH. */
export function whichSync(name: string, cwd: string, envPath?: string): string | null {
  if (name.includes('/')) {
    const file = path.resolve(cwd, name);
    return isExecutableFile(file) ? file : null;
  }
  for (const dir of pathDirs(envPath)) {
    const file = path.join(dir, name);
    if (isExecutableFile(file)) return file;
  }
  return null;
}

const versionedFound = new Map<string, string[]>();

function mtimeOf(dir: string): number {
  try {
    return fs.statSync(dir).mtimeMs;
  } catch {
    return -1;
  }
}

/**
 * Versioned names on PATH matching `prefix-N[.N...]`, newest version first. Remembered while the
 * PATH folders are unchanged (their mtimes; both runs of a comparison ask): listing /usr/bin is the cost.
 */
export function findVersioned(prefix: string, envPath?: string): string[] {
  const dirs = pathDirs(envPath);
  const key = [prefix, ...dirs.map((dir) => `${dir}:${mtimeOf(dir)}`)].join('\0');
  const known = versionedFound.get(key);
  if (known) return [...known];
  const found: Array<{ file: string; version: number[] }> = [];
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+(?:\\.\\d+)*)$`);
  for (const dir of dirs) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const match = pattern.exec(name);
      if (!match) continue;
      const file = path.join(dir, name);
      if (isExecutableFile(file)) found.push({ file, version: match[1]!.split('.').map(Number) });
    }
  }
  found.sort((x, y) => {
    for (let i = 0; i < Math.max(x.version.length, y.version.length); i++) {
      const d = (y.version[i] ?? 0) - (x.version[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  const files = found.map((entry) => entry.file);
  versionedFound.set(key, files);
  return [...files];
}

/** The first candidate that exists: absolute paths as they are, bare names on PATH, `name-*` as versioned names. */
export function findFirstExecutable(candidates: string[], cwd: string): string | null {
  for (const candidate of candidates) {
    if (candidate.endsWith('-*')) {
      const versioned = findVersioned(candidate.slice(0, -2));
      if (versioned.length > 0) return versioned[0]!;
      continue;
    }
    const found = whichSync(candidate, cwd);
    if (found) return found;
  }
  return null;
}
