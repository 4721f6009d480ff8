// `npm run bench -- hit` (issue 36: the Nth pass at full speed): per adapter, a loop of 10,000 passes
// that calls three functions a pass (bench/programs/hit), the breakpoint on the loop's body line,
// `--hit 1` and then `--hit 9001`, a pair of the same command through the built CLI. Target: --hit
// 9001 within 1.5x of --hit 1 plus the program's own time to that pass (the program run without a
// debugger to 9,001 passes, less its run of one pass: its start is in --hit 1 already). Each row says
// the ratio to --hit 1, and how the adapter's definition says it counts (by stops, and why; or what each
// pass still costs: hit_count.per_pass).
// BPDIFF_BENCH_RUNS: runs of each (median; default 3).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa, execaSync } from 'execa';
import { packageRoot } from '../src/package-root.js';
import { median, round, timeMs, saidRows, type BenchRow } from './lib.js';

const PASSES = 10_000;
const LATE = 9001;

interface Adapter {
  name: string;
  /** The definition's id (for its hit_count), and `--adapter` where the language has more than one. */
  id: string;
  adapter?: string;
  ready: boolean;
  cwd: string;
  file: string;
  command: (limit: number) => string[];
}

function onPath(name: string): boolean {
  return (process.env['PATH'] ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The line of `file` that holds the marker. */
function markedLine(file: string): number {
  return (
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((line) => line.includes('the breakpoint')) + 1
  );
}

/** How the adapter's definition says it reaches pass N: by stops (and why), or what each pass before it still costs. */
function howCounted(id: string): string {
  const definition = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'adapters', id, 'adapter.json'), 'utf8')) as {
    hit_count?: {
      hit_condition?: string;
      condition?: unknown;
      by_stops?: string;
      per_pass?: string;
      cpu_count?: unknown;
    };
  };
  const count = definition.hit_count;
  if (count?.cpu_count !== undefined) return `from pass 1, ${cpuCounter()}`;
  if (count?.hit_condition === undefined && count?.condition === undefined)
    return `counts by stops (${(count?.by_stops ?? 'no hit_count').split(':')[0]})`;
  return count.per_pass === undefined ? 'counted by the adapter' : `per pass: ${count.per_pass.split(':')[0]}`;
}

/** Which counter gdb and lldb-dap get here (adapters/native/bpdiff_cpu_count.py's own answer). */
function cpuCounter(): string {
  const script = path.join(packageRoot(), 'adapters', 'native', 'bpdiff_cpu_count.py');
  const answer = execaSync('python3', [script], { reject: false }).stdout.trim();
  if (answer === 'ok (breakpoint)') return 'counted by the CPU (a hardware breakpoint register)';
  if (answer === 'ok (uprobe)') return "counted by the kernel's uprobe (A and B of one program one after the other)";
  return `counted by the debugger: ${answer}`;
}

