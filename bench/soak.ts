// `npm run soak [-- --pairs N --concurrency N --adapters python,go,lldb,node]`: many identical pairs
// per built-in adapter through the built CLI, several at once, and what went wrong. Not part of
// `npm test` (50 pairs x 4 adapters take minutes). Per adapter it reports:
// - wrong answers: a pair that did not exit 0 with both runs stopped and nothing changed or only in one run;
// - stalls: the slowest and the median wall time of a pair (and how many took over 3x the median);
// - leftover processes: any live process carrying the pair's own environment marker once bpdiff exited
//   (the approach of test/integration/helpers.ts);
// - leftover files: anything left in the pair's own TMPDIR (bpdiff's `bpdiff-*` folders, `go build`'s
//   `go-build*`...), and new `bpdiff-*` / `go-build*` entries in the real temp folder over the soak;
// - peak RSS of each pair's bpdiff process (VmHWM from /proc).
// Exit 1 when any pair answered wrong or left something behind.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { findMarked, killTree, type RunMarker } from '../src/process/process-tree.js';
import { exited, sampleMemory } from './flood.js';
import { median, round } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');
const EXAMPLES = path.join(ROOT, 'examples');
/** A pair that runs longer than this is killed and counted as wrong: the soak itself must end. */
const PAIR_LIMIT_MS = 10 * 60 * 1000;
const MARK_NAME = 'BPDIFF_SOAK_MARK';

interface Pair {
  /** The bpdiff arguments: one program against itself, so every variable must be unchanged. */
  args: string[];
  /** Prepares the example once before the soak (a build). */
  prepare?: () => Promise<void>;
}

const PAIRS: Record<string, Pair> = {
  python: {
    args: [
      '--bp',
      'pricing.py:34',
      '--cwd',
      path.join(EXAMPLES, 'python/pricing/v1'),
      '--',
      'python3',
      'pricing.py',
      '10',
      '--',
      'python3',
      'pricing.py',
      '10',
    ],
  },
  go: {
    args: [
      '--bp',
      'pricing/pricing.go:49',
      '--cwd',
      path.join(EXAMPLES, 'go/orders/v1'),
      '--',
      'go',
      'run',
      '.',
      '--',
      'go',
      'run',
      '.',
    ],
  },
  lldb: {
    args: [
      '--bp',
      'inventory.c:52',
      '--cwd',
      path.join(EXAMPLES, 'c/v1'),
      '--',
      '../build/v1/inventory',
      'tea:4',
      'mug-l:3',
      'mug-s:2',
      '--',
      '../build/v1/inventory',
      'tea:4',
      'mug-l:3',
      'mug-s:2',
    ],
    prepare: async () => {
      await execa('make', ['-s', '-C', path.join(EXAMPLES, 'c')], { stdin: 'ignore' });
    },
  },
  node: {
    args: [
      '--bp',
      'cart.js:31',
      '--cwd',
      path.join(EXAMPLES, 'node/cart-cjs/v1'),
      '--',
      'node',
      'checkout.js',
      '--',
      'node',
      'checkout.js',
    ],
  },
};

interface PairResult {
  index: number;
  exitCode: number | null;
  wallMs: number;
  peakRssMb: number;
  /** Why the answer is wrong, or null when it is right. */
  wrong: string | null;
  leftoverProcesses: string[];
  leftoverFiles: string[];
}

interface AdapterReport {
  adapter: string;
  pairs: number;
  wrong: number;
  slowestMs: number;
  medianMs: number;
  stalls: number;
  pairsWithLeftoverProcesses: number;
  leftoverProcesses: number;
  leftoverFiles: number;
  peakRssMb: number;
  medianPeakRssMb: number;
  /** The first few problems, as text. */
  problems: string[];
}

interface SoakOptions {
  pairs: number;
  concurrency: number;
  adapters: string[];
}

