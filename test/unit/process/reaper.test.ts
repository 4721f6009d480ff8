// The reaper at bpdiff's exit: killed with it after a normal exit (bpdiff closed its runs), left to
// kill the runs it was told of after a crash (intake/crash-guard.ts). Each case a Node process that
// starts a marked `sleep`, tells the reaper, and exits.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** The pid of the marked `sleep` a process left behind when it exited, crashed or not. */
async function sleepLeftBy(crashed: boolean): Promise<number> {
  const value = randomUUID();
  const script = `
    import { spawn } from 'node:child_process';
    import { reapIfKilled, reapEverythingAtExit } from ${JSON.stringify(path.join(ROOT, 'src/process/reaper.ts'))};
    const child = spawn('sleep', ['60'], { detached: true, stdio: 'ignore', env: { ...process.env, BPDIFF_REAPER_TEST: ${JSON.stringify(value)} } });
    child.unref();
    reapIfKilled({ name: 'BPDIFF_REAPER_TEST', value: ${JSON.stringify(value)} });
    ${crashed ? 'reapEverythingAtExit();' : ''}
    setTimeout(() => { console.log(child.pid); process.exit(2); }, 200);`;
  const { stdout } = await execa(TSX, ['--input-type=module', '-e', script], { reject: false, stdin: 'ignore' });
  return Number(stdout.trim());
}

const alive = (pid: number): boolean => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(readStat(pid));
const readStat = (pid: number): string => {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return '';
  }
};

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (!alive(pid)) return true;
  return !alive(pid);
}

describe('the reaper at the exit', () => {
  it('kills the runs it was told of once bpdiff exited after a crash', async () => {
    const pid = await sleepLeftBy(true);
    expect(pid).toBeGreaterThan(0);
    expect(await goneWithin(pid, 5000)).toBe(true);
  });

  it('is killed itself after a normal exit, when bpdiff has closed its runs', async () => {
    const pid = await sleepLeftBy(false);
    expect(pid).toBeGreaterThan(0);
    try {
      expect(await goneWithin(pid, 1000)).toBe(false);
    } finally {
      process.kill(pid, 'SIGKILL');
    }
  });
});
