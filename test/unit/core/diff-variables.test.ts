import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNames, diffVariables, isDiffEmpty } from '../../../src/core/diff-variables.js';

// Names that collide with Object.prototype, plus ordinary ones, so the arbitraries hit both often.
const trickyNames = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'x',
  'x.y',
  'items[0]',
  'é',
  'Z',
  'a',
  '',
];
const name = fc.oneof(
  fc.constantFrom(...trickyNames),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
);
const value = fc.oneof(fc.constantFrom('1', '2', "'a'", 'None', ''), fc.string({ maxLength: 4 }));
const variables = fc.array(fc.tuple(name, value), { maxLength: 30 }).map(toRecord);

/** Like JSON.parse does: "__proto__" becomes an own property, not the prototype. */
function toRecord(entries: Array<[string, string]>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [k, v] of entries)
    Object.defineProperty(record, k, { value: v, enumerable: true, writable: true, configurable: true });
  return record;
}

const own = (record: object, key: string): boolean => Object.hasOwn(record, key);

describe('diffVariables', () => {
  it('puts each name of the union in exactly one group (rules 1-5)', () => {
    fc.assert(
      fc.property(variables, variables, (a, b) => {
        const diff = diffVariables(a, b);
        const groups = [Object.keys(diff.changed), diff.unchanged, diff.only_in_a, diff.only_in_b];
        const all = groups.flat();
        const union = new Set([...Object.keys(a), ...Object.keys(b)]);
        expect(all.length).toBe(union.size);
        expect(new Set(all)).toEqual(union);
        for (const n of diff.only_in_a) expect(own(a, n) && !own(b, n)).toBe(true);
        for (const n of diff.only_in_b) expect(!own(a, n) && own(b, n)).toBe(true);
        for (const n of diff.unchanged) expect(a[n]).toBe(b[n]);
        for (const n of Object.keys(diff.changed)) {
          expect(own(a, n) && own(b, n)).toBe(true);
          expect(a[n]).not.toBe(b[n]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps both values of every changed variable, as own properties', () => {
    fc.assert(
      fc.property(variables, variables, (a, b) => {
        const { changed } = diffVariables(a, b);
        for (const n of Object.keys(changed)) {
          const descriptor = Object.getOwnPropertyDescriptor(changed, n)!;
          expect(descriptor.enumerable).toBe(true);
          expect(descriptor.value).toEqual({ a: a[n], b: b[n] });
        }
        expect(Object.getPrototypeOf(changed)).toBe(Object.prototype);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: sorted groups, sorted changed keys, independent of insertion order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, value), { maxLength: 30 }),
        fc.array(fc.tuple(name, value), { maxLength: 30 }),
        (ea, eb) => {
          const first = diffVariables(toRecord(ea), toRecord(eb));
          const sorted = (names: string[]): boolean =>
            names.every((n, i) => i === 0 || compareNames(names[i - 1]!, n) < 0);
          // An object lists integer-like keys ("0", "17") first whatever the insertion order; bpdiff never
          // names a variable so (an element is `[0]`), so `changed`'s order is checked without them.
          const integerLike = (key: string): boolean => /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
          for (const group of [
            first.unchanged,
            first.only_in_a,
            first.only_in_b,
            Object.keys(first.changed).filter((key) => !integerLike(key)),
          ])
            expect(sorted(group)).toBe(true);
          expect(JSON.stringify(diffVariables(toRecord(ea), toRecord(eb)))).toBe(JSON.stringify(first));
          // Same names with the last value kept either way: reversing insertion order must not matter.
          const lastWins = toRecord(ea);
          const reversedKeys = toRecord(
            Object.keys(lastWins)
              .reverse()
              .map((k) => [k, lastWins[k]!]),
          );
          expect(JSON.stringify(diffVariables(reversedKeys, toRecord(eb)))).toBe(JSON.stringify(first));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts by UTF-16 code units, not locale', () => {
    const diff = diffVariables({ b: '1', B: '1', a: '1', é: '1', Z: '1', _: '1' }, {});
    expect(diff.only_in_a).toEqual(['B', 'Z', '_', 'a', 'b', 'é']);
  });

  it('applies the four rules to a realistic pair', () => {
    const diff = diffVariables(
      { rate: '0.1', total: '9.0', qty: '10', old: '1' },
      { rate: '1.0', total: '9.0', qty: '10', new: '2' },
    );
    expect(diff).toEqual({
      changed: { rate: { a: '0.1', b: '1.0' } },
      unchanged: ['qty', 'total'],
      only_in_a: ['old'],
      only_in_b: ['new'],
    });
    expect(isDiffEmpty(diff)).toBe(false);
    expect(isDiffEmpty(diffVariables({ x: '1' }, { x: '1' }))).toBe(true);
  });

  it('round-trips __proto__ and constructor through changed and JSON', () => {
    const a = JSON.parse('{"__proto__": "1", "constructor": "f", "toString": "x"}') as Record<string, string>;
    const b = JSON.parse('{"__proto__": "2", "constructor": "g", "toString": "x"}') as Record<string, string>;
    const diff = diffVariables(a, b);
    expect(Object.keys(diff.changed)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(diff.changed)).toBe(Object.prototype);
    expect(diff.unchanged).toEqual(['toString']);
    const reparsed = JSON.parse(JSON.stringify(diff)) as { changed: Record<string, unknown> };
    expect(Object.getOwnPropertyDescriptor(reparsed.changed, '__proto__')?.value).toEqual({ a: '1', b: '2' });
    expect(Object.getOwnPropertyDescriptor(reparsed.changed, 'constructor')?.value).toEqual({ a: 'f', b: 'g' });
  });

  it('treats a name only in one map as only-in even when the other inherits it', () => {
    const diff = diffVariables({ constructor: 'x' }, {});
    expect(diff.only_in_a).toEqual(['constructor']);
    expect(diffVariables({}, { hasOwnProperty: 'y' }).only_in_b).toEqual(['hasOwnProperty']);
  });

  it('handles 100,000 variables per side (its speed is measured by npm run bench, not here)', () => {
    const a: Record<string, string> = {};
    const b: Record<string, string> = {};
    for (let i = 0; i < 100_000; i++) {
      a[`v${i}`] = String(i);
      if (i % 10 !== 0) b[`v${i}`] = i % 3 === 0 ? String(i + 1) : String(i);
    }
    const diff = diffVariables(a, b);
    expect(diff.only_in_a.length).toBe(10_000);
    expect(Object.keys(diff.changed).length + diff.unchanged.length).toBe(90_000);
  });
});