export default async function run(): Promise<BenchRow[]> {
  const programs = path.join(packageRoot(), 'bench/programs/hit');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-hit-'));
  const bin = path.join(packageRoot(), 'dist/bin/bpdiff.cjs');
  const runs = Number(process.env['BPDIFF_BENCH_RUNS'] ?? 3);
  try {
    await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'loop'), path.join(programs, 'loop.c')]);
    const go = onPath('go') && onPath('dlv');
    if (go)
      await execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', path.join(scratch, 'loop-go'), '.'], {
        cwd: path.join(programs, 'go'),
      });
    const java = onPath('javac');
    if (java) await execa('javac', ['-g', '-d', scratch, path.join(programs, 'Loop.java')]);
    const native = (limit: number): string[] => [path.join(scratch, 'loop'), String(limit)];
    const adapters: Adapter[] = [
      {
        name: 'python (bpdiff)',
        id: 'python',
        adapter: 'python',
        ready: true,
        cwd: programs,
        file: 'loop.py',
        command: (limit) => ['python3', 'loop.py', String(limit)],
      },
      {
        name: 'python (debugpy)',
        id: 'debugpy',
        adapter: 'debugpy',
        ready: true,
        cwd: programs,
        file: 'loop.py',
        command: (limit) => ['python3', 'loop.py', String(limit)],
      },
      {
        name: 'node',
        id: 'node',
        ready: true,
        cwd: programs,
        file: 'loop.js',
        command: (limit) => ['node', 'loop.js', String(limit)],
      },
      {
        name: 'java',
        id: 'java',
        ready: java,
        cwd: programs,
        file: 'Loop.java',
        command: (limit) => ['java', '-cp', scratch, 'Loop', String(limit)],
      },
      {
        name: 'c (lldb-dap)',
        id: 'lldb',
        ready: onPath('lldb-dap-19') || onPath('lldb-dap'),
        cwd: programs,
        file: 'loop.c',
        command: native,
      },
      {
        // bpdiff builds the program (go run): the program counts the passes itself (adapters/go/pass-count.ts).
        name: 'go (dlv, go run)',
        id: 'go',
        ready: go,
        cwd: path.join(programs, 'go'),
        file: 'main.go',
        command: (limit) => ['go', 'run', '.', String(limit)],
      },
      {
        // A binary built beforehand: bpdiff cannot put the count in, and dlv counts.
        name: 'go (dlv, a built binary)',
        id: 'go',
        ready: go,
        cwd: path.join(programs, 'go'),
        file: 'main.go',
        command: (limit) => [path.join(scratch, 'loop-go'), String(limit)],
      },
      {
        name: 'ruby (rdbg)',
        id: 'ruby',
        ready: onPath('ruby'),
        cwd: programs,
        file: 'loop.rb',
        command: (limit) => ['ruby', 'loop.rb', String(limit)],
      },
      {
        name: 'c (gdb)',
        id: 'gdb',
        adapter: 'gdb',
        ready: onPath('gdb') && onPath('cdtDebugAdapter'),
        cwd: programs,
        file: 'loop.c',
        command: native,
      },
    ];
    const rows = saidRows();
    for (const adapter of adapters) {
      if (!adapter.ready) {
        rows.push({ name: `hit ${adapter.name}`, value: Number.NaN, unit: 's', note: 'not installed here' });
        continue;
      }
      const bp = `${adapter.file}:${markedLine(path.join(adapter.cwd, adapter.file))}`;
      const pair = async (hit: number): Promise<number> => {
        const command = adapter.command(PASSES);
        const args = [
          bin,
          ...(adapter.adapter ? ['--adapter', adapter.adapter] : []),
          '--bp',
          bp,
          '--hit',
          String(hit),
          '--',
          ...command,
          '--',
          ...command,
        ];
        return timeMs(async () => {
          const done = await execa(process.execPath, args, { cwd: adapter.cwd, reject: false, stdin: 'ignore' });
          if (done.exitCode !== 0)
            throw new Error(
              `${adapter.name} --hit ${hit}: exit ${done.exitCode}: ${done.stderr.split('\n').slice(-3).join(' ')}`,
            );
        });
      };
      const alone = async (limit: number): Promise<number> =>
        timeMs(() =>
          execa(adapter.command(limit)[0]!, adapter.command(limit).slice(1), { cwd: adapter.cwd, stdin: 'ignore' }),
        );
      await pair(1); // warm-up
      const first: number[] = [];
      const late: number[] = [];
      const program: number[] = [];
      for (let i = 0; i < runs; i++) {
        first.push(await pair(1));
        late.push(await pair(LATE));
        program.push(Math.max(0, (await alone(LATE)) - (await alone(1))));
      }
      const hit1 = median(first) / 1000;
      const hitLate = median(late) / 1000;
      const programS = median(program) / 1000;
      const limit = 1.5 * hit1 + programS;

      rows.push({ name: `hit ${adapter.name}: --hit 1`, value: round(hit1, 2), unit: 's' });
      rows.push({
        name: `hit ${adapter.name}: --hit ${LATE}`,
        value: round(hitLate, 2),
        unit: 's',
        target: `<= ${round(limit, 2)}`,
        ok: hitLate <= limit,
        note: `${round(hitLate / hit1, 1)}x --hit 1; program to pass ${LATE}: ${round(programS, 3)} s; ${howCounted(adapter.id)}`,
      });
    }
    rows.push({ name: 'hit: load average (1 min) at the end', value: round(os.loadavg()[0]!, 2), unit: '' });
    return rows;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
