// Finding and killing every process a run started. Adapters are spawned in their own session, but
// debuggees (debugpy's, lldb-server's, dlv's) start process groups or sessions of their own, so a
// group kill is not enough: we read /proc and kill whatever descends from the roots we know of, or
// shares a session with them. A process that double-forks and calls setsid (a daemon) leaves both:
// every run therefore puts a marker of its own in its adapter's environment, which the debuggee and
// everything it starts inherit, and the kill also takes every process whose /proc/PID/environ holds
// it. Synchronous on purpose: it also runs from process.on('exit').
import { randomBytes } from 'node:crypto';
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
    return {
      pid,
      state: rest[0]!,
      ppid: Number(rest[1]),
      pgid: Number(rest[2]),
      sid: Number(rest[3]),
      startTime: rest[19] ?? '',
    };
  } catch {
    return null;
  }
}

/** Every process; one in `known` (by pid, from an earlier scan moments ago) is not read again. */
export function listProcesses(known?: ReadonlyMap<number, ProcInfo>): ProcInfo[] {
  const result: ProcInfo[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const info = known?.get(pid) ?? readProc(pid);
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

/** An environment variable that names one run: `BPDIFF_RUN=<random id>`. */
export interface RunMarker {
  name: string;
  value: string;
  /**
   * When it was made, in clock ticks since boot (ProcInfo.startTime's unit), a second early: no
   * process started before it can carry it, so findMarked reads no older process's environment.
   */
  since?: number;
}

export const RUN_MARKER_NAME = 'BPDIFF_RUN';

export function newRunMarker(): RunMarker {
  // 64 random bits: unique among runs, and short enough (16 characters) that a debugger's value text
  // never cuts it in the middle (pydevd shows at most 30 characters of a string inside a container),
  // so the value pipeline can replace it whole (src/values/run-texts.ts).
  const since = ticksSinceBoot();
  return {
    name: RUN_MARKER_NAME,
    value: randomBytes(8).toString('hex'),
    ...(since === null ? {} : { since: since - TICKS_PER_SECOND }),
  };
}

/** USER_HZ: the unit of /proc/PID/stat's times, 100 on every Linux that bpdiff runs on. */
const TICKS_PER_SECOND = 100;

/** Now, in clock ticks since boot (/proc/uptime: the boot-time clock a process's start time is read on), or null. */
function ticksSinceBoot(): number | null {
  try {
    const seconds = Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    return Number.isFinite(seconds) ? Math.floor(seconds * TICKS_PER_SECOND) : null;
  } catch {
    return null;
  }
}

/** The marker as `process.env`-style entries, to spread into a child's environment. */
export function markerEnv(marker: RunMarker | undefined): Record<string, string> {
  return marker ? { [marker.name]: marker.value } : {};
}

/**
 * Live processes (not zombies) whose initial environment holds the marker, this process left out.
 * /proc/PID/environ is the environment the process was started with: clearing or changing it in the
 * process does not hide the marker, only starting another program with an environment without it does.
 */
export function findMarked(marker: RunMarker, all: ProcInfo[] = listProcesses()): ProcInfo[] {
  const needle = Buffer.from(`\0${marker.name}=${marker.value}\0`);
  const found: ProcInfo[] = [];
  for (const info of all) {
    if (info.pid === process.pid || info.state === 'Z' || info.state === 'X') continue;
    // Older than the marker: it cannot hold it (and reading every process's environment is most of a kill's time).
    if (marker.since !== undefined && info.startTime !== '' && Number(info.startTime) < marker.since) continue;
    let environ: Buffer;
    try {
      environ = fs.readFileSync(`/proc/${info.pid}/environ`);
    } catch {
      continue; // gone, or not ours to read
    }
    // A leading NUL so that the first entry matches too, and `NAME=value` is never a suffix of another.
    if (Buffer.concat([Buffer.from([0]), environ, Buffer.from([0])]).includes(needle)) found.push(info);
  }
  return found;
}

/** Alive means present and not a zombie (a zombie has ended; only its exit status is left). */
export function isAlive(pid: number): boolean {
  const info = readProc(pid);
  return info !== null && info.state !== 'Z' && info.state !== 'X';
}

/**
 * The processes that descend from `roots`, share a session with one of `sessions`, or carry `marker`
 * in their environment (with their descendants), roots included. `known`: the processes an earlier
 * scan read (they are not read again, nor their environment), to which this scan adds its own.
 */
export function findTree(
  roots: Iterable<number>,
  sessions: Iterable<number>,
  marker?: RunMarker,
  known?: Map<number, ProcInfo>,
): ProcInfo[] {
  const all = listProcesses(known);
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
  if (marker) stack.push(...findMarked(marker, known ? all.filter((info) => !known.has(info.pid)) : all));
  if (known) for (const info of all) known.set(info.pid, info);
  while (stack.length > 0) {
    const info = stack.pop()!;
    if (found.has(info.pid) || info.pid === process.pid) continue;
    found.set(info.pid, info);
    for (const child of children.get(info.pid) ?? []) stack.push(child);
  }
  return [...found.values()];
}

/**
 * Kills every process of the tree (see findTree) with SIGKILL, freezing them first so that none forks
 * a new child between the scan and the kill. Repeats until a scan finds nothing alive that was not
 * killed already: a process SIGKILLed a moment ago may still show as running while it exits, and
 * killing it again (and scanning again) only cost time at the end of every run. A later scan reads
 * only the processes that are new since the one before: one it read already, outside the tree then,
 * cannot have joined it since (a child of the tree is a new process; a session is only ever left).
 */
export function killTree(roots: Iterable<number>, sessions: Iterable<number>, marker?: RunMarker): number {
  const rootList = [...roots];
  const sessionList = [...sessions];
  // pid and start time: the same process, not another that took its pid.
  const signalled = new Set<string>();
  const known = new Map<number, ProcInfo>();
  let killed = 0;
  for (let pass = 0; pass < 10; pass++) {
    const tree = findTree(rootList, sessionList, marker, known).filter(
      (info) => info.state !== 'Z' && info.state !== 'X' && !signalled.has(`${info.pid}:${info.startTime}`),
    );
    if (tree.length === 0) break;
    for (const info of tree) signal(info.pid, 'SIGSTOP');
    for (const info of tree) {
      signalled.add(`${info.pid}:${info.startTime}`);
      if (signal(info.pid, 'SIGKILL')) killed++;
    }
    // Later passes also catch children that the tree forked during this one: they keep its session,
    // or, if they left it, their parent's pid is still among the roots we remember.
    for (const info of tree) if (!rootList.includes(info.pid)) rootList.push(info.pid);
  }
  return killed;
}

/** The processes a run started, as trackTree holds them. */
export interface RunTree {
  roots: Set<number>;
  sessions: Set<number>;
  /** Put in the adapter's environment (AdapterStart.marker) so that escaped daemons are found too. */
  marker?: RunMarker;
}

/** killTree for one run: its roots, its sessions and every process carrying its marker. */
export function killRun(tree: RunTree): number {
  return killTree(tree.roots, tree.sessions, tree.marker);
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
const liveTrees = new Map<object, Required<RunTree>>();
let exitHookInstalled = false;

/** The tree of `owner`'s run, made on first use with a marker of its own. */
export function trackTree(owner: object): Required<RunTree> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', killAllTracked);
  }
  let entry = liveTrees.get(owner);
  if (!entry) {
    entry = { roots: new Set(), sessions: new Set(), marker: newRunMarker() };
    liveTrees.set(owner, entry);
  }
  return entry;
}

export function untrackTree(owner: object): void {
  liveTrees.delete(owner);
}

export function killAllTracked(): void {
  for (const [owner, entry] of liveTrees) {
    killRun(entry);
    liveTrees.delete(owner);
  }
}
