// Bounded answers on a real program (both Python adapters): a 500-row list gives a result of hundreds of KB;
// --max-output-bytes 4096 folds it under the bound and still names every changed variable, and
// --only keeps the names that matter.
import path from 'node:path';
import { expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT } from './helpers.js';
import { describePythonAdapters } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/python');
const BOTH = ['--', 'python3', 'rows.py', '450', '--', 'python3', 'rows.py', '460'];

describePythonAdapters('bounded answers through Python', (_adapter, runBpdiff) => {
  it('--max-output-bytes 4096 on a 500-row list: under the bound, valid, every changed variable named', async () => {
    // Unbounded, the document is hundreds of KB (498 unchanged rows of five entries each); the two
    // changed prices and the tally named exactly, and the fold counted, show that nothing changed was folded.
    const run = await runBpdiff(
      ['--bp', 'rows.py:9', '--max-children', '1000', '--max-output-bytes', '4096', ...BOTH],
      { cwd: FIXTURES },
    );
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(Buffer.byteLength(run.stdout)).toBeLessThanOrEqual(4096);
    expect(validateComparison(run.doc).errors).toEqual([]);
    expect(Object.keys(run.doc!.diff.changed).sort()).toEqual(['changed', "rows[450]['price']", "rows[460]['price']"]);
    expect(run.doc!.diff.changed).toEqual({
      changed: { a: '450', b: '460' },
      "rows[450]['price']": { a: '4501', b: '4500' },
      "rows[460]['price']": { a: '4600', b: '4601' },
    });
    expect(run.doc!.run_a.variables['rows[…]']).toBe('‹folded: 498 unchanged children, rows[0] to rows[499]›');
    expect(run.doc!.analysis_hints.at(-1)).toMatch(
      /^--max-output-bytes 4096: folded 2494 unchanged values into their 500 roots, .*every changed value is shown\.$/,
    );
  });

  it('--only keeps the names that match and what lies under them', async () => {
    const run = await runBpdiff(
      ['--bp', 'rows.py:9', '--max-children', '1000', '--only', 'rows[45?]', '--only', 'total', ...BOTH],
      { cwd: FIXTURES },
    );
    expect(run.exitCode, run.stderr).toBe(1);
    expect(Object.keys(run.doc!.run_a.variables).filter((name) => !name.startsWith('rows[45'))).toEqual(['total']);
    expect(run.doc!.run_a.variables["rows[450]['price']"]).toBe('4501');
    expect(Object.keys(run.doc!.diff.changed)).toEqual(["rows[450]['price']"]);
    expect(run.doc!.analysis_hints.join('\n')).toMatch(
      /only the names matching --only 'rows\[45\?\]' 'total' were compared: 61 kept, \d+ left out/,
    );
  });
});
