// --first-divergence through bpdiff's Python adapter's hit stream (src/walk/hits-streamed.ts) and through
// its stops one at a time (the same adapter, from a definition without stream_hits): the documents
// are the same, whether the runs part ways deep in a loop, agree to their ends or to --max-hits, one
// ends early, the breakpoint has a condition, the texts differ where --tolerance, --ignore or a
// watch-only walk says the values agree, or the program runs another way when it is run again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, runBpdiff, type BpdiffRun } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const HITS = path.join(ROOT, 'test/integration/fixtures-hits');
const STREAM = path.join(ROOT, 'test/integration/fixtures-hits-stream');
const light = PYTHON_ADAPTERS[0]!;

let folder = '';
let byStops = '';

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hits-stream-'));
  // The same adapter, walked by its stops: its definition without stream_hits.
  byStops = path.join(folder, 'python-by-stops.json');
  const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/python/adapter.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete definition['$schema'];
  fs.writeFileSync(
    byStops,
    JSON.stringify({ ...definition, stream_hits: false, hooks: path.join(ROOT, 'adapters/python/hooks.ts') }),
  );
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const loop = (a: string[], b: string[], ...options: string[]): string[] => [
  '--bp',
  'loop.py:8',
  '--first-divergence',
  '--ignore',
  'bump',
  '--ignore',
  'sys',
  ...options,
  '--',
  'python3',
  'loop.py',
  ...a,
  '--',
  'python3',
  'loop.py',
  ...b,
];
const drift = (...options: string[]): string[] => [
  '--bp',
  'drift.py:26',
  '--first-divergence',
  ...options,
  '--',
  'python3',
  'drift.py',
  '--',
  'python3',
  'drift.py',
];

interface Case {
  name: string;
  cwd: string;
  args: string[];
  exit: number;
  /** Where each run's document is: a variable's value in each run (null: the run did not stop there); `i` unless named. */
  at: [string | null, string | null];
  variable?: string;
  hint: RegExp;
  /** The scan's end as the trace says it. */
  scan: RegExp;
}

