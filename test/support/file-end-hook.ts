// Vitest's setup file, run before each integration test file: after the file's tests, the cleanups of
// the shared helpers it used (file-end.ts), and the temporary folder bpdiff's code made for this
// process when a test ran it in the worker (src/process/temp-root.ts: removed at the process's exit,
// which a worker that is stopped at the end of the run does not reach; made again when next needed).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { runFileEnd } from './file-end.js';

afterAll(() => {
  runFileEnd();
  for (const name of fs.readdirSync(os.tmpdir()))
    if (name.startsWith(`bpdiff-${process.pid}-`))
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
});
