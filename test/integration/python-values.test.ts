// How bpdiff reads Python's containers, through debugpy and through its own Python adapter: sets in one order whatever the
// process's hash seed (named by their elements, `tags{'t0'}`), and long containers named as Python
// indexes them (`xs[500]`, never pydevd's `xs.more[500]`).
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ADDRESS_PATTERN } from '../../src/values/normalise.js';
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
  const { stdout } = await execa('python3', ['-c', "print(list({'t0', 't1', 't2'}), list(frozenset('wxyz')))"], {
    env: { PYTHONHASHSEED: seed },
    stdin: 'ignore',
  });
  return stdout;
}

const SET_VALUES = {
  tags: "{‹'t0'›, ‹'t1'›, ‹'t2'›}",
  "tags{'t0'}": "'t0'",
  "tags{'t2'}": "'t2'",
  frozen: "frozenset({‹'w'›, ‹'x'›, ‹'y'›, ‹'z'›})",
  "frozen{'w'}": "'w'",
  pairs: "{‹('a', 1)›, ‹('b', 2)›, ‹('c', 3)›}",
  "pairs{('a', 1)}": '(‹0›, ‹1›)',
  "pairs{('a', 1)}[1]": '1',
  "pairs{('c', 3)}[0]": "'c'",
  // A dict keeps the program's order, the same in both runs.
  scores: "{'k2': ‹'k2'›, 'k1': ‹'k1'›, 'k3': ‹'k3'›}",
  "scores['k1']": '1',
  nested: "{'inner': ‹'inner'›}",
  "nested['inner']": "{‹'p'›, ‹'q'›, ‹'r'›}",
  "nested['inner']{'p'}": "'p'",
  rows: '[‹0›, ‹1›]',
  'rows[0]': "{‹'m'›, ‹'n'›, ‹'o'›}",
  "rows[0]{'o'}": "'o'",
  'rows[1]': '5',
};

describePythonAdapters('python values', (_adapter, runBpdiff) => {
  const sets = (a: string, b: string, ...options: string[]): Promise<BpdiffRun> =>
    runBpdiff(['--bp', 'sets.py:13', ...options, '--', 'python3', 'sets.py', a, '--', 'python3', 'sets.py', b], {
      cwd: FIXTURES,
    });

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
    expect(Object.keys(a.variables).filter((name) => name.startsWith('tags{'))).toEqual([
      "tags{'t0'}",
      "tags{'t1'}",
      "tags{'t2'}",
    ]);
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
    // Each run's hash seed set as a shell line sets it, `env NAME=VALUE command` and a CI step's
    // `sh -c 'NAME=VALUE exec command'`: the program is python3 in both.
    const run = await runBpdiff(
      [
        '--bp',
        'sets.py:13',
        '--',
        'env',
        'PYTHONHASHSEED=1',
        'python3',
        'sets.py',
        't2',
        '--',
        '/bin/sh',
        '-c',
        "PYTHONHASHSEED=2 exec python3 sets.py 't9'",
      ],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect([run.doc!.run_a.command, run.doc!.run_b.command]).toEqual(['python3 sets.py t2', 'python3 sets.py t9']);
    const { diff } = run.doc!;
    expect(diff.changed).toEqual({ tags: { a: "{‹'t0'›, ‹'t1'›, ‹'t2'›}", b: "{‹'t0'›, ‹'t1'›, ‹'t9'›}" } });
    expect(diff.only_in_a).toEqual(["tags{'t2'}"]);
    expect(diff.only_in_b).toEqual(["tags{'t9'}"]);
    expect(diff.unchanged).toEqual(
      expect.arrayContaining(["tags{'t0'}", "tags{'t1'}", 'frozen', "pairs{('b', 2)}[1]"]),
    );
  });

  it('names the elements of long containers as Python indexes them, and says how long they are', async () => {
    const run = await runBpdiff(
      ['--bp', 'long.py:7', '--max-children', '600', '--', 'python3', 'long.py', '--', 'python3', 'long.py'],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const { run_a: a, diff, analysis_hints: hints } = run.doc!;
    expect(diff.changed).toEqual({});
    const names = Object.keys(a.variables);
    expect(names.filter((name) => name.includes('more'))).toEqual([]);
    expect(a.variables).toMatchObject({
      'xs[0]': '0',
      'xs[99]': '99',
      'xs[100]': '100',
      'xs[500]': '500',
      'xs[599]': '599',
      'grid[599]': '599',
      'table[599]': '358801',
      "bag{'e0599'}": "'e0599'",
    });
    for (const container of ['xs', 'grid', 'table', 'bag']) {
      expect(names.filter((name) => name.startsWith(`${container}[`) || name.startsWith(`${container}{`))).toHaveLength(
        600,
      );
    }
    expect(names).not.toContain('xs[600]');
    // The set's first 600 in the stable order.
    expect(names).not.toContain("bag{'e0600'}");
    expect(hints).toEqual(
      expect.arrayContaining([
        'A and B: xs: 600 of 1000 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
        'A and B: grid: 600 of 2500 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
        'A and B: bag: 600 of 700 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
        'A and B: table: 600 of 800 children shown (--max-children 600); the rest are not compared (raise --max-children to see them).',
      ]),
    );
  });

  it('keeps the default --max-children 100 on a long list: its first 100 elements, and its length', async () => {
    const run = await runBpdiff(['--bp', 'long.py:7', '--', 'python3', 'long.py', '--', 'python3', 'long.py'], {
      cwd: FIXTURES,
    });
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const names = Object.keys(run.doc!.run_a.variables);
    expect(names.filter((name) => name.startsWith('xs['))).toHaveLength(100);
    expect(run.doc!.run_a.variables['xs[99]']).toBe('99');
    expect(run.doc!.analysis_hints.join('\n')).toContain('xs: 100 of 1000 children shown (--max-children 100)');
  });
});

