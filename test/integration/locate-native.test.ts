// bpdiff locate on lldb-dap (C, and a Rust crate), dlv (Go) and gdb (Fortran); the languages and their tests: locate-languages.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, describeWithTool, locateBothModes, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { DATA, LOCATE, c, describeLanguage, fortran, go } from './locate-languages.js';

for (const language of [c, go, fortran]) describeLanguage(language);

/**
 * A C fixture of fixtures-native/ copied into a folder of its own, whose name holds a space, quotes and
 * a backslash (the debugger's commands are given the user's folders: locate.callbacks), built there
 * and located against itself, B with PART set, every line and by effects (`adapter`: the options that
 * choose the debugger), each run checked by `check` and for processes left behind.
 */
async function locateBothWays(fixture: string, adapter: string[], check: (run: BpdiffRun) => void): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `bpdiff-locate-${fixture} it's a "dir" \\-`));
  try {
    const program = path.join(scratch, fixture);
    fs.copyFileSync(path.join(ROOT, `test/integration/fixtures-native/${fixture}.c`), `${program}.c`);
    await execa('cc', ['-g', '-O0', '-o', program, `${program}.c`], { stdin: 'ignore' });
    await locateBothModes([...adapter, '--env-b', 'PART=1'], [program], scratch, check);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const DEBUGGERS = [
  { name: 'C', tool: c.tool, available: c.available, adapter: [] as string[] },
  {
    name: 'C through gdb',
    tool: 'gdb and cdt-gdb-adapter (scripts/setup.sh)',
    available: onPath('gdb') && onPath('cdtDebugAdapter'),
    adapter: ['--adapter', 'gdb'],
  },
];

for (const { name, tool, available, adapter } of DEBUGGERS)
  describeWithTool(`locate: ${name}, a comparator that qsort calls back`, tool, available, () => {
    it('is walked into where the runs part ways, both ways (before: at the line after qsort, by the array)', async () => {
      await locateBothWays('qsort-callback', adapter, (run) => {
        expect(run.doc!.locate!.point).toMatchObject({ line: 11, function: 'cmp' });
        expect(run.doc!.analysis_hints[0]).toMatch(
          /qsort-callback\.c:11 in cmp\(\) .*A goes on to line 13, B to line 12$/,
        );
      });
    });
  });

for (const { name, tool, available, adapter } of DEBUGGERS)
  describeWithTool(`locate: ${name}, a function of the project's own shared library`, tool, available, () => {
    // lldb-dap steps into a line by a step over it with a breakpoint at each of the user's functions
    // (locate.callbacks.step_in_by_next): those of the libraries the program loads from the user's
    // folders too, not only the executable's (before: the walk stepped over scale() and told main's
    // line), and those of a library it loads with dlopen during the walk, which lldb gives the
    // breakpoint's resolver as it loads it, within the very step whose line loads and calls it (before:
    // the every-line walk stepped over scale() and told plugin.c:9, total 180 in A and 210 in B). A
    // function of the user's inlined into such a library's (libweigh.so's factor()): lldb-dap tells
    // bpdiff of the locations the library gave the breakpoint by a `breakpoint` event, and the answer
    // to `on`, asked again, names factor(), so the walk steps in there (before: the every-line walk
    // stepped over factor() and told weigh.c:14, total 90 in A and 120 in B).
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-shared-lib-'));
    beforeAll(async () => {
      for (const file of ['main.c', 'plugin.c', 'scale.c', 'weigh.c'])
        fs.copyFileSync(path.join(ROOT, 'test/integration/fixtures-native/shared-lib', file), path.join(scratch, file));
      await execa('cc', ['-g', '-O0', '-shared', '-fPIC', '-o', 'libscale.so', 'scale.c'], {
        cwd: scratch,
        stdin: 'ignore',
      });
      await execa('cc', ['-g', '-O0', '-shared', '-fPIC', '-o', 'libweigh.so', 'weigh.c'], {
        cwd: scratch,
        stdin: 'ignore',
      });
      await execa('cc', ['-g', '-O0', '-o', 'prog', 'main.c', '-L.', '-lscale', '-Wl,-rpath,$ORIGIN'], {
        cwd: scratch,
        stdin: 'ignore',
      });
      await execa('cc', ['-g', '-O0', '-o', 'plugin', 'plugin.c', '-ldl'], { cwd: scratch, stdin: 'ignore' });
    });
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

    const inScale = {
      point: { file: 'scale.c', line: 6, function: 'scale' },
      hint: /^the runs part ways after scale\.c:6 in scale\(\) .*: A goes on to line 9, B to line 7$/,
    };
    for (const { argv, how, point, hint } of [
      { argv: ['./prog'], how: 'linked to the program', ...inScale },
      { argv: ['./plugin'], how: 'loaded by dlopen in the line that calls it', ...inScale },
      {
        argv: ['./plugin', './libweigh.so'],
        how: 'loaded by dlopen, a function of the user inlined into it',
        point: { file: 'weigh.c', line: 7, function: 'factor' },
        hint: /^the runs part ways after weigh\.c:7 in factor\(\) .*: A goes on to line 9, B to line 8$/,
      },
    ])
      it(`is walked into where the runs part ways, both ways (${how})`, async () => {
        await locateBothModes([...adapter, '--env-b', 'PART=1'], argv, scratch, (run) => {
          expect(run.doc!.locate!.point).toMatchObject(point);
          expect(run.doc!.analysis_hints[0]).toMatch(hint);
        });
      });
  });

for (const { name, tool, available, adapter } of DEBUGGERS)
  describeWithTool(`locate: ${name}, a function of the user's inlined into its caller`, tool, available, () => {
    // No breakpoint at scale()'s start stops in it (always_inline): lldb-dap's walk steps into a line
    // by a step in there, not by a step over with those breakpoints (locate.callbacks.step_in_by_next's
    // pattern; before: the walk stepped over scale() and told main's line 16, total 18 in A and 21 in B).
    it('is walked into where the runs part ways, both ways', async () => {
      await locateBothWays('inlined', adapter, (run) => {
        expect(run.doc!.locate!.point).toMatchObject({ file: 'inlined.c', line: 9, function: 'scale' });
        expect(run.doc!.analysis_hints[0]).toMatch(
          /inlined\.c:9 in scale\(\) \(step \d+\): (part is 0 in A and 1 in B|A goes on to line 11, B to line 10)$/,
        );
      });
    });
  });

describeWithTool('locate: C, a local one run sets to what its stack held', c.tool, c.available, () => {
  it('is a divergence at the line after it, both ways (before: set aside as not set yet in A, told a line later)', async () => {
    await locateBothWays('flag', [], (run) => {
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at .*flag\.c:8 in main\(\) \(step \d\): flip is 0 in A and 1 in B$/,
      );
      expect(run.doc!.analysis_hints.join('\n')).not.toMatch(/not counted as a divergence/);
    });
  });
});

