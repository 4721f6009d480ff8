// `npm run bench -- locate`: how fast bpdiff locate walks, per adapter, and what a long walk costs in
// memory. Each adapter walks a loop (bench/programs/locate) whose two runs part ways after about
// 5,000 lines (50,000 for bpdiff's Python adapter, which streams its steps). PART names the
// iteration, read from the environment inside the loop, so no local tells it before. Compared lines
// per second for the pair, the start-up taken out (a walk of --max-steps 1 on the same program, timed
// alike). Then one walk of 100,000 steps of two identical runs on the fastest adapter, bpdiff's
// resident memory sampled every second: its peak, and its growth over the second half of the walk (a
// flat walk grows by nothing). And a recursion walked line by line on bpdiff's Python adapter at depth
// 10 and 10,000: the time a step at each, and their ratio (issue 32: linear, so about 1).
// And copies of real library code (tomllib, argparse, configparser; npm's semver) walked every line against
// themselves (bench/locate-library.ts).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, saidRows, type BenchRow } from './lib.js';
import { libraryRows } from './locate-library.js';
import type { Walked, Walker } from './locate-walker.js';

export type { Walker } from './locate-walker.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
const PROGRAMS = path.join(ROOT, 'bench/programs/locate');
const ROUNDS = Number(process.env['BPDIFF_BENCH_ROUNDS'] ?? 3);
const MEMORY_STEPS = Number(process.env['BPDIFF_BENCH_LOCATE_STEPS'] ?? 100_000);
/**
 * Only the walkers whose adapter's name holds this (BPDIFF_BENCH_LOCATE_ONLY=java), for a figure of one;
 * `deep` keeps only the rows of the divergence ~100,000 lines in, `deep:java` only one of them.
 */
const SELECTED = process.env['BPDIFF_BENCH_LOCATE_ONLY'] ?? null;
const DEEP_ONLY = SELECTED !== null && /^deep(?::|$)/.test(SELECTED);
const ONLY = DEEP_ONLY ? SELECTED!.replace(/^deep:?/, '') || null : SELECTED;

export function walkers(dir: string): Walker[] {
  return [
    // bpdiff's own Python adapter streams its steps (bpdiffSteps): issue 27 asks 10,000 lines a second of it.
    {
      adapter: 'python (bpdiff)',
      command: ['python3', path.join(PROGRAMS, 'loop.py')],
      cwd: PROGRAMS,
      part: 10_000,
      target: 10_000,
    },
    {
      adapter: 'python (debugpy)',
      command: ['python3', path.join(PROGRAMS, 'loop.py')],
      cwd: PROGRAMS,
      part: 1000,
      options: ['--adapter', 'debugpy'],
    },
    {
      adapter: 'c (lldb-dap)',
      command: [path.join(dir, 'loop')],
      cwd: PROGRAMS,
      part: 700,
      prepare: (at) => execFileSync('cc', ['-g', '-O0', '-o', path.join(at, 'loop'), path.join(PROGRAMS, 'loop.c')]),
    },
    {
      adapter: 'go (dlv)',
      command: [path.join(dir, 'loop-go')],
      cwd: path.join(PROGRAMS, 'go'),
      part: 625,
      prepare: (at) =>
        execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', path.join(at, 'loop-go'), '.'], {
          cwd: path.join(PROGRAMS, 'go'),
        }),
    },
    { adapter: 'node (bpdiff)', command: ['node', path.join(PROGRAMS, 'loop.js')], cwd: PROGRAMS, part: 1000 },
    {
      adapter: 'java (bpdiff)',
      // Compiled once: from source (`java Loop.java`) each start compiles it again, a second of CPU.
      command: ['java', '-cp', path.join(dir, 'loop-java'), 'Loop'],
      cwd: path.join(PROGRAMS, 'loop-java'),
      part: 1000,
      prepare: (at) =>
        execFileSync('javac', ['-g', '-d', path.join(at, 'loop-java'), path.join(PROGRAMS, 'loop-java', 'Loop.java')]),
    },
    { adapter: 'ruby (rdbg)', command: ['ruby', path.join(PROGRAMS, 'loop.rb')], cwd: PROGRAMS, part: 1000 },
    {
      adapter: 'c (gdb)',
      command: [path.join(dir, 'loop')],
      cwd: PROGRAMS,
      part: 700,
      options: ['--adapter', 'gdb'],
      prepare: (at) => execFileSync('cc', ['-g', '-O0', '-o', path.join(at, 'loop'), path.join(PROGRAMS, 'loop.c')]),
    },
  ];
}

