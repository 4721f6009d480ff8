// A process tree run at a lower priority, and brought back: a walk's spare runs (run/spare-starts.ts)
// start 10 nicer than bpdiff, so that their debugger's start takes only the CPU that the walk's own
// runs leave idle, and are set back to bpdiff's own once a restart takes them. Linux keeps a niceness
// per thread, and a thread or process inherits its creator's: the adapter, set just after it is
// spawned (before it starts anything), passes it on to all it starts; setting it back goes through
// every thread of the tree. Only a privileged user may lower a niceness: elsewhere the taken runs stay
// nicer, both alike.
import fs from 'node:fs';
import os from 'node:os';
import { findTree } from './process-tree.js';

/** The niceness a spare run starts at: 10 more than bpdiff's own. */
export function spareNiceness(): number {
  return Math.min(19, os.getPriority() + 10);
}

/** Sets `pid` (its main thread, and so what it starts from now on) to `niceness`; false where it is not allowed or gone. */
export function setNiceness(pid: number, niceness: number): boolean {
  try {
    os.setPriority(pid, niceness);
    return true;
  } catch {
    return false;
  }
}

/** Every thread of every process in the trees of `roots` (and `sessions`) set to bpdiff's own niceness; how many were. */
export function unniceTree(roots: readonly number[], sessions: readonly number[] = []): number {
  const own = os.getPriority();
  let done = 0;
  for (const { pid } of findTree([...roots], [...sessions])) {
    let threads: string[];
    try {
      threads = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) if (setNiceness(Number(tid), own)) done++;
  }
  return done;
}
