// Each adapter definition's output_times against what its languages' test runners write of their own
// time (as written by the runners here: unittest, pytest, node --test, go test -v, minitest; and as
// their documentation shows it: mocha, jest, vitest, JUnit and Maven, Gradle, rspec, cargo test,
// GoogleTest, CTest), and against a program's own lines that hold numbers, which stay as written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { timesInText } from '../../../src/values/output-text.js';

const ADAPTERS = path.resolve(import.meta.dirname, '../../../adapters');

function timesOf(id: string): (text: string) => string {
  const definition = JSON.parse(fs.readFileSync(path.join(ADAPTERS, id, 'adapter.json'), 'utf8')) as {
    locate?: { output_times?: string[] };
  };
  return timesInText(definition.locate?.output_times ?? []);
}

const PYTHON = {
  times: [
    ['Ran 1 test in 0.010s', 'Ran 1 test in <time>'],
    ['============ 1 passed in 0.01s ============', '============ 1 passed in <time> ============'],
    ['==== 3 failed, 2 passed in 62.01s (0:01:02) ====', '==== 3 failed, 2 passed in <time> <time> ===='],
  ],
  others: ['total 1.5', 'price in 2 units', 'rate: 0.010s'],
};
const C = {
  times: [
    ['[       OK ] Shop.Total (0 ms)', '[       OK ] Shop.Total <time>'],
    ['[==========] 3 tests from 1 test suite ran. (12 ms total)', '[==========] 3 tests from 1 test suite ran. <time>'],
    ['Total Test time (real) =   0.01 sec', 'Total Test time (real) =<time>'],
  ],
  others: ['total 12 ms', '(3, 4)'],
};
const CASES: Record<string, { times: string[][]; others: string[] }> = {
  python: PYTHON,
  debugpy: PYTHON,
  node: {
    times: [
      ['  duration_ms: 1.122965', '  duration_ms: <time>'],
      ['# duration_ms 12.5', '# duration_ms <time>'],
      ['  ✔ adds (12ms)', '  ✔ adds <time>'],
      ['  3 passing (15ms)', '  3 passing <time>'],
      ['Time:        0.512 s', 'Time:        <time>'],
      ['   Duration  512ms (transform 20ms, setup 0ms, tests 3ms)', '   Duration  <time>'],
    ],
    others: ['1234', 'duration 3', 'took 12ms'],
  },
  go: {
    times: [
      ['--- PASS: TestA (0.00s)', '--- PASS: TestA <time>'],
      ['    --- FAIL: TestA/sub (0.12s)', '    --- FAIL: TestA/sub <time>'],
      ['ok  \tgt\t0.005s', 'ok  \tgt\t<time>'],
      ['FAIL\texample.com/shop\t0.012s', 'FAIL\texample.com/shop\t<time>'],
    ],
    others: ['ok 0.005s', 'wait (0.5s)', '6'],
  },
  java: {
    times: [
      [
        'Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.012 s',
        'Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: <time>',
      ],
      ['Test run finished after 45 ms', 'Test run finished after <time>'],
      ['BUILD SUCCESSFUL in 2s', 'BUILD SUCCESSFUL in <time>'],
      ['[INFO] Total time:  1.234 s', '[INFO] Total time:  <time>'],
    ],
    others: ['elapsed 12', 'total 1.234'],
  },
  ruby: {
    times: [
      ['Finished in 0.000471s, 2125.0914 runs/s, 2125.0914 assertions/s.', 'Finished in <time>, <time>, <time>.'],
      [
        'Finished in 0.00123 seconds (files took 0.08 seconds to load)',
        'Finished in <time> (files took <time> to load)',
      ],
    ],
    others: ['3 runs', 'finished 2 seconds'],
  },
  lldb: {
    times: [
      [
        'test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s',
        'test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in <time>',
      ],
      [
        '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.05s',
        '    Finished `dev` profile [unoptimized + debuginfo] target(s) in <time>',
      ],
      ...C.times,
    ],
    others: ['finished 3', ...C.others],
  },
  gdb: C,
};

describe("adapter definitions' output_times: a test runner's own times, and nothing of the program's", () => {
  it('every built-in definition says its runners', () => {
    const ids = fs.readdirSync(ADAPTERS).filter((id) => fs.existsSync(path.join(ADAPTERS, id, 'adapter.json')));
    expect(ids.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [id, { times, others }] of Object.entries(CASES))
    it(id, () => {
      const through = timesOf(id);
      for (const [line, compared] of times) expect(through(`${line!}\n`)).toBe(`${compared!}\n`);
      for (const line of others) expect(through(line)).toBe(line);
    });
});
