import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findTree, isAlive, killTree } from '../../../src/process/process-tree.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('killTree', () => {
  it('kills a detached tree, including a grandchild that moved to a session of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-tree-'));
    const pidFile = path.join(dir, 'pids');
    // sh -> (sleep) and (setsid sh -> sleep): the second escapes the session, as debuggees do.
    const root = spawn('sh', ['-c', `sleep 300 & echo $! >> ${pidFile}; setsid sh -c 'echo $$ >> ${pidFile}; sleep 300' & wait`], {
      detached: true,
      stdio: 'ignore',
    });
    const rootPid = root.pid!;
    for (let i = 0; i < 100 && (!fs.existsSync(pidFile) || fs.readFileSync(pidFile, 'utf8').trim().split('\n').length < 2); i++) await sleep(20);
    const others = fs.readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
    expect(others).toHaveLength(2);
    const tree = findTree([rootPid], [rootPid]).map((info) => info.pid);
    expect(tree).toEqual(expect.arrayContaining([rootPid, ...others]));
    expect(tree).not.toContain(process.pid);

    killTree([rootPid], [rootPid]);
    await sleep(100);
    for (const pid of [rootPid, ...others]) expect(isAlive(pid), `pid ${pid}`).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never touches its own process or session', () => {
    const own = findTree([], [fs.readFileSync('/proc/self/stat', 'utf8').split(' ')[5] as unknown as number].map(Number));
    expect(own.map((info) => info.pid)).not.toContain(process.pid);
  });
});
