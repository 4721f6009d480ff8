#!/usr/bin/env node
// Build step: compile the Python that bpdiff's adapters load into the programs and debuggers they run
// (adapters/python's own adapter, debugpy's start, lldb's and gdb's helpers) with the machine's python3,
// into each folder's __pycache__ (git and the npm package leave those out). Python reads a compiled
// file where it cannot write one: with PYTHONDONTWRITEBYTECODE set (many containers, this project's CI
// image) or a folder it may not write to (an install owned by another user), every Python program
// bpdiff starts compiled the adapter again, ~20 ms of a 0.2 s capture pair. A source changed since is
// compiled again by Python as before (its time and size are in the compiled file). Without python3 it
// says so in one line and the rest of the build goes on.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = ['adapters/python', 'adapters/debugpy', 'adapters/lldb', 'adapters/native', 'adapters/gdb'];

// -q: only errors; -x: not the adapters' tests and their fixtures (programs, compiled when they run).
const result = spawnSync(
  'python3',
  [
    '-m',
    'compileall',
    '-q',
    '-x',
    `\\${path.sep}test\\${path.sep}`,
    ...folders.map((folder) => path.join(root, folder)),
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
if (result.error) {
  process.stderr.write(
    `bpdiff build: python3 not found (${result.error.message}): the Python adapters are compiled as they load\n`,
  );
} else if (result.status !== 0) {
  process.stderr.write(`bpdiff build: python3 -m compileall exited ${result.status}: see above\n`);
  process.exit(1);
}
