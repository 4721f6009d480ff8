// Temp folders: one per bpdiff process (src/process/temp-root.ts), each run's inside it. A bpdiff killed
// outright (kill -9) cannot remove them; the next one removes every folder whose process is gone,
// and never one of a live process.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sweepStaleTempRoots } from '../../../src/process/temp-root.js';
import { describeWithTool, leftoversAfter, leftoverProcesses, runBpdiff, startBpdiffUntilRunning } from '../helpers.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-temp-root-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');

it('the sweep removes the folders of processes that are gone, and only those', () => {
  const own = fs.mkdtempSync(path.join(tmp, 'sweep-'));
  const start = fs
    .readFileSync('/proc/self/stat', 'utf8')
    .slice(fs.readFileSync('/proc/self/stat', 'utf8').lastIndexOf(')') + 2)
    .split(' ')[19];
  // A pid that cannot be running (above the kernel's pid_max), a live pid with another start time (a pid used again), this process, other names.
  const names = [
    `bpdiff-4194999-123-abcdef`,
    `bpdiff-${process.pid}-1-abcdef`,
    `bpdiff-${process.pid}-${start}-abcdef`,
    'bpdiff-test-cache-abcdef',
    'bpdiff-node-abcdef',
    'bpdiff-123-abcdef',
  ];
  for (const name of names) fs.mkdirSync(path.join(own, name, 'run-x'), { recursive: true });
  fs.writeFileSync(path.join(own, 'bpdiff-4194998-1-abcdef'), 'a file, not a folder');
  expect(sweepStaleTempRoots(own).sort()).toEqual(
    ['bpdiff-4194999-123-abcdef', `bpdiff-${process.pid}-1-abcdef`].sort(),
  );
  expect(fs.readdirSync(own).sort()).toEqual(
    [
      `bpdiff-${process.pid}-${start}-abcdef`,
      'bpdiff-123-abcdef',
      'bpdiff-4194998-1-abcdef',
      'bpdiff-node-abcdef',
      'bpdiff-test-cache-abcdef',
    ].sort(),
  );
});

describeWithTool('temp folders of a bpdiff killed outright', 'python3-debugpy', debugpyInstalled, () => {
  const program = path.join(tmp, 'slow.py');
  fs.writeFileSync(program, 'import time\ntime.sleep(120)\nx = 1\nprint(x)\n');

  it('kill -9, then a second bpdiff finds no stale folder, and leaves none of its own', async () => {
    const tmpdir = fs.mkdtempSync(path.join(tmp, 'killed-'));
    const mark = randomUUID();
    const { child } = await startBpdiffUntilRunning(
      [
        '--bp',
        'slow.py:3',
        '--adapter',
        'debugpy',
        '--cwd',
        tmp,
        '--',
        'python3',
        'slow.py',
        '--',
        'python3',
        'slow.py',
      ],
      { mark, pattern: /waiting for/, env: { TMPDIR: tmpdir } },
    );
    // One folder for the process, a folder inside it for each run (with debugpy's sitecustomize: bpdiff's
    // own Python adapter, the default, puts nothing there).
    const [root, ...others] = fs.readdirSync(tmpdir);
    expect(others).toEqual([]);
    expect(root).toMatch(new RegExp(`^bpdiff-${child.pid}-\\d+-\\w{6}$`));
    const runs = fs.readdirSync(path.join(tmpdir, root!));
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(fs.readdirSync(path.join(tmpdir, root!, run))).toContain('sitecustomize.py');
    child.kill('SIGKILL');
    await child;
    expect(await leftoversAfter(mark, 5000)).toEqual([]);
    // Nothing removed it: bpdiff was killed outright.
    expect(fs.readdirSync(tmpdir)).toEqual([root]);

    // The next bpdiff (here one that stops at once: the breakpoint is reached after 120 s, --timeout 1).
    const second = await runBpdiff(
      [
        '--bp',
        'slow.py:3',
        '--adapter',
        'debugpy',
        '--cwd',
        tmp,
        '--timeout',
        '1',
        '-q',
        '--',
        'python3',
        'slow.py',
        '--',
        'python3',
        'slow.py',
      ],
      { env: { TMPDIR: tmpdir } },
    );
    expect(second.exitCode, second.stderr).toBe(1);
    expect(second.leftovers).toEqual([]);
    expect(fs.readdirSync(tmpdir)).toEqual([]);
    expect(await leftoverProcesses(mark)).toEqual([]);
  });
});
