// The rows of `npm run bench -- locate` on real library code (issue 32: every line on real Python library
// code, >= 2,000 lines a second for the pair on bpdiff's Python adapter): copies of Python 3.11's tomllib,
// argparse and configparser (bench/programs/locate/library) each walked every line against itself, on
// bpdiff's Python adapter and on debugpy; npm's semver, on bpdiff's Node adapter. Two identical runs must agree to their end: a walk that finds a
// divergence there is a false alarm, and its row says so instead of a speed. Each row: the steps, the
// seconds of the whole walk and of its start-up alone (a walk of --max-steps 1, timed alike: two Pythons
// starting, twice, as the walk starts both runs again at its end), and the lines a second with the
// start-up taken out. BPDIFF_BENCH_LOCATE_ONLY=library runs these rows alone. And a program shaped like
// real Rust code (bench/programs/locate/rust/inventory.rs: a parser into structs of Strings, Vecs and a
// HashMap), every line on lldb-dap with the toolchain's formatters: >= 100 lines a second.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { median, saidRows, type BenchRow } from './lib.js';
import type { Walked, Walker } from './locate-walker.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIBRARY = path.join(ROOT, 'bench/programs/locate/library');
const TARGET = 2000;
const RUST_TARGET = 100;
/** inventory.rs, built (rustc, no optimisation) into a folder of its own for the Rust row, removed after the rows. */
const RUST_FOLDER = path.join(os.tmpdir(), `bpdiff-bench-rust-${process.pid}`);
const RUST_BUILT = path.join(RUST_FOLDER, 'inventory');

/** bench/locate.ts's walk: one `bpdiff locate` of the walker's program, its wall time, steps and answer. */
export type Walk = (walker: Walker, part: number, extra: string[], count?: number) => Promise<Walked>;

interface Program {
  name: string;
  /** The script and the interpreter that runs it. */
  command: string[];
  /** COUNT for the script (tomllib's documents parsed): on debugpy, fewer. */
  count: number;
}

const PYTHON = (script: string): string[] => ['python3', path.join(LIBRARY, script)];
const PYTHON_PROGRAMS = (debugpy: boolean): Program[] => [
  { name: 'tomllib', command: PYTHON('tomllib_walk.py'), count: debugpy ? 1 : 20 },
  { name: 'argparse', command: PYTHON('argparse_walk.py'), count: 1 },
  { name: 'configparser', command: PYTHON('configparser_walk.py'), count: 1 },
];

/**
 * Each adapter's walk: bpdiff's Python adapter to both runs' end; debugpy's and the Node adapter's
 * through their first steps only (each step's variables are DAP requests: the whole of argparse takes
 * debugpy many minutes, and semver's 13,731 steps took the Node adapter 4 minutes).
 */
const ADAPTERS = [
  {
    adapter: 'python (bpdiff)',
    options: [] as string[],
    target: TARGET as number | null,
    maxSteps: null as number | null,
    programs: PYTHON_PROGRAMS(false),
  },
  {
    adapter: 'python (debugpy)',
    options: ['--adapter', 'debugpy'],
    target: null,
    maxSteps: 500,
    programs: PYTHON_PROGRAMS(true),
  },
  {
    adapter: 'node (bpdiff)',
    options: [] as string[],
    target: null,
    maxSteps: 2000,
    // npm's semver, copied (third_party/semver/): classes with a large `this`, regexes built as the module loads.
    programs: [{ name: 'semver', command: ['node', path.join(LIBRARY, 'semver_walk.js')], count: 1 }],
  },
  {
    adapter: 'rust (lldb-dap)',
    options: [] as string[],
    target: RUST_TARGET,
    maxSteps: 1000,
    // COUNT: the shelves parsed (each shelf's lines, its items' fields, its HashMap entries).
    programs: [{ name: 'inventory.rs', command: [RUST_BUILT], count: 8 }],
  },
];

/** Why a walk of a program against itself is not a speed: exit 1 (a divergence: a false alarm), or not to the end. */
function falseAlarm(walked: Walked, toTheEnd: boolean): string | null {
  if (walked.exitCode === 1 || (walked.kind !== null && walked.kind !== 'agreed'))
    return `FALSE ALARM: two identical runs reported as parting ways (${walked.kind ?? 'exit 1'}) at ${walked.where}, step ${walked.steps}`;
  if (walked.exitCode !== 0) return `FAILED: exit ${walked.exitCode}`;
  if (toTheEnd && !walked.complete)
    return `NOT TO THE END: the walk stopped at step ${walked.steps} before both runs ended`;
  return null;
}

export async function libraryRows(walk: Walk, only: string | null, rounds: number): Promise<BenchRow[]> {
  try {
    return await rowsOf(walk, only, rounds);
  } finally {
    fs.rmSync(RUST_FOLDER, { recursive: true, force: true });
  }
}

async function rowsOf(walk: Walk, only: string | null, rounds: number): Promise<BenchRow[]> {
  const rows = saidRows();
  for (const { adapter, options, target, maxSteps, programs } of ADAPTERS) {
    if (only !== null && !`${adapter} library`.includes(only)) continue;
    if (adapter.startsWith('rust') && !fs.existsSync(RUST_BUILT)) {
      fs.mkdirSync(RUST_FOLDER, { recursive: true });
      await execa('rustc', [
        '-g',
        '-C',
        'opt-level=0',
        '-o',
        RUST_BUILT,
        path.join(ROOT, 'bench/programs/locate/rust/inventory.rs'),
      ]);
    }
    for (const program of programs) {
      const walker: Walker = {
        adapter,
        command: program.command,
        cwd: LIBRARY,
        part: -1,
        options,
      };
      const { count } = program;
      const name = `locate ${adapter}: every line of ${program.name} against itself (real library code), lines a second (pair)`;
      const rates: number[] = [];
      const seconds: number[] = [];
      const starts: number[] = [];
      let steps = 0;
      let alarm: string | null = null;
      for (let round = 0; round < rounds && alarm === null; round++) {
        // Alternated: the start-up alone, then the whole walk.
        const start = await walk(walker, -1, ['--every-line', '--max-steps', '1'], count);
        const whole = await walk(walker, -1, ['--every-line', '--max-steps', String(maxSteps ?? 1_000_000)], count);
        alarm = falseAlarm(whole, maxSteps === null);
        steps = whole.steps;
        seconds.push(whole.ms / 1000);
        starts.push(start.ms / 1000);
        rates.push((whole.steps - 1) / Math.max(0.001, (whole.ms - start.ms) / 1000));
      }
      if (alarm !== null) {
        rows.push({
          name,
          value: Number.NaN,
          unit: 'lines/s',
          target: target !== null ? `>= ${target}` : undefined,
          ok: false,
          note: alarm,
        });
        continue;
      }
      const rate = Math.round(median(rates));
      const whole = Math.round(median(seconds) * 10) / 10;
      rows.push({
        name,
        value: rate,
        unit: 'lines/s',
        ...(target !== null ? { target: `>= ${target.toLocaleString('en-US')}`, ok: rate >= target } : {}),
        note: `${steps.toLocaleString('en-US')} steps in ${whole} s, of which start-up ${Math.round(median(starts) * 10) / 10} s (${Math.round(steps / Math.max(0.001, median(seconds)))} lines/s with it); exit 0, no divergence${maxSteps === null ? " to both runs' end" : ` in the first ${maxSteps} steps`}; median of ${rates.length}`,
      });
    }
  }
  return rows;
}
