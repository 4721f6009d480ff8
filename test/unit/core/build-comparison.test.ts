import { describe, expect, it } from 'vitest';
import { analyseComparison, comparisonExitCode } from '../../../src/core/build-comparison.js';
import { COMPARISON_SCHEMA_ID } from '../../../src/core/types.js';
import { formatJson } from '../../../src/report/json.js';
import {
  buildValid,
  expectValidComparison,
  makeCapture,
  PRICING_TYPES,
  PRICING_V1,
  PRICING_V2,
} from '../fixtures/captures.js';

describe('buildComparison', () => {
  const bp = { file: 'pricing.py', line: 34, condition: "item.sku == 'mug'" };
  const a = makeCapture({
    breakpoint: bp,
    variables: PRICING_V1,
    types: PRICING_TYPES,
    command: 'python3 pricing.py 10',
  });
  const b = makeCapture({
    side: 'b',
    breakpoint: bp,
    variables: PRICING_V2,
    types: PRICING_TYPES,
    command: 'python3 pricing.py 10',
  });

  it('assembles the spec document from the two captures, in the spec order', () => {
    const result = buildValid(a, b, { sourceLine: '        total += line_total' });
    expectValidComparison(result);
    expect(Object.keys(result)).toEqual([
      '$schema',
      'breakpoint',
      'run_a',
      'run_b',
      'diff',
      'context',
      'analysis_hints',
    ]);
    expect(result.$schema).toBe(COMPARISON_SCHEMA_ID);
    expect(result.breakpoint).toEqual(bp);
    expect(result.run_a).toEqual(a.run);
    expect(result.run_b).toEqual(b.run);
    expect(result.diff.changed).toEqual({ line_total: { a: '108.0', b: '0.0' }, rate: { a: '0.1', b: '1.0' } });
  });

  it('writes a context that says what was compared, where each run stopped and where to look', () => {
    const result = buildValid(a, b, { sourceLine: '        total += line_total' });
    expect(result.context).toBe(
      [
        'bpdiff ran two commands under a debugger, stopped each at the same breakpoint and compared the variables visible there.',
        "Breakpoint: pricing.py:34 if `item.sku == 'mug'`",
        'Source at line 34: total += line_total',
        'Run A: python3 pricing.py 10',
        '  stopped at pricing.py:34 in price (7 variables)',
        'Run B: python3 pricing.py 10',
        '  stopped at pricing.py:34 in price (7 variables)',
        'Diff: 2 changed, 5 unchanged, 0 only in A, 0 only in B.',
        'First difference: line_total is 108.0 in A and 0.0 in B (down 108, -100%).',
      ].join('\n'),
    );
  });

  it('points the context at a run that did not stop, and leaves out an unknown source line', () => {
    const missing = makeCapture({ side: 'b', breakpoint: bp, noBreak: { kind: 'exited', exit_code: 3 }, exitCode: 3 });
    const context = buildValid(a, missing).context!;
    expect(context).not.toContain('Source at line');
    expect(context).toContain(
      "  did not stop: B exited with code 3 without reaching pricing.py:34 (or the condition `item.sku == 'mug'` was never true).",
    );
    expect(context.split('\n').at(-1)).toBe(
      "First difference: B exited with code 3 without reaching pricing.py:34 (or the condition `item.sku == 'mug'` was never true).",
    );
    expect(
      buildValid(a, makeCapture({ side: 'b', breakpoint: bp, variables: PRICING_V1 }))
        .context!.split('\n')
        .at(-1),
    ).toBe('First difference: none; the variables are identical.');
  });

  it('keeps the breakpoint as the user wrote it and leaves out an absent condition', () => {
    const plain = makeCapture({ breakpoint: { file: '../src/pricing.py', line: 34 }, variables: {} });
    const result = buildValid(
      plain,
      makeCapture({ side: 'b', breakpoint: { file: '../src/pricing.py', line: 34 }, variables: {} }),
    );
    expect(result.breakpoint).toEqual({ file: '../src/pricing.py', line: 34 });
    expect('condition' in result.breakpoint).toBe(false);
    expectValidComparison(result);
  });

  it('is pure: same input, same bytes; inputs untouched', () => {
    const before = JSON.stringify([a, b]);
    expect(formatJson(buildValid(a, b))).toBe(formatJson(buildValid(a, b)));
    expect(JSON.stringify([a, b])).toBe(before);
  });

  it('exit status: 0 only when both stopped and nothing differs', () => {
    const same = makeCapture({ side: 'b', variables: PRICING_V1 });
    const stoppedA = makeCapture({ variables: PRICING_V1 });
    expect(comparisonExitCode(buildValid(stoppedA, same))).toBe(0);
    expect(comparisonExitCode(buildValid(stoppedA, makeCapture({ side: 'b', variables: PRICING_V2 })))).toBe(1);
    expect(
      comparisonExitCode(buildValid(stoppedA, makeCapture({ side: 'b', variables: { ...PRICING_V1, extra: '1' } }))),
    ).toBe(1);
    expect(
      comparisonExitCode(buildValid(stoppedA, makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 0 } }))),
    ).toBe(1);
    const neither = buildValid(
      makeCapture({ noBreak: { kind: 'exited', exit_code: 0 } }),
      makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 0 } }),
    );
    expect(neither.diff).toEqual({ changed: {}, unchanged: [], only_in_a: [], only_in_b: [] });
    expect(comparisonExitCode(neither)).toBe(1);
    // Both stopped, neither read a variable (lldb on Fortran): nothing compared is no pass.
    const empty = buildValid(makeCapture({ variables: {} }), makeCapture({ side: 'b', variables: {} }));
    expect(comparisonExitCode(empty)).toBe(1);
    expect(empty.context).toContain('nothing was compared');
  });

  it('cuts, unreadable values and warnings: once for both runs when both have the same, else per run', () => {
    const slow = '<timed out after 2 s>';
    const x = makeCapture({ variables: { s: slow, n: '1' }, truncated: ['s'], warnings: ['w'] });
    const y = makeCapture({ side: 'b', variables: { s: slow, n: '1' }, truncated: ['s'], warnings: ['w'] });
    expect(analyseComparison(x, y).findings.filter((f) => f.kind !== 'identical')).toEqual([
      { kind: 'unreadable', sides: ['a', 'b'], values: [{ name: 's', text: slow }], more: 0 },
      { kind: 'truncated', sides: ['a', 'b'], names: ['s'], more: 0, unchanged: ['s'] },
      { kind: 'warning', sides: ['a', 'b'], message: 'w' },
    ]);
    const z = makeCapture({ side: 'b', variables: { s: 'S()', n: '1' }, truncated: ['n'], warnings: ['v'] });
    expect(analyseComparison(x, z).findings.filter((f) => !['counts', 'value_changed'].includes(f.kind))).toEqual([
      { kind: 'unreadable', sides: ['a'], values: [{ name: 's', text: slow }], more: 0 },
      { kind: 'truncated', sides: ['a'], names: ['s'], more: 0, unchanged: [] },
      { kind: 'truncated', sides: ['b'], names: ['n'], more: 0, unchanged: ['n'] },
      { kind: 'warning', sides: ['a'], message: 'w' },
      { kind: 'warning', sides: ['b'], message: 'v' },
    ]);
  });

  it('formats JSON with two spaces and a trailing newline', () => {
    const text = formatJson(buildValid(a, b));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe(`  "$schema": "${COMPARISON_SCHEMA_ID}",`);
  });
});
