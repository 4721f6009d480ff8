// One CPU for a debugger and the program it debugs (an adapter definition's `one_cpu`: dlv, lldb-dap,
// gdb). A debugger that traps at every pass of a breakpoint or every step (delve tests each hit's
// hitCondition itself, through ptrace) hands the CPU back and forth with its program thousands of times
// a second: the program's thread stops, the kernel wakes the debugger, the debugger stops and resumes
// the program's other threads. Where the two stand on different CPUs, each hand-over is a wake-up
// across CPUs (an interrupt between them; in a virtual machine, an exit to the host). Measured on a
// 2-core machine (BPDIFF_TRACE of locate's deep Go row): a pass of delve's hitCondition took 0.4 ms or
// 1.0 ms, switching mid-run as the scheduler moved them; with each run's debugger and program on a CPU
// of their own, an even 0.35 ms. Pinned when the run goes on from its first stop (a run captured there
// alone never is; one whose adapter counts many passes to it, at a stop at its entry function before:
// session-setup.ts), not before: the program's runtime has read how many CPUs it may use by then (Go's
// runtime.NumCPU and GOMAXPROCS stay the machine's), so no value it holds changes; only its threads
// share one CPU while bpdiff debugs it. BPDIFF_ONE_CPU=0: never pinned.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { findTree } from './process-tree.js';

/** The CPUs in a Linux CPU list (`0-3,6`, as /proc's Cpus_allowed_list writes it), ascending. */
export function parseCpuList(text: string): number[] {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!range) continue;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    for (let cpu = first; cpu <= last && cpu - first < 4096; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** The CPUs this process may run on (its Cpus_allowed_list), or null where it cannot be read (not Linux). */
export function allowedCpus(status: string | null = readStatus()): number[] | null {
  const line = status === null ? undefined : /^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1];
  if (line === undefined) return null;
  const cpus = parseCpuList(line);
  return cpus.length > 0 ? cpus : null;
}

function readStatus(): string | null {
  try {
    return fs.readFileSync('/proc/self/status', 'utf8');
  } catch {
    return null;
  }
}

/**
 * The CPU for the run labelled `label`, or null where pinning gains nothing (one CPU allowed) or is
 * turned off. Run B's is the CPU after run A's, so the pair runs side by side; where the machine has
 * more, `seed` (bpdiff's pid) spreads the pairs of several bpdiffs over them.
 */
export function cpuForRun(
  label: string,
  cpus: readonly number[] | null,
  seed: number = process.pid,
  env: NodeJS.ProcessEnv = process.env,
): number | null {
  if (env['BPDIFF_ONE_CPU'] === '0' || cpus === null || cpus.length < 2) return null;
  const base = (seed * 2) % cpus.length;
  return cpus[(base + (label === 'B' ? 1 : 0)) % cpus.length]!;
}

/**
 * Pins every thread of `pid` and of the processes that descend from it to `cpu` (util-linux's taskset,
 * a process at a time, all its threads). The threads they make later inherit it. Resolves to the pids
 * pinned; a process that ended meanwhile, or a machine without taskset, pins fewer: the run goes on as
 * it would have, only slower.
 */
export async function pinTree(pid: number, cpu: number, timeoutMs = 5000): Promise<number[]> {
  const pids = findTree([pid], []).map((info) => info.pid);
  const pinned = await Promise.all(
    pids.map(
      (member) =>
        new Promise<number | null>((resolve) => {
          execFile('taskset', ['-a', '-p', '-c', String(cpu), String(member)], { timeout: timeoutMs }, (error) =>
            resolve(error ? null : member),
          );
        }),
    ),
  );
  return pinned.filter((member): member is number => member !== null);
}
