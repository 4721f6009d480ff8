// The folder debugpy's hooks put beside its sitecustomize (adapters/debugpy/hooks.ts): bpdiff's Python
// adapter's set order and bounded repr, under the names the sitecustomize imports them by. Tests that
// run the sitecustomize without the hooks lay it out the same way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { boundedReprModule, setOrderModule } from '../../../adapters/python/shared-modules.js';
import { atEachFileEnd } from '../../support/file-end.js';

let folder: string | null = null;

// Removed after each test file that made it (a hook registered inside a test, where the folder is made
// first, is not run: each suite left two such folders in the temporary folder).
atEachFileEnd(() => {
  if (folder !== null) fs.rmSync(folder, { recursive: true, force: true });
  folder = null;
});

/** A temporary folder holding _bpdiff_setorder.py and _bpdiff_bounded.py (removed after the file's tests). */
export function debugpyModulesFolder(): string {
  if (folder === null) {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-debugpy-modules-'));
    fs.copyFileSync(setOrderModule(), path.join(made, '_bpdiff_setorder.py'));
    fs.copyFileSync(boundedReprModule(), path.join(made, '_bpdiff_bounded.py'));
    folder = made;
  }
  return folder;
}