const CASES: Case[] = [
  {
    name: 'a divergence at hit 900 of a loop',
    cwd: HITS,
    args: loop(['1000', '899'], ['1000', '99999']),
    exit: 1,
    at: ['899', '899'],
    hint: /A and B: first divergence at hit 900: the runs agree for hits 1-899 and part ways at hit 900/,
    scan: /hits scan ended \(parted, 899 hits agreed\)/,
  },
  {
    name: 'no divergence: both runs end after 300 hits',
    cwd: HITS,
    args: loop(['300', '99999'], ['300', '99999']),
    exit: 0,
    at: ['299', '299'],
    hint: /A and B: first divergence: no differences in 300 hits \(both runs stopped 300 times\); this is hit 300/,
    scan: /hits scan ended \(ended, 300 hits agreed\)/,
  },
  {
    name: 'no divergence within --max-hits',
    cwd: HITS,
    args: loop(['1000', '899'], ['1000', '99999'], '--max-hits', '500'),
    exit: 0,
    at: ['499', '499'],
    hint: /A and B: first divergence: no differences in 500 hits \(--max-hits 500/,
    scan: /hits scan ended \(cap, 500 hits agreed\)/,
  },
  {
    name: 'one run ends early',
    cwd: HITS,
    args: loop(['300', '99999'], ['200', '99999'], '--ignore', 'limit'),
    exit: 1,
    at: ['200', null],
    hint: /first divergence at hit 201: the runs agree for hits 1-200, then A stops at the breakpoint again and B does not \(it stopped 200 times\)/,
    scan: /hits scan ended \(parted, 200 hits agreed\)/,
  },
  {
    name: 'a conditional breakpoint',
    cwd: HITS,
    args: loop(['1000', '899'], ['1000', '99999'], '--condition', 'i % 7 == 3'),
    exit: 1,
    at: ['899', '899'],
    hint: /A and B: first divergence at hit 129: the runs agree for hits 1-128 and part ways at hit 129/,
    scan: /hits scan ended \(parted, 128 hits agreed\)/,
  },
  {
    name: '--tolerance hides the texts that differ from hit 101 on, to the real divergence at hit 251',
    cwd: STREAM,
    args: ['--env-b', 'DRIFT=100', '--env-b', 'PART=250', ...drift('--tolerance', '0.001')],
    exit: 1,
    at: ['250', '250'],
    hint: /A and B: first divergence at hit 251: the runs agree for hits 1-250 and part ways at hit 251/,
    scan: /hits scan ended \(parted, 100 hits agreed\)/,
  },
  {
    name: '--ignore of a field that differs at every hit (the walk goes by stops from the first hit, where the runs stand)',
    cwd: STREAM,
    args: ['--env', 'NOISE=1', '--env', 'LIMIT=120', '--env-b', 'PART=60', ...drift('--ignore', 'record.noise')],
    exit: 1,
    at: ['60', '60'],
    hint: /A and B: first divergence at hit 61: the runs agree for hits 1-60 and part ways at hit 61/,
    scan: /hits scan ended \(parted, 0 hits agreed\)/,
  },
  ...(['raise', 'sys'] as const).map(
    (how): Case => ({
      name: `one run ends early, by ${how === 'raise' ? 'an uncaught exception' : 'sys.exit'}`,
      cwd: STREAM,
      args: [
        '--env-b',
        'END_AT=200',
        '--env-b',
        `END_HOW=${how}`,
        '--bp',
        'ends.py:21',
        '--first-divergence',
        '--',
        'python3',
        'ends.py',
        '--',
        'python3',
        'ends.py',
      ],
      exit: 1,
      at: ['200', null],
      hint: /A and B: first divergence at hit 201: the runs agree for hits 1-200, then A stops at the breakpoint again and B does not \(it stopped 200 times\)/,
      scan: /hits scan ended \(parted, 200 hits agreed\)/,
    }),
  ),
  {
    name: 'one run ends early by os._exit, with no answer to its stream (the hits of its last batch are unknown: the walk goes by stops from the hit before them)',
    cwd: STREAM,
    args: [
      '--env-b',
      'END_AT=200',
      '--env-b',
      'END_HOW=exit',
      '--bp',
      'ends.py:21',
      '--first-divergence',
      '--',
      'python3',
      'ends.py',
      '--',
      'python3',
      'ends.py',
    ],
    exit: 1,
    at: ['200', null],
    hint: /A and B: first divergence at hit 201: the runs agree for hits 1-200, then A stops at the breakpoint again and B does not \(it stopped 200 times\)/,
    scan: /hit stream lost[\s\S]*hits scan ended \(lost, \d+ hits agreed\)/,
  },
  {
    name: '--watch beside the locals, where --ignore leaves out a local and the watch of the same name',
    cwd: HITS,
    args: loop(['300', '250'], ['300', '99999'], '--watch', 'acc * 2', '--watch', 'step', '--ignore', 'step'),
    exit: 1,
    at: ['62752', '62750'],
    variable: 'acc * 2',
    hint: /A and B: first divergence at hit 252: the runs agree for hits 1-251 and part ways at hit 252/,
    scan: /hits scan ended \(parted, 251 hits agreed\)/,
  },
  {
    name: 'a watch-only walk',
    cwd: HITS,
    args: loop(['1000', '899'], ['1000', '99999'], '--watch', 'acc', '--watch-only'),
    exit: 1,
    at: ['404551', '404550'],
    variable: 'acc',
    hint: /A and B: first divergence at hit 901: the runs agree for hits 1-900 and part ways at hit 901/,
    scan: /hits scan ended \(parted, 900 hits agreed\)/,
  },
];

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}

