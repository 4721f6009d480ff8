// The adapters of issue 25, each on its example run against itself N times (BPDIFF_BENCH_PAIRS, 20 by
// default), the two runs of a pair side by side as bpdiff runs them, through the built CLI as a user
// runs it: how many pairs failed (any exit but 0: an adapter that crashed as bpdiff connected, a run
// that did not stop), how many reported a change (a false alarm), and the median seconds of a pair.
// rdbg 1.4.0 crashed as its client connected in 3 of 10 such pairs before bpdiff waited for it to be
// set up (adapters/ruby/bpdiff_rdbg.rb): the Ruby row must show 0 failures. Needs `make` in
// examples/fortran, examples/cpp (done here) and the adapters (scripts/setup.sh).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { packageRoot } from '../src/package-root.js';
import { median, round, runProcess, type BenchRow } from './lib.js';

interface PairCase {
  name: string;
  cwd: string;
  args: string[];
  prepare?: () => Promise<void>;
}

function cases(root: string, scratch: string): PairCase[] {
  const examples = path.join(root, 'examples');
  return [
    {
      name: 'ruby (rdbg): ruby -Ilib shipping.rb 8',
      cwd: path.join(examples, 'ruby/shipping/v1'),
      args: [
        '--bp',
        'lib/rates.rb:24',
        '--',
        'ruby',
        '-Ilib',
        'shipping.rb',
        '8',
        '--',
        'ruby',
        '-Ilib',
        'shipping.rb',
        '8',
      ],
    },
    {
      name: 'fortran (gdb): stations "week 12" 12',
      cwd: path.join(examples, 'fortran/v1'),
      args: [
        '--bp',
        'stations.f90:29',
        '--',
        '../build/v1/stations',
        'week 12',
        '12',
        '--',
        '../build/v1/stations',
        'week 12',
        '12',
      ],
      prepare: async () => void (await execa('make', ['-s', '-C', path.join(examples, 'fortran')])),
    },
    {
      name: 'c++ (--adapter gdb): labels fr',
      cwd: path.join(examples, 'cpp/v1'),
      args: [
        '--adapter',
        'gdb',
        '--bp',
        'labels.cpp:20',
        '--',
        '../build/v1/labels',
        'fr',
        '--',
        '../build/v1/labels',
        'fr',
      ],
      prepare: async () => void (await execa('make', ['-s', '-C', path.join(examples, 'cpp')])),
    },
    {
      name: 'perl (examples/adapters/perl.json): perl tally.pl',
      cwd: path.join(examples, 'adapters/perl/v1'),
      args: [
        '--adapter-config',
        path.join(examples, 'adapters/perl.json'),
        '--bp',
        'tally.pl:15',
        '--',
        'perl',
        'tally.pl',
        'tea:2',
        'mug:3',
        '--',
        'perl',
        'tally.pl',
        'tea:2',
        'mug:3',
      ],
    },
    {
      name: 'd (lldb, by its ending): stock a b',
      cwd: scratch,
      args: ['--bp', 'stock.d:9', '--', './stock', 'a', 'b', '--', './stock', 'a', 'b'],
      prepare: async () => {
        fs.copyFileSync(path.join(root, 'test/integration/fixtures-languages/stock.d'), path.join(scratch, 'stock.d'));
        await execa('gdc', ['-g', '-O0', '-o', 'stock', 'stock.d'], { cwd: scratch });
      },
    },
  ];
}

export default async function run(): Promise<BenchRow[]> {
  const root = packageRoot();
  const bin = path.join(root, 'dist/bin/bpdiff.cjs');
  const pairs = Number(process.env.BPDIFF_BENCH_PAIRS ?? '20');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bench-languages-'));
  const rows: BenchRow[] = [];
  try {
    for (const one of cases(root, scratch)) {
      await one.prepare?.();
      let failed = 0;
      let changed = 0;
      const seconds: number[] = [];
      const reasons = new Set<string>();
      for (let i = 0; i < pairs; i++) {
        const result = await runProcess(process.execPath, [bin, '-q', ...one.args], { cwd: one.cwd });
        seconds.push(result.ms / 1000);
        if (result.code !== 0) {
          failed++;
          reasons.add(`exit ${result.code}: ${result.stderr.trim().split('\n').pop()?.slice(0, 160) ?? ''}`);
        }
        try {
          const doc = JSON.parse(result.stdout) as {
            diff: { changed: object; only_in_a: string[]; only_in_b: string[] };
          };
          if (Object.keys(doc.diff.changed).length + doc.diff.only_in_a.length + doc.diff.only_in_b.length > 0)
            changed++;
        } catch {
          // no document: counted as failed above
        }
      }
      rows.push(
        {
          name: `${one.name}: failed pairs of ${pairs}`,
          value: failed,
          unit: 'pairs',
          target: '0',
          ok: failed === 0,
          ...(reasons.size > 0 ? { note: [...reasons].join(' | ') } : {}),
        },
        {
          name: `${one.name}: pairs that reported a change`,
          value: changed,
          unit: 'pairs',
          target: '0',
          ok: changed === 0,
        },
        { name: `${one.name}: a pair, both runs at once (median)`, value: round(median(seconds), 2), unit: 's' },
      );
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}
