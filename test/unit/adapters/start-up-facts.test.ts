import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pyenvShimTarget } from '../../../adapters/python/interpreter.js';
import { cachedFact } from '../../../src/adapters/fact-cache.js';

// Every folder the tests make, removed at the end: a test run leaves nothing in /tmp.
const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function pyenvRoot(): { root: string; shim: string; project: string } {
  const root = tempDir('bpdiff-pyenv-');
  for (const version of ['3.11.7', '3.12.1']) {
    fs.mkdirSync(path.join(root, 'versions', version, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(root, 'versions', version, 'bin', 'python3'), '#!/bin/sh\n', { mode: 0o755 });
  }
  fs.mkdirSync(path.join(root, 'shims'));
  const shim = path.join(root, 'shims', 'python3');
  fs.writeFileSync(shim, '#!/bin/bash\n', { mode: 0o755 });
  fs.writeFileSync(path.join(root, 'version'), '3.11.7\n');
  const project = path.join(root, 'project', 'src');
  fs.mkdirSync(project, { recursive: true });
  return { root, shim, project };
}

describe('pyenvShimTarget: the interpreter behind a shim, without running pyenv', () => {
  it('follows PYENV_VERSION, then .python-version up the tree, then the global version file', () => {
    const { root, shim, project } = pyenvRoot();
    expect(pyenvShimTarget(shim, 'python3', project, {})).toBe(path.join(root, 'versions/3.11.7/bin/python3'));
    fs.writeFileSync(path.join(root, 'project', '.python-version'), '3.12.1\n');
    expect(pyenvShimTarget(shim, 'python3', project, {})).toBe(path.join(root, 'versions/3.12.1/bin/python3'));
    expect(pyenvShimTarget(shim, 'python3', project, { PYENV_VERSION: '3.11.7' })).toBe(
      path.join(root, 'versions/3.11.7/bin/python3'),
    );
  });

  it('leaves to pyenv what it cannot tell for sure: system, a version prefix, another root', () => {
    const { root, shim, project } = pyenvRoot();
    expect(pyenvShimTarget(shim, 'python3', project, { PYENV_VERSION: 'system' })).toBeNull();
    expect(pyenvShimTarget(shim, 'python3', project, { PYENV_VERSION: '3.11' })).toBeNull();
    expect(pyenvShimTarget(shim, 'python3', project, { PYENV_ROOT: path.join(root, 'elsewhere') })).toBeNull();
  });
});

describe('cachedFact: facts kept per executable path, mtime and size', () => {
  it('answers from the cache until the executable or a folder it depends on changes', async () => {
    const dir = tempDir('bpdiff-cache-');
    const exe = path.join(dir, 'tool');
    const site = path.join(dir, 'site');
    fs.mkdirSync(site);
    fs.writeFileSync(exe, 'v1');
    let asked = 0;
    const ask = () =>
      cachedFact({
        executable: exe,
        key: 'k',
        dir: path.join(dir, 'cache'),
        compute: async () => ({ n: ++asked, paths: [site] }),
        dependsOn: (value) => value.paths,
      });
    expect((await ask()).n).toBe(1);
    expect((await ask()).n).toBe(1);
    fs.writeFileSync(exe, 'version 2');
    expect((await ask()).n).toBe(2);
    expect((await ask()).n).toBe(2);
    // The same size, a new mtime (an interpreter replaced by one of another build).
    fs.writeFileSync(exe, 'version 3');
    const newer = new Date(Date.now() + 3000);
    fs.utimesSync(exe, newer, newer);
    expect((await ask()).n).toBe(3);
    expect((await ask()).n).toBe(3);
    fs.writeFileSync(path.join(site, 'newpkg.pth'), '');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(site, later, later);
    expect((await ask()).n).toBe(4);
    // No cache folder: always asked.
    const uncached = await cachedFact({ executable: exe, key: 'k', dir: null, compute: async () => 'fresh' });
    expect(uncached).toBe('fresh');
  });
});
