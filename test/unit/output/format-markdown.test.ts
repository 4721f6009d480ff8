import { describe, expect, it } from 'vitest';
import { writeMarkdown } from '../../../src/output/format-markdown.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

describe('the markdown writer', () => {
  it('a heading that is the verdict, the runs, and tables of changed variables (both values and the change) and only-in ones', () => {
    const a = makeCapture({ label: 'main', variables: { rate: '0.1', name: "'a|b'", same: '1', old: '<x>' } });
    const b = makeCapture({ side: 'b', label: 'feature', variables: { rate: '1.0', name: "'a\nb'", same: '1' } });
    const text = writeMarkdown(buildReport([a, b]));
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      '### ❌ bpdiff at `pricing.py:34`: 2 changed, 1 unchanged, 1 only in main, 0 only in feature',
    );
    expect(text).toContain('| variable | main | feature | change |\n|---|---|---|---|\n');
    expect(text).toContain("| <code>name</code> | <code>'a&#124;b'</code> | <code>'a<br>b'</code> |  |");
    // The same delta as the annotation's (rate is 0.1 in main and 1.0 in feature (up 0.9, 10x)).
    expect(text).toContain('| <code>rate</code> | <code>0.1</code> | <code>1.0</code> | up 0.9, 10x |');
    expect(text).toContain(
      '#### Only in main (1)\n\n| variable | value |\n|---|---|\n| <code>old</code> | <code>&lt;x&gt;</code> |',
    );
    // Every table row has the same number of cells as its header.
    for (const row of lines.filter((line) => line.startsWith('| <code>')))
      expect(row.split(' | ').length).toBeGreaterThanOrEqual(2);
  });

  it('says "No differences" outright', () => {
    const text = writeMarkdown(
      buildReport([makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })]),
    );
    expect(text.split('\n')[0]).toBe('### ✅ bpdiff at `pricing.py:34`: no differences (7 variables identical)');
    expect(text).not.toContain('#### Changed');
  });

  it('says which run did not stop, and why', () => {
    const text = writeMarkdown(
      buildReport([
        makeCapture({ variables: { x: '1' } }),
        makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3 } }),
      ]),
    );
    expect(text.split('\n')[0]).toBe(
      '### ❌ bpdiff at `pricing.py:34`: B did not stop at the breakpoint; 0 changed, 0 unchanged, 1 only in A, 0 only in B',
    );
    expect(text).toContain('| B | <code>');
    expect(text).toContain('B exited with code 3 without reaching pricing.py:34. |');
  });

  it('says a type change and a number turned text in the change column', () => {
    const a = makeCapture({ variables: { count: '3', total: '120' }, types: { count: 'int', total: 'int' } });
    const b = makeCapture({
      side: 'b',
      variables: { count: "'3'", total: '90' },
      types: { count: 'str', total: 'int' },
    });
    const text = writeMarkdown(buildReport([a, b]));
    expect(text).toContain("| <code>count</code> | <code>3</code> | <code>'3'</code> | type change from int to str |");
    expect(text).toContain('| <code>total</code> | <code>120</code> | <code>90</code> | down 30, -25% |');
  });
});
