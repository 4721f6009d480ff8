// The project that holds the file where the program's own code starts, as its language's build tool
// lays it out: the folder of its manifest (Cargo.toml, go.mod, pom.xml...), and of the workspace that
// holds that one (a Cargo or npm workspace, a Maven parent, a Gradle build's settings). The walk takes
// that whole project for the user's code: a crate's `src/bin/drv.rs` runs the crate's `src/date.rs`,
// a folder the entry's own folder does not hold. A file whose language has no manifest here, or that
// lies in no project, gives its own folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The manifests that mark a project's root, by the endings of its source files. */
const MANIFESTS: Array<{ endings: readonly string[]; names: readonly string[] }> = [
  { endings: ['.rs'], names: ['Cargo.toml'] },
  { endings: ['.go'], names: ['go.work', 'go.mod'] },
  {
    endings: ['.java', '.kt', '.scala', '.groovy'],
    names: ['pom.xml', 'settings.gradle', 'settings.gradle.kts', 'build.gradle', 'build.gradle.kts', 'build.sbt'],
  },
  { endings: ['.rb'], names: ['Gemfile'] },
  { endings: ['.py'], names: ['pyproject.toml', 'setup.py', 'setup.cfg'] },
  { endings: ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'], names: ['package.json'] },
];

/** Folders never climbed into or past: installed code, and the places where no project's root is. */
const INSTALLED = new Set(['node_modules', 'site-packages', 'dist-packages', '.venv', 'venv', 'vendor', '.cargo']);

/** How many folders up from the entry's a project's root may be (src/main/java/com/acme/app: 5). */
const MOST_LEVELS = 8;

/** The root of the project that holds `file`, else the file's own folder. */
export function projectRoot(file: string): string {
  const own = path.dirname(file);
  const names = MANIFESTS.find((manifests) => manifests.endings.includes(path.extname(file)))?.names;
  if (names === undefined) return own;
  const stops = new Set([path.parse(own).root, os.homedir()]);
  let found: string | null = null;
  let folder = own;
  for (let level = 0; level <= MOST_LEVELS && !stops.has(folder); level++) {
    if (INSTALLED.has(path.basename(folder))) break;
    if (names.some((name) => exists(path.join(folder, name)))) found = folder;
    // A repository's root is the last folder a project reaches.
    if (exists(path.join(folder, '.git'))) break;
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return found ?? own;
}

function exists(file: string): boolean {
  try {
    fs.statSync(file);
    return true;
  } catch {
    return false;
  }
}
