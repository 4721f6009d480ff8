import { describe, expect, it } from 'vitest';
import { mapLine, splitLines } from '../../../src/core/line-map.js';

const A = ['def f(x):', '    y = x * 2', '    z = y + 1', '    return z', '', 'print(f(3))'];

describe('mapLine: a line of A in B', () => {
  it('identical files keep the number', () => expect(mapLine(A, A, 3)).toEqual({ kind: 'same', line: 3 }));
  it('follows a line shifted by an insertion above it', () => {
    const b = ['import sys', '# a comment', ...A];
    expect(mapLine(A, b, 3)).toEqual({ kind: 'same', line: 5 });
    expect(mapLine(A, b, 6)).toEqual({ kind: 'same', line: 8 });
  });
  it('follows a line shifted up by a deletion above it', () => expect(mapLine(A, [A[0]!, A[2]!, A[3]!, A[4]!, A[5]!], 3)).toEqual({ kind: 'same', line: 2 }));
  it('a changed line: the line that took its place', () => {
    const b = [...A];
    b[2] = '    z = y + 100';
    expect(mapLine(A, b, 3)).toEqual({ kind: 'changed', line: 3 });
    expect(mapLine(A, b, 4)).toEqual({ kind: 'same', line: 4 });
  });
  it('a deleted line with nothing in its place', () => expect(mapLine(A, [A[0]!, A[1]!, A[3]!, A[4]!, A[5]!], 3)).toEqual({ kind: 'deleted' }));
  it('a block replaced by a shorter one maps into it', () => {
    const b = [A[0]!, '    return x * 2 + 1', A[4]!, A[5]!];
    expect(mapLine(A, b, 3)).toEqual({ kind: 'changed', line: 2 });
    expect(mapLine(A, b, 6)).toEqual({ kind: 'same', line: 4 });
  });
  it('splits text on \\n and \\r\\n without a last empty line', () => expect(splitLines('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']));
});
