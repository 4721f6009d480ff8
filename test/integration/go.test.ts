// bpdiff against the real dlv (Delve's DAP server), on the Go examples: concrete values, every way a
// run can end, the forms of a Go command (go run, go test, a built binary), and no process left
// behind after any of them. The first describe block needs no tool: how the Go hook reads commands
// and steadies values.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGoCommand } from '../../adapters/go/go-command.js';
import { builtOptimised, firstBuildError } from '../../adapters/go/hooks.js';
import { sortMapEntries } from '../../adapters/go/map-entries.js';
import { validateComparison } from '../../src/core/schemas.js';
import type { RunCapture } from '../../src/core/types.js';
import { BIN, EXAMPLES, describeWithTool, leftoverProcesses, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const ORDERS = path.join(EXAMPLES, 'go/orders');
const EDGE = path.join(EXAMPLES, 'go/edge-cases');
// Lines of examples/go/edge-cases/main.go and examples/go/orders/*/pricing/pricing.go.
const EDGE_LOOP = 72; // sum += r.Value
const EDGE_COMMENT = 71; // a comment: no statement
const EDGE_RETURN = 78; // return sum
const PRICE_LOOP = 36; // subtotal += amount
const PRICE_RETURN = 49; // return quote

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

/** The edge-cases program at its return, from one folder: `go run . ARGS_A` against `go run . ARGS_B`, with `options`. */
function edgeArgv(argsA: string[], argsB: string[] = argsA, options: string[] = []): string[] {
  return [
    '--bp',
    `main.go:${EDGE_RETURN}`,
    ...options,
    '--cwd',
    EDGE,
    '--',
    'go',
    'run',
    '.',
    ...argsA,
    '--',
    'go',
    'run',
    '.',
    ...argsB,
  ];
}

/** `ok N` in A against `ok 3` in B. */
function okAgainstThree(n: string): string[] {
  return edgeArgv(['ok', n], ['ok', '3']);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

describe('go hook: commands and values', () => {
  it('takes go run, go test and a binary apart', () => {
    expect(parseGoCommand(['go', 'run', '-tags', 'x', '.', 'a', '-v'])).toEqual({
      kind: 'run',
      buildFlags: ['-tags', 'x'],
      packages: ['.'],
      args: ['a', '-v'],
    });
    expect(parseGoCommand(['go', 'run', './cmd/bulk', '3'])).toEqual({
      kind: 'run',
      buildFlags: [],
      packages: ['./cmd/bulk'],
      args: ['3'],
    });
    expect(parseGoCommand(['go', 'run', 'main.go', 'util.go', 'x'])).toEqual({
      kind: 'run',
      buildFlags: [],
      packages: ['main.go', 'util.go'],
      args: ['x'],
    });
    expect(
      parseGoCommand(['go', 'test', './pricing', '-run', 'TestPrice', '-v', '-count=1', '-race', '-args', '-x']),
    ).toEqual({
      kind: 'test',
      buildFlags: ['-race'],
      package: './pricing',
      testArgs: ['-test.run=TestPrice', '-test.v', '-test.count=1', '-x'],
      ignored: [],
    });
    expect(parseGoCommand(['go', 'test', '-run=TestX', '-json'])).toMatchObject({
      package: '.',
      testArgs: ['-test.run=TestX'],
      ignored: ['-json'],
    });
    expect(parseGoCommand(['./bin/app', '--flag'])).toEqual({ kind: 'exec', program: './bin/app', args: ['--flag'] });
    expect(() => parseGoCommand(['go', 'build', '.'])).toThrow(/go run.*go test/);
    expect(() => parseGoCommand(['go', 'test', './a', './b'])).toThrow(/one test package/);
    expect(() => parseGoCommand(['go', 'run'])).toThrow(/needs a package/);
  });

  it('sorts map entries at every depth and hides a map dlv loaded only in part', () => {
    expect(sortMapEntries('map[string]int ["bob": 25, "alice": 30, ]')).toBe(
      'map[string]int ["alice": 30, "bob": 25, ]',
    );
    expect(sortMapEntries('main.V {Tags: map[string]int ["q": 2, "p, ]": 1, ], N: 1}')).toBe(
      'main.V {Tags: map[string]int ["p, ]": 1, "q": 2, ], N: 1}',
    );
    expect(sortMapEntries('[]map[int]int len: 2, cap: 2, [[10: 1, 9: 0, ],[2: 2, 1: 1, ]]')).toBe(
      '[]map[int]int len: 2, cap: 2, [[9: 0, 10: 1, ],[1: 1, 2: 2, ]]',
    );
    expect(sortMapEntries('(loaded 64/100) map[string]int ["k9": 9, "k1": 1, ,...+98 more]')).toBe(
      '(loaded 64/100) map[string]int […100 entries]',
    );
    expect(sortMapEntries('map[string]int ["s3": 40, "s5": 60, "s2...')).toBe('map[string]int […]');
    // Slices keep their order; so do structs.
    expect(sortMapEntries('[]int len: 3, cap: 4, [3,1,2]')).toBe('[]int len: 3, cap: 4, [3,1,2]');
    expect(sortMapEntries('main.P {B: 2, A: 1}')).toBe('main.P {B: 2, A: 1}');
  });

  it('reads optimisation from build info and the compiler error from go output', () => {
    expect(builtOptimised('x: go1.19\n\tpath\tx\n\tbuild\t-compiler=gc\n\tbuild\tGOOS=linux\n')).toBe(true);
    expect(builtOptimised('x: go1.19\n\tbuild\t-compiler=gc\n\tbuild\t-gcflags="all=-N -l"\n')).toBe(false);
    expect(builtOptimised('x: go1.10\n')).toBeNull();
    expect(firstBuildError('# example.com/x\n./main.go:5:2: undefined: y\n./main.go:6:2: undefined: z\n')).toBe(
      './main.go:5:2: undefined: y',
    );
  });
});

const goInstalled = onPath('dlv') && onPath('go');

describeWithTool('go through dlv', 'dlv and go (apt-get install -y delve golang-go)', goInstalled, () => {
  let bin: string;

  beforeAll(async () => {
    bin = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-test-'));
    await execa('go', ['build', '-o', path.join(bin, 'edge-optimised'), '.'], { cwd: EDGE });
    await execa('go', ['build', '-gcflags=all=-N -l', '-o', path.join(bin, 'edge-debug'), '.'], { cwd: EDGE });
  });

  afterAll(() => {
    fs.rmSync(bin, { recursive: true, force: true });
  });

  it('finds the regression between two versions of a module: the discount is 1239 in v1 and 1238 in v2', async () => {
    const run = await runBpdiff([
      '--bp',
      `pricing/pricing.go:${PRICE_RETURN}`,
      '--label-a',
      'v1',
      '--label-b',
      'v2',
      '--cwd-a',
      path.join(ORDERS, 'v1'),
      '--cwd-b',
      path.join(ORDERS, 'v2'),
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(doc.run_a.status).toBe('break');
    expect(doc.run_a.command).toBe('go run .');
    expect(doc.run_b.location).toEqual({ file: 'pricing/pricing.go', line: PRICE_RETURN });
    expect(doc.diff.changed['quote.Discount']).toEqual({ a: '1239', b: '1238' });
    expect(doc.diff.changed['quote.Total']).toEqual({ a: '11157', b: '11158' });
    expect(Object.keys(doc.diff.changed).sort()).toEqual(['quote.Discount', 'quote.Total']);
    // Struct fields and slice elements are named as Go writes them.
    expect(doc.run_a.variables['order.Lines[1].Qty']).toBe('1');
    expect(doc.run_a.variables['order.Lines[0].SKU']).toBe('"widget"');
    expect(doc.run_a.variables['quote.Notes']).toBe('[]string len: 2, cap: 2, [‹0›,‹1›]');
    expect(doc.run_a.variables['quote.Notes[0]']).toBe('"coupon SAVE10"');
    expect(doc.run_a.variables.quote).toMatch(
      /^example\.com\/orders\/pricing\.Quote \{Subtotal: ‹Subtotal›, Discount: ‹Discount›,/,
    );
    expect(doc.diff.unchanged).toEqual(
      expect.arrayContaining(['subtotal', 'order.Lines[2].UnitCents', 'quote.Shipping']),
    );
    // Pointer-like addresses inside values are normalised; return placeholders (~r0) are not captured.
    expect(doc.run_a.variables['order.Lines']).toContain('(0x…)');
    expect(Object.keys(doc.run_a.variables).some((name) => name.startsWith('~r'))).toBe(false);
    expect(hints(run)).toMatch(/quote\.Discount is 1239 in v1 and 1238 in v2/);
  });

  it('stops in the iteration the condition asks for (go run ./cmd/x args)', async () => {
    const run = await runBpdiff([
      '--bp',
      `pricing/pricing.go:${PRICE_LOOP}`,
      '--condition',
      'i == 1',
      '--cwd',
      path.join(ORDERS, 'v1'),
      '--',
      'go',
      'run',
      './cmd/bulk',
      '3',
      '--',
      'go',
      'run',
      './cmd/bulk',
      '4',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.breakpoint).toEqual({ file: 'pricing/pricing.go', line: PRICE_LOOP, condition: 'i == 1' });
    expect(run.doc!.run_a.variables.i).toBe('1');
    expect(run.doc!.run_a.variables['line.SKU']).toBe('"gizmo"');
    expect(run.doc!.diff.changed['line.Qty']).toEqual({ a: '6', b: '8' });
    expect(run.doc!.diff.changed.subtotal).toEqual({ a: '3750', b: '5000' });
    expect(run.doc!.diff.unchanged).toContain('order.Coupon');
  });

  it('gives exit 0 for two identical runs, even with a map that dlv prints in hash order', async () => {
    const run = await runBpdiff(edgeArgv(['ok', '80']));
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.diff.changed).toEqual({});
    expect(run.doc!.diff.only_in_a).toEqual([]);
    expect(run.doc!.run_a.variables.sum).toBe('32400');
    expect(run.doc!.run_a.variables.readings).toMatch(
      /^\[\]main\.Reading len: 80, cap: 128, \[\{Sensor: "s0", Value: 10\},/,
    );
    // All 80 entries, by key, though dlv loads 64 at a time.
    expect(run.doc!.run_a.variables['bySensor["s79"]']).toBe('800');
    expect(Object.keys(run.doc!.run_a.variables).filter((name) => name.startsWith('bySensor['))).toHaveLength(80);
    expect(run.doc!.diff.unchanged).toContain('bySensor');
  });

  it('writes the same bytes for identical runs (apart from timing), though dlv lists map entries in hash order', async () => {
    const texts: string[] = [];
    for (const round of [1, 2]) {
      const saved = path.join(bin, `captures-bytes-${round}`);
      const run = await runBpdiff(edgeArgv(['ok', '80'], undefined, ['--save-captures', saved]));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      const withoutTiming = (file: string): string =>
        JSON.stringify({
          ...(JSON.parse(fs.readFileSync(path.join(saved, file), 'utf8')) as RunCapture),
          timing: null,
        });
      texts.push(run.stdout, withoutTiming('capture-a.json'), withoutTiming('capture-b.json'));
    }
    expect(texts[3]).toBe(texts[0]);
    expect(texts[4]).toBe(texts[1]);
    expect(texts[5]).toBe(texts[2]);
    expect(texts[1]).toBe(texts[2].replace('"label":"B"', '"label":"A"'));
  });

  it('Ctrl-C during the build of go run: exit 130, no process and no go-build or bpdiff folder left', async () => {
    // A temp folder of the test's own, where go would put its work folders (go-build*).
    const runTmp = fs.mkdtempSync(path.join(bin, 'tmp-build-int-'));
    const mark = `go-build-int-${process.pid}-${Date.now()}`;
    // -a rebuilds every package, so the build is still running when the signal comes.
    const child = execa(
      'node',
      [BIN, '--bp', `main.go:${EDGE_LOOP}`, '--cwd', EDGE, '--', 'go', 'run', '-a', '.', '--', 'go', 'run', '-a', '.'],
      {
        reject: false,
        env: { TMPDIR: runTmp, BPDIFF_TEST_MARK: mark },
      },
    );
    await new Promise<void>((resolve) => {
      let said = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        // Both runs build the same program: one build, the other run waits for it.
        if (/building: go build/.test(said)) setTimeout(resolve, 1500);
      });
    });
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode, result.stderr).toBe(130);
    expect(await leftoverProcesses(mark)).toEqual([]);
    expect(fs.readdirSync(runTmp).filter((name) => name.startsWith('go-build') || name.startsWith('bpdiff-'))).toEqual(
      [],
    );
  });

  it('sorts a small map whose entries span buckets', async () => {
    const run = await runBpdiff(edgeArgv(['ok', '12']));
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables.bySensor).toBe(
      'map[string]int ["s0": ‹"s0"›, "s1": ‹"s1"›, "s2": ‹"s2"›, "s3": ‹"s3"›, "s4": ‹"s4"›, "s5": ‹"s5"›, "s6": ‹"s6"›, "s7": ‹"s7"›, "s8": ‹"s8"›, "s9": ‹"s9"›, "s10": ‹"s10"›, "s11": ‹"s11"›, ]',
    );
  });

  it("records an early exit (os.Exit(3)) with its exit code, and the program's own output only", async () => {
    const saved = path.join(bin, 'captures-exit');
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--cwd',
      EDGE,
      '--save-captures',
      saved,
      '--',
      'go',
      'run',
      '.',
      'exit',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(run);
    const capture = JSON.parse(fs.readFileSync(path.join(saved, 'capture-a.json'), 'utf8')) as RunCapture;
    expect(capture.exit_code).toBe(3);
    // dlv's own lines ("DAP server listening at ...") are not the program's output.
    expect(capture.output.stdout_tail).toBe('edge-cases edge-1 mode exit\n');
    expect(capture.output.stderr_tail).toBe('no sensors configured\n');
    expect(capture.timing.build_ms).toBeGreaterThan(0);
    expect(capture.adapter).toMatchObject({ id: 'go', name: 'dlv', version: expect.stringMatching(/^\d+\.\d+/) });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    expect(run.doc!.run_a.location).toEqual({ file: 'main.go', line: EDGE_LOOP });
    expect(run.doc!.run_a.variables).toEqual({});
    expect(run.doc!.run_b.status).toBe('break');
    expect(run.doc!.run_b.variables['r.Sensor']).toBe('"s0"');
    expect(hints(run)).toContain(`A exited with code 3 without reaching main.go:${EDGE_LOOP}`);
    expect(hints(run)).not.toMatch(/never bound/);
  });

  it('records a panic before the breakpoint with the panic message', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
      'panic',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_b.status).toBe('no_break');
    expect(hints(run)).toContain(
      `B stopped with an uncaught exception before reaching main.go:${EDGE_LOOP}: panic: "sensor table is empty"`,
    );
  });

  it('reports a condition that fails to evaluate in one run as a condition error, quoting dlv', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--condition',
      'readings[3].Value == 40',
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      'ok',
      '5',
      '--',
      'go',
      'run',
      '.',
      'ok',
      '2',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('break');
    expect(run.doc!.run_a.variables.i).toBe('0');
    expect(run.doc!.run_b.status).toBe('no_break');
    expect(hints(run)).toMatch(
      /In B the condition `readings\[3\]\.Value == 40` could not be evaluated.*error evaluating expression: index out of bounds/,
    );
  });

  it('exits 2 when the condition cannot be evaluated in either run (unknown name, and a syntax error)', async () => {
    const unknown = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--condition',
      'limit > 2',
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(unknown);
    expect(unknown.exitCode, unknown.stderr).toBe(2);
    expect(unknown.stderr).toMatch(/could not find symbol value for limit/);
    const syntax = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--condition',
      'i ==',
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(syntax);
    expect(syntax.exitCode, syntax.stderr).toBe(2);
    expect(syntax.stderr).toMatch(/expected operand/);
  });

  it('gives up on a run after --timeout and kills dlv and its debuggee', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--timeout',
      '3',
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      'slow',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    expect(run.doc!.run_b.status).toBe('break');
    expect(hints(run)).toContain(`A timed out after 3 s running without reaching main.go:${EDGE_LOOP}`);
  });

  it('says which line has no statement when dlv refuses the breakpoint', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_COMMENT}`,
      '--cwd',
      EDGE,
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    // Which lines near it have code, as dlv accepts them (issue 22 item 12).
    expect(hints(run)).toMatch(
      new RegExp(
        `^In A there is no code on main\\.go:${EDGE_COMMENT} for the debugger to stop at; the nearest lines with code are ${EDGE_COMMENT - 1} and ${EDGE_COMMENT + 1} \\(could not find statement at .*main\\.go:${EDGE_COMMENT}, please use a line with a statement\\)\\.$`,
        'm',
      ),
    );
  });

  it('runs two comparisons side by side, each with its own dlvs, ports and build', async () => {
    const [first, second] = await Promise.all([runBpdiff(okAgainstThree('4')), runBpdiff(okAgainstThree('5'))]);
    for (const run of [first, second]) expectClean(run);
    expect(first.doc!.diff.changed.sum).toEqual({ a: '100', b: '60' });
    expect(second.doc!.diff.changed.sum).toEqual({ a: '150', b: '60' });
  });

  it('builds each program once a comparison: a walk starting both runs again, and one program on two inputs', async () => {
    const shop = path.join(EXAMPLES, 'locate/go');
    const walk = await runBpdiff(
      ['locate', '--cwd-a', 'v1', '--cwd-b', 'v2', '--', 'go', 'run', '.', '--', 'go', 'run', '.'],
      { cwd: shop },
    );
    expectClean(walk);
    expect(walk.exitCode, walk.stderr).toBe(1);
    expect(walk.doc!.analysis_hints[0]).toMatch(/^the runs part ways after main\.go:10 in main\.discount\(\)/);
    // The walk by effects started both runs again to step into the line that differs, each time with the first build.
    expect(walk.stderr).toMatch(/starting both runs again/);
    const builds = walk.stderr.split('\n').filter((line) => /building: go build/.test(line));
    expect(builds.map((line) => line.slice(0, 4))).toEqual(expect.arrayContaining(['[A] ', '[B] ']));
    expect(builds).toHaveLength(2);
    const inputs = await runBpdiff(okAgainstThree('4'));
    expectClean(inputs);
    expect(inputs.doc!.diff.changed.sum).toEqual({ a: '100', b: '60' });
    expect(inputs.stderr.match(/building: go build/g)).toHaveLength(1);
  });

  it('debugs go test ./pkg -run TestX, stopping in the case the condition names', async () => {
    const run = await runBpdiff([
      '--bp',
      `pricing/pricing.go:${PRICE_RETURN}`,
      '--condition',
      'order.ID == "T-2"',
      '--cwd-a',
      path.join(ORDERS, 'v1'),
      '--cwd-b',
      path.join(ORDERS, 'v2'),
      '--',
      'go',
      'test',
      './pricing',
      '-run',
      'TestPrice',
      '-count=1',
      '--',
      'go',
      'test',
      '-run',
      'TestPrice/coupon',
      './pricing',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables['order.ID']).toBe('"T-2"');
    expect(run.doc!.run_a.variables['quote.Total']).toBe('18000');
    expect(run.doc!.run_b.variables['quote.Discount']).toBe('2000');
  });

  it('warns that a prebuilt binary was optimised', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--cwd',
      EDGE,
      '--',
      path.join(bin, 'edge-optimised'),
      '--',
      path.join(bin, 'edge-debug'),
    ]);
    expectClean(run);
    expect(run.doc!.run_a.status).toBe('break');
    expect(run.doc!.run_b.variables['r.Sensor']).toBe('"s0"');
    expect(hints(run)).toMatch(/A: edge-optimised was built with optimisations/);
    expect(hints(run)).not.toMatch(/B: edge-debug was built with optimisations/);
  });

  it('feeds --stdin-a to the program and gives the other run an empty stdin', async () => {
    const run = await runBpdiff(edgeArgv(['stdin'], undefined, ['--stdin-a', path.join(EDGE, 'readings.txt')]));
    expectClean(run);
    expect(run.doc!.diff.changed.sum).toEqual({ a: '42', b: '0' });
    expect(run.doc!.run_a.variables['readings[1].Value']).toBe('30');
    // A pointer shows what it points to; nil stays nil.
    expect(run.doc!.diff.changed.best).toEqual({
      a: '*main.Reading {Sensor: ‹Sensor›, Value: ‹Value›}',
      b: '*main.Reading nil',
    });
    expect(run.doc!.run_a.variables['(*best).Sensor']).toBe('"s2"');
  });

  it('reads package variables only with --scope globals', async () => {
    const withGlobals = await runBpdiff(edgeArgv([], undefined, ['--scope', 'globals']));
    expectClean(withGlobals);
    expect(withGlobals.doc!.run_a.variables.Version).toBe('"edge-1"');
    const locals = await runBpdiff(edgeArgv([]));
    expectClean(locals);
    expect(locals.doc!.run_a.variables).not.toHaveProperty('Version');
    expect(locals.doc!.run_a.variables.sum).toBe('150');
  });

  it('exits 2 with the compiler error when the program does not build', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-broken-'));
    try {
      fs.writeFileSync(path.join(broken, 'go.mod'), 'module broken\n\ngo 1.19\n');
      fs.writeFileSync(
        path.join(broken, 'main.go'),
        'package main\n\nfunc main() {\n\tx := 1\n\tundefinedThing(x)\n}\n',
      );
      const run = await runBpdiff([
        '--bp',
        'main.go:4',
        '--cwd',
        broken,
        '--',
        'go',
        'run',
        '.',
        '--',
        'go',
        'run',
        '.',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/go build failed in .*: \.\/main\.go:5:2: undefined: undefinedThing/);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('says that the build, not the program, ran out of time, and kills the build', async () => {
    const run = await runBpdiff([
      '--bp',
      `main.go:${EDGE_LOOP}`,
      '--cwd',
      EDGE,
      '--env-a',
      'BPDIFF_BUILD_TIMEOUT=0.05',
      '--',
      'go',
      'run',
      '-a',
      '.',
      '--',
      'go',
      'run',
      '.',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    expect(run.doc!.run_b.status).toBe('break');
    expect(hints(run)).toMatch(/A timed out after 0\.05 s while building the program/);
  });

  it('exits 2 and says how to install dlv when it is missing', async () => {
    const pathDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-path-'));
    try {
      fs.symlinkSync(fs.realpathSync(path.join(path.dirname(await whichGo()), 'go')), path.join(pathDir, 'go'));
      const run = await runBpdiff(
        ['--bp', `main.go:${EDGE_LOOP}`, '--cwd', EDGE, '--', 'go', 'run', '.', '--', 'go', 'run', '.'],
        { env: { PATH: pathDir } },
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/apt-get install -y delve golang-go/);
    } finally {
      fs.rmSync(pathDir, { recursive: true, force: true });
    }
  });
});

async function whichGo(): Promise<string> {
  return (await execa('sh', ['-c', 'command -v go'])).stdout.trim();
}
