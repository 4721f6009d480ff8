// C (lldb-dap): a pair of captures by bpdiff (both runs at once, on the inventory example) against
// one capture of the same program by the minimal client on the same adapter.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFirstExecutable } from '../src/adapters/find-executable.js';
import { captureRuns } from '../src/run/capture-runs.js';
import { defaultCaptureOptions, type RunSpec } from '../src/core/types.js';
import { runSpec } from '../src/core/run-spec.js';
import { packageRoot } from '../src/package-root.js';
import { minimalCapture, type MinimalCaptureInput } from './minimal-client.js';
import { median, pairVersusSingleRows, round, type BenchRow } from './lib.js';

const RUNS = 5;
const LINE = 52;
const ORDERS = ['tea:4', 'mug-l:3', 'mug-s:2'];

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const example = path.join(root, 'examples/c');
  const definition = JSON.parse(fs.readFileSync(path.join(root, 'adapters/lldb/adapter.json'), 'utf8')) as {
    adapter: { executables: string[] };
    launch: { initCommands?: string[] };
  };
  const adapter = findFirstExecutable(definition.adapter.executables, root);
  if (!adapter) throw new Error('lldb-dap is not installed (apt-get install -y lldb-19)');
  execFileSync('make', ['-s', '-C', example], { stdio: 'ignore' });

  const spec = (side: 'a' | 'b'): RunSpec =>
    runSpec({
      side,
      argv: [`../build/${side === 'a' ? 'v1' : 'v2'}/inventory`, ...ORDERS],
      cwd: path.join(example, side === 'a' ? 'v1' : 'v2'),
      breakpoint: { file: 'inventory.c', line: LINE },
    });
  const options = defaultCaptureOptions();
  // The minimal client sends the launch bpdiff sends (adapters/lldb/adapter.json's initCommands included),
  // so the ratio measures what running two captures side by side costs; the plain launch shows
  // what those settings save.
  const single = (initCommands: string[]): MinimalCaptureInput => ({
    executable: adapter,
    args: [],
    cwd: path.join(example, 'v1'),
    launch: {
      program: path.join(example, 'build/v1/inventory'),
      args: ORDERS,
      cwd: path.join(example, 'v1'),
      env: [],
      stopOnEntry: false,
      initCommands,
    },
    breakpoint: { path: path.join(example, 'v1/inventory.c'), line: LINE },
    depth: options.limits.depth,
  });
  const tuned = single(definition.launch.initCommands ?? []);
  const plain = single([]);

  // One warm-up of each, so that both sides find lldb's libraries in the page cache.
  await captureRuns([spec('a'), spec('b')], options);
  await minimalCapture(tuned);
  const pairs: number[] = [];
  const singles: number[] = [];
  const plains: number[] = [];
  const minimalPairs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const [a] = await captureRuns([spec('a'), spec('b')], options);
    pairs.push(performance.now() - t0);
    if (a.run.status !== 'break')
      throw new Error(`bpdiff did not stop at inventory.c:${LINE}: ${JSON.stringify(a.no_break_reason)}`);
    singles.push((await minimalCapture(tuned)).ms);
    plains.push((await minimalCapture(plain)).ms);
    const t1 = performance.now();
    await Promise.all([minimalCapture(tuned), minimalCapture(tuned)]);
    minimalPairs.push(performance.now() - t1);
  }
  const pair = median(pairs);
  const one = median(singles);
  return [
    ...pairVersusSingleRows('lldb', pair, one),
    {
      name: 'lldb: pair of captures (minimal client, concurrent) / single',
      value: round(median(minimalPairs) / one, 2),
      unit: 'x',
      note: 'what two lldb sessions side by side cost on this machine, with no bpdiff at all',
    },
    {
      name: 'lldb: single capture (minimal client, plain launch)',
      value: round(median(plains)),
      unit: 'ms',
      note: 'without the symbol settings: libc6-dbg is read on every start',
    },
  ];
}
