import { describe, expect, it } from 'vitest';
import {
  anchoredChanges,
  lineChanges,
  mapAllLines,
  mapLine,
  MAX_DIFF_CELLS,
  splitLines,
} from '../../../src/core/line-map.js';

const A = ['def f(x):', '    y = x * 2', '    z = y + 1', '    return z', '', 'print(f(3))'];

describe('mapLine: a line of A in B', () => {
  it('identical files keep the number', () => expect(mapLine(A, A, 3)).toEqual({ kind: 'same', line: 3 }));
  it('follows a line shifted by an insertion above it', () => {
    const b = ['import sys', '# a comment', ...A];
    expect(mapLine(A, b, 3)).toEqual({ kind: 'same', line: 5 });
    expect(mapLine(A, b, 6)).toEqual({ kind: 'same', line: 8 });
  });
  it('follows a line shifted up by a deletion above it', () =>
    expect(mapLine(A, [A[0]!, A[2]!, A[3]!, A[4]!, A[5]!], 3)).toEqual({ kind: 'same', line: 2 }));
  it('a changed line: the line that took its place', () => {
    const b = [...A];
    b[2] = '    z = y + 100';
    expect(mapLine(A, b, 3)).toEqual({ kind: 'changed', line: 3 });
    expect(mapLine(A, b, 4)).toEqual({ kind: 'same', line: 4 });
  });
  it('a deleted line with nothing in its place', () =>
    expect(mapLine(A, [A[0]!, A[1]!, A[3]!, A[4]!, A[5]!], 3)).toEqual({ kind: 'deleted' }));
  it('a block replaced by a shorter one maps into it', () => {
    const b = [A[0]!, '    return x * 2 + 1', A[4]!, A[5]!];
    expect(mapLine(A, b, 3)).toEqual({ kind: 'changed', line: 2 });
    expect(mapLine(A, b, 6)).toEqual({ kind: 'same', line: 4 });
  });
  it('splits text on \\n and \\r\\n without a last empty line', () =>
    expect(splitLines('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']));
});

describe('a bounded line diff (two copies far apart cannot hold bpdiff for minutes)', () => {
  // Every other line edited: the Myers diff's cost grows with lines times edits (8000 lines took 50 s).
  const N = 20_000;
  const a = Array.from({ length: N }, (_, i) => `total = ${i}`);
  const b = a.map((text, i) => (i % 2 === 1 ? `${text} + 1` : text));

  it('maps every line of two 20000-line copies with every other line edited: the kept ones in place, the edited ones to their edit', () => {
    expect(N * 2 * (N / 2)).toBeGreaterThan(MAX_DIFF_CELLS);
    const all = mapAllLines(a, b);
    expect(all).toHaveLength(N);
    expect(
      all.every(
        (mapping, i) =>
          (i % 2 === 0 ? mapping.kind === 'same' : mapping.kind === 'changed') &&
          mapping.kind !== 'deleted' &&
          mapping.line === i + 1,
      ),
    ).toBe(true);
    expect(mapLine(a, b, 10_001)).toEqual({ kind: 'same', line: 10_001 });
    expect(mapLine(a, b, 10_002)).toEqual({ kind: 'changed', line: 10_002 });
  });

  it('sets aside the lines both copies share at their start and end, whatever lies between', () => {
    const before = ['import os', 'x = 1', 'y = 2', 'print(x)'];
    const after = ['import os', 'x = 10', 'z = 3', 'y = 2', 'print(x)'];
    expect(lineChanges(before, after)).toEqual([
      { count: 1 },
      { count: 1, removed: true },
      { count: 2, added: true },
      { count: 2 },
    ]);
    expect(lineChanges(before, [...before, 'done'])).toEqual([{ count: 4 }, { count: 1, added: true }]);
  });

  it('anchors on lines found once in each copy, in order; what lies between two anchors is replaced', () => {
    const one = ['def f():', 'x', 'x', 'return 1', 'def g():', 'y', 'return 2'];
    const two = ['def f():', 'x', 'return 10', 'def g():', 'y', 'y', 'return 2', 'def h():'];
    expect(anchoredChanges(one, two)).toEqual([
      { count: 1 },
      { count: 3, removed: true },
      { count: 2, added: true },
      { count: 1 },
      { count: 1, removed: true },
      { count: 2, added: true },
      { count: 1 },
      { count: 1, added: true },
    ]);
    // A line moved far away is no anchor for what stays in order.
    expect(anchoredChanges(['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'a'])).toEqual([
      { count: 1, removed: true },
      { count: 3 },
      { count: 1, added: true },
    ]);
  });
});
