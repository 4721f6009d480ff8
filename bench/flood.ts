// Bounded memory under an output flood: two runs of a Python program that prints lines as fast as it
// can for N seconds, then reaches the breakpoint, compared by the built CLI. What is measured is the
// peak RSS of the bpdiff process (VmHWM from /proc, sampled while it runs): every output event goes
// through it, and it must keep none but a bounded tail.
//
//   node dist/bench/flood.js [--seconds 60] [--cli dist/bin/bpdiff.cjs]
//
// As a bench module (`npm run bench -- flood`) it floods for 20 s.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { round, type BenchRow } from './lib.js';

const TARGET_MB = 150;
const BENCH_SECONDS = 20;

// Writes 100-character lines in batches and checks the clock between batches; `printed` is read at
// the breakpoint (line 13), so the capture says how much went through.
const FLOOD_PY = `import sys
import time

seconds = float(sys.argv[1])
line = 'x' * 99 + '\\n'
batch = line * 100
printed = 0
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    sys.stdout.write(batch)
    printed += 100
sys.stdout.flush()
print('printed', printed)
`;
const BREAKPOINT_LINE = 13;

export interface MemorySample {
  /** Peak resident set (VmHWM) in MB, the largest seen. */
  peakMb: number;
  /** Resident set (VmRSS) in MB at the last sample. */
  lastMb: number;
}

/** Reads VmHWM and VmRSS of `pid` every `everyMs` until stopped; the peak survives the process's exit. */
export function sampleMemory(pid: number, everyMs = 100): { stop(): MemorySample; read(): MemorySample } {
  const sample: MemorySample = { peakMb: 0, lastMb: 0 };
  const read = (): void => {
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return; // gone: keep the last figures
    }
    const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    const hwm = kb('VmHWM');
    const rss = kb('VmRSS');
    // A zombie has no memory left: its zeros are not a reading.
    if (hwm > 0) sample.peakMb = Math.max(sample.peakMb, hwm / 1024);
    if (rss > 0) sample.lastMb = rss / 1024;
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    read: () => ({ ...sample }),
    stop: () => {
      clearInterval(timer);
      return { ...sample };
    },
  };
}

export interface FloodResult {
  seconds: number;
  exitCode: number | null;
  wallMs: number;
  memory: MemorySample;
  /** Lines each run printed before the breakpoint (from the capture), when both stopped. */
  printed: [number, number] | null;
  stderrTail: string;
}

export async function runFlood(seconds: number, cli = defaultCli()): Promise<FloodResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-flood-'));
  try {
    fs.writeFileSync(path.join(dir, 'flood.py'), FLOOD_PY);
    const command = ['python3', 'flood.py', String(seconds)];
    const args = [
      cli,
      '--quiet',
      '--format',
      'json',
      '--bp',
      `flood.py:${BREAKPOINT_LINE}`,
      '--timeout',
      String(seconds + 120),
      '--cwd',
      dir,
      '--',
      ...command,
      '--',
      ...command,
    ];
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const memory = sampleMemory(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    const exitCode = await exited(child);
    const sample = memory.stop();
    const wallMs = performance.now() - start;
    let printed: [number, number] | null = null;
    try {
      const doc = JSON.parse(stdout) as {
        run_a: { variables: Record<string, string> };
        run_b: { variables: Record<string, string> };
      };
      const a = Number(doc.run_a.variables.printed);
      const b = Number(doc.run_b.variables.printed);
      if (Number.isFinite(a) && Number.isFinite(b)) printed = [a, b];
    } catch {
      printed = null;
    }
    return { seconds, exitCode, wallMs, memory: sample, printed, stderrTail: stderr.trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The exit code once the process has exited and its output is read: 'close' comes after the last
 * bytes of stdout, but a process that bpdiff left behind could hold the pipe open, so at most 5 s later.
 */
export async function exited(child: ChildProcess): Promise<number | null> {
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)))]);
  clearTimeout(timer);
  return code;
}

function defaultCli(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/bin/bpdiff.cjs');
}

export function floodRows(result: FloodResult): BenchRow[] {
  // Exit 1 is expected: the two runs print different counts.
  const ok = result.printed !== null && result.memory.peakMb < TARGET_MB;
  const lines = result.printed ? result.printed[0] + result.printed[1] : 0;
  const note = result.printed
    ? `${(lines / 1e6).toFixed(1)} M lines of 100 bytes through two runs at once, ${round(lines / result.seconds / 1000)} k lines/s`
    : `the runs did not both stop (exit ${result.exitCode}): ${result.stderrTail.split('\n').pop() ?? ''}`;
  return [
    {
      name: `flood: peak RSS of bpdiff (${result.seconds} s of output)`,
      value: round(result.memory.peakMb, 1),
      unit: 'MB',
      target: `< ${TARGET_MB}`,
      ok,
      note,
    },
    { name: 'flood: wall time', value: round(result.wallMs), unit: 'ms' },
  ];
}

/** The bench module: a shortened flood, so that `npm run bench` stays short. */
export default async function run(): Promise<BenchRow[]> {
  return floodRows(await runFlood(BENCH_SECONDS));
}

function parseArgs(argv: string[]): { seconds: number; cli: string | undefined } {
  let seconds = 60;
  let cli: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--seconds') seconds = Number(argv[++i]);
    else if (arg === '--cli') cli = path.resolve(argv[++i] ?? '');
    else if (arg !== '--') throw new Error(`flood: unknown argument ${arg} (use --seconds N, --cli PATH)`);
  }
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('flood: --seconds takes a positive number');
  return { seconds, cli };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { seconds, cli } = parseArgs(process.argv.slice(2));
  process.stderr.write(`flood: two runs printing for ${seconds} s, then the breakpoint\n`);
  const result = await runFlood(seconds, cli);
  const rows = floodRows(result);
  for (const row of rows)
    process.stdout.write(
      `${row.name}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target}: ${row.ok ? 'met' : 'MISSED'})` : ''}${row.note ? ` — ${row.note}` : ''}\n`,
    );
  process.exitCode = rows.every((row) => row.ok !== false) ? 0 : 1;
}
