// bpdiff locate through bpdiff's Python adapter's step stream (src/walk/lines-streamed.ts) and
// through DAP steps one at a time (the same adapter, from a definition without locate.stream): the
// documents are the same, whether the runs part ways where they stand, in what they hold (two levels
// down in an object whose repr is the same in both runs, new or changed in place where `self` holds
// it twice; in a text that looks like an address), end early, agree to their end or to --max-steps,
// start at --from, hold a path only one run's values rewrite, or differ only in a local --ignore
// leaves out (the stream's texts differ there at every step: the walk goes on by steps).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXAMPLES, ROOT, describeWithTool, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const LOCATE = path.join(EXAMPLES, 'locate');
const SHOP = path.join(LOCATE, 'python');
const DATA = path.join(LOCATE, 'data');
const CART = path.join(ROOT, 'test/integration/fixtures-locate-stream');
const LOOP = path.join(ROOT, 'bench/programs/locate/loop.py');
const WHERE = path.join(ROOT, 'test/integration/fixtures-hits-stream');
const light = PYTHON_ADAPTERS[0]!;

let folder = '';
let stepwise = '';

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-stream-'));
  // The same adapter, walked by DAP steps: its definition without locate.stream.
  stepwise = path.join(folder, 'python-by-steps.json');
  const definition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/python/adapter.json'), 'utf8')) as {
    locate: Record<string, unknown>;
    hooks: string;
    $schema?: string;
  };
  delete definition.$schema;
  fs.writeFileSync(
    stepwise,
    JSON.stringify({
      ...definition,
      locate: { ...definition.locate, stream: false },
      hooks: path.join(ROOT, 'adapters/python/hooks.ts'),
    }),
  );
});

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const pair = (a: string, b: string, file: string, ...options: string[]): string[] => [
  ...options,
  '--cwd-a',
  a,
  '--cwd-b',
  b,
  '--',
  'python3',
  file,
  '--',
  'python3',
  file,
];
const records = (b: string): string[] => [
  '--cwd-a',
  path.join(DATA, 'same'),
  '--cwd-b',
  path.join(DATA, b),
  '--',
  'python3',
  '../../python/records.py',
  'records.csv',
  '--',
  'python3',
  '../../python/records.py',
  'records.csv',
];

