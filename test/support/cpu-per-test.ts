// Vitest's setup file for the integration tests: with BPDIFF_TEST_CPU=FILE, each test's CPU (the
// worker's own and that of the processes it started and reaped: bpdiff, the adapters, the programs)
// is appended to FILE as one JSON line, so the suite's time can be taken out where it is spent. Off
// unless set. Linux only (/proc/self/stat).
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const out = process.env['BPDIFF_TEST_CPU'];

/** The worker's CPU so far, its reaped children's included, in seconds. */
function cpu(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime: fields 14-17 of proc(5), 11-14 after the command's closing parenthesis.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

if (out !== undefined && out !== '') {
  // The whole file's too, its beforeAll builds included (this file's hooks run first and last).
  let fileStarted = 0;
  let fileWall = 0;
  beforeAll(() => {
    fileStarted = cpu();
    fileWall = performance.now();
  });
  afterAll(() => {
    fs.appendFileSync(
      out,
      `${JSON.stringify({
        file: expect.getState().testPath,
        test: null,
        cpu: Number((cpu() - fileStarted).toFixed(2)),
        wall: Number(((performance.now() - fileWall) / 1000).toFixed(2)),
      })}\n`,
    );
  });
  let started = 0;
  let wall = 0;
  beforeEach(() => {
    started = cpu();
    wall = performance.now();
  });
  afterEach(() => {
    const state = expect.getState();
    fs.appendFileSync(
      out,
      `${JSON.stringify({
        file: state.testPath,
        test: state.currentTestName,
        cpu: Number((cpu() - started).toFixed(2)),
        wall: Number(((performance.now() - wall) / 1000).toFixed(2)),
      })}\n`,
    );
  });
}
