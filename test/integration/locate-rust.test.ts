// bpdiff locate on a Rust program built without cargo (bench/programs/locate/rust/inventory.rs: a
// parser into structs of Strings, Vecs and a HashMap), walked against itself on lldb-dap:
// - the toolchain's formatters are loaded for a binary rustc made (its .comment), not only for
//   `cargo run` or a breakpoint in a .rs file: a String reads "mug", not a struct of bytes;
// - a local declared further on (the `if let Some(section)` binding, whose memory holds the stack's
//   old bytes, a HashMap's random keys among them) is set aside, not a divergence (it was exit 1 at
//   step 117), through lldb-dap's declaration of each variable (adapter.json locate.declared_at);
// - its garbage length no longer keeps lldb-dap's `variables` answer in the formatters for good;
// - the closures its iterators call (`.map(|field| field.trim())`) are walked into (locate.callbacks).
// And a program's own impl on a standard type (fixtures-native/rust-impl/total.rs), in legacy and v0
// symbols: lldb steps over the standard library's functions (hooks.ts RUST_STEP_AVOID) but into that
// impl's method, where the runs part ways (a v0 name, <alloc::vec::Vec<u32> as total::Total>, was
// stepped over: the divergence was told at its caller); the walk starts on main's first line though
// main's breakpoint stops in vec![]'s inlined Box::new_uninit (the library's boxed.rs was taken for the
// user's code: by effects said the runs part ways there, at step 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { madeByRustc } from '../../adapters/lldb/hooks.js';
import { ROOT, describeWithTool, locateBothModes, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const SOURCE = path.join(ROOT, 'bench/programs/locate/rust/inventory.rs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-rust-'));
const program = path.join(scratch, 'inventory');
const TOTAL = path.join(ROOT, 'test/integration/fixtures-native/rust-impl/total.rs');
const CLOSURE = path.join(ROOT, 'test/integration/fixtures-native/rust-impl/closure.rs');
const INLINED = path.join(ROOT, 'test/integration/fixtures-native/rust-impl/inlined.rs');
const MANGLINGS = ['legacy', 'v0'] as const;

/**
 * The program `name` the suite built into the scratch folder, located against itself, B with PART set,
 * every line and by effects: each a divergence that `check` checks (locateBothModes).
 */
async function locateBothWays(name: string, check: (run: BpdiffRun) => void): Promise<void> {
  await locateBothModes(['--env-b', 'PART=1'], [path.join(scratch, name)], scratch, check);
}

/** The requests bpdiff sent run A's adapter, by name, as its trace (BPDIFF_TRACE) holds them. */
function requestsOfA(trace: string): string[] {
  return fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"run":"A"') && line.includes('"dir":"out"') && line.includes('"type":"request"'))
    .map((line) => (JSON.parse(line) as { message: { name: string } }).message.name);
}