// Issue 22 (items 3, 4, 8) on both Python adapters: nested dataclasses sharing one list, a dict filled
// from a set of strings under two hash seeds, --only with --watch.
describePythonAdapters('python values: one change said once, dicts by key', (_adapter, runBpdiff) => {
  const nested = (a: string, b: string, ...options: string[]): Promise<BpdiffRun> =>
    runBpdiff(['--bp', 'nested.py:43', ...options, '--', 'python3', 'nested.py', a, '--', 'python3', 'nested.py', b], {
      cwd: FIXTURES,
    });

  it('reports one nested change once per path, at its leaf: 5 entries (12 before), and names each field by its own marker', async () => {
    const run = await nested('1', '5');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const { diff, run_a: a } = run.doc!;
    // qty itself, the shared item's qty through cart and shared, and through carts[0] and carts[1],
    // whose items[0] is at --depth 3 (its fields are not read there).
    expect(Object.keys(diff.changed)).toEqual([
      'cart.items[0].qty',
      'carts[0].items[0]',
      'carts[1].items[0]',
      'qty',
      'shared[0].qty',
    ]);
    expect(diff.changed['cart.items[0].qty']).toEqual({ a: '1', b: '5' });
    expect(a.variables).toMatchObject({
      cart: 'Cart(owner=‹owner›, items=‹items›)',
      'cart.items': '[‹0›, ‹1›]',
      carts: '[‹0›, ‹1›]',
      'carts[0]': 'Cart(owner=‹owner›, items=‹items›)',
      'carts[0].items': '[‹0›, ‹1›]',
      flags: 'Flags(zeta=‹zeta›, alpha=‹alpha›, beta=‹beta›)',
    });
  });

  it('two identical runs under two hash seeds: exit 0, the dict said to differ only in its order', async () => {
    const run = await nested('1', '1', '--env-a', 'PYTHONHASHSEED=1', '--env-b', 'PYTHONHASHSEED=2');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const { diff, run_a: a, analysis_hints: hints } = run.doc!;
    expect(diff.changed).toEqual({});
    expect(a.variables["counts['gamma']"]).toBe('5');
    expect(hints.find((hint) => hint.includes('only the order differs'))).toMatch(
      /^B: only the order differs: counts \('\w+', .* in A; '\w+', .* in B\) holds the same keys and values in A and B, listed in another order/,
    );
    // A list of plain objects, which pydevd writes with their addresses cut in pieces, compares equal.
    expect(a.variables.plain).toMatch(/^\[‹0›, ‹1›, /);
  });

  it('--only keeps the --watch expressions', async () => {
    const run = await nested('1', '5', '--only', 'flags', '--watch', 'cart.items[0].qty * 10', '--watch', 'len(carts)');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(Object.keys(run.doc!.run_a.variables)).toEqual([
      'cart.items[0].qty * 10',
      'flags',
      'flags.alpha',
      'flags.beta',
      'flags.zeta',
      'len(carts)',
    ]);
    expect(run.doc!.diff.changed).toEqual({ 'cart.items[0].qty * 10': { a: '10', b: '50' } });
  });
});

describePythonAdapters(
  'python values: functions in containers and threads, the same in two runs',
  (adapter, runBpdiff) => {
    it('a dict of lambdas and a thread compare equal: the cut address and the thread ident masked (issue 33)', async () => {
      const run = await runBpdiff(
        ['--bp', 'functions.py:21', '--', 'python3', 'functions.py', '--', 'python3', 'functions.py'],
        { cwd: FIXTURES },
      );
      expectClean(run);
      expect(run.exitCode, JSON.stringify(run.doc?.diff.changed)).toBe(0);
      const { diff, run_a: a } = run.doc!;
      expect(diff.changed).toEqual({});
      // The lambda's repr holds < and > before pydevd's cut: its address's last digits are masked too.
      expect(a.variables.table).toBe("{'a': ‹'a'›, 'b': ‹'b'›0x…>, 'c': ‹'c'›}");
      expect(a.variables["table['a']"]).toBe('<function <lambda> at 0x…>');
      expect(a.variables["table['c']"]).toBe('[<function <lambda> a...0x…>]');
      expect(a.variables.t).toMatch(/^<Thread\(Thread-\d+ \(work\), stopped 0x…\)>$/);
      expect(a.variables.threads).toBe('[‹0›]');
      for (const field of ['ident', 'native_id', '_ident', '_native_id'])
        expect(a.variables[`t.${field}`]).toBe('<thread id>');
      expect(a.variables['t._bootstrap']).toMatch(
        /^<bound method Thread\._bootstrap of <Thread\(Thread-\d+ \(work\), stopped 0x…\)>>$/,
      );
      // An int of the program's own stays as it is.
      expect(a.variables.x).toBe('1');
    });

    it('locate walks a program holding them to its end: no divergence', async () => {
      const run = await runBpdiff(
        ['locate', '--every-line', '--', 'python3', 'functions.py', '--', 'python3', 'functions.py'],
        {
          cwd: FIXTURES,
        },
      );
      expectClean(run);
      expect(run.exitCode, run.doc?.analysis_hints[0]).toBe(0);
      expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
    });

    if (adapter.id === 'python') {
      it("the step stream's texts mask what the value pipeline masks: a lambda cut in a dict, a thread's ids (the adapter's own rules)", async () => {
        const { normalise: rules, volatile } = JSON.parse(
          fs.readFileSync(path.join(ROOT, 'adapters/python/adapter.json'), 'utf8'),
        ) as { normalise: unknown[]; volatile: unknown[] };
        const script = [
          'import json, sys, threading',
          'from _bpdiff_light import steps, saferepr',
          'arguments = json.loads(sys.argv[1])',
          'texts = steps.Texts(arguments, saferepr.safe_repr_now)',
          't = threading.Thread(target=print, name="worker")',
          't.start()',
          't.join()',
          "print(json.dumps([texts.values({'m': {'a': lambda: 1}}), texts.text_of(t, 1)]))",
        ].join('\n');
        const texts = async (): Promise<[Record<string, string>, string]> => {
          const { stdout } = await execa(
            'python3',
            ['-c', script, JSON.stringify({ addresses: ADDRESS_PATTERN, rules, volatile, maxValueLength: 1 << 30 })],
            { cwd: path.join(ROOT, 'adapters/python'), stdin: 'ignore' },
          );
          return JSON.parse(stdout) as [Record<string, string>, string];
        };
        const [first, second] = [await texts(), await texts()];
        expect(first[0]).toEqual({ m: "{'a': <function <lambda> a...0x…>}" });
        expect(first[1]).toMatch(
          /^Thread: <Thread\(worker, stopped 0x…\)> \{.*ident=int: <thread id>, .*native_id=int: <thread id>, /,
        );
        // Two processes, two idents: the same texts, so the stream walks on where the pipeline agrees.
        expect(second).toEqual(first);
      });
    }
  },
);
