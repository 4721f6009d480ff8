// --tolerance (src/values/tolerance.ts): numbers within it compare as equal, and it is said.
import { describe, expect, it } from 'vitest';
import { applyTolerance, describeWithin } from '../../../src/values/tolerance.js';
import { readOptionValue } from '../../../src/options/read-options.js';
import { findDeclaration } from '../../../src/options/declarations.js';
import { BpdiffError } from '../../../src/errors.js';

describe('applyTolerance', () => {
  const a = { total: '10.0', rate: '0.2', n: '7', name: "'x'", big: '1000' };
  const b = { total: '10.004', rate: '0.25', n: '7', name: "'y'", big: '1009', extra: '1' };

  it('writes B as A where an absolute tolerance holds, and leaves the rest', () => {
    const out = applyTolerance(a, b, { kind: 'absolute', amount: 0.01 });
    expect(out.variables).toEqual({ total: '10.0', rate: '0.25', n: '7', name: "'y'", big: '1009', extra: '1' });
    expect(out.within).toEqual([{ name: 'total', a: '10.0', b: '10.004' }]);
  });

  it('a relative tolerance is a share of A', () => {
    const out = applyTolerance(a, b, { kind: 'relative', percent: 1 });
    expect(out.within.map((entry) => entry.name)).toEqual(['total', 'big']);
    expect(applyTolerance({ x: '0' }, { x: '0.0001' }, { kind: 'relative', percent: 50 }).within).toEqual([]);
  });

  it('none: B as it is', () => {
    expect(applyTolerance(a, b, null)).toEqual({ variables: b, within: [] });
  });

  it('is said with both values', () => {
    expect(
      describeWithin(
        [{ name: 'total', a: '10.0', b: '10.004' }],
        { kind: 'absolute', amount: 0.01 },
        { a: 'A', b: 'B' },
      ),
    ).toBe(
      "1 number within --tolerance 0.01 was compared as equal (B's value shown as A's): total is 10.004 in B (10.0 in A)",
    );
  });
});

describe('--tolerance values', () => {
  const declaration = findDeclaration('tolerance')!;
  it('reads N and N%', () => {
    expect(readOptionValue(declaration, '0.01')).toEqual({ kind: 'absolute', amount: 0.01 });
    expect(readOptionValue(declaration, '2%')).toEqual({ kind: 'relative', percent: 2 });
    expect(readOptionValue(declaration, 3)).toEqual({ kind: 'absolute', amount: 3 });
  });
  it('refuses what is not a number, in one line', () => {
    for (const bad of ['abc', '-1', '1%%', '%', '']) {
      expect(() => readOptionValue(declaration, bad)).toThrow(BpdiffError);
    }
    expect(() => readOptionValue(declaration, 'abc')).toThrow(/--tolerance/);
  });
});
