// First-divergence walks (issue: "where the runs part ways"): per adapter, a loop of 1,000 hits with
// three locals (i, step, acc) and the divergence at hit 900 (test/integration/fixtures-hits), walked
// by both runs in lockstep, reading every local at each hit, then with --watch step --watch-only.
// Hits per second for the pair: 900 hits over the walk's time (the time to the first stop, measured
// on its own with --max-hits 1, is taken off). Targets: Python 2,000 hits/s with bpdiff's own adapter,
// which streams the hits (src/walk/hits-streamed.ts: its scan, second start and replay are in the walk's
// time; issue 27; debugpy, its "before", 100), Go, C and Node 200.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { captureRuns } from '../src/run/capture-runs.js';
import { captureOptions } from '../src/options/read-options.js';
import { runSpec } from '../src/core/run-spec.js';
import type { RunSpec } from '../src/core/types.js';
import { packageRoot } from '../src/package-root.js';
import { median, round, timeMs, type BenchRow } from './lib.js';

const RUNS = 3;
const DIVERGES_AT = 900;

interface Walked {
  name: string;
  target: number;
  /** `--adapter`, where the language has more than one. */
  adapter?: string;
  cwd: string;
  bp: { file: string; line: number };
  command: (bump: number) => string[];
}

export default async function run(): Promise<BenchRow[]> {
  const fixtures = path.join(packageRoot(), 'test/integration/fixtures-hits');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-hits-'));
  try {
    await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'loop'), path.join(fixtures, 'loop.c')]);
    await execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', path.join(scratch, 'loop-go'), '.'], {
      cwd: path.join(fixtures, 'go'),
    });
    const walks: Walked[] = [
      {
        name: 'python',
        target: 2000,
        adapter: 'python',
        cwd: fixtures,
        bp: { file: 'loop.py', line: 8 },
        command: (bump) => ['python3', 'loop.py', '1000', String(bump)],
      },
      {
        name: 'python (debugpy)',
        target: 100,
        adapter: 'debugpy',
        cwd: fixtures,
        bp: { file: 'loop.py', line: 8 },
        command: (bump) => ['python3', 'loop.py', '1000', String(bump)],
      },
      {
        name: 'node',
        target: 200,
        cwd: fixtures,
        bp: { file: 'loop.js', line: 8 },
        command: (bump) => ['node', 'loop.js', '1000', String(bump)],
      },
      {
        name: 'go',
        target: 200,
        cwd: path.join(fixtures, 'go'),
        bp: { file: 'main.go', line: 21 },
        command: (bump) => [path.join(scratch, 'loop-go'), '1000', String(bump)],
      },
      {
        name: 'c',
        target: 200,
        cwd: scratch,
        bp: { file: path.join(fixtures, 'loop.c'), line: 11 },
        command: (bump) => ['./loop', '1000', String(bump)],
      },
    ];
    const rows: BenchRow[] = [];
    for (const walk of walks) {
      const specs = (): [RunSpec, RunSpec] => [
        runSpec({ side: 'a', argv: walk.command(DIVERGES_AT - 1), cwd: walk.cwd, breakpoint: walk.bp }),
        runSpec({ side: 'b', argv: walk.command(99_999), cwd: walk.cwd, breakpoint: walk.bp }),
      ];
      for (const watchOnly of [false, true]) {
        const extra = {
          ...(watchOnly ? { watch: ['step'], watch_only: true } : { ignore: ['bump', '*argv', 'sys'] }),
          ...(walk.adapter ? { adapter: walk.adapter } : {}),
        };
        const walkOptions = captureOptions({ first_divergence: true, ...extra });
        const firstOptions = captureOptions({ first_divergence: true, max_hits: 1, ...extra });
        await captureRuns(specs(), firstOptions); // warm-up
        const walkMs: number[] = [];
        const firstMs: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          firstMs.push(await timeMs(() => captureRuns(specs(), firstOptions)));
          walkMs.push(
            await timeMs(async () => {
              const [a] = await captureRuns(specs(), walkOptions);
              if (a.hits?.captured !== DIVERGES_AT)
                throw new Error(
                  `${walk.name}: the walk stopped at hit ${a.hits?.captured ?? 'none'}, not ${DIVERGES_AT}`,
                );
            }),
          );
        }
        const perSecond = (DIVERGES_AT - 1) / ((median(walkMs) - median(firstMs)) / 1000);
        rows.push({
          name: `${walk.name} walk${watchOnly ? ' --watch-only' : ''} (pair, hits/s)`,
          value: round(perSecond),
          unit: 'hits/s',
          target: `>= ${walk.target}`,
          ok: perSecond >= walk.target,
          note: `walk ${round(median(walkMs))} ms, to the first hit ${round(median(firstMs))} ms`,
        });
      }
    }
    return rows;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
