// bpdiff against cdt-gdb-adapter over the system gdb: Fortran by its file ending (examples/fortran),
// C++ with --adapter gdb (examples/cpp: a std::u16string lldb cannot read), C for the ways a run ends
// (test/integration/fixtures-native/misbehave.c), Fortran under lldb (nothing read: no pass); and no
// process left behind after any of them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const FORTRAN = path.join(EXAMPLES, 'fortran');
const CPP = path.join(EXAMPLES, 'cpp');
const SUMMARISE = 'stations.f90:29'; // `end subroutine summarise`: s%mean and s%warm are set
const LABEL = 'labels.cpp:20'; // `return label;`
const BREAK_HERE = 47; // test/integration/fixtures-native/misbehave.c

const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(lldbDefinition.adapter.executables, ROOT);

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

function stations(...extra: string[]): string[] {
  return [
    '--bp',
    SUMMARISE,
    '--cwd-a',
    path.join(FORTRAN, 'v1'),
    '--cwd-b',
    path.join(FORTRAN, 'v2'),
    ...extra,
    '--',
    '../build/v1/stations',
    'week 12',
    '12',
    '--',
    '../build/v2/stations',
    'week 12',
    '12',
  ];
}

const gdbInstalled = onPath('gdb') && onPath('cdtDebugAdapter') && onPath('gfortran') && onPath('g++');

