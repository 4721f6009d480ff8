// The memory of a long first-divergence walk (issue 21 item 9): 100,000 hits of the Python loop
// (test/integration/fixtures-hits/loop.py; the two runs never part ways) with --watch-only.
//   - In this process, through the library: the JS heap in use after a full GC, every 5 s. What a
//     walk keeps grows it; the row is its growth over the walk's second half, in MB per minute (a
//     reaction left on the program's exit at every hit grew it by ~0.5 MB/min, with the events kept).
//   - The built bpdiff as a user runs it: its resident memory (VmRSS) each second, the curve in the
//     note (V8 grows its heap in steps while the process is busy, and then holds it).
// BENCH_WALK_SECONDS bounds each walk (default 180 s, then it is stopped). BPDIFF_BENCH_BEFORE=bin
// measures another build's RSS curve too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { captureRuns } from '../src/run/capture-runs.js';
import { captureOptions } from '../src/options/read-options.js';
import { runSpec } from '../src/core/run-spec.js';
import { packageRoot } from '../src/package-root.js';
import { round, type BenchRow } from './lib.js';

const HITS = 100_000;

interface Curve {
  /** VmRSS in MB, one a second. */
  samples: number[];
  hits: number | null;
  seconds: number;
  exitCode: number | null;
}

export default async function run(): Promise<BenchRow[]> {
  const limit = Number(process.env.BENCH_WALK_SECONDS ?? 180);
  const bins: Array<[string, string]> = [['this build', path.join(packageRoot(), 'dist/bin/bpdiff.cjs')]];
  if (process.env.BPDIFF_BENCH_BEFORE) bins.push(['before', process.env.BPDIFF_BENCH_BEFORE]);
  const rows: BenchRow[] = [await heapOfWalk(limit)];
  for (const [label, bin] of bins) {
    const curve = await walk(bin, limit);
    const half = curve.samples.slice(Math.floor(curve.samples.length / 2));
    const growth = half.length < 2 ? 0 : ((half[half.length - 1]! - half[0]!) / (half.length - 1)) * 60;
    rows.push({
      name: `python walk of ${HITS} hits by the bpdiff command, RSS growth over its second half (${label})`,
      value: round(growth, 1),
      unit: 'MB/min',
      note: `${curve.hits === null ? `stopped after ${curve.seconds} s` : `${curve.hits} hits in ${curve.seconds} s`}; RSS MB each second: ${curve.samples.join(' ')}`,
    });
  }
  return rows;
}

/** The walk through the library, in this process: the heap in use after a full GC, every 5 s. */
async function heapOfWalk(limitSeconds: number): Promise<BenchRow> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const cwd = path.join(packageRoot(), 'test/integration/fixtures-hits');
  const spec = (side: 'a' | 'b') =>
    runSpec({
      side,
      argv: ['python3', 'loop.py', String(HITS), '999999999'],
      cwd,
      breakpoint: { file: 'loop.py', line: 8 },
    });
  const options = captureOptions({ first_divergence: true, max_hits: HITS, watch: ['step'], watch_only: true });
  const controller = new AbortController();
  const heap: number[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    gc();
    heap.push(round(process.memoryUsage().heapUsed / 1048576, 1));
    if (Date.now() - started > limitSeconds * 1000) controller.abort();
  }, 5000);
  let hits: number | null = null;
  try {
    const [a] = await captureRuns([spec('a'), spec('b')], options, { signal: controller.signal });
    hits = a.hits?.captured ?? null;
  } catch {
    hits = null;
  } finally {
    clearInterval(timer);
  }
  const half = heap.slice(Math.floor(heap.length / 2));
  const growth = half.length < 2 ? 0 : ((half[half.length - 1]! - half[0]!) / ((half.length - 1) * 5)) * 60;
  const seconds = Math.round((Date.now() - started) / 1000);
  return {
    name: `python walk of ${HITS} hits (library), heap growth over its second half`,
    value: round(growth, 2),
    unit: 'MB/min',
    target: '<= 0.1',
    ok: growth <= 0.1,
    note: `${hits === null ? `stopped after ${seconds} s` : `${hits} hits in ${seconds} s`}; heap in use after GC, MB every 5 s: ${heap.join(' ')}`,
  };
}

function walk(bin: string, limitSeconds: number): Promise<Curve> {
  const cwd = path.join(packageRoot(), 'test/integration/fixtures-hits');
  const command = ['python3', 'loop.py', String(HITS), '999999999'];
  const args = [
    bin,
    '-q',
    '--bp',
    'loop.py:8',
    '--first-divergence',
    '--max-hits',
    String(HITS),
    '--watch',
    'step',
    '--watch-only',
    '--',
    ...command,
    '--',
    ...command,
  ];
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const samples: number[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
      if (kb > 0) samples.push(Math.round(kb / 1024));
    } catch {
      // ended
    }
    if (Date.now() - started > limitSeconds * 1000) child.kill('SIGTERM');
  }, 1000);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(timer);
      // The walk's hint: `first divergence: no differences in 100000 hits (...)`.
      const said = /no differences in (\d+) hits/.exec(stdout);
      const hits = said === null ? null : Number(said[1]);
      resolve({ samples, hits, seconds: Math.round((Date.now() - started) / 1000), exitCode: code });
    });
  });
}
