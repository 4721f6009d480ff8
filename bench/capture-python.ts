// Python (debugpy): a pair of captures by bpdiff (both runs at once) against one capture by the
// minimal client on the same adapter, and the round trip of one request to debugpy with and without
// the TCP_NODELAY sitecustomize bpdiff installs.
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
  const pricing = path.join(packageRoot(), 'examples/python/pricing');
  const spec = (side: 'a' | 'b'): RunSpec =>
    runSpec({
      side,
      argv: ['/usr/bin/python3', 'pricing.py', '10'],
      cwd: path.join(pricing, side === 'a' ? 'v1' : 'v2'),
      breakpoint: { file: 'pricing.py', line: 34 },
    });
  // debugpy, as the minimal client it is measured against (bpdiff's own Python adapter: python-adapter.ts).
  const options = defaultCaptureOptions({ adapter: { id: 'debugpy' } });
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-'));
  fs.copyFileSync(
    path.join(packageRoot(), 'adapters/debugpy/sitecustomize.py'),
    path.join(siteDir, 'sitecustomize.py'),
  );
  const single = (nodelay: boolean, latencyProbes = 0): MinimalCaptureInput => ({
    executable: '/usr/bin/python3',
    args: ['/usr/lib/python3/dist-packages/debugpy/adapter'],
    env: nodelay ? { PYTHONPATH: siteDir } : {},
    cwd: path.join(pricing, 'v1'),
    launch: {
      program: path.join(pricing, 'v1/pricing.py'),
      args: ['10'],
      cwd: path.join(pricing, 'v1'),
      python: '/usr/bin/python3',
      console: 'internalConsole',
      justMyCode: false,
      // The same presentation bpdiff asks for, so both read the same variables.
      variablePresentation: { special: 'hide', function: 'hide', class: 'hide', protected: 'inline' },
      ...(nodelay ? { env: { PYTHONPATH: siteDir } } : {}),
    },
    breakpoint: { path: path.join(pricing, 'v1/pricing.py'), line: 34 },
    depth: options.limits.depth + 1,
    latencyProbes,
  });
  try {
    // One warm-up of each, so that both sides find the interpreter's files in the page cache.
    await captureRuns([spec('a'), spec('b')], options);
    await minimalCapture(single(true));
    const pairs: number[] = [];
    const singles: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await captureRuns([spec('a'), spec('b')], options);
      pairs.push(performance.now() - t0);
      singles.push((await minimalCapture(single(true))).ms);
    }
    const withFix = await minimalCapture(single(true, 30));
    const withoutFix = await minimalCapture(single(false, 30));
    const pair = median(pairs);
    const one = median(singles);
    return [
      ...pairVersusSingleRows('python', pair, one),
      {
        name: 'python: request round trip (TCP_NODELAY sitecustomize)',
        value: round(withFix.requestMs!, 1),
        unit: 'ms',
      },
      {
        name: 'python: request round trip (plain debugpy)',
        value: round(withoutFix.requestMs!, 1),
        unit: 'ms',
        note: 'what any client pays without the fix',
      },
    ];
  } finally {
    fs.rmSync(siteDir, { recursive: true, force: true });
  }
}
