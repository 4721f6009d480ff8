// The lldb frame dump (adapter.json frame_dump, adapters/lldb/bpdiff_lldb_dump.py) against lldb-dap's
// own `variables` requests, on real C, C++ and Rust programs: each command run both ways gives the same
// document (every value, type, path, cut and hint), and the trace says the dump was used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type ComparisonDoc } from './helpers.js';

const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(definition.adapter.executables, ROOT);
const C = path.join(EXAMPLES, 'c');
const CPP = path.join(EXAMPLES, 'cpp');
const NATIVE = path.join(ROOT, 'test/integration/fixtures-native');
const LOCATE = path.join(ROOT, 'bench/programs/locate');
let scratch = '';

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-frame-dump-'));
  if (!lldbDap && !process.env.CI) return;
  await execa('make', ['-s', '-C', C], { stdin: 'ignore' });
  await execa('make', ['-s', '-C', CPP], { stdin: 'ignore' });
  await execa('c++', ['-g', '-O0', '-o', path.join(scratch, 'basket'), path.join(NATIVE, 'basket.cpp')], {
    stdin: 'ignore',
  });
  if (onPath('rustc'))
    await execa(
      'rustc',
      ['-g', '-C', 'opt-level=0', '-o', path.join(scratch, 'inventory'), path.join(LOCATE, 'rust/inventory.rs')],
      { stdin: 'ignore' },
    );
});

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

/** The document without what differs from run to run of the same command (timings, pids). */
function stable(doc: ComparisonDoc): unknown {
  return JSON.parse(
    JSON.stringify(doc, (key, value: unknown) =>
      key === 'timing' || key === 'duration_ms' || key === 'pid' ? undefined : value,
    ),
  ) as unknown;
}

/** The frames each run's reads took from the dump and by requests, summed over the runs (the trace's 'done' phases). */
function dumpCounts(trace: string): { dumped: number; byRequests: number } {
  let dumped = 0;
  let byRequests = 0;
  for (const line of fs.readFileSync(trace, 'utf8').split('\n')) {
    if (!line.includes('"done"')) continue;
    const event = JSON.parse(line) as { frames_dumped?: number; frames_by_requests?: number };
    dumped += event.frames_dumped ?? 0;
    byRequests += event.frames_by_requests ?? 0;
  }
  return { dumped, byRequests };
}

/** `args` run with the dump and without: the same document; returns it and the dump's counts. */
async function bothWays(
  args: string[],
  cwd: string,
): Promise<{ doc: ComparisonDoc; dumped: number; byRequests: number; exitCode: number }> {
  const trace = path.join(scratch, `trace-${Date.now()}.jsonl`);
  const dumped = await runBpdiff(args, { cwd, env: { BPDIFF_TRACE: trace } });
  const requested = await runBpdiff(args, { cwd, env: { BPDIFF_FRAME_DUMP: '0' } });
  expect(dumped.doc, dumped.stderr).not.toBeNull();
  expect(requested.doc, requested.stderr).not.toBeNull();
  expect(dumped.leftovers).toEqual([]);
  expect(requested.exitCode).toBe(dumped.exitCode);
  expect(stable(dumped.doc!)).toEqual(stable(requested.doc!));
  return { doc: dumped.doc!, exitCode: dumped.exitCode, ...dumpCounts(trace) };
}

/** The example's orders, and both versions' commands run with them. */
const ORDERS = ['tea:4', 'mug-l:3', 'mug-s:2'];
const INVENTORY = ['--', '../build/v1/inventory', ...ORDERS, '--', '../build/v2/inventory', ...ORDERS];

describeWithTool('the lldb frame dump reads what lldb-dap lists', 'lldb-dap', lldbDap !== null, () => {
  it("C: main's struct of arrays, its array of char arrays not yet written, and a loop's locals", async () => {
    const cwd = path.join(C, 'v1');
    const args = ['--bp', 'inventory.c:98', '--hit', '2', '--cwd-b', path.join(C, 'v2'), ...INVENTORY];
    const { doc, dumped, byRequests } = await bothWays(args, cwd);
    expect(doc.run_a.variables['inv.items[2].sku']).toBe('"mug-l" (char[8])');
    expect(doc.run_a.variables['inv.warehouse']).toBe('0x… "north"');
    expect(doc.run_a.variables['lines[1].qty']).toBe('3');
    expect(dumped).toBe(2);
    expect(byRequests).toBe(0);
  });

  it('C: pointers to structs, at each call of a function (--first-divergence)', async () => {
    const cwd = path.join(C, 'v1');
    const args = ['--bp', 'inventory.c:49', '--first-divergence', '--cwd-b', path.join(C, 'v2'), ...INVENTORY];
    const { doc, dumped } = await bothWays(args, cwd);
    expect(doc.run_a.variables['it->sku']).toMatch(/^"[a-z-]+" \(char\[8\]\)$/);
    expect(doc.run_a.variables['line->qty']).toMatch(/^\d+$/);
    expect(dumped).toBeGreaterThanOrEqual(2);
  });

  it("C++: std::vector, std::map and std::u16string through bpdiff's formatters", async () => {
    const cwd = path.join(CPP, 'v1');
    const args = [
      '--bp',
      'labels.cpp:32',
      '--cwd-b',
      path.join(CPP, 'v2'),
      '--',
      '../build/v1/labels',
      '--',
      '../build/v2/labels',
    ];
    const { doc, dumped } = await bothWays(args, cwd);
    expect(doc.run_a.variables['product.stock[0].first']).toBe('"l"');
    expect(doc.run_a.variables['product.stock[0].second']).toBe('2');
    expect(doc.run_a.variables['label']).toBe('u"thé vert (réf. tea-01)"');
    expect(dumped).toBe(2);
  });

  it("C++: a method's this, with members of the standard library", async () => {
    const basket = path.join(scratch, 'basket');
    const { doc, dumped } = await bothWays(
      ['--bp', `${NATIVE}/basket.cpp:18`, '--hit', '2', '--', basket, '7', '--', basket, '9'],
      ROOT,
    );
    expect(doc.run_a.variables['this->owner_']).toBe('"ann"');
    expect(doc.run_a.variables['qty']).toBe('7');
    expect(doc.run_b.variables['qty']).toBe('9');
    expect(dumped).toBe(2);
  });

  it('Rust: identical runs walked every line, 150 steps through a parser whose tree grows at each step', async () => {
    if (!onPath('rustc')) throw new Error('rustc is not installed (CI installs it; see .ci/run)');
    const program = path.join(scratch, 'inventory');
    const args = ['locate', '--every-line', '--max-steps', '150', '--env', 'COUNT=3', '--', program, '--', program];
    // Through the dump alone: what is checked is that two identical runs agree at every step read so
    // (no false alarm); the texts' fidelity to lldb-dap's own is the other cases' (the same walk read by
    // requests took twice this walk's time, for a document that says the same 'agreed').
    const trace = path.join(scratch, 'trace-rust.jsonl');
    const run = await runBpdiff(args, { cwd: path.join(LOCATE, 'library'), env: { BPDIFF_TRACE: trace } });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.leftovers).toEqual([]);
    expect(run.doc!.locate).toMatchObject({ kind: 'agreed', steps: 150 });
    const { dumped, byRequests } = dumpCounts(trace);
    // Each run read a frame at most at each step (stops in the standard library are not read); a line
    // whose last dump held no value with children (a function's first line: its arguments) by requests.
    expect(dumped + byRequests).toBeLessThanOrEqual(300);
    expect(dumped).toBeGreaterThan(150);
    expect(byRequests).toBeLessThan(dumped / 2);
  });
});