/**
 * The programs of a divergence about 100,000 executed lines in, three calls deep (order > line_total >
 * price, ~9 lines a pass): the walk by effects' figure, seconds to locate (issue 32 asks <= 20 s).
 */
function deepWalkers(dir: string): Walker[] {
  const part = 11_000;
  return [
    { adapter: 'python (bpdiff)', command: ['python3', path.join(PROGRAMS, 'deep.py')], cwd: PROGRAMS, part },
    {
      adapter: 'python (debugpy)',
      command: ['python3', path.join(PROGRAMS, 'deep.py')],
      cwd: PROGRAMS,
      part,
      options: ['--adapter', 'debugpy'],
    },
    {
      adapter: 'c (lldb-dap)',
      command: [path.join(dir, 'deep')],
      cwd: PROGRAMS,
      part,
      prepare: (at) => execFileSync('cc', ['-g', '-O0', '-o', path.join(at, 'deep'), path.join(PROGRAMS, 'deep.c')]),
    },
    {
      adapter: 'go (dlv)',
      command: [path.join(dir, 'deep-go')],
      cwd: path.join(PROGRAMS, 'deep-go'),
      part,
      prepare: (at) =>
        execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', path.join(at, 'deep-go'), '.'], {
          cwd: path.join(PROGRAMS, 'deep-go'),
        }),
    },
    { adapter: 'node (bpdiff)', command: ['node', path.join(PROGRAMS, 'deep.js')], cwd: PROGRAMS, part },
    {
      adapter: 'java (bpdiff)',
      command: ['java', 'Deep.java'],
      cwd: path.join(PROGRAMS, 'deep-java'),
      part,
    },
    { adapter: 'ruby (rdbg)', command: ['ruby', path.join(PROGRAMS, 'deep.rb')], cwd: PROGRAMS, part },
    {
      adapter: 'c (gdb)',
      command: [path.join(dir, 'deep')],
      cwd: PROGRAMS,
      part,
      options: ['--adapter', 'gdb'],
      prepare: (at) => execFileSync('cc', ['-g', '-O0', '-o', path.join(at, 'deep'), path.join(PROGRAMS, 'deep.c')]),
    },
  ];
}

/** Why the walker's adapter is walked into every line, never by effects (its definition's locate.every_line), or null. */
function everyLineOnly(walker: Walker): string | null {
  const at = walker.options?.indexOf('--adapter') ?? -1;
  const id = at < 0 ? undefined : walker.options![at + 1];
  if (id === undefined) return null;
  const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters', id, 'adapter.json'), 'utf8')) as {
    locate?: { every_line?: string };
  };
  return definition.locate?.every_line ?? null;
}

/** The recursion walk's depths (bench/programs/locate/recursion.py: ~10,000 calls at each). */
const RECURSION_DEPTHS = [10, 10_000];

