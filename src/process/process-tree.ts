// Finding and killing every process a run started. Adapters are spawned in their own session, but
// debuggees (debugpy's, lldb-server's, dlv's) start process groups or sessions of their own, so a
// group kill is not enough: we read /proc and kill whatever descends from the roots we know of, or
// shares a session with them. Synchronous on purpose: it also runs from process.on('exit').
import fs from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  state: string;
  /** Start time in clock ticks since boot: with the pid, names one process even after pid reuse. */
  startTime: string;
}

export function readProc(pid: number): ProcInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain ") ": split after the last one.
    // rest[0] is field 3 of stat (state); starttime is field 22.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0]!, ppid: Number(rest[1]), pgid: Number(rest[2]), sid: Number(rest[3]), startTime: rest[19] ?? '' };
  } catch {
    return null;
  }
}

export function listProcesses(): ProcInfo[] {
  const result: ProcInfo[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info) result.push(info);
  }
  return result;
}

/** Live processes (not zombies) of a session, this process left out. */
export function sessionMembers(sessionId: number): number[] {
  return listProcesses()
    .filter((info) => info.sid === sessionId && info.pid !== process.pid && info.state !== 'Z' && info.state !== 'X')
    .map((info) => info.pid);
}

/** Alive means present and not a zombie (a zombie has ended; only its exit status is left). */
export function isAlive(pid: number): boolean {
  const info = readProc(pid);
  return info !== null && info.state !== 'Z' && info.state !== 'X';
}

/** The processes that descend from `roots` or share a session with one of `sessions`, roots included. */
export function findTree(roots: Iterable<number>, sessions: Iterable<number>): ProcInfo[] {
  const all = listProcesses();
  const rootSet = new Set(roots);
  // Never our own session or process: a debuggee that stayed in bpdiff's session is found through
  // its parent chain instead.
  const own = readProc(process.pid);
  const sessionSet = new Set([...sessions].filter((sid) => sid > 1 && sid !== own?.sid));
  const children = new Map<number, ProcInfo[]>();
  for (const info of all) {
    const list = children.get(info.ppid);
    if (list) list.push(info);
    else children.set(info.ppid, [info]);
  }
  const found = new Map<number, ProcInfo>();
  const stack = all.filter((info) => rootSet.has(info.pid) || sessionSet.has(info.sid));
  while (stack.length > 0) {
    const info = stack.pop()!;
    if (found.has(info.pid) || info.pid === process.pid) continue;
    found.set(info.pid, info);
    for (const child of children.get(info.pid) ?? []) stack.push(child);
  }
  return [...found.values()];
}

/**
 * Kills every process of the tree with SIGKILL, freezing them first so that none forks a new child
 * between the scan and the kill. Repeats until a scan finds nothing alive.
 */
export function killTree(roots: Iterable<number>, sessions: Iterable<number>): number {
  const rootList = [...roots];
  const sessionList = [...sessions];
  let killed = 0;
  for (let pass = 0; pass < 10; pass++) {
    const tree = findTree(rootList, sessionList).filter((info) => info.state !== 'Z' && info.state !== 'X');
    if (tree.length === 0) break;
    for (const info of tree) signal(info.pid, 'SIGSTOP');
    for (const info of tree) {
      if (signal(info.pid, 'SIGKILL')) killed++;
    }
    // Later passes also catch children that the tree forked during this one: they keep its session,
    // or, if they left it, their parent's pid is still among the roots we remember.
    for (const info of tree) if (!rootList.includes(info.pid)) rootList.push(info.pid);
  }
  return killed;
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/**
 * A registry of the process trees that are alive right now, so that an exit of bpdiff on any path
 * (an uncaught error, process.exit after Ctrl-C) still kills them.
 */
const liveTrees = new Map<object, { roots: Set<number>; sessions: Set<number> }>();
let exitHookInstalled = false;

export function trackTree(owner: object): { roots: Set<number>; sessions: Set<number> } {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllTracked);
  }
  let entry = liveTrees.get(owner);
  if (!entry) {
    entry = { roots: new Set(), sessions: new Set() };
    liveTrees.set(owner, entry);
  }
  return entry;
}

export function untrackTree(owner: object): void {
  liveTrees.delete(owner);
}

export function killAllTracked(): void {
  for (const [owner, entry] of liveTrees) {
    killTree(entry.roots, entry.sessions);
    liveTrees.delete(owner);
  }
}
