// Shared by the bench modules: the row every module returns, and small timing helpers. Nothing heavy
// is imported here: the minimal client process (minimal-client-main.ts) loads this module too.
import { spawn } from 'node:child_process';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** The goal, as text (`< 250`, `<= 1.15`). */
  target?: string;
  /** Whether the value meets the target. */
  ok?: boolean;
  note?: string;
}

/**
 * A module's rows, each said on stderr as it is pushed: a long module (the locate walks, half an hour
 * for every adapter) shows its figures as they come, and a run cut short keeps those it made.
 */
export function saidRows(): BenchRow[] {
  const rows: BenchRow[] = [];
  const push = rows.push.bind(rows);
  rows.push = (...added: BenchRow[]): number => {
    // A row handed on from one list to another (a module's part to its whole) is said once.
    for (const row of added) if (!said.has(row)) process.stderr.write(`bench: ${describeRow(row)}\n`);
    for (const row of added) said.add(row);
    return push(...added);
  };
  return rows;
}
const said = new WeakSet<BenchRow>();

/** One row as a line: `name: value unit (target, ok) note`. */
export function describeRow(row: BenchRow): string {
  const target = row.target === undefined ? '' : ` (target ${row.target}: ${row.ok === false ? 'MISSED' : 'met'})`;
  return `${row.name}: ${row.value} ${row.unit}${target}${row.note ? ` — ${row.note}` : ''}`;
}

/** A bench module: `export default async function run(): Promise<BenchRow[]>`. */
export type BenchModule = { default: () => Promise<BenchRow[]> };

/** Wall time of `fn` in milliseconds (process.hrtime.bigint: monotonic, ns resolution). */
export async function timeMs(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Synchronous variant, for code whose timing a microtask would blur. */
export function timeMsSync(fn: () => unknown): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of `fn` over `runs` runs, after `warmup` untimed ones. */
export async function medianMs(fn: () => unknown, runs: number, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeMs(fn));
  return median(times);
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to the end of its output, in ms. */
  ms: number;
}

/** Runs a command to completion (stdin ignored), with its output and its wall time. */
export function runProcess(
  file: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<ProcessResult> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - start }));
  });
}

/** Wall time of one command run to completion; rejects when it fails (unless `allowFailure`). */
export async function runCommand(
  file: string,
  args: readonly string[],
  options: { cwd?: string; allowFailure?: boolean } = {},
): Promise<number> {
  const { code, stderr, ms } = await runProcess(file, args, { cwd: options.cwd });
  if (code !== 0 && options.allowFailure !== true) {
    throw new Error(`${file} ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 500)}`);
  }
  return ms;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The rows every adapter bench reports: a pair of captures by bpdiff (both runs at once), one capture
 * by the minimal client on the same adapter, and their ratio against the 1.15x target.
 */
export function pairVersusSingleRows(adapter: string, pairMs: number, singleMs: number, pairNote = ''): BenchRow[] {
  return [
    {
      name: `${adapter}: pair of captures (bpdiff, concurrent${pairNote ? `, ${pairNote}` : ''})`,
      value: round(pairMs),
      unit: 'ms',
    },
    { name: `${adapter}: single capture (minimal client)`, value: round(singleMs), unit: 'ms' },
    {
      name: `${adapter}: pair / single`,
      value: round(pairMs / singleMs, 2),
      unit: 'x',
      target: '<= 1.15',
      ok: pairMs / singleMs <= 1.15,
    },
  ];
}