/** Every line of recursion.py walked at each depth on bpdiff's Python adapter: the time a step, start-up taken out. */
async function recursionRows(): Promise<BenchRow[]> {
  const walker: Walker = {
    adapter: 'python (bpdiff)',
    command: ['python3', path.join(PROGRAMS, 'recursion.py')],
    cwd: PROGRAMS,
    part: 1,
  };
  const rows = saidRows();
  const perStep: number[] = [];
  for (const depth of RECURSION_DEPTHS) {
    const times: number[] = [];
    let steps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = await walk(walker, 1, ['--every-line', '--max-steps', '1'], depth);
      const whole = await walk(walker, 1, ['--every-line'], depth);
      steps = whole.steps;
      times.push((whole.ms - start.ms) / Math.max(1, whole.steps - 1));
    }
    const ms = median(times);
    perStep.push(ms);
    rows.push({
      name: `locate ${walker.adapter}: every line of a recursion ${depth.toLocaleString('en-US')} deep, time a step`,
      value: Math.round(ms * 1000),
      unit: 'us/step',
      note: `${steps} steps to where the runs part ways (the bottom of the last recursion); median of ${ROUNDS}`,
    });
  }
  const ratio = Math.round((perStep[1]! / perStep[0]!) * 100) / 100;
  rows.push({
    name: `locate ${walker.adapter}: time a step at depth 10,000 over depth 10 (every line)`,
    value: ratio,
    unit: 'x',
    target: '<= 1.5',
    ok: ratio <= 1.5,
    note: 'linear in depth: a step costs the same at any depth',
  });
  return rows;
}

/** One `bpdiff locate` of the walker's program, B told to part at `part`; its wall time, steps and memory. */
function walk(walker: Walker, part: number, extra: string[], count = part + 10): Promise<Walked> {
  const args = [
    BIN,
    'locate',
    '--format',
    'json',
    '-q',
    '--env',
    `COUNT=${count}`,
    '--env-b',
    `PART=${part}`,
    ...(walker.options ?? []),
    ...extra,
    '--',
    ...walker.command,
    '--',
    ...walker.command,
  ];
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: walker.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const kb = rssKb(child.pid!);
      if (kb !== null) samples.push(kb);
    }, 1000);
    child.on('error', reject);
    child.on('close', (exitCode) => {
      clearInterval(sampler);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const result = JSON.parse(stdout || '{"analysis_hints":[]}') as {
        analysis_hints: string[];
        locate?: { kind?: string; complete?: boolean };
      };
      const hint = result.analysis_hints[0] ?? '';
      const steps = Number(
        /\bstep (\d+)\)|in ([\d,]+) steps?/
          .exec(hint)
          ?.slice(1)
          .find((group) => group !== undefined)
          ?.replaceAll(',', '') ?? Number.NaN,
      );
      if (!Number.isFinite(steps))
        return reject(
          new Error(
            `${walker.adapter}: no step count in ${JSON.stringify(hint)} (exit ${exitCode}; ${stderr.trim().split('\n').pop() ?? ''})`,
          ),
        );
      const where = /(?:at|after) (\S+:\d+) in /.exec(hint)?.[1] ?? '?';
      resolve({
        ms,
        steps,
        exitCode,
        peakKb: Math.max(0, ...samples),
        samples,
        where,
        kind: result.locate?.kind ?? null,
        complete: result.locate?.complete === true,
      });
    });
  });
}

