// bpdiff against the real lldb-dap, on real C and Rust programs: concrete values, every way a run
// can end, and no process left behind after any of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { chooseExecutable, parseCargoRun } from '../../adapters/lldb/cargo.js';
import { validateComparison } from '../../src/core/schemas.js';
import { defaultCaptureOptions, type RunSpec } from '../../src/core/types.js';
import { runSpec } from '../../src/core/run-spec.js';
import { captureRuns } from '../../src/run/capture-runs.js';
import {
  EXAMPLES,
  ROOT,
  describeWithTool,
  onPath,
  ranAtOnce,
  ranOneAfterTheOther,
  runBpdiff,
  type BpdiffRun,
} from './helpers.js';

const C = path.join(EXAMPLES, 'c');
const RUST = path.join(EXAMPLES, 'rust');
const NATIVE = path.join(ROOT, 'test/integration/fixtures-native');
const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(definition.adapter.executables, ROOT);
const hasCargo = onPath('cargo');

/** Where the tests build what is not an example (the fixture binary, the fixture crates' target). */
let scratch = '';
let misbehave = '';
let basket = '';
let stripped = '';

/** Every run must leave no process behind, and every document must match the schema. */
function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

/** The inventory example: v1 and v2 of inventory.c, each run in its own folder. */
function inventory(...extra: string[]): string[] {
  return [
    '--cwd-a',
    path.join(C, 'v1'),
    '--cwd-b',
    path.join(C, 'v2'),
    '--label-a',
    'v1',
    '--label-b',
    'v2',
    ...extra,
    '--',
    '../build/v1/inventory',
    'tea:4',
    'mug-l:3',
    'mug-s:2',
    '--',
    '../build/v2/inventory',
    'tea:4',
    'mug-l:3',
    'mug-s:2',
  ];
}

function fixture(...args: string[]): string[] {
  return [misbehave, ...args];
}

