import { describe, expect, it } from 'vitest';
import { writeText } from '../../../src/output/format-text.js';
import { buildReport } from '../../../src/report/report.js';
import type { RunCapture } from '../../../src/core/types.js';
import { makeCapture, PRICING_TYPES, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

/** The text writer over the report of two captures. */
function text(a: RunCapture, b: RunCapture, color = false): string {
  return writeText(buildReport([a, b]), { color });
}

describe('the text writer', () => {
  it('renders a header, labelled -/+ lines per variable, a type change, only-in sections and a summary', () => {
    const a = makeCapture({
      label: 'main',
      command: 'python3 pricing.py 10',
      variables: { count: '3', rate: '0.1', same: '1', legacy: "'x'" },
      types: { count: 'int', rate: 'float' },
    });
    const b = makeCapture({
      side: 'b',
      label: 'feature',
      command: 'python3 pricing.py 10',
      variables: { count: "'3'", rate: '1.0', same: '1', fresh: '[1, 2]' },
      types: { count: 'str', rate: 'float' },
    });
    expect(text(a, b)).toBe(
      [
        'breakpoint pricing.py:34',
        '  main     python3 pricing.py 10',
        '           stopped at pricing.py:34 (4 variables)',
        '  feature  python3 pricing.py 10',
        '           stopped at pricing.py:34 (4 variables)',
        '',
        'count',
        '  ± type change from int to str',
        '  - main     3',
        "  + feature  '3'",
        '',
        'rate',
        '  ± value change (up 0.9, 10x)',
        '  - main     0.1',
        '  + feature  1.0',
        '',
        'only in main (1)',
        "  - main     legacy  'x'",
        '',
        'only in feature (1)',
        '  + feature  fresh  [1, 2]',
        '',
        '2 changed, 1 unchanged, 1 only in main, 1 only in feature',
        '',
      ].join('\n'),
    );
  });

  it('says "no differences" explicitly', () => {
    const output = text(makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 }));
    expect(output.trimEnd().split('\n').at(-1)).toBe('no differences (7 variables identical)');
  });

  it('says why a run did not stop when the captures are given, and adds notes', () => {
    const a = makeCapture({ variables: { x: '1' }, boundLine: 33, truncated: ['x'] });
    const b = makeCapture({ side: 'b', noBreak: { kind: 'timeout', seconds: 60, phase: 'run' } });
    const output = text(a, b);
    expect(output).toContain(
      '     did not stop: B timed out after 60 s running without reaching pricing.py:34 (raise --timeout if it is just slow).',
    );
    expect(output).toContain('notes\n  In A the debugger moved the breakpoint from line 34 to line 33');
    expect(output.trimEnd().split('\n').at(-1)).toBe(
      'B did not stop at the breakpoint; 0 changed, 0 unchanged, 1 only in A, 0 only in B',
    );
  });

  it('shows the last lines a run printed when it did not stop', () => {
    const a = makeCapture({ variables: { x: '1' } });
    const b = makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 5 } });
    b.output = { stdout_tail: 'collected 80 items\n\n76 deselected\n', stderr_tail: '', truncated: false };
    const output = text(a, b);
    expect(output).toContain(
      '     did not stop: B exited with code 5 without reaching pricing.py:34.\n     | collected 80 items\n     | 76 deselected\n',
    );
    expect(text(a, a)).not.toContain('|');
  });

  it('colours only when asked, and indents multi-line values', () => {
    const a = makeCapture({ variables: { s: 'line one\nline two' } });
    const b = makeCapture({ side: 'b', variables: { s: 'x' } });
    const plain = text(a, b);
    expect(plain).not.toContain('\u001b[');
    expect(plain).toContain('  - A  line one\n       line two\n  + B  x');
    const coloured = text(a, b, true);
    expect(coloured).toContain('\u001b[31m  - A  line one\u001b[0m');
    expect(coloured).toContain('\u001b[32m  + B  x\u001b[0m');
  });

  it('names both sides of a null change and keeps numbers for types from the text', () => {
    const output = text(
      makeCapture({ variables: { c: 'None', n: '1' } }),
      makeCapture({ side: 'b', variables: { c: "'W5'", n: "'1'" } }),
    );
    expect(output).toContain('c\n  ± type change from None to a value\n');
    expect(output).toContain('n\n  ± type change from number to string\n');
  });

  it('handles the pricing example with adapter types', () => {
    const output = text(
      makeCapture({ variables: PRICING_V1, types: PRICING_TYPES }),
      makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES }),
    );
    expect(output).toContain('line_total\n  ± value change (down 108, -100%)\n  - A  108.0\n  + B  0.0\n');
  });
});
