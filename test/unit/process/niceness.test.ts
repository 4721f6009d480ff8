// process/niceness.ts: a walk's spare runs start nicer than bpdiff, and get its priority back once taken.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { setNiceness, spareNiceness, unniceTree } from '../../../src/process/niceness.js';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** The niceness of each thread of `pid` (field 19 of /proc/PID/task/TID/stat). */
function threadNiceness(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The pids of `pid`'s children (its first thread's). */
function children(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('niceness', () => {
  it('a spare starts 10 nicer than bpdiff (19 at most)', () => {
    expect(spareNiceness()).toBe(Math.min(19, os.getPriority() + 10));
  });

  it('a process set nicer passes it on to what it starts; the tree, every thread, gets bpdiff’s back', async () => {
    const own = os.getPriority();
    // A shell that waits a moment (so its niceness is set before it starts anything), then starts a node with threads of its own.
    const shell = spawn('sh', ['-c', `sleep 0.3; exec ${process.execPath} -e "setTimeout(() => {}, 30000)" & wait`], {
      stdio: 'ignore',
    });
    started.push(shell);
    await new Promise((resolve) => shell.once('spawn', resolve));
    expect(setNiceness(shell.pid!, spareNiceness())).toBe(true);
    await until(() => children(shell.pid!).length > 0 && threadNiceness(children(shell.pid!)[0]!).length > 2);
    const [grandchild] = children(shell.pid!);
    expect(grandchild).toBeDefined();
    // The node the shell started after it was set nicer: every thread of it as nice.
    expect(new Set(threadNiceness(grandchild!))).toEqual(new Set([spareNiceness()]));
    const unniced = unniceTree([shell.pid!]);
    if (process.getuid?.() !== 0) {
      // Only a privileged user may lower a niceness: the tree stays nicer, and says so (none set back).
      expect(unniced).toBe(0);
      return;
    }
    expect(unniced).toBeGreaterThan(2);
    expect(new Set(threadNiceness(shell.pid!))).toEqual(new Set([own]));
    expect(new Set(threadNiceness(grandchild!))).toEqual(new Set([own]));
  });

  it('a process that is gone is no error', () => {
    expect(setNiceness(2 ** 22 + 12345, 10)).toBe(false);
    expect(unniceTree([2 ** 22 + 12345])).toBe(0);
  });
});
