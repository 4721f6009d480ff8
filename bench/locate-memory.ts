// `npm run bench -- locate-memory`: the memory of a long `bpdiff locate --every-line` walk on each
// adapter (issue 32: flat over a 100,000-step walk, on every adapter). Two identical runs of the bench's
// loop (bench/programs/locate, the walkers of bench/locate.ts, never told to part) are walked for BPDIFF_BENCH_MEMORY_STEPS steps
// (default 100,000); every second, the resident memory of bpdiff's own process and of its whole tree
// (the adapters and the programs under them) is read from /proc. Per adapter: each one's peak, and its
// growth over the walk's second half in kB per 1,000 steps (a flat walk grows by nothing; a walk that
// keeps something a step grows by that), and bpdiff's live heap after a full collection (what it keeps,
// apart from garbage not collected yet). BPDIFF_BENCH_LOCATE_ONLY=debugpy measures one adapter.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { saidRows, type BenchRow } from './lib.js';
import { type Walker, walkers } from './locate.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
const STEPS = Number(process.env['BPDIFF_BENCH_MEMORY_STEPS'] ?? 100_000);
const ONLY = process.env['BPDIFF_BENCH_LOCATE_ONLY'] ?? null;

/** A process's resident memory in kB (0 once it is gone). */
function rssKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process and every process under it. */
function tree(pid: number): number[] {
  const found = [pid];
  for (let index = 0; index < found.length; index++) {
    try {
      for (const task of fs.readdirSync(`/proc/${found[index]}/task`)) {
        const children = fs.readFileSync(`/proc/${found[index]}/task/${task}/children`, 'utf8').trim();
        if (children) found.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone since
    }
  }
  return found;
}

function withoutPart(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['PART'];
  return env;
}

interface Curve {
  steps: number;
  seconds: number;
  own: number[];
  whole: number[];
  /** bpdiff's live heap after a full collection, every second (bench/heap-probe.cjs). */
  heap: number[];
  /** Why the walk gave no document (bpdiff's last line on stderr); null when it gave one. */
  failed: string | null;
}

/** Loaded into bpdiff: its live heap after a full collection, every second, into BPDIFF_BENCH_HEAP_LOG. */
const HEAP_PROBE = path.join(ROOT, 'bench/heap-probe.cjs');

async function walk(walker: Walker): Promise<Curve> {
  const started = Date.now();
  const heapLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-heap-')), 'heap.txt');
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--require',
      HEAP_PROBE,
      BIN,
      'locate',
      '--every-line',
      '-q',
      '--max-steps',
      String(STEPS),
      ...(walker.options ?? []),
      '--timeout',
      '3600',
      '--',
      ...walker.command,
      '--',
      ...walker.command,
    ],
    {
      cwd: walker.cwd,
      // Enough passes for the steps (~4 lines a pass), never told to part.
      env: { ...withoutPart(), COUNT: String(Math.ceil(STEPS / 3)), BPDIFF_BENCH_HEAP_LOG: heapLog },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  // What bpdiff said last (its error, when the walk fails): kept for the rows' note.
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-2000)));
  const own: number[] = [];
  const whole: number[] = [];
  const timer = setInterval(() => {
    own.push(rssKb(child.pid!));
    whole.push(tree(child.pid!).reduce((sum, pid) => sum + rssKb(pid), 0));
  }, 1000);
  await new Promise((resolve) => child.on('close', resolve));
  clearInterval(timer);
  let steps = 0;
  let failed: string | null = null;
  try {
    steps = (JSON.parse(out) as { locate?: { steps?: number } }).locate?.steps ?? 0;
  } catch {
    // no document: the walk failed (its steps count as none), and says why
    failed = said.trim().split('\n').at(-1) ?? 'no document and nothing on stderr';
  }
  const heap = fs.existsSync(heapLog) ? fs.readFileSync(heapLog, 'utf8').trim().split('\n').map(Number) : [];
  fs.rmSync(path.dirname(heapLog), { recursive: true, force: true });
  return {
    steps,
    seconds: (Date.now() - started) / 1000,
    own,
    whole,
    heap,
    failed,
  };
}

/** kB per 1,000 steps over the second half of the samples. */
function growth(samples: number[], steps: number, seconds: number): number {
  const half = samples.slice(Math.floor(samples.length / 2)).filter((kb) => kb > 0);
  if (half.length < 2 || steps === 0) return 0;
  const stepsPerSample = steps / Math.max(1, seconds);
  return Math.round(((half.at(-1)! - half[0]!) / ((half.length - 1) * stepsPerSample)) * 1000);
}

export default async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-memory-'));
  const rows = saidRows();
  try {
    for (const walker of walkers(dir)) {
      if (ONLY !== null && !walker.adapter.includes(ONLY)) continue;
      walker.prepare?.(dir);
      const curve = await walk(walker);
      const note = `${curve.steps} steps in ${Math.round(curve.seconds)} s${curve.failed === null ? '' : `; FAILED: ${curve.failed}`}`;
      rows.push(
        {
          name: `locate-memory ${walker.adapter}: bpdiff's peak over the walk`,
          value: Math.round(Math.max(0, ...curve.own) / 1024),
          unit: 'MB',
          note,
        },
        {
          name: `locate-memory ${walker.adapter}: bpdiff's growth over the second half`,
          value: growth(curve.own, curve.steps, curve.seconds),
          unit: 'kB / 1,000 steps',
          note,
        },
        {
          // What bpdiff keeps: the resident size also grows by garbage V8 has not collected yet.
          name: `locate-memory ${walker.adapter}: bpdiff's live heap (after a full collection), growth over the second half`,
          value: growth(curve.heap, curve.steps, curve.seconds),
          unit: 'kB / 1,000 steps',
          note: `${note}; live heap ${Math.round((curve.heap[0] ?? 0) / 1024)} MB at the start, ${Math.round((curve.heap.at(-1) ?? 0) / 1024)} MB at the end`,
        },
        {
          name: `locate-memory ${walker.adapter}: the whole tree's peak (bpdiff, adapters, programs)`,
          value: Math.round(Math.max(0, ...curve.whole) / 1024),
          unit: 'MB',
          note,
        },
        {
          name: `locate-memory ${walker.adapter}: the whole tree's growth over the second half`,
          value: growth(curve.whole, curve.steps, curve.seconds),
          unit: 'kB / 1,000 steps',
          note,
        },
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
