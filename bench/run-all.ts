// `npm run bench [-- NAME...]`: runs the bench modules (all, those named, or those whose name contains a NAME),
// prints a table, then a JSON summary. Exit 1 when a row misses its target.
// To add a module: one line in MODULES. Each default-exports `async function run(): Promise<BenchRow[]>`.
import { registerBuiltinHooks } from '../src/adapters/load-hooks.js';
import { BUILTIN_HOOKS } from '../adapters/builtin-hooks.js';
import type { BenchModule, BenchRow } from './lib.js';

// Some modules run bpdiff's own modules in this process (captureRuns): the built-in adapters' hooks
// are registered as the package's entry (entry/package.ts) does.
registerBuiltinHooks(BUILTIN_HOOKS);

const MODULES: Array<[name: string, load: () => Promise<BenchModule>]> = [
  ['diff-core', () => import('./diff-core.js')],
  ['start-up', () => import('./start-up.js')],
  ['capture-python', () => import('./capture-python.js')],
  ['capture-lldb', () => import('./capture-lldb.js')],
  ['capture-go', () => import('./capture-go.js')],
  ['capture-node', () => import('./capture-node.js')],
  ['java-pair', () => import('./java-pair.js')],
  ['walk-hits', () => import('./walk-hits.js')],
  ['hit', () => import('./hit.js')],
  ['walk-memory', () => import('./walk-memory.js')],
  ['locate', () => import('./locate.js')],
  ['locate-memory', () => import('./locate-memory.js')],
  ['locate-floor', () => import('./locate-floor.js')],
  ['new-adapters', () => import('./new-adapters.js')],
  ['python-adapter', () => import('./python-adapter.js')],
  ['python-launcherless', () => import('./python-launcherless.js')],
  // 20 s of output here; `npm run bench:flood` floods for 60 s.
  ['flood', () => import('./flood.js')],
];

interface ModuleResult {
  module: string;
  rows: BenchRow[];
  error?: string;
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2).filter((arg) => arg !== '--');
  // A NAME that is a module's whole name is that module alone (`hit`, not `walk-hits` too).
  const exact = MODULES.filter(([name]) => filters.includes(name));
  const selected =
    exact.length > 0
      ? exact
      : MODULES.filter(([name]) => filters.length === 0 || filters.some((filter) => name.includes(filter)));
  if (selected.length === 0) {
    process.stderr.write(
      `bench: no module matches ${filters.join(', ')} (modules: ${MODULES.map(([name]) => name).join(', ')})\n`,
    );
    return 2;
  }
  const results: ModuleResult[] = [];
  for (const [name, load] of selected) {
    process.stderr.write(`bench: ${name}...\n`);
    try {
      const rows = await (await load()).default();
      results.push({ module: name, rows });
    } catch (error) {
      results.push({
        module: name,
        rows: [],
        error: error instanceof Error ? error.message.split('\n')[0]! : String(error),
      });
    }
  }
  process.stdout.write(`${renderTable(results)}\n`);
  const summary = {
    date: new Date().toISOString(),
    node: process.version,
    results,
    ok: results.every((r) => r.error === undefined && r.rows.every((row) => row.ok !== false)),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  return summary.ok ? 0 : 1;
}

function renderTable(results: readonly ModuleResult[]): string {
  const header = ['name', 'value', 'unit', 'target', 'ok', 'note'];
  const rows: string[][] = [];
  for (const result of results) {
    if (result.error !== undefined) rows.push([`${result.module}: FAILED`, '', '', '', 'no', result.error]);
    for (const row of result.rows) {
      rows.push([
        row.name,
        String(row.value),
        row.unit,
        row.target ?? '',
        row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
        row.note ?? '',
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

process.exitCode = await main();