describeWithTool(
  '--first-divergence: the hit stream and the stops give the same documents',
  light.tool,
  light.available,
  () => {
    for (const { name, cwd, args, exit, at, variable = 'i', hint, scan } of CASES) {
      it(name, async () => {
        const trace = path.join(folder, `${name.replace(/\W+/g, '-')}.trace`);
        const streamed = await runBpdiff(args, { cwd, env: { BPDIFF_TRACE: trace } });
        expect(streamed.exitCode, streamed.stderr).toBe(exit);
        expectClean(streamed);
        // The stream was used: it scanned, then came back by stops.
        expect(fs.readFileSync(trace, 'utf8')).toMatch(scan);
        const stopped = await runBpdiff(['--adapter-config', byStops, ...args], { cwd });
        expect(stopped.exitCode, stopped.stderr).toBe(exit);
        expectClean(stopped);
        expect(stopped.doc!.analysis_hints.join('\n')).toMatch(hint);
        expect([
          stopped.doc!.run_a.variables?.[variable] ?? null,
          stopped.doc!.run_b.variables?.[variable] ?? null,
        ]).toEqual(at);
        expect(JSON.stringify(streamed.doc)).toBe(JSON.stringify(stopped.doc));
      });
    }

    it('a program that runs another way when run again: the replay parts from the scan, and the walk goes by stops from a third start', async () => {
      const counters = ['a', 'b'].map((side) => path.join(folder, `counter-${side}`));
      // A's runs are its first, second, third: `twice` is False in the scan, True in the replay. B's are never a second.
      fs.writeFileSync(counters[0]!, '0');
      fs.writeFileSync(counters[1]!, '-10');
      const trace = path.join(folder, 'again.trace');
      const args = [
        '--env-a',
        `COUNTER=${counters[0]}`,
        '--env-b',
        `COUNTER=${counters[1]}`,
        '--env-b',
        'PART=300',
        '--bp',
        'again.py:18',
        '--first-divergence',
        '--',
        'python3',
        'again.py',
        '--',
        'python3',
        'again.py',
      ];
      const streamed = await runBpdiff(args, { cwd: STREAM, env: { BPDIFF_TRACE: trace } });
      expect(streamed.exitCode, streamed.stderr).toBe(1);
      expectClean(streamed);
      const traced = fs.readFileSync(trace, 'utf8');
      expect(traced).toMatch(/hits scan ended \(parted, 300 hits agreed\)/);
      expect(traced).toContain('hits replay parted from the scan: walking by stops');
      // The document is the third start's: it parts where that run does, at hit 5.
      expect(streamed.doc!.analysis_hints.join('\n')).toMatch(
        /A and B: first divergence at hit 5: the runs agree for hits 1-4 and part ways at hit 5/,
      );
      expect(streamed.doc!.diff.changed).toEqual({ twice: { a: 'True', b: 'False' } });
      expect(fs.readFileSync(counters[0]!, 'utf8')).toBe('3');
    });

    it("a path that one run's value pipeline rewrites (its working directory) and the other's does not: the texts holding it are left to the stops", async () => {
      const copy = path.join(folder, 'b');
      fs.mkdirSync(copy, { recursive: true });
      fs.copyFileSync(path.join(STREAM, 'where.py'), path.join(copy, 'where.py'));
      const trace = path.join(folder, 'where.trace');
      // Both runs hold A's working directory: A writes it <cwd>, B as it is, a change at the first hit.
      const args = [
        '--cwd-a',
        STREAM,
        '--cwd-b',
        copy,
        '--env',
        `PLACE=${path.join(STREAM, 'data')}`,
        '--ignore',
        'os',
        '--bp',
        'where.py:8',
        '--first-divergence',
        '--',
        'python3',
        'where.py',
        '--',
        'python3',
        'where.py',
      ];
      const streamed = await runBpdiff(args, { env: { BPDIFF_TRACE: trace } });
      expect(streamed.exitCode, streamed.stderr).toBe(1);
      expectClean(streamed);
      const traced = fs.readFileSync(trace, 'utf8');
      expect(traced).toMatch(/hits scan ended \(parted, 0 hits agreed\)/);
      // Parted at the first hit, where both runs still stand: neither program started again.
      expect(traced.match(/"phase":"run started"/g)).toHaveLength(2);
      expect(streamed.doc!.analysis_hints.join('\n')).toMatch(
        /A and B: first divergence at hit 1: the runs part ways at the first hit/,
      );
      expect(streamed.doc!.diff.changed).toEqual({ place: { a: "'<cwd>/data'", b: `'${path.join(STREAM, 'data')}'` } });
      const stopped = await runBpdiff(['--adapter-config', byStops, ...args]);
      expect(JSON.stringify(streamed.doc)).toBe(JSON.stringify(stopped.doc));
    });
  },
);
