// A name a run makes at random in its temporary folder (Python's tempfile, pytest's numbered
// pytest-N, Go's t.TempDir, Java's Files.createTempFile) differs from any other run's. bpdiff gives each start of a program a
// temporary folder of its own (TMPDIR, TMP, TEMP: src/run/run-resources.ts programTemp), written
// <tmp> in values as the run's other folders are, and the adapters' normalise rules write the random
// part of such a name as `…`: two runs of one program compare equal there, exit 0. A run's own
// process id in a value is written <pid> (values/run-pids.ts).
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTool, onPath, runBpdiff } from './helpers.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures-temp-names');

/** One program against itself, stopped at `bp`, in `cwd`, with `options` before the commands. */
const twice = (bp: string, cwd: string, command: string[], options: string[] = []) =>
  runBpdiff(['--bp', bp, '--cwd', cwd, ...options, '--', ...command, '--', ...command]);

describeWithTool("temporary names: bpdiff's Python adapter", 'python3', true, () => {
  it("tempfile's folder and file, and a pathlib path into it, compare equal in two runs of one program", async () => {
    const run = await twice('temps.py:10', FIXTURES, ['python3', 'temps.py']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.leftovers).toEqual([]);
    const variables = run.doc!.run_a.variables!;
    expect(variables['folder']).toBe("'<tmp>/tmp…'");
    expect(variables['name']).toMatch(/^'<tmp>\/tmp…\/tmp…\.txt'$/);
    expect(variables['kept']).toBe("PosixPath('<tmp>/tmp…/kept.txt')");
    // The run's own process id, another in each run.
    expect(variables['pid']).toBe('<pid>');
    // The path's private parts each hold a piece of the run's own folder: left out, and said.
    expect(Object.keys(variables).filter((name) => name.startsWith('kept.'))).toEqual([]);
    expect(run.doc!.analysis_hints.join('\n')).toContain("a pathlib path's parts (its text holds them)");
  });

  it('--env TMPDIR given: the run keeps it', async () => {
    const run = await twice('temps.py:10', FIXTURES, ['python3', 'temps.py'], ['--env', 'TMPDIR=/tmp', '--raw-values']);
    expect(run.doc!.run_a.variables!['folder'], run.stderr).toMatch(/^'\/tmp\/tmp[a-z0-9_]{8}'$/);
  });
});

describeWithTool('temporary names: go test through dlv', 'go and dlv', onPath('go') && onPath('dlv'), () => {
  it('t.TempDir() and a file in it compare equal in two runs of one test', async () => {
    const run = await twice('save.go:10', path.join(FIXTURES, 'go'), ['go', 'test', '.']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.leftovers).toEqual([]);
    expect(run.doc!.run_a.variables).toMatchObject({
      dir: '"<tmp>/TestSave…/001"',
      p: '"<tmp>/TestSave…/001/out.txt"',
    });
  });
});

describeWithTool("temporary names: bpdiff's Java adapter", 'java', onPath('java'), () => {
  it('a temporary folder and file, and java.io.tmpdir, compare equal in two runs (the JVM reads no TMPDIR)', async () => {
    const run = await twice('Temps.java:9', path.join(FIXTURES, 'java'), ['java', 'Temps.java']);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.leftovers).toEqual([]);
    expect(run.doc!.run_a.variables).toMatchObject({
      dir: '"<tmp>/work…"',
      file: '"<tmp>/work…/data….json"',
      tmp: '"<tmp>"',
    });
  });
});
