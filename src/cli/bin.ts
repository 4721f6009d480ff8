#!/usr/bin/env node
// The bpdiff executable, dist/bin/bpdiff.cjs (scripts/bundle-cli.mjs): it loads the package's one
// build, dist/bpdiff.cjs (the library and the command, bundled), through V8's code cache
// (code-cache.ts), lends it this file's import() (run-time-import.ts says why), and runs the command
// (main.ts). Nothing else here: this file is compiled at every start.
import { fileURLToPath } from 'node:url';
import { lendImport } from '../run-time-import.js';
import { requireWithCodeCache } from './code-cache.js';

lendImport((specifier) => import(specifier));
void (requireWithCodeCache(fileURLToPath(new URL('../bpdiff.cjs', import.meta.url))) as { runMain: () => Promise<void> }).runMain();