describeWithTool(
  'locate on a Rust program against itself (lldb-dap)',
  'rustc (rustup) and lldb-dap',
  onPath('rustc'),
  () => {
    beforeAll(async () => {
      await Promise.all([
        execa('rustc', ['-g', '-C', 'opt-level=0', '-o', program, SOURCE], { stdin: 'ignore' }),
        execa('rustc', ['-g', '-C', 'opt-level=0', '-o', path.join(scratch, 'closure'), CLOSURE], { stdin: 'ignore' }),
        execa('rustc', ['-g', '-C', 'opt-level=0', '-o', path.join(scratch, 'inlined'), INLINED], { stdin: 'ignore' }),
        ...MANGLINGS.map((mangling) =>
          execa(
            'rustc',
            [
              '-g',
              '-C',
              'opt-level=0',
              // Legacy symbols are rustc's default (a stable rustc takes no -C symbol-mangling-version=legacy).
              ...(mangling === 'v0' ? ['-C', 'symbol-mangling-version=v0'] : []),
              '-o',
              path.join(scratch, `total-${mangling}`),
              TOTAL,
            ],
            { stdin: 'ignore' },
          ),
        ),
      ]);
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it('every line: exit 0, the `if let` binding not set yet set aside and said', async () => {
      // The `if let` line comes at step 136 (the walk steps into the closures the parser's iterators
      // call, 25 steps): 150 steps are enough (the whole walk is 172).
      const trace = path.join(scratch, 'every-line.jsonl');
      const run = await runBpdiff(
        ['locate', '--every-line', '--max-steps', '150', '--', program, '1', '--', program, '1'],
        {
          cwd: scratch,
          env: { BPDIFF_TRACE: trace },
        },
      );
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(0);
      // Each step into a line is a step over it with the stops at the program's functions on
      // (adapter.json locate.callbacks.step_in_by_next): lldb never steps into the standard library.
      const steps = requestsOfA(trace).filter((name) => name === 'next' || name === 'stepIn');
      expect(steps.length).toBeGreaterThanOrEqual(150);
      expect(steps.filter((name) => name === 'stepIn')).toEqual([]);
      const hints = run.doc!.analysis_hints.join('\n');
      expect(hints).toMatch(/^no divergence in 150 steps \(--max-steps 150/);
      expect(hints).toMatch(
        /not counted as a divergence: \d+ locals? that differed before the program set them \(section/,
      );
    });

    it("knows a binary rustc made by its .comment (the toolchain's formatters are loaded for it), and a C one not", async () => {
      const c = path.join(scratch, 'loop');
      await execa('cc', ['-g', '-O0', '-o', c, path.join(ROOT, 'test/integration/fixtures-hits/loop.c')], {
        stdin: 'ignore',
      });
      expect(madeByRustc(program)).toBe(true);
      expect(madeByRustc(c)).toBe(false);
      expect(madeByRustc(SOURCE)).toBe(false);
    });

    for (const mangling of MANGLINGS)
      it(`${mangling} symbols: the program's own impl on Vec<u32> is walked into, where the runs part ways, both ways; the walk starts on main's first line`, async () => {
        const total = path.join(scratch, `total-${mangling}`);
        await locateBothWays(`total-${mangling}`, (run) => {
          const located = run.doc!.locate!;
          expect(located.kind).toBe('path');
          expect(path.basename(located.point!.file)).toBe('total.rs');
          // `if std::env::var("PART").is_ok()`: A goes on to `sum`, B into the if.
          expect(located.point!.line).toBe(14);
          expect(located.point!.function).toMatch(/Total/);
          expect(run.doc!.analysis_hints[0]).toMatch(/A goes on to line 17, B to line 15/);
        });
        const first = await runBpdiff(['locate', '--every-line', '--max-steps', '1', '--', total, '--', total], {
          cwd: scratch,
        });
        expect(first.exitCode, first.stderr).toBe(0);
        expect(path.basename(first.doc!.run_a.location!.file)).toBe('total.rs');
        expect(first.doc!.run_a.location!.line).toBe(22);
      });

    it('a closure that Iterator::map calls from inside collect() is walked into, where the runs part ways, both ways', async () => {
      await locateBothWays('closure', (run) => {
        const located = run.doc!.locate!;
        // Before: at line 15, after the statement, `w[1] is 4 in A and 5 in B`.
        expect(located.kind).toBe('path');
        expect(located.point!.line).toBe(9);
        expect(located.point!.function).toMatch(/^closure::main::.*closure/);
        expect(run.doc!.analysis_hints[0]).toMatch(/A goes on to line 12, B to line 10$/);
      });
    });

    it('a function of the user inlined into its caller (#[inline(always)]) is walked into, both ways', async () => {
      // No breakpoint at scale's start stops in it: the walk's step into a line stays a step in
      // (bpdiff_lldb_callbacks.py names it among the inlined; before: stepped over, told main's
      // `for` line, total 18 in A and 21 in B).
      await locateBothWays('inlined', (run) => {
        // (The file as the program's debug information names it: the fixture's, built where it lies.)
        expect(path.basename(run.doc!.locate!.point!.file)).toBe('inlined.rs');
        expect(run.doc!.locate!.point).toMatchObject({ line: 7, function: 'inlined::scale' });
        expect(run.doc!.analysis_hints[0]).toMatch(
          /inlined\.rs:7 in inlined::scale\(\) .*: part is false in A and true in B$/,
        );
      });
    });
  },
);
