// Vitest's setup file, run before each integration test file: after the file's tests, the cleanups of
// the shared helpers it used (file-end.ts).
import { afterAll } from 'vitest';
import { runFileEnd } from './file-end.js';

afterAll(runFileEnd);
