// An adapter definition's one_cpu (dlv, lldb-dap, gdb: src/process/cpu-affinity.ts): each run's
// debugger and program share one CPU from the run's first stop on, runs A and B on two different
// ones, and the program's runtime still holds the machine's CPU count it read at its start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allowedCpus } from '../../src/process/cpu-affinity.js';
import { describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

const FIXTURE = path.join(import.meta.dirname, 'fixtures-one-cpu');

describeWithTool('one CPU for a debugger and its program (dlv)', 'dlv and go', onPath('dlv') && onPath('go'), () => {
  let dir = '';
  let program = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-one-cpu-'));
    program = path.join(dir, 'cpus');
    await execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', program, '.'], { cwd: FIXTURE });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const cpus = allowedCpus() ?? [];
  it.runIf(cpus.length >= 2)(
    "pins each run's dlv and program to a CPU of its own after the first stop; runtime.NumCPU is still the machine's",
    async () => {
      const trace = path.join(dir, 'trace.jsonl');
      const run = await runBpdiff(
        ['locate', '--format', 'json', '--cwd', FIXTURE, '--', program, 'x', '--', program, 'y'],
        { env: { BPDIFF_TRACE: trace } },
      );
      expect(run.leftovers).toEqual([]);
      expect(run.exitCode, run.stderr).toBe(1);
      // The runs part at the line that reads the argument (they stand after it): the CPU counts read before it, alike.
      expect(run.doc!.run_a.location).toEqual({ file: 'main.go', line: 15 });
      expect(run.doc!.run_a.variables).toMatchObject({ mode: '"x"' });
      expect(run.doc!.run_b.variables).toMatchObject({ mode: '"y"' });
      const machine = String(cpus.length);
      expect(run.doc!.run_a.variables).toMatchObject({ cpus: machine, procs: process.env.GOMAXPROCS ?? machine });
      expect(run.doc!.run_b.variables).toMatchObject({ cpus: machine });
      const pinned = fs
        .readFileSync(trace, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"one cpu"'))
        .map((line) => JSON.parse(line) as { run: string; cpu: number; pinned: number });
      // Every start of each run (the walk starts both again to step into the line): dlv and its program.
      expect(pinned.length).toBeGreaterThanOrEqual(2);
      for (const phase of pinned) expect(phase.pinned).toBe(2);
      const byRun = new Map(pinned.map((phase) => [phase.run, phase.cpu]));
      expect([...byRun.keys()].sort()).toEqual(['A', 'B']);
      expect(byRun.get('A')).not.toBe(byRun.get('B'));
    },
    120_000,
  );

  /** A comparison of `x` against `x` (`options` before the commands: where it stops), traced with `env`: the run and its trace. */
  const compare = async (
    name: string,
    options: string[],
    env: Record<string, string> = {},
  ): Promise<{ run: BpdiffRun; trace: string }> => {
    const trace = path.join(dir, `${name}.jsonl`);
    const run = await runBpdiff(
      [...options, '--format', 'json', '--cwd', FIXTURE, '--', program, 'x', '--', program, 'x'],
      { env: { BPDIFF_TRACE: trace, ...env } },
    );
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables).toMatchObject({ mode: '"x"' });
    return { run, trace: fs.readFileSync(trace, 'utf8') };
  };
  const AT_PRINT = ['--bp', 'main.go:15'];
  /** The loop's body, at its 250th pass: dlv counts the 249 before it. */
  const AT_PASS_250 = ['--bp', 'main.go:18', '--hit', '250'];

  it.runIf(cpus.length >= 2)(
    'BPDIFF_ONE_CPU=0 pins nothing, in a run that goes on after its first stop (--first-divergence)',
    async () => {
      expect((await compare('on', [...AT_PRINT, '--first-divergence'])).trace).toContain('"one cpu"');
      const off = await compare('off', [...AT_PRINT, '--first-divergence'], { BPDIFF_ONE_CPU: '0' });
      expect(off.trace).not.toContain('"one cpu"');
    },
    120_000,
  );

  it.runIf(cpus.length >= 2)(
    "--hit 250, counted by dlv: pinned at main.main, before the passes; the runtime still has the machine's CPUs",
    async () => {
      const { run, trace } = await compare('hit', AT_PASS_250);
      const machine = String(cpus.length);
      // dlv runs on one P of its own (GOMAXPROCS=1); the program gets the run's GOMAXPROCS, or none.
      expect(run.doc!.run_a.variables).toMatchObject({
        i: '249',
        total: String((249 * 248) / 2),
        cpus: machine,
        procs: process.env.GOMAXPROCS ?? machine,
      });
      const lines = trace.split('\n');
      for (const label of ['A', 'B']) {
        const pinned = lines.findIndex((line) => line.includes('"one cpu"') && line.includes(`"run":"${label}"`));
        const first = lines.findIndex((line) => line.includes('"first stop"') && line.includes(`"run":"${label}"`));
        expect(pinned, `run ${label} pinned`).toBeGreaterThan(-1);
        expect(pinned, `run ${label} pinned before its first stop at the breakpoint`).toBeLessThan(first);
        expect((JSON.parse(lines[pinned]!) as { pinned: number }).pinned).toBe(2);
      }
      // Turned off, the run does not stop at main.main for it either.
      const off = await compare('hit-off', AT_PASS_250, { BPDIFF_ONE_CPU: '0' });
      expect(off.run.doc!.run_a.variables).toMatchObject({ i: '249' });
      expect(off.trace).not.toContain('"one cpu"');
      expect(off.trace).not.toContain('setFunctionBreakpoints');
    },
    120_000,
  );

  it.runIf(cpus.length >= 2)(
    'a run captured at its first stop alone is not pinned: it never goes on',
    async () => {
      expect((await compare('plain', AT_PRINT)).trace).not.toContain('"one cpu"');
    },
    120_000,
  );
});
