// --max-output-bytes (src/report/bound-output.ts): unchanged parts fold, in both runs alike, until the
// document fits; changed values, names in one run only and hints never fold.
import { describe, expect, it } from 'vitest';
import { boundDocument, documentBytes } from '../../../src/report/bound-output.js';
import { diffVariables } from '../../../src/core/diff-variables.js';
import { validateComparison } from '../../../src/core/schemas.js';
import type { ComparisonResult } from '../../../src/core/types.js';

function doc(a: Record<string, string>, b: Record<string, string>): ComparisonResult {
  const run = (label: string, variables: Record<string, string>) => ({ label, command: 'x', status: 'break' as const, location: { file: 'x.py', line: 1 }, variables });
  return { breakpoint: { file: 'x.py', line: 1 }, run_a: run('A', a), run_b: run('B', b), diff: diffVariables(a, b), analysis_hints: ['1 variable changed.'] };
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
    expect(bounded.analysis_hints.at(-1)).toMatch(/^--max-output-bytes 4096: folded .*; every changed value is shown\.$/);
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
    expect(bounded.analysis_hints.at(-1)).toContain('(the differences alone are larger than the bound)');
  });
});