function rssKb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export default async function run(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-locate-'));
  const rows = saidRows();
  try {
    let fastest: { walker: Walker; rate: number } | null = null;
    for (const walker of DEEP_ONLY ? [] : walkers(dir)) {
      if (ONLY !== null && !walker.adapter.includes(ONLY)) continue;
      try {
        walker.prepare?.(dir);
      } catch (error) {
        rows.push({
          name: `locate ${walker.adapter}`,
          value: Number.NaN,
          unit: 'lines/s',
          note: `not built: ${(error as Error).message.split('\n')[0]}`,
        });
        continue;
      }
      const rates: number[] = [];
      let steps = 0;
      for (let round = 0; round < ROUNDS; round++) {
        // Alternated: the start-up alone, then the walk.
        const start = await walk(walker, walker.part, ['--every-line', '--max-steps', '1']);
        const whole = await walk(walker, walker.part, ['--every-line']);
        steps = whole.steps;
        rates.push((whole.steps - 1) / Math.max(0.001, (whole.ms - start.ms) / 1000));
      }
      const rate = Math.round(median(rates));
      const target = walker.target ?? 300;
      rows.push({
        name: `locate ${walker.adapter}: lines compared a second (pair)`,
        value: rate,
        unit: 'lines/s',
        target: `>= ${target.toLocaleString('en-US')}`,
        ok: rate >= target,
        note: `${steps} steps to where the runs part ways; median of ${ROUNDS}`,
      });
      if (fastest === null || rate > fastest.rate) fastest = { walker, rate };
      // The walk by effects (the default) on the same pair: seconds to the located line, and that line.
      const [everyLine, byEffects] = [
        await walk(walker, walker.part, ['--every-line']),
        await walk(walker, walker.part, []),
      ];
      rows.push({
        name: `locate ${walker.adapter}: seconds to locate by effects (pair)`,
        value: Math.round(byEffects.ms / 100) / 10,
        unit: 's',
        note: `${byEffects.steps} steps (every line: ${everyLine.steps} steps, ${Math.round(everyLine.ms / 100) / 10} s); located ${byEffects.where === everyLine.where ? 'at the same line' : `at ${byEffects.where}, every line at ${everyLine.where}`}`,
      });
    }
    // The walk by effects through a loop of ~11,000 passes, the runs parting in price() two calls in.
    for (const walker of deepWalkers(dir)) {
      if (ONLY !== null && !walker.adapter.includes(ONLY)) continue;
      const everyLine = everyLineOnly(walker);
      if (everyLine !== null) {
        // An adapter whose definition asks for every line would walk 100,000 of them, at its rate: not this row's figure.
        rows.push({
          name: `locate ${walker.adapter}: seconds to locate by effects, ~100,000 lines in, 3 calls deep`,
          value: Number.NaN,
          unit: 's',
          note: `not by effects (its definition's locate.every_line): ${everyLine}`,
        });
        continue;
      }
      try {
        walker.prepare?.(dir);
      } catch (error) {
        rows.push({
          name: `locate ${walker.adapter}: seconds to locate by effects, ~100,000 lines in`,
          value: Number.NaN,
          unit: 's',
          note: `not built: ${(error as Error).message.split('\n')[0]}`,
        });
        continue;
      }
      const times: number[] = [];
      let last: Walked | null = null;
      for (let round = 0; round < ROUNDS; round++) {
        last = await walk(walker, walker.part, []);
        times.push(last.ms / 1000);
      }
      const seconds = Math.round(median(times) * 10) / 10;
      rows.push({
        name: `locate ${walker.adapter}: seconds to locate by effects, ~100,000 lines in, 3 calls deep`,
        value: seconds,
        unit: 's',
        target: '<= 20',
        ok: seconds <= 20,
        note: `${last!.steps} steps; located at ${last!.where}; median of ${ROUNDS}`,
      });
    }
    // Real library code walked every line against itself (bench/locate-library.ts); =library: these rows alone.
    rows.push(...(await libraryRows(walk, ONLY, ROUNDS)));
    // BPDIFF_BENCH_LOCATE_ONLY=recursion: these rows alone.
    if (!DEEP_ONLY && (ONLY === null || 'python (bpdiff) recursion'.includes(ONLY)))
      rows.push(...(await recursionRows()));
    if (fastest !== null && MEMORY_STEPS > 0) {
      const { walker } = fastest;
      const long = await walk(walker, -2, ['--every-line', '--max-steps', String(MEMORY_STEPS)], MEMORY_STEPS);
      const half = long.samples.slice(Math.floor(long.samples.length / 2));
      const growth = half.length >= 2 ? half.at(-1)! - half[0]! : 0;
      rows.push({
        name: `locate ${walker.adapter}: peak memory over a ${long.steps}-step walk`,
        value: Math.round(long.peakKb / 1024),
        unit: 'MB',
        note: `${Math.round(long.ms / 1000)} s; RSS every 10 s: ${long.samples
          .filter((_, index) => index % 10 === 0)
          .map((kb) => Math.round(kb / 1024))
          .join(' ')} MB`,
      });
      rows.push({
        name: `locate ${walker.adapter}: memory growth over the walk's second half`,
        value: Math.round(growth / 1024),
        unit: 'MB',
        target: '<= 5',
        ok: growth / 1024 <= 5,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
