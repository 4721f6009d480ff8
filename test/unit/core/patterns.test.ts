// User patterns run in linear time: globs without a regex (core/glob.ts), --normalize on RE2's engine
// (core/linear-regex.ts); and long loops let signals in (core/slices.ts).
import { describe, expect, it, vi } from 'vitest';
import { globMatcher } from '../../../src/core/glob.js';
import { compileLinear } from '../../../src/core/linear-regex.js';
import { runInSlices, runToEnd, TimeSlicer } from '../../../src/core/slices.js';
import { userRewriteStep } from '../../../src/values/user-rules.js';
import type { ValueContext } from '../../../src/values/types.js';

describe('globMatcher', () => {
  it.each<[string, string, boolean]>([
    ['*.created_at', 'order.created_at', true],
    ['*.created_at', 'created_at', false],
    ['t.common', 't.common', true],
    ['t.?ommon', 't.common', true],
    ['t.?ommon', 't.ommon', false],
    ['a*b*c', 'aXXbYYc', true],
    ['a*b*c', 'aXXbYY', false],
    ['*', '', true],
    ['[0]', '[0]', true],
    ['x.[0]*', 'x.[0].y', true],
  ])('%s on %s: %s', (glob, name, expected) => expect(globMatcher(glob)(name)).toBe(expected));

  it('ignores case when asked', () => {
    expect(globMatcher('*.SSN', { ignoreCase: true })('user.ssn')).toBe(true);
    expect(globMatcher('*.SSN')('user.ssn')).toBe(false);
  });

  // `*a*a*a*a*a*a*a*b` as a regex (.*a.*a...) takes time that grows with the name's length to the power of the stars.
  it('a glob of many stars on a long name that almost matches: counted in steps, not powers', () => {
    const glob = `${'*a'.repeat(12)}*b`;
    const name = 'a'.repeat(20_000);
    expect(globMatcher(glob)(name)).toBe(false);
    expect(globMatcher(glob)(`${name}b`)).toBe(true);
  });
});

describe('compileLinear', () => {
  it('replaces as String.prototype.replace does: $1, $&, $$, named groups', () => {
    expect(compileLinear('(\\w+)@(\\w+)').replaceAll('a@b c@d', '$2 at $1 [$&] $$')).toBe(
      'b at a [a@b] $ d at c [c@d] $',
    );
    expect(compileLinear('(?<year>\\d{4})-\\d\\d').replaceAll('on 2024-05', '$<year>')).toBe('on 2024');
    expect(
      compileLinear('[0-9a-f]{8}-[0-9a-f-]{27}').replaceAll("id='1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'", '<uuid>'),
    ).toBe("id='<uuid>'");
    expect(compileLinear('x').replaceAll('none here', 'y')).toBe('none here');
  });

  // Both ran for minutes on V8's backtracking engine (120 s and 109 s on a value of 901 characters).
  // (a+)+$ needs an `a` just before the end, so it never matches; (a|a)*$ matches the empty text at the end.
  it.each<[string, (value: string) => string]>([
    ['(a+)+$', (value) => value],
    ['(a|a)*$', (value) => `${value}x`],
  ])('%s on 901 characters: the answer, in linear time', (pattern, expected) => {
    const regex = compileLinear(pattern);
    const value = `${'a'.repeat(900)}b`;
    expect(regex.replaceAll(value, 'x')).toBe(expected(value));
    // A value a hundred times longer still goes through (a backtracking engine would not end).
    const long = `${'a'.repeat(90_000)}b`;
    expect(regex.replaceAll(long, 'x')).toBe(expected(long));
  });

  it('refuses what RE2 cannot run in linear time, saying why', () => {
    expect(() => compileLinear('(?=a)b')).toThrow(
      'invalid or unsupported Perl syntax: `(?=`; bpdiff runs patterns in linear time (RE2), which has no lookahead, lookbehind or backreferences',
    );
    expect(() => compileLinear('(a)\\1')).toThrow(/no lookahead, lookbehind or backreferences/);
  });
});

describe('TimeSlicer', () => {
  function* count(n: number): Generator<void, number> {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      yield;
      sum += i;
    }
    return sum;
  }

  it('a loop run at once and in slices gives the same answer', async () => {
    expect(runToEnd(count(1000))).toBe(499500);
    expect(await runInSlices(count(1000), new TimeSlicer())).toBe(499500);
  });

  it('gives the event loop a turn once a slice is used up, and stops there once aborted', async () => {
    vi.useFakeTimers({ toFake: ['performance', 'setImmediate'] });
    try {
      const controller = new AbortController();
      const slicer = new TimeSlicer(controller.signal, 50);
      let turns = 0;
      function* slow(): Generator<void, string> {
        for (let i = 0; i < 10_000; i++) {
          yield;
          // Every item costs a millisecond of the fake clock.
          vi.advanceTimersByTime(1);
          if (i === 500) controller.abort();
        }
        return 'done';
      }
      const done = runInSlices(slow(), slicer).catch((error: Error) => error.message);
      while (turns < 100 && !(await Promise.race([done.then(() => true), Promise.resolve(false)]))) {
        turns++;
        await vi.runOnlyPendingTimersAsync();
      }
      expect(await done).toBe('interrupted');
      expect(turns).toBeGreaterThan(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a user rules step in slices: the same values as at once', async () => {
    const values = { variables: { a: "'aaab'", b: "'x'" }, types: {}, truncated: [], normalised: [] };
    const context: ValueContext = {
      adapter: null,
      breakpointPath: '/x.py',
      raw: false,
      rewrites: [{ pattern: 'a+b', replacement: 'AB' }],
    };
    const atOnce = userRewriteStep.apply(values, context);
    expect(atOnce.variables).toEqual({ a: "'AB'", b: "'x'" });
    expect(await userRewriteStep.applyInSlices!(values, context, new TimeSlicer())).toEqual(atOnce);
  });
});
