import { describe, expect, it } from 'vitest';
import { runDependentCalls } from '../../../src/core/run-dependent-calls.js';

describe('runDependentCalls', () => {
  it.each([
    ['const t0 = performance.now();', 't.js', [{ call: 'performance.now()', kind: 'clock' }]],
    ['const at = new Date();', 't.js', [{ call: 'new Date()', kind: 'clock' }]],
    ['t0 = time.perf_counter()', 't.py', [{ call: 'time.perf_counter()', kind: 'clock' }]],
    ['now = datetime.datetime.now(tz=UTC)', 't.py', [{ call: 'datetime.datetime.now()', kind: 'clock' }]],
    ['long t = System.nanoTime();', 'T.java', [{ call: 'System.nanoTime()', kind: 'clock' }]],
    ['start := time.Now()', 't.go', [{ call: 'time.Now()', kind: 'clock' }]],
    ['n := rand.Intn(10)', 't.go', [{ call: 'rand.Intn()', kind: 'random' }]],
    ['let t = Instant::now();', 't.rs', [{ call: 'Instant::now()', kind: 'clock' }]],
    ['auto t = std::chrono::steady_clock::now();', 't.cpp', [{ call: 'steady_clock::now()', kind: 'clock' }]],
    ['x = rand() % 6', 't.c', [{ call: 'rand()', kind: 'random' }]],
    ['t = Time.now', 't.rb', []],
    ['t = Time.now()', 't.rb', [{ call: 'Time.now()', kind: 'clock' }]],
    ['key = hash(name)', 't.py', [{ call: 'hash()', kind: 'hash' }]],
    ['key = hash(name)', 't.js', []],
    [
      'id, when = uuid.uuid4(), time.time()',
      't.py',
      [
        { call: 'uuid.uuid4()', kind: 'random' },
        { call: 'time.time()', kind: 'clock' },
      ],
    ],
    // Strings and comments are not read; a date the program computes is no clock.
    ['print("time.time() is a clock")  # time.time()', 't.py', []],
    ['const due = new Date(2026, 11, 1);', 't.js', []],
    ['const total = prices.reduce((a, b) => a + b, 0);', 't.js', []],
  ])('%s (%s)', (text, file, calls) => expect(runDependentCalls(text, file)).toEqual(calls));
});