describeWithTool(
  'fortran, c++ and c through gdb (cdt-gdb-adapter)',
  'gdb, gfortran, g++ and cdt-gdb-adapter (scripts/setup.sh)',
  gdbInstalled,
  () => {
    let scratch = '';
    let misbehave = '';

    beforeAll(async () => {
      await execa('make', ['-s', '-C', FORTRAN], { stdin: 'ignore' });
      await execa('make', ['-s', '-C', CPP], { stdin: 'ignore' });
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-gdb-test-'));
      misbehave = path.join(scratch, 'misbehave');
      await execa(
        'cc',
        ['-g', '-O0', '-o', misbehave, path.join(ROOT, 'test/integration/fixtures-native/misbehave.c')],
        { stdin: 'ignore' },
      );
      fs.writeFileSync(path.join(scratch, 'line.txt'), 'from a file\n');
    }, 120_000);
    afterAll(() => {
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    });

    it('finds the change in a Fortran subroutine, named in Fortran, and passes an argument with a space as one', async () => {
      const run = await runBpdiff(stations());
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      const doc = run.doc!;
      expect(doc.diff.changed).toEqual({ 's%warm': { a: '.FALSE.', b: '.TRUE.' } });
      const vars = doc.run_a.variables;
      expect(vars['s%mean']).toBe('11.75');
      expect(vars['s%celsius(1)']).toBe('12.5');
      expect(vars['s%celsius(4)']).toBe('11');
      expect(vars['s%name']).toBe("'north', ' ' <repeats 11 times>");
      expect(vars.threshold).toBe('12');
      expect(run.stderr).toContain('starting cdt-gdb-adapter');
      // The main program: the label is the one argument "week 12", not "week" and "12".
      const main = await runBpdiff([
        '--bp',
        'stations.f90:52',
        '--cwd',
        path.join(FORTRAN, 'v1'),
        '--',
        '../build/v1/stations',
        'week 12',
        '12',
        '--',
        '../build/v1/stations',
        'week 12',
        '12',
      ]);
      expectClean(main);
      expect(main.exitCode, main.stderr).toBe(0);
      expect(main.doc!.run_a.variables.label).toBe("'week 12', ' ' <repeats 25 times>");
      expect(main.doc!.run_a.variables['all(2)%name']).toBe("'harbour         '");
      expect(main.doc!.run_a.variables['all(3)%celsius(2)']).toBe('7.5');
    });

    it('stops where a Fortran condition holds, and reports one gdb cannot parse (exit 2)', async () => {
      const holds = await runBpdiff(stations('--condition', 's%mean > 14'));
      expectClean(holds);
      expect(holds.exitCode, holds.stderr).toBe(0);
      expect(holds.doc!.run_a.variables['s%mean']).toBe('14.75');
      const broken = await runBpdiff(stations('--condition', 'nosuch > 1'));
      expectClean(broken);
      expect(broken.exitCode).toBe(2);
      expect(broken.stderr).toContain(
        'the condition "nosuch > 1" cannot be evaluated in either run (No symbol "nosuch" in current context.)',
      );
    });

    it('finds a std::u16string change with --adapter gdb, and reads a std::map as one value', async () => {
      const run = await runBpdiff([
        '--adapter',
        'gdb',
        '--bp',
        LABEL,
        '--cwd-a',
        path.join(CPP, 'v1'),
        '--cwd-b',
        path.join(CPP, 'v2'),
        '--',
        '../build/v1/labels',
        'fr',
        '--',
        '../build/v2/labels',
        'fr',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({
        label: { a: 'u"thé vert (réf. tea-01)"', b: 'u"thé vert (ref. tea-01)"' },
      });
      const vars = run.doc!.run_a.variables;
      expect(vars['product.name']).toBe('u"thé vert"');
      expect(vars['product.stock']).toBe('std::map with 2 elements = {["l"] = 2, ["s"] = 4}');
      expect(vars.locale).toBe('"fr"');
    });

    it('passes a condition and a watch holding quoted strings to gdb as written, and says a watch gdb cannot evaluate in either run', async () => {
      const labels = (...extra: string[]): string[] => [
        '--adapter',
        'gdb',
        '--bp',
        LABEL,
        ...extra,
        '--cwd-a',
        path.join(CPP, 'v1'),
        '--cwd-b',
        path.join(CPP, 'v2'),
        '--',
        '../build/v1/labels',
        'fr',
        '--',
        '../build/v2/labels',
        'fr',
      ];
      // The second product's label: the condition's string reached gdb whole ("mug-02", not mug-02).
      const run = await runBpdiff(
        labels(
          '--condition',
          '$_streq(product.sku._M_dataplus._M_p, "mug-02")',
          '--watch',
          '$_streq(locale._M_dataplus._M_p, "fr")',
        ),
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed).toEqual({ label: { a: 'u"tasse (réf. mug-02)"', b: 'u"tasse (ref. mug-02)"' } });
      expect(run.doc!.run_a.variables['$_streq(locale._M_dataplus._M_p, "fr")']).toBe('true');
      // gdb's answer to what it cannot evaluate is a value ("Error: could not evaluate expression"): an error, said.
      const watch = await runBpdiff(labels('--watch', 'no_such_name + 1'));
      expect(watch.exitCode).toBe(2);
      // The whole stderr on a failure: a clean-clone run once saw run A's configurationDone unanswered for 15 s here.
      expect(watch.stderr.trim().split('\n').at(-1), watch.stderr).toMatch(
        /^bpdiff: the watch expression "no_such_name \+ 1" could not be evaluated in either run \(Error: could not evaluate expression\)/,
      );
      expect(watch.leftovers).toEqual([]);
    });

    it('reports a condition that fails as it runs, a program killed by a signal, and an exit status, in C', async () => {
      const bp = `${path.join(ROOT, 'test/integration/fixtures-native/misbehave.c')}:${BREAK_HERE}`;
      const nullRead = await runBpdiff([
        '--adapter',
        'gdb',
        '--bp',
        bp,
        '--condition',
        '*limit > 0',
        '--',
        misbehave,
        'ok',
        '2',
        '--',
        misbehave,
        'ok',
        '5',
      ]);
      expectClean(nullRead);
      expect(nullRead.doc!.run_a.status).toBe('no_break');
      expect(hints(nullRead)).toContain(
        'the condition `*limit > 0` could not be evaluated, so the breakpoint never stopped: Error in testing breakpoint condition: Cannot access memory at address 0x0.',
      );
      expect(nullRead.doc!.run_b.status).toBe('break');
      const ends = await runBpdiff(['--adapter', 'gdb', '--bp', bp, '--', misbehave, 'segv', '--', misbehave, 'exit']);
      expectClean(ends);
      expect(ends.exitCode, ends.stderr).toBe(1);
      expect(hints(ends)).toContain('A was killed by SIGSEGV');
      expect(hints(ends)).toMatch(/B exited with code 3 without reaching/);
    });

    it('feeds --stdin to the program, not gdb', async () => {
      const bp = `${path.join(ROOT, 'test/integration/fixtures-native/misbehave.c')}:${BREAK_HERE}`;
      const run = await runBpdiff([
        '--adapter',
        'gdb',
        '--bp',
        bp,
        '--stdin-a',
        path.join(scratch, 'line.txt'),
        '--only',
        'line',
        '--',
        misbehave,
        'stdin',
        '--',
        misbehave,
        'stdin',
      ]);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed['line[0]']).toEqual({ a: "102 'f'", b: "0 '\\000'" });
    });
  },
);

describeWithTool('fortran under lldb', 'lldb-dap and gfortran', lldbDap !== null && onPath('gfortran'), () => {
  it('reads no variable there: nothing compared is no pass (exit 1), with a hint to try another adapter', async () => {
    await execa('make', ['-s', '-C', FORTRAN], { stdin: 'ignore' });
    const run = await runBpdiff(['--adapter', 'lldb', ...stations()]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect([run.doc!.run_a.status, run.doc!.run_b.status]).toEqual(['break', 'break']);
    expect(run.doc!.diff.changed).toEqual({});
    expect(hints(run)).toMatch(/Nothing was compared[^\n]*try another with --adapter/);
  });
});