const CASES: Array<{ name: string; args: string[]; exit: number; hint: RegExp }> = [
  {
    name: 'shop v1 against v2: the runs part ways',
    args: pair(path.join(SHOP, 'v1'), path.join(SHOP, 'v2'), 'shop.py'),
    exit: 1,
    hint: /^the runs part ways after shop\.py:7 in discount\(\) \(3rd call, 11th time on this line; step 48\)/,
  },
  {
    name: 'shop against itself: agreed to the end',
    args: pair(path.join(SHOP, 'v1'), path.join(SHOP, 'v1'), 'shop.py'),
    exit: 0,
    hint: /^no divergence in 73 steps: both runs ended/,
  },
  {
    name: 'records: the record that differs',
    args: records('changed'),
    exit: 1,
    hint: /^the runs part ways at \.\.\/\.\.\/python\/records\.py:13 in .*14th time on this line/,
  },
  {
    name: 'records: a run that ends early',
    args: records('missing'),
    exit: 1,
    hint: /: B ends there \(it raised an uncaught FileNotFoundError/,
  },
  {
    name: 'shop from --from FILE:LINE:N',
    args: pair(path.join(SHOP, 'v1'), path.join(SHOP, 'v2'), 'shop.py', '--from', 'shop.py:7:9'),
    exit: 1,
    hint: /; step [1-9]\): A goes on to/,
  },
  {
    name: 'shop to --max-steps',
    args: pair(path.join(SHOP, 'v1'), path.join(SHOP, 'v2'), 'shop.py', '--max-steps', '5'),
    exit: 0,
    hint: /^no divergence in 5 steps \(--max-steps 5/,
  },
  {
    name: 'cart: a change two levels down in an object',
    args: pair(path.join(CART, 'v1'), path.join(CART, 'v2'), 'cart.py'),
    exit: 1,
    hint: /^the runs part ways at cart\.py:23 in fill\(\) \(2nd time on this line; step \d+\): cart\.last\.qty is 2 in A and 9 in B$/,
  },
  {
    name: 'options: a count two levels down in self, in objects whose reprs agree, each held twice by self',
    args: pair(path.join(CART, 'v1'), path.join(CART, 'v1'), 'options.py', '--env-b', 'DEEP=seen'),
    exit: 1,
    hint: /^the runs part ways at options\.py:34 in tally\(\) \(2nd call, 2nd time on this line; step 52\): self\.by_name\['b'\]\.seen is 1 in A and 2 in B; 2 more values differ$/,
  },
  {
    name: 'options: an element added to a list two levels down in self',
    args: pair(path.join(CART, 'v1'), path.join(CART, 'v1'), 'options.py', '--env-b', 'DEEP=tag'),
    exit: 1,
    hint: /^the runs part ways at options\.py:36 in tally\(\) \(2nd call, 2nd time on this line; step 54\): self\.by_name\['b'\]\.tags is \['b'\] in A and \['b', 'again'\] in B; 2 more values differ$/,
  },
  {
    name: 'cart: a text that looks like an address',
    args: pair(path.join(CART, 'v1'), path.join(CART, 'v2'), 'cart.py', '--env-b', 'TAG=1'),
    exit: 1,
    hint: /^the runs part ways at cart\.py:21 in fill\(\) \(step \d+\): tag is '0x10' in A and '0x20' in B$/,
  },
  {
    // Both runs hold run A's own folder: A's values write it as its working directory, B's do not.
    name: "a path both runs hold that only one run's values rewrite (its working directory)",
    args: [
      '--env',
      `PLACE=${WHERE}`,
      '--cwd-a',
      WHERE,
      '--cwd-b',
      SHOP,
      '--',
      'python3',
      path.join(WHERE, 'where.py'),
      '--',
      'python3',
      path.join(WHERE, 'where.py'),
    ],
    exit: 1,
    hint: /^the runs part ways at \S*where\.py:\d+ in <module>\(\) \(step \d+\): place is /,
  },
  {
    name: 'a loop that parts after 1,500 lines: the replay starts where the scan last kept its counts',
    args: ['--env', 'COUNT=400', '--env-b', 'PART=300', '--', 'python3', LOOP, '--', 'python3', LOOP],
    exit: 1,
    hint: /^the runs part ways after \S*loop\.py:11 in main\(\) \(301st time on this line; step 1509\): A goes on to line 7, B to line 12$/,
  },
];

/** The document with the one thing that names how it was walked (the way back's --adapter-config) left out. */
function comparable(doc: unknown): string {
  const copy = JSON.parse(JSON.stringify(doc)) as { locate?: { reproduce?: string[] | null } } | null;
  const argv = copy?.locate?.reproduce;
  const at = argv?.indexOf('--adapter-config') ?? -1;
  if (argv && at >= 0 && /python-by-steps\.json$/.test(argv[at + 1] ?? '')) argv.splice(at, 2);
  return JSON.stringify(copy).replace(/ --adapter-config \S+python-by-steps\.json/g, '');
}

describeWithTool('locate: the step stream and DAP steps give the same documents', light.tool, light.available, () => {
  for (const { name, args, exit, hint } of CASES) {
    it(name, async () => {
      const trace = path.join(folder, `${name.replace(/\W+/g, '-')}.trace`);
      const streamed = await runBpdiff(['locate', '--every-line', ...args], { env: { BPDIFF_TRACE: trace } });
      expect(streamed.exitCode, streamed.stderr).toBe(exit);
      expect(streamed.leftovers).toEqual([]);
      // The stream was used: it scanned, then came back to the step by steps.
      const traced = fs.readFileSync(trace, 'utf8');
      expect(traced).toContain('"phase":"locate scan ended');
      if (name.startsWith('a loop')) expect(traced).toContain('"phase":"locate replay from step 1024 to step 1509"');
      const stepped = await runBpdiff(['locate', '--every-line', '--adapter-config', stepwise, ...args]);
      expect(stepped.exitCode, stepped.stderr).toBe(exit);
      expect(stepped.doc!.analysis_hints[0]).toMatch(hint);
      expect(comparable(streamed.doc)).toBe(comparable(stepped.doc));
    });
  }

  it('a local that differs at every step (--ignore leaves it out): the stream hands over to steps and the walk agrees to the end', async () => {
    const args = pair(path.join(CART, 'v1'), path.join(CART, 'v1'), 'cart.py', '--env', 'NOISE=1', '--ignore', 'noise');
    const streamed = await runBpdiff(['locate', '--every-line', ...args]);
    const stepped = await runBpdiff(['locate', '--every-line', '--adapter-config', stepwise, ...args]);
    expect(streamed.exitCode, streamed.stderr).toBe(0);
    expect(stepped.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
    expect(comparable(streamed.doc)).toBe(comparable(stepped.doc));
  });

  it("a run started by a runner (python -m cProfile) against the plain run, through argparse: the runner's frames below the program passed over, exit 0", async () => {
    // A's program stands frames deeper than B's (cProfile's own frames under it); the copy of the walk's
    // passes the stream makes where it hands over kept those unseen frames as holes (an internal error).
    const library = path.join(ROOT, 'bench/programs/locate/library');
    const run = await runBpdiff([
      'locate',
      '--every-line',
      '--cwd',
      library,
      '--env',
      'COUNT=1',
      '--',
      'python3',
      '-m',
      'cProfile',
      '-o',
      path.join(folder, 'argparse.prof'),
      'argparse_walk.py',
      '--',
      'python3',
      'argparse_walk.py',
    ]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in [\d,]+ steps: both runs ended/);
    expect(run.leftovers).toEqual([]);
  });

  it("real library code against itself (Python's own TOML parser, its generators and their frames): exit 0, the stream scanning to the end", async () => {
    // Python 3.11's tomllib as a project's own package (the bench's copy, which its walk of library code
    // parses with too), so that the walk enters its lines; one parse of the bench's document.
    const library = path.join(ROOT, 'bench/programs/locate/library');
    const trace = path.join(folder, 'toml.trace');
    const run = await runBpdiff(
      ['locate', '--every-line', ...pair(library, library, 'tomllib_walk.py', '--env', 'COUNT=1')],
      {
        env: { BPDIFF_TRACE: trace },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.leftovers).toEqual([]);
    const steps = /^no divergence in ([\d,]+) steps: both runs ended/.exec(run.doc!.analysis_hints[0]!)?.[1];
    expect(Number(steps?.replaceAll(',', ''))).toBeGreaterThan(1000);
    // No step where the stream's texts parted and the values then agreed: a generator's frame listed its
    // stack with each frame's id (frame: <genexpr> [_parser.py:330]  id:1397...), new in every run.
    expect(fs.readFileSync(trace, 'utf8')).toMatch(/"phase":"locate scan ended \((ended|agreed), [\d]+ steps\)/);
  });
});
