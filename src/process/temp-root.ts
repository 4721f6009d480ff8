// One temporary folder per bpdiff process, holding every run's folder (a Python run's sitecustomize,
// a Go run's binary, the Node adapter's FIFO): `bpdiff-<pid>-<start time>-XXXXXX` in the system's
// temporary folder. A run removes its own folder when it ends, and the process removes its folder
// when it exits; a bpdiff killed outright (kill -9) can do neither, so the first run of the next
// bpdiff removes every such folder whose process is gone: its pid is not running, or is running but
// started at another time (a pid used again). A folder of a live bpdiff, another user's, or any other
// name is never touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readProc } from './process-tree.js';

const PREFIX = 'bpdiff-';
/** `bpdiff-<pid>-<start time in clock ticks since boot>-<mkdtemp's six characters>`. */
const OWNED = /^bpdiff-(\d+)-(\d+)-[A-Za-z0-9]{6}$/;

let root: string | null = null;

/** This process's folder (made, and stale ones swept, on first use); removed when the process exits. */
export function processTempRoot(tmp: string = os.tmpdir()): string {
  if (root !== null && fs.existsSync(root)) return root;
  sweepStaleTempRoots(tmp);
  const start = readProc(process.pid)?.startTime ?? '0';
  const made = fs.mkdtempSync(path.join(tmp, `${PREFIX}${process.pid}-${start}-`));
  root = made;
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  return made;
}

/** Removes the folders of bpdiff processes that are gone; returns their names. */
export function sweepStaleTempRoots(tmp: string = os.tmpdir()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const swept: string[] = [];
  for (const name of names) {
    const owned = OWNED.exec(name);
    if (owned === null || ownerAlive(Number(owned[1]), owned[2]!)) continue;
    const folder = path.join(tmp, name);
    try {
      const stat = fs.lstatSync(folder);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      fs.rmSync(folder, { recursive: true, force: true });
      swept.push(name);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return swept;
}

function ownerAlive(pid: number, startTime: string): boolean {
  const info = readProc(pid);
  return info !== null && info.state !== 'Z' && info.state !== 'X' && info.startTime === startTime;
}