describeWithTool('locate: C in two checkouts whose paths differ in length', c.tool, c.available, () => {
  it('takes no local that the program has not set yet for a divergence, and says what it set aside', async () => {
    await c.build!();
    // A second checkout of the examples, under a longer path: the stack bytes an unset local holds differ.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-a-checkout-with-a-much-longer-path-'));
    try {
      fs.cpSync(LOCATE, path.join(other, 'locate'), { recursive: true });
      const records = (b: string): string[] => [
        '--cwd-a',
        path.join(DATA, 'same'),
        '--cwd-b',
        path.join(other, 'locate/data', b),
        '--ignore',
        'records*',
        '--',
        '../../c/build/records',
        '--',
        '../../c/build/records',
      ];
      const same = await runBpdiff(['locate', '--every-line', ...records('same')], { cwd: DATA });
      expect(same.exitCode, same.stderr).toBe(0);
      expect(same.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
      expect(same.doc!.analysis_hints).toContainEqual(
        expect.stringMatching(
          /^not counted as a divergence: \d+ locals? that differed before the program set (it|them) \(.+\): an uninitialised local/,
        ),
      );
      // The record that differs is still found, at its line and pass.
      const changed = await runBpdiff(['locate', '--every-line', ...records('changed')], { cwd: DATA });
      expect(changed.exitCode, changed.stderr).toBe(1);
      expect(changed.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at \.\.\/\.\.\/c\/records\.c:22 in main\(\) \(14th time on this line; step \d+\): line is .*item-13,7.* in A and .*item-13,9.* in B$/,
      );
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describeWithTool(
  'locate: Rust, a library crate run through its src/bin',
  `${c.tool} and cargo`,
  c.available && onPath('cargo'),
  () => {
    const crate = path.join(ROOT, 'test/integration/fixtures-native/rust-crate');
    let scratch = '';
    let drv = '';
    beforeAll(async () => {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-crate-'));
      await execa('cargo', ['build', '-q', '--bin', 'drv'], {
        cwd: crate,
        env: { CARGO_TARGET_DIR: path.join(scratch, 'target') },
        stdin: 'ignore',
      });
      drv = path.join(scratch, 'target/debug/drv');
    }, 180_000);
    afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
    // Run from another folder, as a built binary: the crate's root is neither the run's folder nor the binary's.
    const walk = (...extra: string[]): Promise<BpdiffRun> =>
      runBpdiff(['locate', '--every-line', '--cwd', scratch, '--env-b', 'LEAP=1', ...extra, '--', drv, '--', drv]);
    const date = (): string => path.relative(scratch, path.join(crate, 'src/date.rs'));

    it("walks the crate's src/date.rs, which its src/bin/drv.rs calls: the runs part there", async () => {
      const run = await walk();
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.breakpoint).toEqual({ file: date(), line: 3 });
      expect(run.doc!.diff.changed).toEqual({ leap: { a: 'false', b: 'true' } });
      expect(run.leftovers).toEqual([]);
    });

    it("--within 'src/date.rs' (from the crate's folder) counts its lines only, walking drv.rs through", async () => {
      const run = await walk('--within', 'src/date.rs');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.breakpoint).toEqual({ file: date(), line: 3 });
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at .*src\/date\.rs:3 in rust_crate::date::days_in\(\) \(step 2\): leap is false in A and true in B$/,
      );
    });
  },
);

describeWithTool("locate: Go, a function's named results at its first line", go.tool, go.available, () => {
  it('takes the stack bytes they hold for no divergence, and says what it set aside (issue 33)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-named-'));
    try {
      const program = path.join(folder, 'named');
      await execa('go', ['build', '-gcflags=all=-N -l', '-o', program, '.'], {
        cwd: path.join(ROOT, 'test/integration/fixtures-go-named'),
        stdin: 'ignore',
      });
      // $PAD's bytes, on the stack before sum() is called, differ in length between the runs.
      const run = await runBpdiff(
        [
          'locate',
          '--every-line',
          '--env-a',
          `PAD=${'a'.repeat(30)}`,
          '--env-b',
          `PAD=${'b'.repeat(32)}`,
          '--',
          program,
          '--',
          program,
        ],
        { cwd: folder },
      );
      expect(run.exitCode, run.doc?.analysis_hints[0] ?? run.stderr).toBe(0);
      expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
      expect(run.doc!.analysis_hints).toContainEqual(
        expect.stringMatching(
          /^not counted as a divergence: \d+ locals? that differed before the program set (it|them) \([wv, ]+\): an uninitialised local/,
        ),
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describeWithTool("locate: Go's own text/tabwriter, copied into a module, against itself", go.tool, go.available, () => {
  it("exit 0: its recursive format()'s named result, at each call's first line, is told call from call", async () => {
    // dlv's totalFrames is not the stack's depth: a call of format() from format() was taken for a jump
    // back in the same call, and the stack bytes its named result held there for a divergence.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-go-tabwriter-'));
    try {
      const goroot = (await execa('go', ['env', 'GOROOT'])).stdout;
      fs.mkdirSync(path.join(folder, 'tw'));
      fs.writeFileSync(
        path.join(folder, 'tw', 'tabwriter.go'),
        fs
          .readFileSync(path.join(goroot, 'src/text/tabwriter/tabwriter.go'), 'utf8')
          .replace(/^package tabwriter$/m, 'package tw'),
      );
      fs.writeFileSync(path.join(folder, 'go.mod'), 'module gowalk\n\ngo 1.19\n');
      fs.writeFileSync(
        path.join(folder, 'main.go'),
        [
          'package main',
          '',
          'import (',
          '\t"fmt"',
          '\t"os"',
          '',
          '\t"gowalk/tw"',
          ')',
          '',
          'func main() {',
          "\tw := tw.NewWriter(os.Stdout, 0, 8, 1, ' ', tw.AlignRight)",
          '\tfmt.Fprintln(w, "a\\tbb\\tccc\\t")',
          '\tfmt.Fprintln(w, "dddd\\te\\tf\\t")',
          '\tw.Flush()',
          '}',
          '',
        ].join('\n'),
      );
      // From w.Flush(), whose format() recurses: the Write calls fmt.Fprintln makes before it (which
      // the walk steps into as calls back from the library) would double the walk for nothing it tests.
      const run = await runBpdiff(
        ['locate', '--every-line', '--from', 'main.go:14', '--', 'go', 'run', '.', '--', 'go', 'run', '.'],
        { cwd: folder },
      );
      expect(run.exitCode, run.doc?.analysis_hints[0] ?? run.stderr).toBe(0);
      expect(run.leftovers).toEqual([]);
      expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d{3} steps: both runs ended/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describeWithTool('locate: C, a loop that stays on one line', c.tool, c.available, () => {
  it('is no pass: the step that never comes back is said, never "both runs ended" (issue 33)', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-loop-'));
    try {
      const program = path.join(folder, 'loop');
      await execa('cc', ['-g', '-O0', '-o', program, path.join(ROOT, 'test/integration/fixtures-native/loop.c')], {
        stdin: 'ignore',
      });
      const run = await runBpdiff(['locate', '--every-line', '--timeout', '5', '--', program, '--', program], {
        cwd: folder,
      });
      expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
      // Neither run came back from its step: the walk cannot go on, which is no pass (exit 2, naming --timeout).
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toMatch(
        /bpdiff: the program has not reached its next line within the timeout \(5 s\) during the walk: .*a loop whose code stays on one line.* — give a longer --timeout/,
      );
      expect(run.stderr).not.toMatch(/both runs ended/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
