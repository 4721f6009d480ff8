#!/usr/bin/env node
// The bpdiff executable, dist/bin/bpdiff.cjs (scripts/bundle-cli.mjs): it loads the command,
// dist/bin/bpdiff-main.cjs (src/cli/main.ts and what it imports, bundled), through V8's code cache
// (code-cache.ts), and lends it this file's import() (run-time-import.ts says why). Nothing else
// here: this file is compiled at every start.
import { fileURLToPath } from 'node:url';
import { lendImport } from '../run-time-import.js';
import { requireWithCodeCache } from './code-cache.js';

lendImport((specifier) => import(specifier));
requireWithCodeCache(fileURLToPath(new URL('./bpdiff-main.cjs', import.meta.url)));
