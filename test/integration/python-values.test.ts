// How bpdiff reads Python's containers, through debugpy and through its own Python adapter: sets in one order whatever the
// process's hash seed (named by their elements, `tags{'t0'}`), and long containers named as Python
// indexes them (`xs[500]`, never pydevd's `xs.more[500]`).
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, type BpdiffRun } from './helpers.js';
import { describePythonAdapters } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-python-values');

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}


/** The order Python itself iterates a set in, under a hash seed. */
async function hashOrder(seed: string): Promise<string> {
  const { stdout } = await execa('python3', ['-c', "print(list({'t0', 't1', 't2'}), list(frozenset('wxyz')))"], { env: { PYTHONHASHSEED: seed }, stdin: 'ignore' });
  return stdout;
}

const SET_VALUES = {
  tags: "{‹'t0'›, ‹'t1'›, ‹'t2'›}",
  "tags{'t0'}": "'t0'",
  "tags{'t2'}": "'t2'",
  frozen: "frozenset({‹'w'›, ‹'x'›, ‹'y'›, ‹'z'›})",
  "frozen{'w'}": "'w'",
  pairs: "{‹('a', 1)›, ‹('b', 2)›, ‹('c', 3)›}",
  "pairs{('a', 1)}": "(‹0›, ‹1›)",
  "pairs{('a', 1)}[1]": '1',
  "pairs{('c', 3)}[0]": "'c'",
  // A dict keeps the program's order, the same in both runs.
  scores: "{'k2': ‹'k2'›, 'k1': ‹'k1'›, 'k3': ‹'k3'›}",
  "scores['k1']": '1',
  nested: "{'inner': ‹'inner'›}",
  "nested['inner']": "{‹'p'›, ‹'q'›, ‹'r'›}",
  "nested['inner']{'p'}": "'p'",
  rows: "[‹0›, ‹1›]",
  'rows[0]': "{‹'m'›, ‹'n'›, ‹'o'›}",
  "rows[0]{'o'}": "'o'",
  'rows[1]': '5',
};

describePythonAdapters('python values', (_adapter, runBpdiff) => {
  const sets = (a: string, b: string, ...options: string[]): Promise<BpdiffRun> =>
    runBpdiff(['--bp', 'sets.py:13', ...options, '--', 'python3', 'sets.py', a, '--', 'python3', 'sets.py', b], { cwd: FIXTURES });

  it('reads the same sets identically under two hash seeds that order them differently', async () => {
    // The premise: these seeds make Python iterate the same sets in different orders.
    expect(await hashOrder('1')).not.toBe(await hashOrder('2'));
    const run = await sets('t2', 't2', '--env-a', 'PYTHONHASHSEED=1', '--env-b', 'PYTHONHASHSEED=2');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const { diff, run_a: a, run_b: b } = run.doc!;
    expect(diff.changed).toEqual({});
    expect(diff.only_in_a).toEqual([]);
    expect(diff.only_in_b).toEqual([]);
    expect(a.variables).toMatchObject(SET_VALUES);
    expect(b.variables).toMatchObject(SET_VALUES);
    // Elements are named by their value, never by id().
    expect(Object.keys(a.variables).filter((name) => /\[\d{6,}\]/.test(name))).toEqual([]);
    expect(Object.keys(a.variables).filter((name) => name.startsWith('tags{'))).toEqual(["tags{'t0'}", "tags{'t1'}", "tags{'t2'}"]);
  });

  it('reads the same sets identically in three runs with a hash seed of their own each', async () => {
    for (let i = 0; i < 3; i++) {
      const run = await sets('t2', 't2');
      expectClean(run);
      expect(run.exitCode, run.stdout).toBe(0);
      expect(run.doc!.diff.changed).toEqual({});
      expect(run.doc!.run_a.variables).toMatchObject(SET_VALUES);
    }
  });

  it('reports a set that differs by one element as that element only in A and only in B, and the set changed', async () => {
    const run = await sets('t2', 't9', '--env-a', 'PYTHONHASHSEED=1', '--env-b', 'PYTHONHASHSEED=2');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const { diff } = run.doc!;
    expect(diff.changed).toEqual({ tags: { a: "{‹'t0'›, ‹'t1'›, ‹'t2'›}", b: "{‹'t0'›, ‹'t1'›, ‹'t9'›}" } });
    expect(diff.only_in_a).toEqual(["tags{'t2'}"]);
    expect(diff.only_in_b).toEqual(["tags{'t9'}"]);
    expect(diff.unchanged).toEqual(expect.arrayContaining(["tags{'t0'}", "tags{'t1'}", 'frozen', "pairs{('b', 2)}[1]"]));
  });

  it('names the elements of long containers as Python indexes them, and says how long they are', async () => {
    const run = await runBpdiff(['--bp', 'long.py:7', '--max-children', '600', '--', 'python3', 'long.py', '--', 'python3', 'long.py'], { cwd: FIXTURES });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const { run_a: a, diff, analysis_hints: hints } = run.doc!;
    expect(diff.changed).toEqual({});
    const names = Object.keys(a.variables);
    expect(names.filter((name) => name.includes('more'))).toEqual([]);
    expect(a.variables).toMatchObject({ 'xs[0]': '0', 'xs[99]': '99', 'xs[100]': '100', 'xs[500]': '500', 'xs[599]': '599', 'grid[599]': '599', 'table[599]': '358801', "bag{'e0599'}": "'e0599'" });
    for (const container of ['xs', 'grid', 'table', 'bag']) {
      expect(names.filter((name) => name.startsWith(`${container}[`) || name.startsWith(`${container}{`))).toHaveLength(600);
    }
    expect(names).not.toContain('xs[600]');
    // The set's first 600 in the stable order.
    expect(names).not.toContain("bag{'e0600'}");
    expect(hints).toEqual(expect.arrayContaining([
      'A and B: xs: 600 of 1000 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
      'A and B: grid: 600 of 2500 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
      'A and B: bag: 600 of 700 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
      'A and B: table: 600 of 800 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
    ]));
  });

  it('keeps the default --max-children 100 on a long list: its first 100 elements, and its length', async () => {
    const run = await runBpdiff(['--bp', 'long.py:7', '--', 'python3', 'long.py', '--', 'python3', 'long.py'], { cwd: FIXTURES });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const names = Object.keys(run.doc!.run_a.variables);
    expect(names.filter((name) => name.startsWith('xs['))).toHaveLength(100);
    expect(run.doc!.run_a.variables['xs[99]']).toBe('99');
    expect(run.doc!.analysis_hints.join('\n')).toContain('xs: 100 of 1000 children shown (--max-children 100)');
  });
});
