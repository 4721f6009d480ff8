// How a Python run starts and ends, bpdiff starting the program itself (debugpy attaches to it;
// bpdiff's own adapter lives in it): the exit code, a file that is not there, an interpreter that
// fails before the adapter attaches, --stdin, the program's own stdout and stderr, -I and -S (debugpy
// started once it listens; bpdiff's own adapter leaves them to debugpy and says so), and no process
// left behind after any of them, nor after bpdiff is killed outright. On both Python adapters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, expect, it } from 'vitest';
import type { RunCapture } from '../../src/core/types.js';
import {
  ROOT,
  leftoverProcesses,
  runBpdiff as runAnyBpdiff,
  startBpdiffUntilRunning,
  type BpdiffRun,
} from './helpers.js';
import { describePythonAdapters, withAdapter, type PythonAdapter } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/python');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-python-start-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let saved = 0;
/** bpdiff at start.py:18 with these two commands (and flags), and both captures it saved. */
async function compare(
  adapter: PythonAdapter,
  flags: string[],
  a: string[],
  b: string[],
): Promise<{ run: BpdiffRun; a: RunCapture; b: RunCapture }> {
  const dir = path.join(tmp, `captures-${saved++}`);
  const run = await runAnyBpdiff(
    withAdapter(adapter, [
      '--bp',
      'start.py:18',
      '--save-captures',
      dir,
      '--cwd',
      FIXTURES,
      ...flags,
      '--',
      ...a,
      '--',
      ...b,
    ]),
  );
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  const read = (side: string): RunCapture =>
    JSON.parse(fs.readFileSync(path.join(dir, `capture-${side}.json`), 'utf8')) as RunCapture;
  return { run, a: read('a'), b: read('b') };
}

