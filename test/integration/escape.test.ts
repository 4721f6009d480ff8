// No process escapes a run: a program that starts a daemon (it leaves the run's process tree and
// session) stops at a breakpoint after the daemon runs, and once bpdiff exits the daemon is dead too,
// under every built-in adapter. The daemon is found by the run's marker in its environment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { isAlive } from '../../src/process/process-tree.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { describePythonAdapters } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-escape');
// The line of each fixture after its daemon started (the print).
const PY_LINE = 32;
const C_LINE = 52;
const JS_LINE = 21;
const GO_LINE = 41;

const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const lldbDap = findFirstExecutable(lldbDefinition.adapter.executables, ROOT);

let scratch = '';
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-escape-test-'));
});
afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The pid files the two runs' daemons write, fresh for each test. */
function pidFiles(name: string): [string, string] {
  return [path.join(scratch, `${name}-a.pid`), path.join(scratch, `${name}-b.pid`)];
}

/** Both runs stopped after starting their daemon, and no daemon (nor anything else) outlived bpdiff. */
function expectNoEscape(run: BpdiffRun, files: [string, string]): void {
  const daemons = files.filter((file) => fs.existsSync(file)).map((file) => Number(fs.readFileSync(file, 'utf8')));
  const survivors = daemons.filter((pid) => isAlive(pid));
  // A failing test must not leave its daemons, or anything else of the run, behind either.
  for (const pid of [...survivors, ...run.leftovers.map((line) => Number(line.split(' ')[0]))]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  expect(run.doc, run.stderr).not.toBeNull();
  expect(run.doc!.run_a.status, run.stderr).toBe('break');
  expect(run.doc!.run_b.status, run.stderr).toBe('break');
  expect([run.doc!.run_a.variables.daemon, run.doc!.run_b.variables.daemon]).toEqual(daemons.map(String));
  expect(survivors, 'daemons that outlived the run').toEqual([]);
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
}

describePythonAdapters('a daemon started by a Python program', (adapter, runBpdiff) => {
  it('is killed with the run although it double-forked and called setsid', async () => {
    const files = pidFiles(`python-${adapter.id}`);
    const run = await runBpdiff([
      '--bp',
      `daemon.py:${PY_LINE}`,
      '--cwd',
      FIXTURES,
      '--',
      'python3',
      'daemon.py',
      files[0],
      '--',
      'python3',
      'daemon.py',
      files[1],
    ]);
    expectNoEscape(run, files);
    // It was a daemon: a session of its own (its parent, the init process or a subreaper, is not the run's).
    expect(run.doc!.run_a.variables.same_session).toBe('False');
  });
});

describeWithTool('a daemon started by a C program (lldb-dap)', 'lldb-dap', lldbDap !== null, () => {
  it('is killed with the run although it double-forked and called setsid', async () => {
    const program = path.join(scratch, 'daemon');
    await execa('cc', ['-g', '-O0', '-o', program, path.join(FIXTURES, 'daemon.c')], { stdin: 'ignore' });
    const files = pidFiles('c');
    const run = await runBpdiff([
      '--bp',
      `daemon.c:${C_LINE}`,
      '--cwd',
      FIXTURES,
      '--',
      program,
      files[0],
      '--',
      program,
      files[1],
    ]);
    expectNoEscape(run, files);
    expect(run.doc!.run_a.variables.same_session).toBe('0');
  });
});

describeWithTool(
  'a daemon started by a Node.js program (bpdiff-node-adapter)',
  'the built Node adapter (npm run build)',
  fs.existsSync(path.join(ROOT, 'dist/adapters/node/main.mjs')),
  () => {
    it('is killed with the run although sh started it with setsid and exited', async () => {
      const files = pidFiles('node');
      const run = await runBpdiff([
        '--bp',
        `daemon.cjs:${JS_LINE}`,
        '--cwd',
        FIXTURES,
        '--',
        'node',
        'daemon.cjs',
        files[0],
        '--',
        'node',
        'daemon.cjs',
        files[1],
      ]);
      expectNoEscape(run, files);
      expect(run.doc!.run_a.variables.sameParent).toBe('false');
    });
  },
);

describeWithTool(
  'a daemon started by a Go program (dlv)',
  'dlv and go (apt-get install -y delve golang-go)',
  onPath('dlv') && onPath('go'),
  () => {
    it('is killed with the run although sh started it with setsid and exited', async () => {
      const files = pidFiles('go');
      const run = await runBpdiff([
        '--bp',
        `daemon.go:${GO_LINE}`,
        '--cwd',
        FIXTURES,
        '--',
        'go',
        'run',
        'daemon.go',
        files[0],
        '--',
        'go',
        'run',
        'daemon.go',
        files[1],
      ]);
      expectNoEscape(run, files);
      expect(run.doc!.run_a.variables.daemonParent).not.toBe('');
    });
  },
);
