// Vitest's setup file, run before each integration test file: after the file's tests, the cleanups of
// the shared helpers it used, and the temporary folder bpdiff's code made for this worker's process
// (file-end.ts).
import { afterAll } from 'vitest';
import { removeProcessTempRoot, runFileEnd } from './file-end.js';

afterAll(() => {
  runFileEnd();
  removeProcessTempRoot();
});
