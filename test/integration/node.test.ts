// bpdiff against its own Node.js adapter (adapters/node, built to dist/), on real programs: CommonJS,
// ESM, TypeScript through tsx and through tsc's source maps, Node started indirectly, and every way a
// run can end, with no process left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import {
  EXAMPLES,
  ROOT,
  describeWithTool,
  leftoverProcesses,
  leftoversAfter,
  runBpdiff,
  startBpdiffUntilRunning,
  type BpdiffRun,
} from './helpers.js';

const CART = path.join(EXAMPLES, 'node/cart-cjs');
const ORDERS = path.join(EXAMPLES, 'node/orders-esm');
const TSX_INVOICE = path.join(EXAMPLES, 'typescript/tsx-invoice');
const TSC_INVENTORY = path.join(EXAMPLES, 'typescript/tsc-inventory');
const FIXTURES = path.join(ROOT, 'test/fixtures/node');
const adapterBuilt = fs.existsSync(path.join(ROOT, 'dist/adapters/node/main.mjs'));

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

const flow = (...args: string[]): string[] => ['node', 'flow.js', ...args];

describeWithTool(
  'node and typescript through bpdiff-node-adapter',
  'the built Node adapter (npm run build)',
  adapterBuilt,
  () => {
    beforeAll(async () => {
      // The tsc example runs from dist/ with .map files next to it; build it as a user would.
      await execa('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: TSC_INVENTORY });
    });

    // cart v1 against v2 at cart.js:31, with its trace written (which changes nothing in the result):
    // read by two cases, run once.
    const cartArgs = [
      '--bp',
      'cart.js:31',
      '--cwd-a',
      path.join(CART, 'v1'),
      '--cwd-b',
      path.join(CART, 'v2'),
      '--',
      'node',
      'checkout.js',
      '--',
      'node',
      'checkout.js',
    ];
    let cartRegression: Promise<{ run: BpdiffRun; trace: string }> | undefined;
    const regression = (): Promise<{ run: BpdiffRun; trace: string }> => {
      if (cartRegression === undefined) {
        const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-node-cart-')), 'inside.jsonl');
        cartRegression = runBpdiff(cartArgs, { env: { BPDIFF_TRACE: trace } }).then((run) => ({ run, trace }));
      }
      return cartRegression;
    };
    afterAll(async () => {
      if (cartRegression) fs.rmSync(path.dirname((await cartRegression).trace), { recursive: true, force: true });
    });

    it('finds the regression between two versions of a CommonJS module, leaving out the module wrapper', async () => {
      const { run } = await regression();
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ discount: { a: '224', b: '220' }, net: { a: '1270', b: '1274' } });
      expect(run.doc!.run_a.variables).toMatchObject({
        gross: '1494',
        rate: '0.15',
        'cart.items[1].qty': '2',
        'cart.owner': "'ann'",
        'cart.quantities': 'Map(2) { \'pen\' => ‹get("pen")›, \'notebook\' => ‹get("notebook")› }',
      });
      expect(run.doc!.run_a.variables.__filename).toBeUndefined();
      expect(run.doc!.analysis_hints.join('\n')).toMatch(/discount is 224 in A and 220 in B/);
    });

    it('reports one change in objects that share an array once per path, at its leaf (issue 22 item 3)', async () => {
      const run = await runBpdiff([
        '--bp',
        'nested.js:10',
        '--cwd',
        FIXTURES,
        '--',
        'node',
        'nested.js',
        '1',
        '--',
        'node',
        'nested.js',
        '5',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      // qty itself, through cart and shared, and through carts[0] and carts[1], whose items[0] is at --depth 3.
      expect(run.doc!.diff.changed).toEqual({
        'cart.items[0].qty': { a: '1', b: '5' },
        'carts[0].items[0]': { a: "{ sku: 'a', qty: 1, tags: [...] }", b: "{ sku: 'a', qty: 5, tags: [...] }" },
        'carts[1].items[0]': { a: "{ sku: 'a', qty: 1, tags: [...] }", b: "{ sku: 'a', qty: 5, tags: [...] }" },
        qty: { a: '1', b: '5' },
        'shared[0].qty': { a: '1', b: '5' },
      });
      expect(run.doc!.run_a.variables).toMatchObject({
        cart: '{ owner: ‹owner›, items: ‹items› }',
        'cart.items': '[ ‹0›, ‹1› ]',
        carts: '[ ‹0›, ‹1› ]',
        flags: '{ zeta: ‹zeta›, alpha: ‹alpha›, beta: ‹beta› }',
      });
      const same = await runBpdiff([
        '--bp',
        'nested.js:10',
        '--cwd',
        FIXTURES,
        '--',
        'node',
        'nested.js',
        '--',
        'node',
        'nested.js',
      ]);
      expectClean(same);
      expect(same.exitCode, same.stderr).toBe(0);
    });

    it('names the signal that killed a program (SIGSEGV, SIGKILL), not an exit code', async () => {
      const run = await runBpdiff([
        '--bp',
        'die.js:3',
        '--cwd',
        FIXTURES,
        '--',
        'node',
        'die.js',
        'SIGSEGV',
        '--',
        'node',
        'die.js',
        'SIGKILL',
      ]);
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints).toContain('A was killed by SIGSEGV before reaching die.js:3.');
      expect(run.doc!.analysis_hints).toContain('B was killed by SIGKILL before reaching die.js:3.');
    });

    it('gives exit 0 and no changed variable for two identical runs', async () => {
      const run = await runBpdiff([
        '--bp',
        'cart.js:31',
        '--cwd',
        path.join(CART, 'v1'),
        '--',
        'node',
        'checkout.js',
        '--',
        'node',
        'checkout.js',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.diff.changed).toEqual({});
    });

    it('runs the adapter inside bpdiff, and --adapter-path runs the same adapter as a process, with the same result', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-node-inproc-'));
      try {
        const args = cartArgs;
        const connected = (trace: string): Array<{ run: string; pid: unknown }> =>
          fs
            .readFileSync(trace, 'utf8')
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { run: string; phase?: string; pid?: unknown })
            .filter((entry) => entry.phase === 'adapter connected')
            .map(({ run, pid }) => ({ run, pid }));
        const { run: inside, trace } = await regression();
        const apart = await runBpdiff(['--adapter-path', process.execPath, ...args], {
          env: { BPDIFF_TRACE: path.join(dir, 'apart.jsonl') },
        });
        expectClean(inside);
        expectClean(apart);
        // No adapter process in the first (its pid is null), one per run in the second.
        expect(connected(trace).sort((x, y) => x.run.localeCompare(y.run))).toEqual([
          { run: 'A', pid: null },
          { run: 'B', pid: null },
        ]);
        expect(connected(path.join(dir, 'apart.jsonl')).map(({ pid }) => typeof pid)).toEqual(['number', 'number']);
        expect(inside.exitCode, inside.stderr).toBe(1);
        expect(apart.exitCode, apart.stderr).toBe(1);
        expect(inside.doc!.diff).toEqual(apart.doc!.diff);
        expect(inside.doc!.run_a.variables).toEqual(apart.doc!.run_a.variables);
        expect(inside.doc!.diff.changed).toEqual({ discount: { a: '224', b: '220' }, net: { a: '1270', b: '1274' } });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('leaves no program behind when bpdiff itself is killed outright (SIGKILL), the adapter being inside it', async () => {
      const mark = randomUUID();
      // A killed bpdiff cannot remove its runs' temp folders: they go in one of the test's own.
      const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-node-killed-'));
      try {
        const { child } = await startBpdiffUntilRunning(
          ['--bp', 'flow.js:9', '--timeout', '60', '--cwd', FIXTURES, '--', ...flow('hang'), '--', ...flow('hang')],
          { mark, pattern: /waiting for/, env: { TMPDIR: tmpdir } },
        );
        // Both programs run (flow.js hang never reaches line 9).
        expect((await leftoverProcesses(mark)).filter((line) => /^\d+ node flow\.js hang$/.test(line))).toHaveLength(2);
        child.kill('SIGKILL');
        await child;
        expect(await leftoversAfter(mark, 5000)).toEqual([]);
      } finally {
        fs.rmSync(tmpdir, { recursive: true, force: true });
      }
    });

    it('compares an ES module on two inputs, naming the type change', async () => {
      const run = await runBpdiff([
        '--bp',
        'shipping.mjs:10',
        '--cwd',
        ORDERS,
        '--',
        'node',
        'orders.mjs',
        'week1.json',
        '--',
        'node',
        'orders.mjs',
        'week2.json',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed.weight).toEqual({ a: '2', b: "'00.81.2'" });
      expect(run.doc!.run_b.variables['order.lines[0].weightKg']).toBe("'0.8'");
      expect(run.doc!.analysis_hints.join('\n')).toMatch(/weight .*type|type .*weight/i);
    });

    it('stops in TypeScript run by tsx, through its inline source maps', async () => {
      const run = await runBpdiff([
        '--bp',
        'src/invoice.ts:35',
        '--cwd',
        TSX_INVOICE,
        '--',
        'npx',
        'tsx',
        'src/main.ts',
        '8',
        '--',
        'npx',
        'tsx',
        'src/main.ts',
        '7.5',
      ]);
      expectClean(run);
      expect(run.doc!.run_a.status).toBe('break');
      expect(run.doc!.run_a.location).toEqual({ file: 'src/invoice.ts', line: 35 });
      expect(run.doc!.run_a.variables).toMatchObject({ net: '72000', tax: '14400', 'invoice.client': "'Acme'" });
      // 7.5 hours were billed as 7: parseInt dropped the half hour.
      expect(run.doc!.diff.changed['invoice.lines[0].hours']).toEqual({ a: '8', b: '7' });
      expect(run.doc!.diff.changed.net).toEqual({ a: '72000', b: '63000' });
      // Helpers the compiler put in the module are not the program's variables.
      expect(Object.keys(run.doc!.run_a.variables).filter((name) => name.startsWith('__'))).toEqual([]);
      expect(run.doc!.analysis_hints.join('\n')).not.toMatch(/moved/);
    });

    it('runs TypeScript through node --import tsx, with a --require preload, as tsx itself does', async () => {
      const preload = path.join(FIXTURES, 'preload.cjs');
      const run = await runBpdiff([
        '--bp',
        'src/invoice.ts:35',
        '--cwd',
        TSX_INVOICE,
        '--',
        'node',
        '--import',
        'tsx',
        'src/main.ts',
        '8',
        '--',
        'node',
        '--require',
        preload,
        '--import',
        'tsx',
        'src/main.ts',
        '8',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_b.variables).toMatchObject({ net: '72000', due: '86400' });
    });

    it('stops in TypeScript compiled by tsc, through the .map files, where the code runs from dist/', async () => {
      const run = await runBpdiff([
        '--bp',
        'src/stock.ts:37',
        '--condition',
        "sku === 'pen-01'",
        '--cwd',
        TSC_INVENTORY,
        '--',
        'node',
        '--enable-source-maps',
        'dist/main.js',
        'data/monday.json',
        '--',
        'node',
        'dist/main.js',
        'data/tuesday.json',
      ]);
      expectClean(run);
      expect(run.doc!.run_a.status).toBe('break');
      expect(run.doc!.run_a.location).toEqual({ file: 'src/stock.ts', line: 37 });
      expect(run.doc!.run_a.variables.sku).toBe("'pen-01'");
      // The getter with a side effect was never run by the capture.
      expect(
        Object.entries(run.doc!.run_a.variables)
          .filter(([name]) => name.endsWith('.applied'))
          .every(([, value]) => Number(value) < 1000),
      ).toBe(true);
    });

    it('reports a condition that throws in one run as that run not stopping, quoting the error', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.js:9',
        '--condition',
        'limit.toFixed(0) === "2"',
        '--cwd',
        FIXTURES,
        '--',
        ...flow('limit'),
        '--',
        ...flow(),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('break');
      expect(run.doc!.run_b.status).toBe('no_break');
      expect(run.doc!.analysis_hints.join('\n')).toMatch(/TypeError: Cannot read properties of undefined/);
    });

    it('exits 2 when the condition does not parse in either run', async () => {
      const run = await runBpdiff([
        '--quiet',
        '--bp',
        'flow.js:9',
        '--condition',
        'i >',
        '--cwd',
        FIXTURES,
        '--',
        ...flow(),
        '--',
        ...flow(),
      ]);
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^bpdiff: .*SyntaxError/);
    });

    it('selects the iteration with a condition', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.js:9',
        '--condition',
        'i === 3',
        '--cwd',
        FIXTURES,
        '--',
        ...flow(),
        '--',
        ...flow(),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables).toMatchObject({ i: '3', total: '12', n: '4', mode: "'plain'" });
    });

    it('follows Node started by sh -c and by npm run', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.js:9',
        '--cwd',
        FIXTURES,
        '--',
        'sh',
        '-c',
        'node flow.js',
        '--',
        'npm',
        'run',
        '--silent',
        'flow',
      ]);
      expectClean(run);
      expect(run.doc!.run_a.status).toBe('break');
      expect(run.doc!.run_b.status).toBe('break');
      expect(run.doc!.run_b.variables).toMatchObject({ i: '0', total: '0' });
      expect(run.exitCode, run.stderr).toBe(0);
    });

    it('stops inside a test run by a test runner that spawns Node children (node --test)', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.test.js:8',
        '--cwd',
        FIXTURES,
        '--',
        'node',
        '--test',
        'flow.test.js',
        '--',
        'node',
        '--test',
        'flow.test.js',
      ]);
      expectClean(run);
      expect(run.doc!.run_a.status).toBe('break');
      // The first stop is before the loop binds `value`: a binding in its temporal dead zone reads undefined.
      expect(run.doc!.run_a.variables).toMatchObject({
        values: '[ ‹0›, ‹1› ]',
        'values[1]': '5',
        total: '0',
        value: 'undefined',
      });
    });

    it('records an early exit with its exit code, and an uncaught exception with its message', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.js:9',
        '--cwd',
        FIXTURES,
        '--',
        ...flow('quit'),
        '--',
        ...flow('boom'),
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_a.location).toEqual({ file: 'flow.js', line: 9 });
      const hints = run.doc!.analysis_hints.join('\n');
      expect(hints).toMatch(/A .*exit.*code 3/);
      expect(hints).not.toMatch(/never bound/);
      expect(hints).toMatch(/TypeError: bad input: boom/);
    });

    it("a run that ends before the breakpoint's script loads: its exit code, not a line the debugger refused", async () => {
      const run = await runBpdiff([
        '--bp',
        'late.js:4',
        '--cwd',
        FIXTURES,
        '--',
        'node',
        'startup.js',
        '--',
        'node',
        'startup.js',
        'abc',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_b.variables.size).toBe('3');
      expect(run.doc!.analysis_hints[0]).toBe(
        'A exited with code 3 without reaching late.js:4: the debugger never bound the breakpoint, no code it loaded is at that line (a class or script never loaded, or a file not built into the program; where the copy of the file this run uses has another name or folder, give its line with --bp-a or --bp-b FILE:LINE); its last words: no input given.',
      );
    });

    it('gives up on a run after --timeout and kills it', async () => {
      const run = await runBpdiff([
        '--bp',
        'flow.js:9',
        '--timeout',
        '3',
        '--cwd',
        FIXTURES,
        '--',
        ...flow('hang'),
        '--',
        ...flow(),
      ]);
      expectClean(run);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_b.status).toBe('break');
      expect(run.doc!.analysis_hints.join('\n')).toMatch(/tim(ed|e) ?out.*3 ?s/i);
    });
  },
);

