// bpdiff's own version, read from its package.json, for the document and --version.
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-root.js';

/** bpdiff's version, from its own package.json (yargs would guess from the working directory). */
export function readPackageVersion(): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