const options = defaultCaptureOptions({ run: { timeout_seconds: 30 } });

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-lldb-test-'));
  if (!lldbDap && !process.env.CI) return;
  await execa('make', ['-s', '-C', C], { stdin: 'ignore' });
  misbehave = path.join(scratch, 'misbehave');
  await execa('cc', ['-g', '-O0', '-o', misbehave, path.join(NATIVE, 'misbehave.c')], { stdin: 'ignore' });
  stripped = path.join(scratch, 'misbehave-without-g');
  await execa('cc', ['-O0', '-o', stripped, path.join(NATIVE, 'misbehave.c')], { stdin: 'ignore' });
  basket = path.join(scratch, 'basket');
  await execa('c++', ['-g', '-O0', '-o', basket, path.join(NATIVE, 'basket.cpp')], { stdin: 'ignore' });
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describeWithTool('C through lldb-dap', 'lldb-dap', lldbDap !== null, () => {
  it('finds the regression between two versions of the inventory: it->qty is 5 in v1 and 2 in v2', async () => {
    const run = await runBpdiff([
      '--bp',
      'inventory.c:52',
      '--condition',
      '(int)strcmp(line->sku, "mug-l") == 0',
      ...inventory(),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(doc.breakpoint).toEqual({
      file: 'inventory.c',
      line: 52,
      condition: '(int)strcmp(line->sku, "mug-l") == 0',
    });
    expect(doc.run_a).toMatchObject({
      label: 'v1',
      status: 'break',
      location: { file: 'inventory.c', line: 52 },
      command: '../build/v1/inventory tea:4 mug-l:3 mug-s:2',
    });
    // Struct fields through a pointer, array elements of a struct member, named as C writes them.
    expect(doc.diff.changed['it->qty']).toEqual({ a: '5', b: '2' });
    expect(doc.diff.changed['it->sku']).toEqual({ a: '"mug-l" (char[8])', b: '"mug-s" (char[8])' });
    expect(doc.diff.changed['inv->items[1].qty']).toEqual({ a: '5', b: '2' });
    expect(doc.diff.changed['inv->items[2].qty']).toEqual({ a: '5', b: '8' });
    expect(doc.diff.changed.value).toEqual({ a: '28.5', b: '21' });
    expect(doc.run_a.variables['line->sku']).toBe('"mug-l" (char[8])');
    expect(doc.run_a.variables.shipped).toBe('3');
    // Pointers and stack addresses compare equal; a char * keeps its string; a char array is one value.
    expect(doc.run_a.variables.it).toBe('0x…');
    expect(doc.run_a.variables['inv->items']).toBe('item[4] @ 0x…');
    expect(doc.run_a.variables['inv->warehouse']).toBe('0x… "north"');
    expect(doc.diff.unchanged).toEqual(
      expect.arrayContaining(['it', 'inv', 'line->qty', 'inv->items[0].qty', 'inv->warehouse']),
    );
    expect(Object.keys(doc.run_a.variables).filter((name) => /sku\[|\*/.test(name))).toEqual([]);
    expect(doc.diff.only_in_a).toEqual([]);
    expect(hints(run)).toMatch(/it->qty is 5 in v1 and 2 in v2/);
  });

  it("keeps lldb's Python bytecode in bpdiff's cache after the first run, out of the program's environment", async () => {
    const cache = path.join(scratch, 'xdg-cache');
    const watches = ['--watch', '(long)getenv("PYTHONPYCACHEPREFIX")', '--watch', '(long)getenv("HOME") != 0'];
    const args = [
      '--bp',
      'inventory.c:52',
      ...watches,
      '--cwd',
      path.join(C, 'v1'),
      '--',
      '../build/v1/inventory',
      'tea:4',
      '--',
      '../build/v1/inventory',
      'tea:4',
    ];
    for (const round of ['writes', 'reads']) {
      const run = await runBpdiff(args, { env: { XDG_CACHE_HOME: cache } });
      expectClean(run);
      expect(run.exitCode, `${round}: ${run.stderr}`).toBe(0);
      expect(run.doc!.run_a.variables['(long)getenv("PYTHONPYCACHEPREFIX")']).toBe('0');
      expect(run.doc!.run_a.variables['(long)getenv("HOME") != 0']).toBe('true');
    }
    const [folder, ...others] = fs.readdirSync(path.join(cache, 'bpdiff/lldb-bytecode'));
    expect(others).toEqual([]);
    const written = fs.readdirSync(path.join(cache, 'bpdiff/lldb-bytecode', folder!), { recursive: true }).map(String);
    expect(written).toContain('bpdiff-bytecode-written');
    // lldb's own package, the ~700 KB it compiled at every start.
    expect(written.some((file) => /(^|\/)lldb\/__init__\.cpython-\d+\.pyc$/.test(file))).toBe(true);
  });

  it('stops in the iteration the condition picks', async () => {
    const run = await runBpdiff(['--bp', 'inventory.c:52', '--condition', 'line->qty == 2', ...inventory()]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    // The third order line, mug-s:2: v1 had 5 and ships 2; v2 sent the mug-l order to mug-s and has 2 left.
    expect(run.doc!.run_a.variables['line->sku']).toBe('"mug-s" (char[8])');
    expect(run.doc!.run_b.variables['line->sku']).toBe('"mug-s" (char[8])');
    expect(run.doc!.diff.changed['it->qty']).toEqual({ a: '3', b: '0' });
    expect(run.doc!.diff.unchanged).toContain('shipped');
  });

  it('gives exit 0 and no changed variable for two identical runs, uninitialised locals included', async () => {
    const run = await runBpdiff([
      '--bp',
      'inventory.c:52',
      '--cwd',
      path.join(C, 'v1'),
      '--',
      '../build/v1/inventory',
      'tea:4',
      'mug-l:3',
      '--',
      '../build/v1/inventory',
      'tea:4',
      'mug-l:3',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.diff.changed).toEqual({});
    expect(run.doc!.diff.only_in_a).toEqual([]);
    expect(run.doc!.run_a.variables['it->sku']).toBe('"tea" (char[8])');
    expect(run.doc!.diff.unchanged).toEqual(expect.arrayContaining(['it', 'it->qty', 'inv->items[3].sku']));

    // Before `line`, `missing` and `label` are set, they hold whatever the stack held: the same in
    // two runs of one binary with the same arguments and environment.
    const early = await runBpdiff([
      '--bp',
      'misbehave.c:23',
      '--condition',
      'i == 2',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('ok'),
    ]);
    expectClean(early);
    expect(early.exitCode, early.stderr).toBe(0);
    expect(early.doc!.run_a.variables.i).toBe('2');
    expect(early.doc!.run_a.variables).toHaveProperty('missing');
    expect(early.doc!.diff.changed).toEqual({});
  });

  it('keeps a null pointer distinct from an address, and raw addresses with --raw-values', async () => {
    const args = ['--bp', 'misbehave.c:47', '--cwd', NATIVE, '--', ...fixture('ok'), '--', ...fixture('ok')];
    const run = await runBpdiff(args);
    expectClean(run);
    expect(run.doc!.run_a.variables.missing).toBe('0x0000000000000000');
    expect(run.doc!.run_a.variables.label).toBe('0x… "done"');
    // A NULL pointer is a leaf with its value (issue 22 item 6): nothing is read under it.
    expect(Object.keys(run.doc!.run_a.variables).filter((name) => name.includes('missing'))).toEqual(['missing']);
    expect(run.doc!.run_a.variables['p.x']).toBe('6');
    const raw = await runBpdiff(['--raw-values', ...args]);
    expectClean(raw);
    expect(raw.doc!.run_a.variables.label).toMatch(/^0x[0-9a-f]{16} "done"$/);
    expect(raw.doc!.run_a.variables.missing).toBe('0x0000000000000000');
  });

  it('records an early exit with its exit code and mirrors the breakpoint as the location', async () => {
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('exit'),
      '--',
      ...fixture('ok'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    expect(run.doc!.run_a.location).toEqual({ file: 'misbehave.c', line: 47 });
    expect(run.doc!.run_a.variables).toEqual({});
    expect(run.doc!.run_b.status).toBe('break');
    expect(run.doc!.diff.only_in_b).toContain('label');
    expect(hints(run)).toMatch(/A exited with code 3/);
    expect(hints(run)).not.toMatch(/never bound/);
  });

  it('says a breakpoint in a file the program was not built from was never bound, not only that the runs ended', async () => {
    // loop.c is not part of misbehave: lldb resolves no location for it.
    const run = await runBpdiff(['--bp', 'loop.c:5', '--cwd', NATIVE, '--', ...fixture('ok'), '--', ...fixture('ok')]);
    expectClean(run);
    expect(run.doc!.run_a.status, run.stderr).toBe('no_break');
    expect(run.doc!.analysis_hints[0]).toBe(
      'A exited with code 0 without reaching loop.c:5: the debugger never bound the breakpoint, no code it loaded is at that line (a class or script never loaded, or a file not built into the program; where the copy of the file this run uses has another name or folder, give its line with --bp-a or --bp-b FILE:LINE).',
    );
  });

  it('names the signal of a crash before the breakpoint (SIGSEGV, SIGABRT)', async () => {
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('segv'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('break');
    expect(run.doc!.run_b.status).toBe('no_break');
    expect(hints(run)).toMatch(/B was killed by SIGSEGV/);
    const aborted = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('abort'),
      '--',
      ...fixture('ok'),
    ]);
    expectClean(aborted);
    expect(hints(aborted)).toMatch(/A was killed by SIGABRT/);
  });

  it('gives up on a run after --timeout and kills it and its child', async () => {
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--timeout',
      '3',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('hang'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('break');
    expect(run.doc!.run_b.status).toBe('no_break');
    expect(hints(run)).toMatch(/B timed out after 3 s/);
  });

  it('reports a condition that cannot be evaluated in one run as that run not stopping, quoting lldb', async () => {
    // *limit is NULL when rounds <= 3: lldb stops on the first hit anyway and says why.
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:23',
      '--condition',
      '*limit > 3 && i == 2',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok', '4'),
      '--',
      ...fixture('ok', '3'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('break');
    expect(run.doc!.run_a.variables).toMatchObject({ i: '2', '*limit': '4', total: '1' });
    expect(run.doc!.run_b.status).toBe('no_break');
    expect(run.doc!.run_b.variables).toEqual({});
    expect(hints(run)).toMatch(
      /In B the condition `\*limit > 3 && i == 2` could not be evaluated.*couldn't read from memory/,
    );
  });

  it('exits 2 when the condition fails in both runs', async () => {
    const run = await runBpdiff([
      '--quiet',
      '--bp',
      'misbehave.c:23',
      '--condition',
      'nosuch == 2',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('ok'),
    ]);
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^bpdiff: .*undeclared identifier 'nosuch'/);
  });

  it('says when lldb moved the breakpoint off a comment line, and --exact-line refuses the moved stop', async () => {
    const moved = await runBpdiff([
      '--bp',
      'misbehave.c:46',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('ok'),
    ]);
    expectClean(moved);
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.doc!.run_a.location).toEqual({ file: 'misbehave.c', line: 47 });
    expect(hints(moved)).toMatch(/from line 46 to line 47/);

    const exact = await runBpdiff([
      '--bp',
      'misbehave.c:46',
      '--exact-line',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('ok'),
      '--',
      ...fixture('ok'),
    ]);
    expectClean(exact);
    expect(exact.exitCode, exact.stderr).toBe(1);
    expect(exact.doc!.run_a.status).toBe('no_break');
    expect(exact.doc!.run_a.location).toEqual({ file: 'misbehave.c', line: 46 });
    expect(hints(exact)).toMatch(/--exact-line/);
  });

  it('feeds --stdin-b to the program and gives run A an empty stdin rather than a terminal', async () => {
    const input = path.join(scratch, 'stdin.txt');
    fs.writeFileSync(input, 'hello there\n');
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--stdin-b',
      input,
      '--timeout',
      '20',
      '--cwd',
      NATIVE,
      '--',
      ...fixture('stdin'),
      '--',
      ...fixture('stdin'),
    ]);
    expectClean(run);
    expect(run.doc!.diff.changed.line).toEqual({ a: '"" (char[32])', b: '"hello there" (char[32])' });
  });

  it('says when a program was built without debug information', async () => {
    const run = await runBpdiff([
      '--bp',
      'misbehave.c:47',
      '--cwd',
      NATIVE,
      '--',
      stripped,
      'ok',
      '--',
      ...fixture('ok'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.status).toBe('no_break');
    expect(run.doc!.run_b.status).toBe('break');
    expect(hints(run)).toMatch(/misbehave-without-g has no debug information.*-g/);
  });

  it('exits 2 with the install command when lldb-dap is missing, and --adapter-path finds it elsewhere', async () => {
    const args = ['--bp', 'misbehave.c:47', '--cwd', NATIVE, '--', ...fixture('ok'), '--', ...fixture('ok')];
    const missing = await runBpdiff(args, { env: { PATH: scratch } });
    expect(missing.leftovers).toEqual([]);
    expect(missing.exitCode, missing.stderr).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/lldb-dap is not installed.*apt-get install -y lldb-19/);
    const found = await runBpdiff(['--adapter-path', lldbDap!, ...args], { env: { PATH: scratch } });
    expectClean(found);
    expect(found.exitCode, found.stderr).toBe(0);
    expect(found.doc!.run_a.variables['p.y']).toBe('4');
  });
});

describeWithTool('C++ through lldb-dap', 'lldb-dap', lldbDap !== null, () => {
  it('names members through `this` and shows std::string, std::vector and std::map by their elements', async () => {
    const run = await runBpdiff([
      '--bp',
      'basket.cpp:18',
      '--condition',
      'qty > 2',
      '--cwd',
      NATIVE,
      '--',
      basket,
      '5',
      '--',
      basket,
      '7',
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.run_a.variables).toMatchObject({
      this: '0x…',
      item: '0x… "mug"',
      'this->owner_': '"ann"',
      'this->items_': 'size=2',
      'this->items_[1]': '"mug"',
      'this->total_': '2',
      'this->counts_[0].first': '"mug"',
    });
    expect(run.doc!.diff.changed.qty).toEqual({ a: '5', b: '7' });
    expect(run.doc!.diff.changed['this->counts_[0].second']).toEqual({ a: '5', b: '7' });
    // No library internals (_M_impl, _M_dataplus) and no garbled formatter paths.
    expect(Object.keys(run.doc!.run_a.variables).filter((name) => /_M_|->\[|\.\[/.test(name))).toEqual([]);
  });
});

describeWithTool('C captures at the library level', 'lldb-dap', lldbDap !== null, () => {
  const spec = (side: 'a' | 'b', ...args: string[]): RunSpec =>
    runSpec({ side, argv: fixture(...args), cwd: NATIVE, breakpoint: { file: 'misbehave.c', line: 47 } });

  it('captures both runs at the same time, and one after the other with --sequential', async () => {
    const [a, b] = await captureRuns([spec('a', 'ok'), spec('b', 'ok', '5')], options);
    expect(ranAtOnce(a, b)).toBe(true);
    expect(a.run.variables['p.x']).toBe('6');
    expect(b.run.variables['p.x']).toBe('10');
    expect(a.adapter).toMatchObject({ id: 'lldb', name: 'lldb-dap' });
    expect(a.adapter.version).toMatch(/^\d+\.\d+/);
    expect(a.output.stdout_tail).toBe('mode ok\n');
    const [c, d] = await captureRuns([spec('a', 'ok'), spec('b', 'ok')], {
      ...options,
      run: { ...options.run, sequential: true },
    });
    expect(ranOneAfterTheOther(c, d)).toBe(true);
    expect(d.run.variables.total).toBe('6');
  });

  it('never reads registers, and records the exit code and output of a run that ended', async () => {
    const [a, b] = await captureRuns([spec('a', 'ok'), spec('b', 'exit')], options);
    expect(Object.keys(a.run.variables).some((name) => /^(rip|rax|rsp)$/.test(name))).toBe(false);
    expect(b.exit_code).toBe(3);
    expect(b.no_break_reason).toEqual({ kind: 'exited', exit_code: 3 });
    expect(b.output.stdout_tail).toBe('mode exit\n');
  });
});

describeWithTool(
  'Rust through lldb-dap',
  lldbDap ? 'cargo' : 'lldb-dap',
  hasCargo && lldbDap !== null,
  () => {
    const owls = path.join(RUST, 'owls.txt');
    const values = path.join(NATIVE, 'rust-values');
    const targetEnv = (): Record<string, string> => ({ CARGO_TARGET_DIR: path.join(scratch, 'target') });

    it("keeps lldb's own echo of the toolchain's formatter commands out of the program's output", async () => {
      // --hit 2 on a line passed once: the run goes to its end, its whole output kept.
      const run = await runBpdiff(['capture', '--bp', 'src/main.rs:27', '--hit', '2', '--', 'cargo', 'run', '-q'], {
        cwd: values,
        env: targetEnv(),
      });
      expect(run.leftovers).toEqual([]);
      const capture = JSON.parse(run.stdout) as { output: { stdout_tail: string }; run: { status: string } };
      expect(capture.run.status, run.stderr).toBe('no_break');
      expect(capture.output.stdout_tail).toBe(
        'hello [10, 20] Some(7) None Some("") Err(4) [Dot, Line(0), Label("", 3)] [65, 90] 7 6\n',
      );
    });

    it('shows String, Vec and Option as values in `cargo run`, and finds the regression', async () => {
      const run = await runBpdiff([
        '--bp',
        'src/main.rs:35',
        '--cwd-a',
        path.join(RUST, 'v1'),
        '--cwd-b',
        path.join(RUST, 'v2'),
        '--stdin-a',
        owls,
        '--stdin-b',
        owls,
        '--',
        'cargo',
        'run',
        '--',
        'cargo',
        'run',
        '--bin',
        'roster',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      const doc = run.doc!;
      expect(doc.run_a.status).toBe('break');
      expect(doc.run_b.command).toBe('cargo run --bin roster');
      expect(doc.run_a.variables['team.name']).toBe('"owls"');
      expect(doc.run_a.variables['team.members[0].name']).toBe('"ann"');
      // A Vec is compared by its elements (issue 22 item 3): the one that changed, and the Vec for its length.
      expect(doc.diff.changed.ages).toEqual({ a: '[‹0›, ‹1›]', b: '[‹0›, ‹1›, ‹2›]' });
      expect(doc.diff.changed['ages[1]']).toEqual({ a: '29', b: '41' });
      expect(doc.diff.changed.reachable).toEqual({ a: '[‹0›, ‹1›]', b: '[‹0›, ‹1›, ‹2›]' });
      expect(doc.diff.changed.chosen).toBeUndefined();
      expect(doc.diff.changed.oldest).toEqual({ a: '34', b: '41' });
      expect(doc.diff.changed['chosen[0].name']).toEqual({ a: '"ann"', b: '"bob"' });
      // v2 keeps an empty email as Some(""): LLDB 19 alone would show both as Some("").
      expect(doc.diff.changed['team.members[1].email']).toEqual({ a: 'None', b: 'Some("")' });
      expect(doc.run_a.variables['team.members[0].email']).toBe('Some("ann@example.org")');
      expect(doc.run_a.variables.chosen).toBe('Some(‹0›)');
      expect(doc.run_a.variables['chosen[0]']).toBe('0x… {name:‹name›, age:‹age›, email:‹email›}');
      // Strings are one value, not a list of bytes; no name comes from lldb's garbled paths.
      expect(Object.keys(doc.run_a.variables).filter((name) => /name\[|->\[|^\[|\*\(/.test(name))).toEqual([]);
      // Named as Rust writes them: a field behind a reference is `team.name`, not C's `team->name`.
      expect(Object.keys(doc.run_a.variables).filter((name) => name.includes('->'))).toEqual([]);
    });

    it('runs `cargo run -- ARGS` (the binary cargo built, with the arguments after --)', async () => {
      const spec = (side: 'a' | 'b'): RunSpec =>
        runSpec({
          side,
          argv: ['cargo', 'run', '-q', '--', '../owls.txt'],
          cwd: path.join(RUST, side === 'a' ? 'v1' : 'v2'),
          breakpoint: { file: 'src/main.rs', line: 35 },
        });
      const [a, b] = await captureRuns([spec('a'), spec('b')], options);
      expect(a.run.status).toBe('break');
      expect(a.run.command).toBe('cargo run -q -- ../owls.txt');
      // cargo ran (a warm build still checks every crate): its time is said, in whole milliseconds.
      expect(Number.isInteger(a.timing.build_ms) && a.timing.build_ms! > 0).toBe(true);
      expect(a.run.variables.ages).toBe('[‹0›, ‹1›]');
      expect(b.run.variables['ages[1]']).toBe('41');
    });

    it("passes cargo's own -- through the CLI when written \\--, and keeps two versions apart in one shared target folder", async () => {
      // Both crates are named `roster` and build into the same CARGO_TARGET_DIR: each run must debug its own build.
      const run = await runBpdiff(
        [
          '--bp',
          'src/main.rs:35',
          '--cwd-a',
          path.join(RUST, 'v1'),
          '--cwd-b',
          path.join(RUST, 'v2'),
          '--',
          'cargo',
          'run',
          '-q',
          '\\--',
          '../owls.txt',
          '--',
          'cargo',
          'run',
          '-q',
          '\\--',
          '../owls.txt',
        ],
        { env: targetEnv() },
      );
      expectClean(run);
      expect(run.doc!.run_a.command).toBe('cargo run -q -- ../owls.txt');
      expect(run.doc!.diff.changed.ages).toEqual({ a: '[‹0›, ‹1›]', b: '[‹0›, ‹1›, ‹2›]' });
    });

    it('shows enums, maps and sets as Rust prints them, the same in two identical runs', async () => {
      const run = await runBpdiff(
        ['--bp', 'src/main.rs:27', '--cwd', values, '--', 'cargo', 'run', '--', 'cargo', 'run'],
        { env: targetEnv() },
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.diff.changed).toEqual({});
      expect(run.doc!.run_a.variables).toMatchObject({
        word: '"hello"',
        numbers: '[‹0›, ‹1›]',
        'numbers[1]': '20',
        seven: 'Some(7)',
        no_name: 'None',
        empty_name: 'Some("")',
        failed: 'Err(4)',
        shapes: '[‹0›, ‹1›, ‹2›]',
        'shapes[2]': 'Label(‹0›, ‹1›)',
        'shapes[2][1]': '3',
        bytes: '[‹0›, ‹1›]',
        'bytes[0]': '65',
        // HashMap and HashSet iterate in a random order per process: shown sorted.
        stock: '{"apple": 5, "banana": 6, "fig": 3, "kiwi": 4, "lime": 4, "pear": 4, "plum": 4}',
        'stock[0][0]': '"apple"',
        primes: '{‹0›, ‹1›, ‹2›, ‹3›, ‹4›, ‹5›}',
        'primes[5]': '13',
      });
    });

    it("exits 2 with cargo's first error when the build fails", async () => {
      const run = await runBpdiff(
        [
          '--bp',
          'src/main.rs:4',
          '--cwd',
          path.join(NATIVE, 'rust-broken'),
          '--',
          'cargo',
          'run',
          '--',
          'cargo',
          'run',
        ],
        { env: targetEnv() },
      );
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^bpdiff: cargo build failed in .*rust-broken: error\[E0425\]: cannot find value `missing_value`/m,
      );
    });

    it('gives up on a build that takes longer than its own limit and leaves nothing running', async () => {
      const target = path.join(scratch, 'slow-target');
      const run = await runBpdiff(
        ['--bp', 'src/main.rs:27', '--cwd', values, '--', 'cargo', 'run', '--', 'cargo', 'run'],
        {
          env: { CARGO_TARGET_DIR: target, BPDIFF_BUILD_TIMEOUT: '0.05' },
        },
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(hints(run)).toMatch(/A timed out after 0\.05 s while building/);
    });
  },
  { optionalInCi: lldbDap !== null },
);

describe('cargo run commands', () => {
  it("takes `cargo run` apart: build options, --bin/--example, the program's arguments", () => {
    expect(parseCargoRun(['cargo', 'run'])).toEqual({
      toolchain: null,
      buildOptions: [],
      bin: null,
      example: null,
      args: [],
    });
    expect(
      parseCargoRun([
        'cargo',
        '+nightly',
        'r',
        '--release',
        '--bin=app',
        '--message-format',
        'short',
        '-p',
        'x',
        '--',
        '-v',
        'in.txt',
      ]),
    ).toEqual({
      toolchain: 'nightly',
      buildOptions: ['--release', '--bin', 'app', '-p', 'x'],
      bin: 'app',
      example: null,
      args: ['-v', 'in.txt'],
    });
    expect(parseCargoRun(['cargo', 'run', '--example', 'demo']).example).toBe('demo');
    expect(() => parseCargoRun(['cargo', 'test'])).toThrow(/not "cargo test"/);
    expect(() => parseCargoRun(['cargo', 'run', '--bin'])).toThrow(/needs a name/);
  });

  it('picks the binary cargo run would start', () => {
    const bin = (name: string, manifest = '/w/a/Cargo.toml') => ({
      reason: 'compiler-artifact',
      manifest_path: manifest,
      target: { kind: ['bin'], name },
      executable: `/w/target/debug/${name}`,
    });
    const run = parseCargoRun(['cargo', 'run']);
    expect(chooseExecutable([bin('app')], run, '/w/a')).toBe('/w/target/debug/app');
    expect(chooseExecutable([bin('app'), bin('tool')], parseCargoRun(['cargo', 'run', '--bin', 'tool']), '/w/a')).toBe(
      '/w/target/debug/tool',
    );
    expect(() => chooseExecutable([bin('app'), bin('tool')], run, '/nowhere')).toThrow(
      /any of app, tool — choose one with "cargo run --bin NAME"/,
    );
    expect(() => chooseExecutable([], run, '/w/a')).toThrow(/produced no bin/);
  });
});
