// lldb-dap's `volatile` rule on real C character buffers: lldb shows a char[N] whole, and what lies
// after the string's NUL (an earlier use of the buffer, an earlier call's stack) differs between two
// identical runs. A character array is compared as the C string it holds, with its capacity; the
// raw bytes only with --raw-values.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, runBpdiff, type BpdiffRun } from './helpers.js';

const SOURCE = path.join(ROOT, 'test/integration/fixtures-values/c-buffers/buffers.c');
const BREAKPOINT = `${SOURCE}:40`; // printf(...): name, key, u in scope
const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(definition.adapter.executables, ROOT);

let scratch = '';

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function buffers(...extra: string[]): string[] {
  return ['--bp', BREAKPOINT, '--cwd', scratch, ...extra, '--', './buffers', '--', './buffers'];
}

describeWithTool('C character buffers through lldb-dap', 'lldb-dap', lldbDap !== null, () => {
  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-c-values-'));
    await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'buffers'), SOURCE], { stdin: 'ignore' });
  });

  afterAll(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('compares two identical runs as equal: each buffer reads as its string and capacity', async () => {
    const run = await runBpdiff(buffers());
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    const doc = run.doc!;
    expect(doc.diff.changed).toEqual({});
    expect(doc.run_a.variables).toMatchObject({
      name: '"alice" (char[32])',
      key: '"k1" (unsigned char[12])',
      'u.name': '"bob" (char[16])',
      'u.tag': '"ab" (unsigned char[8])',
      'u.id': '7',
      who: '0x… "alice"',
    });
  });

  it('finds a changed string', async () => {
    const run = await runBpdiff(['--bp', BREAKPOINT, '--cwd', scratch, '--', './buffers', '--', './buffers', 'bob']);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.diff.changed).toEqual({
      name: { a: '"alice" (char[32])', b: '"bob" (char[32])' },
      who: { a: '0x… "alice"', b: '0x… "bob"' },
    });
  });

  it('shows the raw bytes after the NUL with --raw-values, where the two runs differ', async () => {
    const run = await runBpdiff(buffers('--raw-values'));
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(Object.keys(doc.diff.changed)).toEqual(expect.arrayContaining(['name', 'u.name']));
    // leave_pid() wrote "last used by pid <pid>" there before strcpy wrote "alice".
    expect(doc.run_a.variables.name).toMatch(/^"alice\\0sed by pid \d+\\0/);
    expect(doc.run_a.variables['u.name']).toMatch(/^"bob\\0\d+\\0/);
    expect(doc.run_a.variables.key).toMatch(/^"k1\\0/);
  });

  it("two copies of a project outside git, each with its program outside the run's cwd: argv[0] reads <copy>/...", async () => {
    // copy-a/{src/buffers.c,build/buffers} and copy-b/...: the run's cwd is src/, the program is given by its absolute path.
    for (const copy of ['copy-a', 'copy-b']) {
      fs.mkdirSync(path.join(scratch, copy, 'src'), { recursive: true });
      fs.mkdirSync(path.join(scratch, copy, 'build'), { recursive: true });
      fs.copyFileSync(SOURCE, path.join(scratch, copy, 'src/buffers.c'));
      await execa(
        'cc',
        ['-g', '-O0', '-o', path.join(scratch, copy, 'build/buffers'), path.join(scratch, copy, 'src/buffers.c')],
        { stdin: 'ignore' },
      );
    }
    // Line 46, in main: argc and argv are in scope.
    const run = await runBpdiff([
      '--bp',
      'buffers.c:46',
      '--cwd-a',
      path.join(scratch, 'copy-a/src'),
      '--cwd-b',
      path.join(scratch, 'copy-b/src'),
      '--',
      path.join(scratch, 'copy-a/build/buffers'),
      '--',
      path.join(scratch, 'copy-b/build/buffers'),
    ]);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables['*argv']).toBe('0x… "<copy>/build/buffers"');
    expect(run.doc!.analysis_hints.join('\n')).toContain("<copy> for the folder of the run's own copy of the program");
  });
});
