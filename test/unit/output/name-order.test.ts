// The writers a person reads list names in natural order (x2 before x10); the document keeps code-unit order.
import { describe, expect, it } from 'vitest';
import { compareNatural, naturalOrder } from '../../../src/output/name-order.js';
import { writeMarkdown } from '../../../src/output/format-markdown.js';
import { writeSideBySide } from '../../../src/output/format-side-by-side.js';
import { writeText } from '../../../src/output/format-text.js';
import { describeChanges } from '../../../src/output/describe-changes.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture } from '../fixtures/captures.js';

describe('natural order of names', () => {
  it('numbers by their value, the rest by code unit, leading zeros after, on no locale', () => {
    expect(naturalOrder(['x10', 'x2', 'x1', 'items[10]', 'items[9]', 'items[2].a', 'X3', 'x02', 'x'])).toEqual([
      'X3',
      'items[2].a',
      'items[9]',
      'items[10]',
      'x',
      'x1',
      'x2',
      'x02',
      'x10',
    ]);
    expect(compareNatural('a100000000000000000000000001', 'a99999999999999999999999999')).toBeGreaterThan(0);
    expect(compareNatural('same', 'same')).toBe(0);
  });

  it("text, markdown, side-by-side and a check's changes list x2 before x10; the document keeps code-unit order", () => {
    const names = { x1: '1', x2: '2', x10: '10' };
    const report = buildReport([
      makeCapture({ variables: { ...names, old10: 'a', old9: 'b' } }),
      makeCapture({ side: 'b', variables: { x1: '-1', x2: '-2', x10: '-10' } }),
    ]);
    expect(Object.keys(report.document.diff.changed)).toEqual(['x1', 'x10', 'x2']);
    expect(report.document.diff.only_in_a).toEqual(['old10', 'old9']);
    const order = (text: string, words: string[]): number[] => words.map((word) => text.indexOf(word));
    const increasing = (positions: number[]): void => {
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((p, q) => p - q)).toEqual(positions);
    };
    for (const text of [
      writeText(report, { color: false }),
      writeMarkdown(report),
      writeSideBySide(report, { color: false, columns: 100 }),
      describeChanges(report).join('\n'),
    ]) {
      increasing(order(text, ['x2', 'x10']));
      increasing(order(text, ['old9', 'old10']));
    }
  });
});
