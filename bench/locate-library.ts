// The rows of `npm run bench -- locate` on real library code (issue 32: every line on real Python library
// code, >= 2,000 lines a second for the pair on bpdiff's Python adapter): copies of Python 3.11's tomllib,
// argparse and configparser (bench/programs/locate/library) each walked every line against itself, on
// bpdiff's Python adapter and on debugpy. Two identical runs must agree to their end: a walk that finds a
// divergence there is a false alarm, and its row says so instead of a speed. Each row: the steps, the
// seconds of the whole walk and of its start-up alone (a walk of --max-steps 1, timed alike: two Pythons
// starting, twice, as the walk starts both runs again at its end), and the lines a second with the
// start-up taken out. BPDIFF_BENCH_LOCATE_ONLY=library runs these rows alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, type BenchRow } from './lib.js';
import type { Walked, Walker } from './locate-walker.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIBRARY = path.join(ROOT, 'bench/programs/locate/library');
const TARGET = 2000;

/** bench/locate.ts's walk: one `bpdiff locate` of the walker's program, its wall time, steps and answer. */
export type Walk = (walker: Walker, part: number, extra: string[], count?: number) => Promise<Walked>;

interface Program {
  name: string;
  script: string;
  /** COUNT for the script (tomllib's documents parsed): on debugpy, fewer. */
  count: { bpdiff: number; debugpy: number };
}

const PROGRAMS: Program[] = [
  { name: 'tomllib', script: 'tomllib_walk.py', count: { bpdiff: 20, debugpy: 1 } },
  { name: 'argparse', script: 'argparse_walk.py', count: { bpdiff: 1, debugpy: 1 } },
  { name: 'configparser', script: 'configparser_walk.py', count: { bpdiff: 1, debugpy: 1 } },
];

/**
 * Each adapter's walk: bpdiff's to both runs' end; debugpy's through its first steps only (it reads every
 * step's variables by DAP requests: the whole of argparse takes it many minutes).
 */
const ADAPTERS = [
  { adapter: 'python (bpdiff)', options: [] as string[], side: 'bpdiff' as const, maxSteps: null },
  { adapter: 'python (debugpy)', options: ['--adapter', 'debugpy'], side: 'debugpy' as const, maxSteps: 500 },
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
  const rows: BenchRow[] = [];
  for (const { adapter, options, side, maxSteps } of ADAPTERS) {
    if (only !== null && !`${adapter} library`.includes(only)) continue;
    for (const program of PROGRAMS) {
      const walker: Walker = {
        adapter,
        command: ['python3', path.join(LIBRARY, program.script)],
        cwd: LIBRARY,
        part: -1,
        options,
      };
      const count = program.count[side];
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
          target: side === 'bpdiff' ? `>= ${TARGET}` : undefined,
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
        ...(side === 'bpdiff' ? { target: `>= ${TARGET.toLocaleString('en-US')}`, ok: rate >= TARGET } : {}),
        note: `${steps.toLocaleString('en-US')} steps in ${whole} s, of which start-up ${Math.round(median(starts) * 10) / 10} s (${Math.round(steps / Math.max(0.001, median(seconds)))} lines/s with it); exit 0, no divergence${maxSteps === null ? " to both runs' end" : ` in the first ${maxSteps} steps`}; median of ${rates.length}`,
      });
    }
  }
  return rows;
}
