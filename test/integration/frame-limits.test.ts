// The capture limits against the real adapters: --max-children and --max-variables bound every
// level on both Python adapters, dlv and lldb-dap (a million-element list costs only what is kept), and one slow
// or failing value costs only itself (--value-timeout), never the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { describePythonAdapters } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-limits');
const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(lldbDefinition.adapter.executables, ROOT);
let scratch = '';

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-limits-test-'));
  if (lldbDap)
    await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'nested'), path.join(FIXTURES, 'nested.c')], {
      stdin: 'ignore',
    });
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** Every run must leave no process behind, and every document must match the schema. */
function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

function both(...argv: string[]): string[] {
  return ['--', ...argv, '--', ...argv];
}

/** Runs bpdiff and how long it took, in seconds. */

describePythonAdapters('capture limits on Python', (_adapter, runBpdiff) => {
  // Before the fix: 90,402 variables with --max-children 300, and both runs timed out with no document at 1000.
  it.each([
    ['300', 303, 'items: 300 of 1000000 children shown (--max-children 300)'],
    ['1000', 1003, 'items: 1000 of 1000000 children shown (--max-children 1000)'],
    ['1000000', 20_000, 'items: 19997 of 1000000 children shown'],
  ] as const)(
    'a list of a million ints with --max-children %s: %i variables, and the cut named',
    async (maxChildren, count, note) => {
      const run = await runBpdiff(
        // --value-timeout 60: what is counted here, not how long 20,000 children take on a loaded
        // machine (ci113: debugpy's answer for items took longer than the 8 s it had by default, 2 s a value,
        // 1 s of margin and 5 s for 20,000 children, beside the other worker's runs: read as timed out, 3 variables).
        [
          '--bp',
          'big_list.py:9',
          '--max-children',
          maxChildren,
          '--value-timeout',
          '60',
          ...both('python3', 'big_list.py'),
        ],
        { cwd: FIXTURES },
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      const { run_a: a, run_b: b } = run.doc!;
      expect(a.status).toBe('break');
      expect(Object.keys(a.variables), hints(run)).toHaveLength(count);
      expect(Object.keys(b.variables), hints(run)).toHaveLength(count);
      expect(a.variables.size).toBe('1000000');
      expect(a.variables.label).toBe("'big'");
      expect(a.variables['items[0]']).toBe('0');
      expect(Object.keys(a.variables).filter((name) => name.includes('more'))).toEqual([]);
      expect(hints(run)).toContain(note);
    },
  );

  it('--max-variables 50 on nested data: exactly 50', async () => {
    const run = await runBpdiff(['--bp', 'nested.py:6', '--max-variables', '50', ...both('python3', 'nested.py')], {
      cwd: FIXTURES,
    });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(run.doc!.run_a.variables)).toHaveLength(50);
    expect(Object.keys(run.doc!.run_b.variables)).toHaveLength(50);
    expect(run.doc!.run_a.variables['grid[0][9]']).toBe('9');
    expect(hints(run)).toMatch(/A and B: Reading stopped at --max-variables 50.*the children of grid\[2\]/);
  });

  it('a __repr__ that sleeps 15 s in A, with --value-timeout 1: the other locals are kept, the slow one reads as timed out', async () => {
    const run = await runBpdiff(
      [
        '--bp',
        'slow_repr.py:28',
        '--value-timeout',
        '1',
        '--',
        'python3',
        'slow_repr.py',
        'slow',
        '--',
        'python3',
        'slow_repr.py',
        'fast',
      ],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(doc.run_a.variables).toEqual({
      count: '3',
      word: "'hello'",
      total: '6',
      mode: "'slow'",
      thing: '<timed out after 1 s>',
      zeros: '[‹0›, ‹1›]',
      'zeros[0]': '0',
      'zeros[1]': '0',
    });
    expect(doc.diff.changed.thing).toEqual({ a: '<timed out after 1 s>', b: 'Fast()' });
    expect(doc.diff.unchanged).toEqual(['count', 'total', 'word', 'zeros', 'zeros[0]', 'zeros[1]']);
    expect(hints(run)).toContain(
      'In A, the debugger could not show thing: it reads <timed out after 1 s> (raise --value-timeout to wait longer).',
    );
  });

  it('children that one run cannot list in time are not compared, not reported as only in the other run', async () => {
    const run = await runBpdiff(
      [
        '--bp',
        'slow_children.py:24',
        '--value-timeout',
        '1',
        '--env-a',
        'SLOW_DIR=1',
        ...both('python3', 'slow_children.py'),
      ],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const doc = run.doc!;
    expect(doc.diff).toEqual({ changed: {}, unchanged: ['count', 'thing'], only_in_a: [], only_in_b: [] });
    expect(doc.run_b.variables).toEqual({ count: '3', thing: 'Thing()' });
    expect(hints(run)).toContain(
      '2 values of B under thing were not compared (thing.size, thing.slow): A did not read the children of thing, so they are unknown there, not missing.',
    );
    expect(hints(run)).toContain(
      'A: Reading the children of thing timed out after 2 s: its own value is kept, its children are not compared (raise --value-timeout).',
    );
  });

  it('a __repr__ that raises in both runs: exit 0, the other locals kept, the error as its value', async () => {
    const run = await runBpdiff(['--bp', 'slow_repr.py:28', ...both('python3', 'slow_repr.py', 'raise')], {
      cwd: FIXTURES,
    });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const error = '<error: repr raised ValueError: no repr for you>';
    for (const side of [run.doc!.run_a, run.doc!.run_b]) {
      expect(side.variables).toEqual({
        count: '3',
        word: "'hello'",
        total: '6',
        mode: "'raise'",
        thing: error,
        zeros: '[‹0›, ‹1›]',
        'zeros[0]': '0',
        'zeros[1]': '0',
      });
    }
    expect(hints(run)).toContain(`In both A and B, the debugger could not show thing: it reads ${error}.`);
  });

  it('reading stops at the run --timeout, keeping what it read: ten slow reprs in a list hold the adapter for 10 s', async () => {
    // --timeout 6: the stop comes well before it (under 2 s on a loaded machine), and the adapter's ten
    // reprs (10 s) end well after it.
    const run = await runBpdiff(
      ['--bp', 'slow_repr.py:28', '--value-timeout', '1', '--timeout', '6', ...both('python3', 'slow_repr.py', 'many')],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    for (const side of [run.doc!.run_a, run.doc!.run_b]) {
      expect(side.status).toBe('break');
      expect(side.variables).toEqual({
        count: '3',
        word: "'hello'",
        total: '6',
        mode: "'many'",
        thing: '<timed out after 1 s>',
        zeros: '[0, 0]',
      });
    }
    // thing's children (ten reprs of 1 s each) take longer than a request may; zeros' wait behind them until the --timeout.
    expect(hints(run)).toContain(
      'A and B: Reading the children of thing timed out after 2 s: its own value is kept, its children are not compared (raise --value-timeout).',
    );
    expect(hints(run)).toContain(
      "A and B: Reading stopped at the run's --timeout after 6 variables: the children of zeros were not read (raise --timeout).",
    );
  });
});

describeWithTool('capture limits on dlv', 'dlv', onPath('dlv') && onPath('go'), () => {
  it('--max-variables 50 on nested data, with a slice of a million ints: exactly 50', async () => {
    const run = await runBpdiff(['--bp', 'nested.go:27', '--max-variables', '50', ...both('go', 'run', 'nested.go')], {
      cwd: FIXTURES,
    });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(run.doc!.run_a.variables)).toHaveLength(50);
    expect(Object.keys(run.doc!.run_b.variables)).toHaveLength(50);
    expect(run.doc!.run_a.variables['big[16]']).toBe('16');
    expect(hints(run)).toContain(
      'Reading stopped at --max-variables 50, so the comparison does not cover the rest: big: 17 of 1000000 children shown',
    );
  });
});

describeWithTool('capture limits on lldb-dap', 'lldb-dap', lldbDap !== null, () => {
  it('--max-variables 50 on nested C data, with an array of 200,000 ints: exactly 50, paged', async () => {
    const nested = path.join(scratch, 'nested');
    const run = await runBpdiff(['--bp', 'nested.c:17', '--max-variables', '50', ...both(nested)], { cwd: FIXTURES });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Object.keys(run.doc!.run_a.variables)).toHaveLength(50);
    expect(Object.keys(run.doc!.run_b.variables)).toHaveLength(50);
    expect(run.doc!.run_a.variables['grid[9]']).toBeDefined();
    // lldb-dap lists every element when asked for the named ones (26 s for this array): the page keeps it to 18.
    expect(hints(run)).toContain(
      'Reading stopped at --max-variables 50, so the comparison does not cover the rest: big: 17 of 200000 children shown',
    );
  });
});
