// The diff core on large inputs: time at 100,000 variables per side (target < 250 ms), and the heap
// the result takes at 25k/50k/100k/200k, measured in a fresh `node --expose-gc` per size, to show
// it grows linearly (bytes per variable stay flat).
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diffVariables } from '../src/core/diff-variables.js';
import { median, round, timeMsSync, type BenchRow } from './lib.js';

const TIME_SIZE = 100_000;
const MEMORY_SIZES = [25_000, 50_000, 100_000, 200_000];
const RUNS = 9;

/** Deterministic inputs: names inserted in a scrambled order, ~1/3 changed, ~5% only in each side. */
export function makeInputs(size: number): [Record<string, string>, Record<string, string>] {
  let seed = 42;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const a: Record<string, string> = {};
  const b: Record<string, string> = {};
  for (let k = 0; k < size; k++) {
    const i = (k * 7_919) % size;
    const name = `frame.locals.${i.toString(36)}_${i % 97}`;
    const value = `${(random() * 1e6).toFixed(3)}`;
    const roll = random();
    if (roll < 0.05) a[name] = value;
    else if (roll < 0.1) b[name] = value;
    else {
      a[name] = value;
      b[name] = roll < 0.4 ? `${value}1` : value;
    }
  }
  return [a, b];
}

export default async function run(): Promise<BenchRow[]> {
  const [a, b] = makeInputs(TIME_SIZE);
  diffVariables(a, b); // warm-up: let the JIT compile the walk
  const times: number[] = [];
  let changed = 0;
  for (let i = 0; i < RUNS; i++)
    times.push(timeMsSync(() => (changed = Object.keys(diffVariables(a, b).changed).length)));
  const ms = median(times);

  const rows: BenchRow[] = [
    {
      name: 'diff-core: 100k variables per side',
      value: round(ms, 1),
      unit: 'ms',
      target: '< 250',
      ok: ms < 250,
      note: `median of ${RUNS}; ${changed} changed`,
    },
  ];
  const perVariable: number[] = [];
  for (const size of MEMORY_SIZES) {
    const bytes = measureInChild(size);
    perVariable.push(bytes / size);
    rows.push({
      name: `diff-core: result heap at ${size / 1000}k`,
      value: round(bytes / 1e6, 1),
      unit: 'MB',
      note: `${round(bytes / size)} bytes per variable`,
    });
  }
  const spread = Math.max(...perVariable) / Math.min(...perVariable);
  rows.push({
    name: 'diff-core: bytes per variable, max / min over sizes',
    value: round(spread, 2),
    unit: 'x',
    target: '< 1.5 (linear)',
    ok: spread < 1.5,
  });
  return rows;
}

function measureInChild(size: number): number {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--memory', String(size)],
    { encoding: 'utf8' },
  );
  return Number(JSON.parse(output).bytes);
}

/** In the child: heapUsed after the diff minus before, both after a full GC, inputs kept alive. */
function measureMemory(size: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  const [a, b] = makeInputs(size);
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = diffVariables(a, b);
  gc();
  const after = process.memoryUsage().heapUsed;
  if (Object.keys(result.changed).length + result.unchanged.length === 0 || Object.keys(a).length === 0)
    throw new Error('empty diff');
  return after - before;
}

if (
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv[2] === '--memory'
) {
  process.stdout.write(`${JSON.stringify({ bytes: measureMemory(Number(process.argv[3])) })}\n`);
}
