// The project that holds the file where a program's own code starts (project-root.ts), and the user's
// code it makes of it: the walk counts a crate's module beside its binary, and --within is read from
// the project's folder as well as from the run's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/walk/project-root.js';
import { UserCode } from '../../../src/walk/user-code.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
function folder(files: readonly string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-project-'));
  made.push(dir);
  for (const name of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), '');
  }
  return dir;
}

describe('projectRoot', () => {
  it("is the folder of the language's manifest above the file, and of the workspace that holds it", () => {
    const dir = folder([
      '.git/HEAD',
      'Cargo.toml',
      'date/Cargo.toml',
      'date/src/bin/drv.rs',
      'date/src/date.rs',
      'tools/x.c',
      'pkg/package.json',
      'pkg/node_modules/dep/package.json',
      'pkg/node_modules/dep/lib/i.js',
      'java/app/pom.xml',
      'java/app/src/main/java/com/acme/Main.java',
    ]);
    expect(projectRoot(path.join(dir, 'date/src/bin/drv.rs'))).toBe(dir);
    // A C file: no manifest says where its project is.
    expect(projectRoot(path.join(dir, 'tools/x.c'))).toBe(path.join(dir, 'tools'));
    // Installed code is never climbed out of: a package's own root, not the project it is installed in.
    expect(projectRoot(path.join(dir, 'pkg/node_modules/dep/lib/i.js'))).toBe(path.join(dir, 'pkg/node_modules/dep'));
    expect(projectRoot(path.join(dir, 'java/app/src/main/java/com/acme/Main.java'))).toBe(path.join(dir, 'java/app'));
  });

  it("stops at the repository's root: a manifest above it is another project's", () => {
    const dir = folder(['Cargo.toml', 'repo/.git/HEAD', 'repo/src/main.rs']);
    expect(projectRoot(path.join(dir, 'repo/src/main.rs'))).toBe(path.join(dir, 'repo/src'));
  });
});

describe('UserCode of a program run from elsewhere', () => {
  it("counts the entry's project, and matches --within from its folder", () => {
    const crate = folder(['Cargo.toml', 'src/bin/drv.rs', 'src/date.rs']);
    const code = new UserCode('/elsewhere', ['src/date.rs']);
    expect(code.classify(path.join(crate, 'src/date.rs'))).toBe('library');
    code.addEntry(path.join(crate, 'src/bin/drv.rs'));
    expect(code.classify(path.join(crate, 'src/bin/drv.rs'))).toBe('user');
    expect(code.classify(path.join(crate, 'src/date.rs'))).toBe('counted');
    expect(code.withinMatched).toBe(true);
  });
});
