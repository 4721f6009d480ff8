// process/cpu-affinity.ts: which CPUs bpdiff may use, and the one each run's debugger and program share.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowedCpus, cpuForRun, parseCpuList, pinTree } from '../../../src/process/cpu-affinity.js';

describe('cpu affinity', () => {
  it('reads a Linux CPU list', () => {
    expect(parseCpuList('0-3')).toEqual([0, 1, 2, 3]);
    expect(parseCpuList('0,2-3,7\n')).toEqual([0, 2, 3, 7]);
    expect(parseCpuList('5')).toEqual([5]);
    expect(parseCpuList('')).toEqual([]);
    expect(parseCpuList('x,1')).toEqual([1]);
  });

  it("reads this process's allowed CPUs from its status", () => {
    expect(allowedCpus('Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n')).toEqual([0, 1]);
    expect(allowedCpus('Name:\tnode\n')).toBeNull();
    expect(allowedCpus(null)).toBeNull();
  });

  it('gives runs A and B two different CPUs, and none where one CPU is all there is or BPDIFF_ONE_CPU=0', () => {
    expect(cpuForRun('A', [0, 1], 7, {})).toBe(0);
    expect(cpuForRun('B', [0, 1], 7, {})).toBe(1);
    // Several bpdiffs on a larger machine: each pair on its own two CPUs, by bpdiff's pid.
    expect([cpuForRun('A', [0, 1, 2, 3], 1, {}), cpuForRun('B', [0, 1, 2, 3], 1, {})]).toEqual([2, 3]);
    expect([cpuForRun('A', [4, 6, 9], 1, {}), cpuForRun('B', [4, 6, 9], 1, {})]).toEqual([9, 4]);
    expect(cpuForRun('A', [3], 7, {})).toBeNull();
    expect(cpuForRun('A', null, 7, {})).toBeNull();
    expect(cpuForRun('A', [0, 1], 7, { BPDIFF_ONE_CPU: '0' })).toBeNull();
  });

  it.runIf(process.platform === 'linux' && (allowedCpus()?.length ?? 0) >= 2)(
    'pins a process and its children, every thread, to one CPU',
    async () => {
      const cpus = allowedCpus()!;
      const target = cpus[1]!;
      // A shell that starts a child of its own: both are pinned, the child found as a descendant.
      const parent = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true });
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const pinned = await pinTree(parent.pid!, target);
        expect(pinned.length).toBe(2);
        expect(pinned).toContain(parent.pid);
        for (const pid of pinned) {
          const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
          expect(/^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1]).toBe(String(target));
        }
      } finally {
        // The shell leads a process group of its own (detached), its sleep in it: both killed.
        process.kill(-parent.pid!, 'SIGKILL');
      }
    },
  );
});
