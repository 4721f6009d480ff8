// Where bpdiff's package lives (the folder with its package.json and adapters/), found once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/** The bpdiff package's root folder (holding package.json, adapters/, schema/), from source or from dist/. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && fs.existsSync(path.join(dir, 'adapters'))) return (cached = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the bpdiff package root (package.json next to adapters/)');
    dir = parent;
  }
}