function parseArgs(argv: string[]): SoakOptions {
  const options: SoakOptions = { pairs: 50, concurrency: 10, adapters: Object.keys(PAIRS) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`soak: ${arg} needs a value`);
      return next;
    };
    if (arg === '--pairs') options.pairs = Number(value());
    else if (arg === '--concurrency') options.concurrency = Number(value());
    else if (arg === '--adapters')
      options.adapters = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    else if (arg !== '--')
      throw new Error(
        `soak: unknown argument ${arg} (use --pairs N, --concurrency N, --adapters ${Object.keys(PAIRS).join(',')})`,
      );
  }
  for (const [name, n] of [
    ['--pairs', options.pairs],
    ['--concurrency', options.concurrency],
  ] as const) {
    if (!Number.isInteger(n) || n < 1) throw new Error(`soak: ${name} takes a positive whole number`);
  }
  const unknown = options.adapters.filter((name) => !(name in PAIRS));
  if (unknown.length > 0)
    throw new Error(`soak: no built-in adapter ${unknown.join(', ')} (known: ${Object.keys(PAIRS).join(', ')})`);
  return options;
}

async function runPair(pair: Pair, index: number, tmpRoot: string): Promise<PairResult> {
  const marker: RunMarker = { name: MARK_NAME, value: randomUUID() };
  // A TMPDIR of its own: whatever the pair leaves there is its own leak, whatever else runs on the machine.
  const tmpdir = fs.mkdtempSync(path.join(tmpRoot, `pair-${index}-`));
  const start = performance.now();
  const child = spawn(process.execPath, [BIN, '--quiet', ...pair.args], {
    // bpdiff's cache in the soak's folder, not the user's: the programs are built in temp folders.
    env: { ...process.env, TMPDIR: tmpdir, XDG_CACHE_HOME: path.join(tmpRoot, 'cache'), [marker.name]: marker.value },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const memory = sampleMemory(child.pid!);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
  const watchdog = setTimeout(() => child.kill('SIGKILL'), PAIR_LIMIT_MS);
  const exitCode = await exited(child);
  clearTimeout(watchdog);
  const peakRssMb = memory.stop().peakMb;
  const wallMs = performance.now() - start;

  const leftoverProcesses = await leftovers(marker);
  // Leave nothing behind ourselves, whatever bpdiff did.
  if (leftoverProcesses.length > 0) killTree([], [], marker);
  const leftoverFiles = fs.readdirSync(tmpdir);
  fs.rmSync(tmpdir, { recursive: true, force: true });
  return {
    index,
    exitCode,
    wallMs,
    peakRssMb,
    wrong: judge(exitCode, stdout, stderr),
    leftoverProcesses,
    leftoverFiles,
  };
}

/** Live processes carrying the pair's marker; a process being killed may linger a moment, so look twice. */
async function leftovers(marker: RunMarker): Promise<string[]> {
  let found: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    found = findMarked(marker).map((info) => {
      let cmdline = '';
      try {
        cmdline = fs.readFileSync(`/proc/${info.pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        cmdline = '?';
      }
      return `${info.pid} ${cmdline}`;
    });
    if (found.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return found;
}

/** The answer of one program against itself: exit 0, both stopped, nothing changed, nothing on one side only. */
function judge(exitCode: number | null, stdout: string, stderr: string): string | null {
  const lastWords = stderr.trim().split('\n').slice(-2).join(' | ');
  let doc: {
    run_a: { status: string };
    run_b: { status: string };
    diff: { changed: Record<string, unknown>; only_in_a: string[]; only_in_b: string[]; unchanged: string[] };
  };
  try {
    doc = JSON.parse(stdout) as typeof doc;
  } catch {
    return `exit ${exitCode}, no result document: ${lastWords}`;
  }
  const changed = Object.keys(doc.diff.changed);
  if (doc.run_a.status !== 'break' || doc.run_b.status !== 'break')
    return `exit ${exitCode}, A ${doc.run_a.status}, B ${doc.run_b.status}: ${lastWords}`;
  if (changed.length > 0) return `exit ${exitCode}, changed: ${changed.slice(0, 5).join(', ')}`;
  if (doc.diff.only_in_a.length > 0 || doc.diff.only_in_b.length > 0)
    return `exit ${exitCode}, only in A: ${doc.diff.only_in_a.slice(0, 5).join(', ')}; only in B: ${doc.diff.only_in_b.slice(0, 5).join(', ')}`;
  if (doc.diff.unchanged.length === 0) return `exit ${exitCode}, no variables read`;
  if (exitCode !== 0) return `exit ${exitCode}: ${lastWords}`;
  return null;
}

async function soakAdapter(name: string, options: SoakOptions, tmpRoot: string): Promise<AdapterReport> {
  const pair = PAIRS[name]!;
  await pair.prepare?.();
  const results: PairResult[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.pairs) {
      const index = next++;
      const result = await runPair(pair, index, tmpRoot);
      results.push(result);
      const bad = result.wrong !== null || result.leftoverProcesses.length > 0 || result.leftoverFiles.length > 0;
      process.stderr.write(bad ? 'x' : '.');
    }
  };
  process.stderr.write(`soak: ${name}, ${options.pairs} pairs, ${options.concurrency} at a time `);
  await Promise.all(Array.from({ length: Math.min(options.concurrency, options.pairs) }, worker));
  process.stderr.write('\n');

  const walls = results.map((r) => r.wallMs);
  const medianMs = median(walls);
  const problems: string[] = [];
  for (const r of results.sort((a, b) => a.index - b.index)) {
    if (r.wrong) problems.push(`pair ${r.index}: wrong answer: ${r.wrong}`);
    if (r.leftoverProcesses.length > 0)
      problems.push(`pair ${r.index}: processes left: ${r.leftoverProcesses.join('; ')}`);
    if (r.leftoverFiles.length > 0)
      problems.push(`pair ${r.index}: files left in its TMPDIR: ${r.leftoverFiles.join(', ')}`);
  }
  return {
    adapter: name,
    pairs: results.length,
    wrong: results.filter((r) => r.wrong !== null).length,
    slowestMs: round(Math.max(...walls)),
    medianMs: round(medianMs),
    stalls: results.filter((r) => r.wallMs > 3 * medianMs).length,
    pairsWithLeftoverProcesses: results.filter((r) => r.leftoverProcesses.length > 0).length,
    leftoverProcesses: results.reduce((sum, r) => sum + r.leftoverProcesses.length, 0),
    leftoverFiles: results.reduce((sum, r) => sum + r.leftoverFiles.length, 0),
    peakRssMb: round(Math.max(...results.map((r) => r.peakRssMb)), 1),
    medianPeakRssMb: round(median(results.map((r) => r.peakRssMb)), 1),
    problems: problems.slice(0, 10),
  };
}

/** bpdiff's and go build's folders in the real temp folder (another program's runs may add some too). */
function tempEntries(): Set<string> {
  const dir = os.tmpdir();
  return new Set(
    fs.readdirSync(dir).filter((name) => /^(bpdiff-|go-build)/.test(name) && !name.startsWith('bpdiff-soak-')),
  );
}

function renderTable(reports: readonly AdapterReport[]): string {
  const header = [
    'adapter',
    'pairs',
    'wrong',
    'median ms',
    'slowest ms',
    'stalls (>3x median)',
    'leftover procs',
    'leftover files',
    'peak RSS MB',
    'median peak MB',
  ];
  const rows = reports.map((r) => [
    r.adapter,
    String(r.pairs),
    String(r.wrong),
    String(r.medianMs),
    String(r.slowestMs),
    String(r.stalls),
    `${r.leftoverProcesses} (${r.pairsWithLeftoverProcesses} pairs)`,
    String(r.leftoverFiles),
    String(r.peakRssMb),
    String(r.medianPeakRssMb),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(BIN))
    throw new Error(`soak: ${path.relative(process.cwd(), BIN)} is missing — run npm run build first`);
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-soak-'));
  const before = tempEntries();
  const started = Date.now();
  const reports: AdapterReport[] = [];
  try {
    for (const adapter of options.adapters) reports.push(await soakAdapter(adapter, options, tmpRoot));
  } finally {
    fs.rmSync(tmpRoot, { recursive: true, force: true });
  }
  const newInTmp = [...tempEntries()].filter((name) => !before.has(name));
  process.stdout.write(`${renderTable(reports)}\n`);
  for (const report of reports)
    for (const problem of report.problems) process.stdout.write(`${report.adapter}: ${problem}\n`);
  if (newInTmp.length > 0) {
    process.stdout.write(
      `new in ${os.tmpdir()} during the soak (pairs had a TMPDIR of their own, so these may be another program's): ${newInTmp.join(', ')}\n`,
    );
  }
  const ok = reports.every((r) => r.wrong === 0 && r.leftoverProcesses === 0 && r.leftoverFiles === 0);
  const summary = {
    date: new Date().toISOString(),
    node: process.version,
    minutes: round((Date.now() - started) / 60000, 1),
    options,
    reports,
    newInTmp,
    ok,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
