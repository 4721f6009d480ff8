// JavaScript (bpdiff's own Node adapter): a pair of captures by bpdiff (both runs at once) against one
// capture by the minimal client on the same adapter, and the adapter's round trip per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { captureRuns } from '../src/run/capture-runs.js';
import { defaultCaptureOptions, type RunSpec } from '../src/core/types.js';
import { runSpec } from '../src/core/run-spec.js';
import { packageRoot } from '../src/package-root.js';
import { minimalCapture, type MinimalCaptureInput } from './minimal-client.js';
import { median, pairVersusSingleRows, round, type BenchRow } from './lib.js';

const RUNS = 5;

export default async function run(): Promise<BenchRow[]> {
  const cart = path.join(packageRoot(), 'examples/node/cart-cjs');
  const spec = (side: 'a' | 'b'): RunSpec =>
    runSpec({
      side,
      argv: ['node', 'checkout.js'],
      cwd: path.join(cart, side === 'a' ? 'v1' : 'v2'),
      breakpoint: { file: 'cart.js', line: 31 },
    });
  const options = defaultCaptureOptions();
  // The minimal client kills the adapter outright too: it gets a folder for its FIFO that we remove.
  const adapterTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-node-'));
  const single = (latencyProbes = 0): MinimalCaptureInput => ({
    executable: process.execPath,
    args: [path.join(packageRoot(), 'dist/adapters/node/main.mjs')],
    env: { BPDIFF_NODE_ADAPTER_TMPDIR: adapterTmp },
    cwd: path.join(cart, 'v1'),
    launch: { command: ['node', 'checkout.js'], cwd: path.join(cart, 'v1') },
    breakpoint: { path: path.join(cart, 'v1/cart.js'), line: 31 },
    depth: options.limits.depth + 1,
    latencyProbes,
  });
  try {
    await captureRuns([spec('a'), spec('b')], options);
    await minimalCapture(single());
    const pairs: number[] = [];
    const singles: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await captureRuns([spec('a'), spec('b')], options);
      pairs.push(performance.now() - t0);
      singles.push((await minimalCapture(single())).ms);
    }
    const latency = await minimalCapture(single(50));
    const pair = median(pairs);
    const one = median(singles);
    return [
      ...pairVersusSingleRows('node', pair, one),
      { name: 'node: request round trip (threads, median of 50)', value: round(latency.requestMs!, 2), unit: 'ms' },
    ];
  } finally {
    fs.rmSync(adapterTmp, { recursive: true, force: true });
  }
}
