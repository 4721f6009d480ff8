// bpdiff locate on a Rust program built without cargo (bench/programs/locate/rust/inventory.rs: a
// parser into structs of Strings, Vecs and a HashMap), walked against itself on lldb-dap:
// - the toolchain's formatters are loaded for a binary rustc made (its .comment), not only for
//   `cargo run` or a breakpoint in a .rs file: a String reads "mug", not a struct of bytes;
// - a local declared further on (the `if let Some(section)` binding, whose memory holds the stack's
//   old bytes, a HashMap's random keys among them) is set aside, not a divergence (it was exit 1 at
//   step 117), through lldb-dap's declaration of each variable (adapter.json locate.declared_at);
// - its garbage length no longer keeps lldb-dap's `variables` answer in the formatters for good.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { madeByRustc } from '../../adapters/lldb/hooks.js';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';

const SOURCE = path.join(ROOT, 'bench/programs/locate/rust/inventory.rs');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-rust-'));
const program = path.join(scratch, 'inventory');

describeWithTool(
  'locate on a Rust program against itself (lldb-dap)',
  'rustc (rustup) and lldb-dap',
  onPath('rustc'),
  () => {
    beforeAll(async () => {
      await execa('rustc', ['-g', '-C', 'opt-level=0', '-o', program, SOURCE], { stdin: 'ignore' });
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    it('every line: exit 0, the `if let` binding not set yet set aside and said', async () => {
      // The `if let` line comes at step 117: 130 steps are enough (the whole walk is 147).
      const run = await runBpdiff(
        ['locate', '--every-line', '--max-steps', '130', '--', program, '1', '--', program, '1'],
        {
          cwd: scratch,
        },
      );
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(0);
      const hints = run.doc!.analysis_hints.join('\n');
      expect(hints).toMatch(/^no divergence in 130 steps \(--max-steps 130/);
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
  },
);