/** /usr/bin/python3 with a debugpy of its own (Debian's): -I keeps its site-packages, so it can debug. */
const systemPythonHasDebugpy = ((): boolean => {
  try {
    execFileSync('/usr/bin/python3', ['-I', '-c', 'import debugpy, bytecode'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describePythonAdapters('python: the program started by bpdiff', (adapter) => {
  it('records the exit code of a program that exits before the breakpoint, and both output tails', async () => {
    const { run, a, b } = await compare(adapter, [], ['python3', 'start.py', 'exit3'], ['python3', 'start.py']);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(a.run.status).toBe('no_break');
    expect(a.no_break_reason).toEqual({ kind: 'exited', exit_code: 3 });
    expect(a.exit_code).toBe(3);
    expect(a.output).toEqual({ stdout_tail: 'to stdout\n', stderr_tail: 'to stderr\n', truncated: false });
    // Run B stopped, its output read up to the breakpoint, its stdin empty (/dev/null).
    expect(b.run.status).toBe('break');
    expect(b.exit_code).toBeNull();
    expect(b.output).toEqual({ stdout_tail: 'to stdout\n', stderr_tail: 'to stderr\n', truncated: false });
    expect(b.run.variables).toMatchObject({ mode: "'plain'", data: "''", stdin: "'null'", words: '0' });
  });

  it('feeds --stdin-b to the program on its stdin', async () => {
    const input = path.join(tmp, 'words.txt');
    fs.writeFileSync(input, 'one two three\n');
    const { run, a, b } = await compare(
      adapter,
      ['--stdin-b', input],
      ['python3', 'start.py'],
      ['python3', 'start.py'],
    );
    expect(run.exitCode, run.stderr).toBe(1);
    expect(b.run.variables).toMatchObject({ data: "'one two three\\n'", stdin: "'words.txt'", words: '3' });
    expect(a.run.variables).toMatchObject({ data: "''", words: '0' });
    expect(run.doc!.diff.changed.words).toEqual({ a: '0', b: '3' });
  });

  it('reports a program file that does not exist', async () => {
    const { a } = await compare(adapter, [], ['python3', 'no-such-file.py'], ['python3', 'start.py']);
    expect(a.run.status).toBe('no_break');
    if (adapter.id === 'debugpy') {
      // debugpy runs the script through runpy, which raises.
      expect(a.no_break_reason).toEqual({
        kind: 'exception',
        message: `FileNotFoundError: [Errno 2] No such file or directory: '${path.join(FIXTURES, 'no-such-file.py')}'`,
      });
      expect(a.exit_code).toBeNull();
    } else {
      // As without bpdiff: Python says it cannot open the file, and exits 2.
      expect(a.no_break_reason).toEqual({ kind: 'exited', exit_code: 2 });
      expect(a.output.stderr_tail).toMatch(
        /can't open file '.*no-such-file\.py': \[Errno 2\] No such file or directory\n$/,
      );
    }
  });

  it('says at once why an interpreter that fails before the adapter attaches did not run, with its stderr', async () => {
    const { run, a, b } = await compare(
      adapter,
      [],
      ['python3', '--no-such-option', 'start.py'],
      ['python3', 'start.py'],
    );
    expect(run.exitCode, run.stderr).toBe(2);
    expect(a.no_break_reason).toEqual({
      kind: 'error',
      message: `the program ended before ${adapter.name} could attach to it (it exited with code 2; its last words: Try \`python -h' for more information.) — check that the command runs on its own`,
    });
    expect(a.output.stderr_tail).toMatch(/^unknown option --no-such-option\n/);
    // Not debugpy's 15 s wait for a program that never connects.
    expect(a.timing.duration_ms).toBeLessThan(10_000);
    expect(b.run.status).toBe('break');
  });

  it.skipIf(!systemPythonHasDebugpy)(
    'runs python -I, which loads no sitecustomize, with debugpy started once it listens, --stdin included',
    async () => {
      const input = path.join(tmp, 'isolated.txt');
      fs.writeFileSync(input, 'a b\n');
      const { run, a, b } = await compare(
        adapter,
        ['--stdin-a', input],
        ['/usr/bin/python3', '-I', 'start.py'],
        ['/usr/bin/python3', 'start.py'],
      );
      expect(run.exitCode, run.stderr).toBe(1);
      expect(a.run.status).toBe('break');
      expect(a.run.variables).toMatchObject({ data: "'a b\\n'", words: '2' });
      expect(b.run.variables).toMatchObject({ words: '0' });
      // -I ignores PYTHONUNBUFFERED: stdout waits in Python's buffer, stderr is written at once.
      expect(a.output).toEqual({ stdout_tail: '', stderr_tail: 'to stderr\n', truncated: false });
      expectDebugpyFor(a, '-I');
    },
  );

  it.skipIf(!systemPythonHasDebugpy)(
    "runs python -S, which sees no dist-packages, with Debian's bytecode lent to its debugpy",
    async () => {
      const { run, a, b } = await compare(
        adapter,
        [],
        ['/usr/bin/python3', '-S', 'start.py'],
        ['/usr/bin/python3', 'start.py'],
      );
      expect(run.exitCode, run.stderr).toBe(0);
      expect(a.run.status).toBe('break');
      expect(a.run.variables).toEqual(b.run.variables);
      expect(a.run.variables).toMatchObject({ mode: "'plain'", words: '0' });
      expectDebugpyFor(a, '-S');
    },
  );

  it('leaves no program nor adapter behind when bpdiff itself is killed (SIGKILL) while both programs run', async () => {
    const mark = `sigkill-${process.pid}-${Date.now()}`;
    // A killed bpdiff cannot remove its runs' temp folders: they go in one of the test's own.
    const tmpdir = fs.mkdtempSync(path.join(tmp, 'killed-'));
    const { child, stderr } = await startBpdiffUntilRunning(
      withAdapter(adapter, [
        '--bp',
        'start.py:18',
        '--cwd',
        FIXTURES,
        '--',
        'python3',
        'start.py',
        'hang',
        '--',
        'python3',
        'start.py',
        'hang',
      ]),
      {
        mark,
        pattern: /program running/,
        env: { TMPDIR: tmpdir },
      },
    );
    expect(stderr.match(/program running/g)).toHaveLength(2);
    child.kill('SIGKILL');
    await child;
    expect(await leftoverProcesses(mark)).toEqual([]);
  });

  /** Under -I or -S, bpdiff's own adapter hands the run to debugpy, and says why. */
  function expectDebugpyFor(capture: RunCapture, option: string): void {
    expect(capture.adapter.id).toBe('debugpy');
    if (adapter.id === 'python') {
      expect(capture.warnings).toContain(
        `python3 runs with ${option}, which keeps bpdiff's Python adapter from starting in the program (${option === '-S' ? 'no site module' : 'PYTHONPATH ignored'}): this run is debugged with debugpy (--adapter debugpy)`,
      );
    }
  }
});
