import { describe, expect, it } from 'vitest';
import { writeSideBySide } from '../../../src/output/format-side-by-side.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

describe('the side-by-side writer', () => {
  it('puts the two runs in two columns, a row per difference, the change under its name', () => {
    const a = makeCapture({ label: 'main', variables: { rate: '0.1', old: '1', note: 'x'.repeat(50) } });
    const b = makeCapture({ side: 'b', label: 'pr', variables: { rate: '1.0', note: 'y' } });
    const lines = writeSideBySide(buildReport([a, b]), { color: false, columns: 80 }).split('\n');
    expect(lines[0]).toBe('breakpoint pricing.py:34');
    expect(lines[1]).toMatch(/^ {8} │ main {30}│ pr$/);
    expect(lines).toContain(`rate     │ 0.1${' '.repeat(30)} │ 1.0`);
    expect(lines).toContain('         │ ± value change (up 0.9, 10x)');
    // A long value wraps within its column.
    expect(lines.filter((line) => /^ *│ x+ *│/.test(line) || /^note +│ x+ +│ y$/.test(line))).toHaveLength(2);
    expect(lines).toContain(`old      │ 1${' '.repeat(32)} │`);
    expect(lines.at(-2)).toBe('2 changed, 0 unchanged, 1 only in main, 0 only in pr');
  });

  it('says "no differences" outright', () => {
    const text = writeSideBySide(
      buildReport([makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })]),
      { color: false },
    );
    expect(text.trimEnd().split('\n').at(-1)).toBe('no differences (7 variables identical)');
  });
});