// Top-level code has no local scope: the module's own bindings are its locals (issue 10).
const TOP_LEVEL = path.join(ROOT, 'adapters/node/test/fixtures/top-level');
// tsc's output for these tests only (dist/ is ignored by git; the adapter's tests build their own).
const TOP_LEVEL_OUT = 'dist/bpdiff-tests';
const lineIn = (file: string, marker: string): number =>
  fs
    .readFileSync(path.join(TOP_LEVEL, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(marker)) + 1;

describeWithTool(
  'top-level code of modules through bpdiff-node-adapter',
  'the built Node adapter (npm run build)',
  adapterBuilt,
  () => {
    beforeAll(async () => {
      fs.rmSync(path.join(TOP_LEVEL, TOP_LEVEL_OUT), { recursive: true, force: true });
      await execa(process.execPath, [
        path.join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        TOP_LEVEL,
        '--outDir',
        path.join(TOP_LEVEL, TOP_LEVEL_OUT),
      ]);
    });
    afterAll(() => {
      fs.rmSync(path.join(TOP_LEVEL, TOP_LEVEL_OUT), { recursive: true, force: true });
      try {
        fs.rmdirSync(path.join(TOP_LEVEL, 'dist'));
      } catch {
        // The adapter's tests' output is still in dist/: they remove it.
      }
    });

    it('captures the bindings of an ES module at its top level', async () => {
      const bp = `top.mjs:${lineIn('top.mjs', 'console.log(b)')}`;
      const run = await runBpdiff([
        '--bp',
        bp,
        '--cwd',
        TOP_LEVEL,
        '--',
        'node',
        'top.mjs',
        '1',
        '--',
        'node',
        'top.mjs',
        '2',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ a: { a: '1', b: '2' }, b: { a: '2', b: '4' } });
      // A binding in its temporal dead zone reads undefined, in both runs.
      expect(run.doc!.run_a.variables).toEqual({ a: '1', b: '2', later: 'undefined' });
      expect(run.doc!.diff.unchanged).toEqual(['later']);
    });

    it('gives exit 0 and no changed variable for two identical runs of an ES module', async () => {
      const bp = `top.mjs:${lineIn('top.mjs', 'console.log(b)')}`;
      const run = await runBpdiff([
        '--bp',
        bp,
        '--cwd',
        TOP_LEVEL,
        '--',
        'node',
        'top.mjs',
        '1',
        '--',
        'node',
        'top.mjs',
        '1',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.diff.changed).toEqual({});
      expect(run.doc!.run_b.variables).toMatchObject({ a: '1', b: '2' });
    });

    it('captures the top level of a .mts run by node --import tsx', async () => {
      const bp = `top.mts:${lineIn('top.mts', 'console.log(pair.b)')}`;
      const run = await runBpdiff([
        '--bp',
        bp,
        '--cwd',
        TOP_LEVEL,
        '--',
        'node',
        '--import',
        'tsx',
        'top.mts',
        '1',
        '--',
        'node',
        '--import',
        'tsx',
        'top.mts',
        '2',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toMatchObject({
        a: { a: '1', b: '2' },
        b: { a: '2', b: '4' },
        'pair.b': { a: '2', b: '4' },
      });
    });

    it('captures the top level of a .ts compiled by tsc to an ES module, the breakpoint on the .ts line', async () => {
      const bp = `src/top.ts:${lineIn('src/top.ts', 'console.log(pair.b)')}`;
      const script = `${TOP_LEVEL_OUT}/top.js`;
      const run = await runBpdiff([
        '--bp',
        bp,
        '--cwd',
        TOP_LEVEL,
        '--',
        'node',
        script,
        '1',
        '--',
        'node',
        script,
        '2',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.location).toEqual({
        file: 'src/top.ts',
        line: lineIn('src/top.ts', 'console.log(pair.b)'),
      });
      expect(run.doc!.diff.changed).toMatchObject({
        a: { a: '1', b: '2' },
        b: { a: '2', b: '4' },
        'pair.a': { a: '1', b: '2' },
      });
    });
  },
);
