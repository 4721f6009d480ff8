import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findMarked,
  findTree,
  isAlive,
  killAllTracked,
  killRun,
  killTree,
  markerEnv,
  newRunMarker,
  trackTree,
  untrackTree,
  type ProcInfo,
} from '../../../src/process/process-tree.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('killTree', () => {
  it('kills a detached tree, including a grandchild that moved to a session of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-tree-'));
    const pidFile = path.join(dir, 'pids');
    // sh -> (sleep) and (setsid sh -> sleep): the second escapes the session, as debuggees do.
    const root = spawn(
      'sh',
      ['-c', `sleep 300 & echo $! >> ${pidFile}; setsid sh -c 'echo $$ >> ${pidFile}; sleep 300' & wait`],
      {
        detached: true,
        stdio: 'ignore',
      },
    );
    const rootPid = root.pid!;
    for (
      let i = 0;
      i < 100 && (!fs.existsSync(pidFile) || fs.readFileSync(pidFile, 'utf8').trim().split('\n').length < 2);
      i++
    )
      await sleep(20);
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

  it('a later scan reads only the processes that are new since the one before, and finds a child forked in between', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-tree-'));
    const pidFile = path.join(dir, 'pids');
    const go = path.join(dir, 'go');
    const root = spawn(
      'sh',
      [
        '-c',
        `sleep 300 & echo $! >> ${pidFile}; while [ ! -f ${go} ]; do sleep 0.02; done; sleep 300 & echo $! >> ${pidFile}; wait`,
      ],
      { detached: true, stdio: 'ignore' },
    );
    const rootPid = root.pid!;
    const read = (): number[] =>
      fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
    for (let i = 0; i < 100 && read().length < 1; i++) await sleep(20);
    const [first] = read();
    const known = new Map<number, ProcInfo>();
    expect(findTree([rootPid], [rootPid], undefined, known).map((info) => info.pid)).toEqual(
      expect.arrayContaining([rootPid, first]),
    );
    expect(known.get(rootPid)?.ppid).toBe(process.pid);
    // What the first scan read is taken as read: a record changed here is what the second scan sees.
    known.set(first!, { ...known.get(first!)!, ppid: -1, sid: -1 });
    fs.writeFileSync(go, '');
    for (let i = 0; i < 100 && read().length < 2; i++) await sleep(20);
    const second = findTree([rootPid], [rootPid], undefined, known).map((info) => info.pid);
    expect(second).toContain(read()[1]);
    expect(second).not.toContain(first);
    killTree([rootPid], [rootPid]);
    await sleep(100);
    for (const pid of [rootPid, ...read()]) expect(isAlive(pid), `pid ${pid}`).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never touches its own process or session', () => {
    const own = findTree(
      [],
      [fs.readFileSync('/proc/self/stat', 'utf8').split(' ')[5] as unknown as number].map(Number),
    );
    expect(own.map((info) => info.pid)).not.toContain(process.pid);
  });
});

/** Starts `sh -c script` with the marker in its environment and returns the pids it writes to `pids`, one a line. */
async function startWithMarker(
  script: string,
  env: Record<string, string>,
  count: number,
): Promise<{ rootPid: number; pids: number[]; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-tree-'));
  const pidFile = path.join(dir, 'pids');
  const root = spawn('sh', ['-c', script.replaceAll('PIDS', pidFile)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const read = (): number[] =>
    fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim().split('\n').filter(Boolean).map(Number) : [];
  for (let i = 0; i < 200 && read().length < count; i++) await sleep(20);
  return { rootPid: root.pid!, pids: read(), dir };
}

// A daemon: a subshell starts `setsid sleep` in the background and exits, so the sleep has neither a
// parent nor a session bpdiff knows of.
const DAEMON = '(setsid sleep 300 & echo $! >> PIDS); echo $$ >> PIDS';

describe('run markers', () => {
  it('are unique per run and spread into an environment', () => {
    const a = newRunMarker();
    const b = newRunMarker();
    expect(a.name).toBe('BPDIFF_RUN');
    expect(a.value).not.toBe(b.value);
    expect(markerEnv(a)).toEqual({ BPDIFF_RUN: a.value });
    expect(markerEnv(undefined)).toEqual({});
  });

  it('killRun kills a daemon that left the tree and the session, and only the processes carrying its marker', async () => {
    const marker = newRunMarker();
    const other = newRunMarker();
    const daemon = await startWithMarker(DAEMON, markerEnv(marker), 2);
    const bystander = await startWithMarker(DAEMON, markerEnv(other), 2);
    const [daemonPid] = daemon.pids;
    const [bystanderPid] = bystander.pids;
    for (let i = 0; i < 100 && isAlive(daemon.rootPid); i++) await sleep(20);
    expect(isAlive(daemonPid!)).toBe(true);
    // The tree walk alone cannot find it: its parent is gone and it has a session of its own.
    expect(findTree([daemon.rootPid], [daemon.rootPid]).map((info) => info.pid)).not.toContain(daemonPid);
    expect(findMarked(marker).map((info) => info.pid)).toEqual([daemonPid]);

    killRun({ roots: new Set([daemon.rootPid]), sessions: new Set([daemon.rootPid]), marker });
    await sleep(100);
    expect(isAlive(daemonPid!)).toBe(false);
    expect(isAlive(bystanderPid!)).toBe(true);

    killTree([], [], other);
    await sleep(100);
    expect(isAlive(bystanderPid!)).toBe(false);
    for (const dir of [daemon.dir, bystander.dir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the environment only of processes started since the marker was made', async () => {
    const marker = newRunMarker();
    expect(marker.since).toBeGreaterThan(0);
    const daemon = await startWithMarker(DAEMON, markerEnv(marker), 2);
    const [daemonPid] = daemon.pids;
    expect(findMarked(marker).map((info) => info.pid)).toEqual([daemonPid]);
    // A marker made (it says) a minute after the daemon started: the daemon is older, so not looked at.
    expect(findMarked({ ...marker, since: marker.since! + 100 * 60 }).map((info) => info.pid)).toEqual([]);
    killTree([], [], marker);
    await sleep(100);
    expect(isAlive(daemonPid!)).toBe(false);
    fs.rmSync(daemon.dir, { recursive: true, force: true });
  });

  it('finds a process that cleared its environment: /proc keeps the one it started with', async () => {
    const marker = newRunMarker();
    const started = await startWithMarker(
      `python3 -c 'import os, sys, time; os.environ.clear(); open(sys.argv[1], "a").write(f"{os.getpid()}\\n"); time.sleep(300)' PIDS`,
      markerEnv(marker),
      1,
    );
    expect(findMarked(marker).map((info) => info.pid)).toContain(started.pids[0]);
    killTree([], [], marker);
    await sleep(100);
    expect(isAlive(started.pids[0]!)).toBe(false);
    fs.rmSync(started.dir, { recursive: true, force: true });
  });

  it('trackTree gives each run a marker, and killAllTracked kills by it', async () => {
    const owner = {};
    const tree = trackTree(owner);
    expect(tree.marker.name).toBe('BPDIFF_RUN');
    expect(trackTree({}).marker.value).not.toBe(tree.marker.value);
    const daemon = await startWithMarker(DAEMON, markerEnv(tree.marker), 2);
    killAllTracked();
    await sleep(100);
    expect(isAlive(daemon.pids[0]!)).toBe(false);
    untrackTree(owner);
    fs.rmSync(daemon.dir, { recursive: true, force: true });
  });
});
