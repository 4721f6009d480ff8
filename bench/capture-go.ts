// Go (dlv): a pair of captures by bpdiff (both runs at once) against one capture by the minimal client
// on the same adapter. Both use prebuilt, unoptimised binaries in exec mode so that the Go build does
// not dominate; the build of `go run .` (warm cache) is reported on its own row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { captureRuns } from '../src/run/capture-runs.js';
import { freeLoopbackPort } from '../src/dap/adapter-process.js';
import { defaultCaptureOptions, type RunSpec } from '../src/core/types.js';
import { runSpec } from '../src/core/run-spec.js';
import { packageRoot } from '../src/package-root.js';
import { median, minimalCapture } from './minimal-client.js';
import { pairVersusSingleRows, round, type BenchRow } from './lib.js';

const RUNS = 7;
const LINE = 49; // examples/go/orders/*/pricing/pricing.go: return quote

export default async function run(): Promise<BenchRow[]> {
  const orders = path.join(packageRoot(), 'examples/go/orders');
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-go-'));
  const binary = (version: 'v1' | 'v2'): string => path.join(bin, `orders-${version}`);
  const options = defaultCaptureOptions();
  const spec = (side: 'a' | 'b', argv: string[]): RunSpec =>
    runSpec({
      side,
      argv,
      cwd: path.join(orders, side === 'a' ? 'v1' : 'v2'),
      breakpoint: { file: 'pricing/pricing.go', line: LINE },
    });
  const prebuilt: [RunSpec, RunSpec] = [spec('a', [binary('v1')]), spec('b', [binary('v2')])];
  try {
    for (const version of ['v1', 'v2'] as const) {
      await execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', binary(version), '.'], {
        cwd: path.join(orders, version),
      });
    }
    const single = async (version: 'v1' | 'v2' = 'v1'): Promise<number> => {
      const port = await freeLoopbackPort();
      const cwd = path.join(orders, version);
      const result = await minimalCapture({
        executable: 'dlv',
        args: ['dap', `--listen=127.0.0.1:${port}`],
        port,
        cwd,
        launch: { mode: 'exec', program: binary(version), args: [], cwd, showGlobalVariables: true },
        breakpoint: { path: path.join(cwd, 'pricing/pricing.go'), line: LINE },
        depth: options.limits.depth + 1,
      });
      return result.ms;
    };
    // One warm-up of each, so that both sides find dlv and the binaries in the page cache.
    await captureRuns(prebuilt, options);
    await single();
    const pairs: number[] = [];
    const singles: number[] = [];
    const minimalPairs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const [a, b] = await captureRuns(prebuilt, options);
      pairs.push(performance.now() - t0);
      if (a.run.status !== 'break' || b.run.status !== 'break')
        throw new Error('the Go bench captures did not stop at the breakpoint');
      singles.push(await single());
      const t1 = performance.now();
      await Promise.all([single('v1'), single('v2')]);
      minimalPairs.push(performance.now() - t1);
    }
    const builds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const [a] = await captureRuns([spec('a', ['go', 'run', '.']), spec('b', ['go', 'run', '.'])], options);
      if (a.timing.build_ms !== null) builds.push(a.timing.build_ms);
    }
    const pair = median(pairs);
    const one = median(singles);
    const minimalPair = median(minimalPairs);
    return [
      ...pairVersusSingleRows('go', pair, one, 'prebuilt binaries'),
      {
        name: 'go: pair of captures (minimal client, concurrent)',
        value: round(minimalPair),
        unit: 'ms',
        note: 'two dlv launches at once: one of them often stalls ~200 ms inside dlv, with any client',
      },
      {
        name: 'go: pair (bpdiff) / pair (minimal client)',
        value: round(pair / minimalPair, 2),
        unit: 'x',
        note: "bpdiff's own share",
      },
      {
        name: 'go: go run . build before the capture (warm cache, two at once)',
        value: round(median(builds)),
        unit: 'ms',
        note: 'timed apart from the run (timing.build_ms)',
      },
    ];
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
}
