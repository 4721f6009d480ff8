// Exact values through the real lldb-dap (issue 22): C++ strings of every width, NULL pointers as
// leaves, integers written in hex kept, Rust &str read through its length (never past it, the same in
// two checkouts), a Vec of structs compared by its elements, and --hit counting passes through a
// Rust println! line, which lldb stops at three times a pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const NATIVE = path.join(ROOT, 'test/integration/fixtures-native');
const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(definition.adapter.executables, ROOT);

let scratch = '';
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-native-values-'));
});
afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}

describeWithTool('C++ strings and C pointers through lldb-dap', 'lldb-dap', lldbDap !== null, () => {
  let program = '';
  beforeAll(async () => {
    program = path.join(scratch, 'strings16');
    await execa('c++', ['-g', '-O0', '-o', program, path.join(NATIVE, 'strings16.cpp')], { stdin: 'ignore' });
  });
  const strings = (...b: string[]): Promise<BpdiffRun> =>
    runBpdiff(['--bp', 'strings16.cpp:25', '--cwd', NATIVE, '--', program, '--', program, ...b]);

  it('reads std::u16string and std::u32string: u"h!" against u"h?" is a change (it was exit 0)', async () => {
    const run = await strings('other');
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const { changed } = run.doc!.diff;
    expect(changed.s16).toEqual({ a: 'u"h!"', b: 'u"h?"' });
    expect(changed.s32).toEqual({ a: 'U"w!"', b: 'U"w?"' });
    expect(changed.ws).toEqual({ a: 'L"x!"', b: 'L"x?"' });
    expect(changed.s8).toEqual({ a: '"y!"', b: '"y?"' });
    expect(changed.p16).toEqual({ a: '0x… u"h!"', b: '0x… u"h?"' });
    // A char32_t's hex is its value, not an address.
    expect(changed.c32).toEqual({ a: "U+0x00000021 U+0x00000021 U'!'", b: "U+0x0000003f U+0x0000003f U'?'" });
  });

  it('two identical runs: exit 0; a NULL pointer is a leaf with its value, not dozens of <error: parent is NULL>', async () => {
    const run = await strings();
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const variables = run.doc!.run_a.variables;
    expect(variables.none).toBe('0x0000000000000000');
    expect(variables['tail.next']).toBe('0x0000000000000000');
    expect(variables['head.next->value']).toBe('2');
    expect(Object.entries(variables).filter(([, value]) => value.startsWith('<error'))).toEqual([]);
    expect(Object.keys(variables).filter((name) => name.startsWith('none'))).toEqual(['none']);
  });
});

describeWithTool(
  'Rust through lldb-dap: &&str, Vec of structs, passes',
  'cargo',
  onPath('cargo') && lldbDap !== null,
  () => {
    const crate = path.join(NATIVE, 'rust-strs');
    /** Two checkouts of the crate, at paths of different lengths, each built where it is. */
    const checkouts = ['rs-a', 'a-second-checkout-of-rs-b'];
    beforeAll(async () => {
      for (const name of checkouts) {
        const dir = path.join(scratch, name);
        fs.cpSync(crate, dir, { recursive: true, filter: (source) => path.basename(source) !== 'target' });
        await execa('cargo', ['build', '-q'], { cwd: dir, stdin: 'ignore' });
      }
    }, 600_000);
    const binary = (checkout: string): string => path.join(scratch, checkout, 'target/debug/strs');
    const run = (line: number, extra: string[], b: string[] = [], cwdB = checkouts[0]!): Promise<BpdiffRun> =>
      runBpdiff([
        '--bp',
        `src/main.rs:${line}`,
        '--cwd-a',
        path.join(scratch, checkouts[0]!),
        '--cwd-b',
        path.join(scratch, cwdB),
        ...extra,
        '--',
        binary(checkouts[0]!),
        '--',
        binary(cwdB),
        ...b,
      ]);

    it('reads a &&str from iter() through its length: two checkouts of different path lengths compare equal', async () => {
      const same = await run(23, [], [], checkouts[1]);
      expectClean(same);
      expect(same.exitCode, same.stderr).toBe(0);
      const variables = same.doc!.run_a.variables;
      expect(variables.v).toBe('0x… "1.2.0-alpha"');
      expect(variables.iter).toBe('Iter(["0.9.0", "2.0.0-rc.1"])');
      // Nothing read past a slice's end, no pointer read as a length.
      expect(Object.keys(variables).filter((name) => /data_ptr|end_or_len|length/.test(name))).toEqual([]);
    });

    it('counts passes, not stops: --hit 2 is the second turn of the loop (lldb stops three times in each)', async () => {
      const second = await run(23, ['--hit', '2']);
      expectClean(second);
      expect(second.exitCode, second.stderr).toBe(0);
      expect(second.doc!.run_a.variables.v).toBe('0x… "0.9.0"');
      expect(second.doc!.run_a.variables.total).toBe('11');
      expect(second.doc!.analysis_hints).toContain(
        'A and B: hits count passes through the line: 2 stops of lldb-dap continued a pass through the line already counted (the debugger stops at each code location of a line), so they were not counted as hits',
      );
      const walk = await run(23, ['--first-divergence'], ['5']);
      expectClean(walk);
      expect(walk.doc!.analysis_hints).toContain(
        'A and B: first divergence at hit 1: the runs part ways at the first hit',
      );
    });

    it('reports a changed field of a struct in a Vec once, at the leaf', async () => {
      const changed = await run(23, [], ['5']);
      expectClean(changed);
      expect(changed.exitCode, changed.stderr).toBe(1);
      expect(changed.doc!.diff.changed).toEqual({
        'items[0].qty': { a: '1', b: '5' },
        'nested[0][0].qty': { a: '1', b: '5' },
        'nested[1][0].qty': { a: '1', b: '5' },
        qty: { a: '1', b: '5' },
      });
      expect(changed.doc!.run_a.variables).toMatchObject({
        items: '[‹0›, ‹1›]',
        'items[0]': '{sku:‹sku›, qty:‹qty›}',
        nested: '[‹0›, ‹1›]',
      });
    });
  },
);
