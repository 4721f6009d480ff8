// --max-output-bytes (src/report/bound-output.ts): unchanged parts fold, in both runs alike, until the
// document fits; changed values, names in one run only and hints never fold.
import { describe, expect, it } from 'vitest';
import { boundDocument, documentBytes } from '../../../src/report/bound-output.js';
import { diffVariables } from '../../../src/core/diff-variables.js';
import { validateComparison } from '../../../src/core/schemas.js';
import type { ComparisonResult } from '../../../src/core/types.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture } from '../fixtures/captures.js';

function doc(a: Record<string, string>, b: Record<string, string>): ComparisonResult {
  const run = (label: string, variables: Record<string, string>) => ({
    label,
    command: 'x',
    status: 'break' as const,
    location: { file: 'x.py', line: 1 },
    variables,
  });
  return {
    breakpoint: { file: 'x.py', line: 1 },
    run_a: run('A', a),
    run_b: run('B', b),
    diff: diffVariables(a, b),
    analysis_hints: ['1 variable changed.'],
  };
}

function rows(changedAt: number): Record<string, string> {
  const variables: Record<string, string> = { rows: '[‹0›, ...]', total: '99' };
  for (let n = 0; n < 300; n++) {
    variables[`rows[${n}]`] = `{'sku': ‹'sku'›, 'price': ‹'price'›}`;
    variables[`rows[${n}]['sku']`] = `'item-${n}'`;
    variables[`rows[${n}]['price']`] = String(n * 10 + (n === changedAt ? 1 : 0));
  }
  return variables;
}

describe('boundDocument', () => {
  it('leaves a document that fits as it is', () => {
    const small = doc({ x: '1' }, { x: '2' });
    expect(boundDocument(small, 100_000)).toBe(small);
    expect(boundDocument(small, null)).toBe(small);
  });

  it('folds unchanged rows until the document fits, keeping every changed value, and stays a valid document', () => {
    const big = doc(rows(120), rows(250));
    expect(documentBytes(big)).toBeGreaterThan(30_000);
    const bounded = boundDocument(big, 4096);
    expect(documentBytes(bounded)).toBeLessThanOrEqual(4096);
    expect(validateComparison(bounded).errors).toEqual([]);
    expect(bounded.diff.changed).toEqual(big.diff.changed);
    expect(bounded.diff.only_in_a).toEqual([]);
    // The spec's rules still hold: the diff of the bounded runs is the bounded diff.
    expect(diffVariables(bounded.run_a.variables, bounded.run_b.variables)).toEqual(bounded.diff);
    expect(bounded.run_a.variables['rows[…]']).toBe('‹folded: 298 unchanged children, rows[0] to rows[299]›');
    expect(bounded.analysis_hints[0]).toBe('1 variable changed.');
    expect(bounded.analysis_hints.at(-1)).toMatch(
      /^--max-output-bytes 4096: folded .*; every changed value is shown\.$/,
    );
  });

  it('says when the differences alone are larger than the bound', () => {
    const a: Record<string, string> = {};
    const b: Record<string, string> = {};
    for (let n = 0; n < 200; n++) {
      a[`v${n}`] = `'${'a'.repeat(40)}'`;
      b[`v${n}`] = `'${'b'.repeat(40)}'`;
    }
    const bounded = boundDocument(doc(a, b), 2048);
    expect(Object.keys(bounded.diff.changed)).toHaveLength(200);
    expect(bounded.analysis_hints.at(-1)).toMatch(
      /\(it is still \d+ bytes without this note: the changed values and the names in one run only take \d+, the hints \d+, the context 0, the unchanged values and the rest \d+\)\.$/,
    );
  });
});

describe('boundDocument folds hints and notes too (issue 22 item 10)', () => {
  // A small difference, long hints: 60 values normalised and 30 cut in each run, a long note of each
  // run's, 25 changed variables. The differences are a few hundred bytes; the hints were most of it.
  function captures(): ReturnType<typeof makeCapture>[] {
    const names = Array.from({ length: 60 }, (_, i) => `objects_with_a_long_name[${i}]`);
    const cut = Array.from({ length: 30 }, (_, i) => `rows_of_the_report[${i}]`);
    const note = `internals left out (--raw-values shows them): ${Array.from({ length: 40 }, (_, i) => `field_${i}`).join(', ')}`;
    const variables = (side: 'a' | 'b'): Record<string, string> => ({
      ...Object.fromEntries(names.map((name) => [name, '<Obj object at 0x…>'])),
      ...Object.fromEntries(cut.map((name) => [name, `'${'x'.repeat(60)}'…`])),
      ...Object.fromEntries(
        Array.from({ length: 25 }, (_, i) => [`n${i}`, side === 'a' ? `'${'a'.repeat(100)}'` : `'${'b'.repeat(100)}'`]),
      ),
    });
    return (['a', 'b'] as const).map((side) =>
      makeCapture({ side, variables: variables(side), normalised: names, truncated: cut, warnings: [note] }),
    );
  }

  it('folds the hints where the unchanged values alone cannot bring it under 2000 bytes, keeps every changed value, and says where the bytes go', () => {
    const [a, b] = captures();
    const full = buildReport([a!, b!]).document;
    expect(documentBytes(full)).toBeGreaterThan(9000);
    const { document } = buildReport([a!, b!], { maxOutputBytes: 2000 });
    expect(validateComparison(document).errors).toEqual([]);
    expect(Object.keys(document.diff.changed)).toHaveLength(25);
    expect(document.analysis_hints).toContain('And 22 more changed variables (see diff.changed).');
    expect(document.analysis_hints.find((hint) => hint.startsWith('In both A and B, rows_of_the_report'))).toBe(
      'In both A and B, rows_of_the_report[0], rows_of_the_report[10], rows_of_the_report[11] and 27 more were cut at the capture limits, so only their captured parts were compared; all are identical only as far as captured (raise --max-value-length, --max-children, --max-variables or --depth to see more).',
    );
    expect(document.analysis_hints.at(-1)).toMatch(
      /^--max-output-bytes 2000: folded .*, the lists and notes of \d+ hints, .*every changed value is shown/,
    );
    // The 25 changed values alone are over 2000 bytes here: the hint says where the bytes go, not that the differences are to blame for all.
    expect(document.analysis_hints.at(-1)).toMatch(
      /it is still \d+ bytes without this note: the changed values and the names in one run only take \d+, the hints \d+, the context \d+/,
    );
  });

  it('fits the bound when the differences are small and the hints were the excess', () => {
    const [a, b] = captures();
    const small = (capture: typeof a): typeof a => ({
      ...capture!,
      run: {
        ...capture!.run,
        variables: Object.fromEntries(
          Object.entries(capture!.run.variables).filter(([name]) => !/^n([1-9]|1\d|2\d)$/.test(name)),
        ),
      },
    });
    const { document } = buildReport([small(a), small(b)], { maxOutputBytes: 3000 });
    expect(Object.keys(document.diff.changed)).toEqual(['n0']);
    expect(documentBytes(document), JSON.stringify(document, null, 1)).toBeLessThanOrEqual(3000);
    expect(document.analysis_hints.at(-1)).toBe(
      '--max-output-bytes 3000: folded 30 long unchanged values to their size, 90 unchanged children of 2 values into name[…], the lists and notes of 4 hints, the values hints quote to 40 characters, 3 notes on how values were read (the captures hold them), the context to its essentials, in both runs alike; every changed value is shown.',
    );
    expect(document.analysis_hints.at(-1)).not.toMatch(/still/);
  });
});
