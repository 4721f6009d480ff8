// `--hit N` at the program's speed (issue 36), on every built-in adapter: where the adapter's
// definition says its count of hits is one of passes (hit_count), the adapter counts the passes before
// N and the run stops once, at pass N (its trace holds one stop); elsewhere every pass is a stop, as
// before. Either way the document is the values at pass N; with --condition only the passes where it
// holds count; a run that passes the line fewer than N times is no_break and says how many times it
// did (counted again by stops). A line with two code locations and a Rust println! line (three) count
// passes, not stops.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { ROOT, cpuCountKind, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-hits');
const JAVA = path.join(ROOT, 'test/integration/fixtures-java');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hits-reached-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const definition = (id: string): { adapter: { executables: string[] } } =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters', id, 'adapter.json'), 'utf8')) as {
    adapter: { executables: string[] };
  };
const lldbReady = findFirstExecutable(definition('lldb').adapter.executables, ROOT) !== null;
const dlvReady = findFirstExecutable(definition('go').adapter.executables, ROOT) !== null;
const javaReady = onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar'));
const gdbReady = onPath('gdb') && onPath('cdtDebugAdapter');
const rustReady = onPath('rustc');

interface Language {
  name: string;
  tool: string;
  available: boolean;
  bp: string;
  cwd: string;
  /** The command for `limit` iterations (the bigger step at an iteration past them). */
  command: (limit: number) => string[];
  /** `i` is odd, in the language. */
  odd: string;
  adapter?: string[];
  /** The adapter counts the passes before N itself (its definition's hit_count): one stop a run. */
  counts: boolean;
  /** The CPU counts them from pass 1 (hit_count.cpu_count): two stops, the second of this reason where the machine lets it. */
  cpuStop?: string;
  /** The run stops first where the program's own code starts (main.main), to be put on one CPU before the adapter counts the passes (one_cpu): that stop's reason. */
  entryStop?: string;
  /** Where the count is in the breakpoint's condition (hit_count.condition): a condition that fails from iteration 101 on. */
  failsLater?: string;
}

const LANGUAGES: Language[] = [
  ...PYTHON_ADAPTERS.map(
    (python): Language => ({
      name: `python (${python.name})`,
      tool: python.tool,
      available: python.available,
      bp: 'loop.py:8',
      cwd: FIXTURES,
      command: (limit) => ['python3', 'loop.py', String(limit), '999999'],
      odd: 'i % 2 == 1',
      adapter: ['--adapter', python.id],
      counts: true,
    }),
  ),
  {
    name: 'node',
    tool: 'node',
    available: true,
    bp: 'loop.js:8',
    cwd: FIXTURES,
    command: (limit) => ['node', 'loop.js', String(limit), '999999'],
    odd: 'i % 2 === 1',
    counts: true,
  },
  {
    name: 'java',
    tool: 'a JDK and the built Java adapter',
    available: javaReady,
    bp: path.join(JAVA, 'Hits.java:10'),
    cwd: scratch,
    command: (limit) => ['java', '-cp', scratch, 'Hits', String(limit), '999999'],
    odd: 'i % 2 == 1',
    counts: true,
  },
  {
    name: 'go',
    tool: 'dlv',
    available: dlvReady,
    bp: path.join(FIXTURES, 'go/main.go:21'),
    cwd: scratch,
    command: (limit) => ['./loop-go', String(limit), '999999'],
    odd: 'i%2 == 1',
    counts: true,
    entryStop: 'function breakpoint',
  },
  {
    // bpdiff builds it: the program counts the passes itself (adapters/go/pass-count.ts), no stop before N.
    name: 'go (go run)',
    tool: 'dlv',
    available: dlvReady,
    bp: path.join(FIXTURES, 'go/main.go:21'),
    cwd: path.join(FIXTURES, 'go'),
    command: (limit) => ['go', 'run', '.', String(limit), '999999'],
    odd: 'i%2 == 1',
    counts: true,
  },
  {
    name: 'c (lldb-dap)',
    tool: 'lldb-dap',
    available: lldbReady,
    bp: path.join(FIXTURES, 'loop.c:11'),
    cwd: scratch,
    command: (limit) => ['./loop', String(limit), '999999'],
    odd: 'i % 2 == 1',
    counts: true,
    cpuStop: 'exception',
  },
  {
    name: 'c (gdb)',
    tool: 'gdb and cdt-gdb-adapter',
    available: gdbReady,
    bp: path.join(FIXTURES, 'loop.c:11'),
    cwd: scratch,
    command: (limit) => ['./loop', String(limit), '999999'],
    odd: 'i % 2 == 1',
    adapter: ['--adapter', 'gdb'],
    counts: true,
    cpuStop: 'SIGTRAP',
    failsLater: 'i > 100 && *(int *)0 == 1',
  },
  {
    name: 'ruby (rdbg)',
    tool: 'ruby',
    available: onPath('ruby'),
    bp: 'loop.rb:8',
    cwd: FIXTURES,
    command: (limit) => ['ruby', 'loop.rb', String(limit), '999999'],
    odd: 'i % 2 == 1',
    counts: true,
    failsLater: 'i > 100 ? nosuch : false',
  },
];

beforeAll(async () => {
  await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'loop'), path.join(FIXTURES, 'loop.c')], {
    stdin: 'ignore',
  });
  await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'twice'), path.join(FIXTURES, 'twice.c')], {
    stdin: 'ignore',
  });
  if (dlvReady)
    await execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', path.join(scratch, 'loop-go'), '.'], {
      cwd: path.join(FIXTURES, 'go'),
      stdin: 'ignore',
    });
  if (javaReady)
    await execa('javac', [...JAVAC_JVM, '-g', '-d', scratch, path.join(JAVA, 'Hits.java')], { stdin: 'ignore' });
  if (rustReady)
    await execa('rustc', ['-g', '-o', path.join(scratch, 'println'), path.join(FIXTURES, 'println.rs')], {
      stdin: 'ignore',
    });
}, 120_000);

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  expect(run.doc, run.stderr).not.toBeNull();
  expect(validateComparison(run.doc).errors).toEqual([]);
}

/** Why run A's program stopped each time, as its trace (BPDIFF_TRACE) holds the adapter's `stopped` events. */
function stopReasonsOfA(trace: string): string[] {
  return fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .filter(
      (line) => line.includes('"run":"A"') && line.includes('"type":"event"') && line.includes('"name":"stopped"'),
    )
    .map((line) => (JSON.parse(line) as { message: { body?: { reason?: string } } }).message.body?.reason ?? '');
}

// Whether this machine counts passes for gdb and lldb-dap (a hardware breakpoint or a uprobe, with
// sigtrap): where it does not, they count as before, with the same stops and values.
const cpuKind = cpuCountKind();

/** A comparison of the same command twice, with its trace written to a file of its own. */
async function compare(
  language: Language,
  options: string[],
  limit: number,
): Promise<{ run: BpdiffRun; stops: { reasons: string[] } }> {
  const trace = path.join(scratch, `trace-${Math.random().toString(36).slice(2)}.jsonl`);
  const command = language.command(limit);
  const run = await runBpdiff(
    [...(language.adapter ?? []), '--bp', language.bp, ...options, '--', ...command, '--', ...command],
    { cwd: language.cwd, env: { BPDIFF_TRACE: trace } },
  );
  return { run, stops: { reasons: fs.existsSync(trace) ? stopReasonsOfA(trace) : [] } };
}

/** 0 + 1 + ... + (n - 1). */
const sumBelow = (n: number): number => (n * (n - 1)) / 2;

for (const language of LANGUAGES) {
  describeWithTool(`the Nth pass through ${language.name}`, language.tool, language.available, () => {
    // Where every pass is a stop, a smaller N keeps the test's time in bounds on a loaded machine. Where
    // the adapter counts, 200 passes let go prove it as 2,000 did (one stop, the values of pass N) at a
    // tenth of the cost: lldb-dap and debugpy evaluate the counting condition at every pass (14 s and
    // 10 s of the file's 95 at 2,001).
    const n = language.counts ? 201 : 61;
    const limit = n + 999;

    it(`--hit ${n} is the values at pass ${n}${language.counts ? `, the passes before it counted by the adapter (one stop${language.entryStop ? ', after one at the entry' : ''})` : ', every pass a stop'}`, async () => {
      const { run, stops } = await compare(language, ['--hit', String(n)], limit);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables).toMatchObject({
        i: String(n - 1),
        step: String(n - 1),
        acc: String(sumBelow(n - 1)),
      });
      expect(run.doc!.run_b.variables).toEqual(run.doc!.run_a.variables);
      // gdb and lldb-dap stop at pass 1 too, where the CPU's count of the passes to N is armed
      // (hit_count.cpu_count); the stop at N is its signal's.
      if (language.cpuStop !== undefined) {
        // A uprobe's signal comes as pass N - 1 starts, and the breakpoint stops pass N.
        if (cpuKind === 'uprobe') expect(stops.reasons).toEqual(['breakpoint', language.cpuStop, 'breakpoint']);
        else expect(stops.reasons).toHaveLength(2);
        if (cpuKind === 'breakpoint') expect(stops.reasons[1]).toBe(language.cpuStop);
      } else if (language.entryStop !== undefined) expect(stops.reasons).toEqual([language.entryStop, 'breakpoint']);
      else if (language.counts) expect(stops.reasons).toHaveLength(1);
      else expect(stops.reasons.length).toBeGreaterThanOrEqual(n);
    });

    it('--hit with --condition counts only the passes where the condition holds', async () => {
      const { run } = await compare(language, ['--hit', String((n + 1) / 2), '--condition', language.odd], limit);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      // The odd i are 1, 3, 5, ...: the ((n + 1) / 2)th is n.
      expect(run.doc!.run_a.variables).toMatchObject({ i: String(n), acc: String(sumBelow(n)) });
    });

    it.skipIf(language.failsLater === undefined)(
      'a condition that fails at a pass before N, inside the counting condition, is still its error',
      async () => {
        const { run } = await compare(language, ['--hit', '500', '--condition', language.failsLater!], 1000);
        expect(run.leftovers).toEqual([]);
        expect(run.exitCode, run.stderr).toBe(2);
        expect(run.stderr).toContain(`the condition ${JSON.stringify(language.failsLater)} cannot be evaluated`);
      },
    );

    it('a run that passes the line fewer than N times is no_break, with how many times it did', async () => {
      // Counted again by stops (the adapter does not say how many passes it let go): 60 passes.
      const { run } = await compare(language, ['--hit', '61'], 60);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.analysis_hints.join('\n')).toContain('It stopped there 60 times, fewer than --hit 61.');
    });
  });
}

describeWithTool('a hit count through rdbg: no eval of the count a pass', 'ruby', onPath('ruby'), () => {
  // bpdiff_rdbg.rb counts the passes of a hit count itself, where rdbg evaluated the count's text (and
  // the wrap around it) with Binding#eval at every pass; a user's condition is evaluated once a pass.
  // evals.rb counts the program's Binding#eval calls in a local.
  const pass50 = (...options: string[]): Promise<BpdiffRun> =>
    runBpdiff(
      [
        '--bp',
        'evals.rb:18',
        '--hit',
        '50',
        ...options,
        '--',
        'ruby',
        'evals.rb',
        '60',
        '--',
        'ruby',
        'evals.rb',
        '60',
      ],
      {
        cwd: FIXTURES,
      },
    );

  it('--hit 50 counts without evaluating; with --condition, only that condition is evaluated, once a pass', async () => {
    const alone = await pass50();
    expectClean(alone);
    expect(alone.exitCode, alone.stderr).toBe(0);
    expect(alone.doc!.run_a.variables).toMatchObject({ i: '49', total: String(sumBelow(49)) });
    // The evaluations at the stop itself, not one a pass.
    expect(Number(alone.doc!.run_a.variables!['evals[0]'])).toBeLessThan(10);
    const withCondition = await pass50('--condition', 'i >= 0');
    expectClean(withCondition);
    expect(withCondition.doc!.run_a.variables).toMatchObject({ i: '49' });
    // The user's condition, once a pass (the wrap and the count's text were two evals more).
    const evals = Number(withCondition.doc!.run_a.variables!['evals[0]']);
    expect(evals).toBeGreaterThanOrEqual(50);
    expect(evals).toBeLessThan(60);
  });
});

describeWithTool('passes, not code locations, through lldb-dap', 'lldb-dap', lldbReady, () => {
  const twice = (adapter: string[], hit: number): Promise<BpdiffRun> =>
    runBpdiff(
      [
        ...adapter,
        '--bp',
        path.join(FIXTURES, 'twice.c:8'),
        '--hit',
        String(hit),
        '--',
        './twice',
        '3000',
        '--',
        './twice',
        '3000',
      ],
      { cwd: scratch },
    );

  // Every pass of a line with two locations is a stop (lldb's count is one of locations): a few hundred keep it quick.
  it('a line inlined at two calls: each call is a pass (the 22nd is the second call of iteration 10, the 23rd the first of 11)', async () => {
    for (const [hit, x, acc] of [
      [22, '1000', sumBelow(11) + 1000 * 10],
      [23, '11', sumBelow(11) + 11 * 1000],
    ] as const) {
      const run = await twice([], hit);
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.run_a.variables).toEqual({ acc: String(acc), x });
    }
  });

  it.skipIf(!gdbReady)('the same through gdb', async () => {
    const run = await twice(['--adapter', 'gdb'], 22);
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables).toMatchObject({ acc: String(sumBelow(11) + 1000 * 10), x: '1000' });
  });

  // Stops at pass 1 and at 203: gdb counts from pass 1 (the CPU counts one code location, not two).
  it.skipIf(!gdbReady)('the same through gdb, counted in gdb (two stops)', async () => {
    const trace = path.join(scratch, 'trace-twice-gdb.jsonl');
    const run = await runBpdiff(
      [
        '--adapter',
        'gdb',
        '--bp',
        path.join(FIXTURES, 'twice.c:8'),
        '--hit',
        '203',
        '--',
        './twice',
        '3000',
        '--',
        './twice',
        '3000',
      ],
      { cwd: scratch, env: { BPDIFF_TRACE: trace } },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables).toEqual({ acc: String(sumBelow(101) + 101 * 1000), x: '101' });
    expect(stopReasonsOfA(trace)).toEqual(['breakpoint', 'breakpoint']);
  });

  it.skipIf(!rustReady || !gdbReady)('a Rust println! line through gdb: passes, counted in gdb', async () => {
    const run = await runBpdiff(
      [
        '--adapter',
        'gdb',
        '--bp',
        path.join(FIXTURES, 'println.rs:8'),
        '--hit',
        '700',
        '--',
        './println',
        '1000',
        '--',
        './println',
        '1000',
      ],
      { cwd: scratch },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_a.variables).toMatchObject({ i: '699', acc: String(sumBelow(700)) });
  });

  it.skipIf(!rustReady)(
    'a Rust println! line (three locations, each stopped at once a pass) counts passes',
    async () => {
      const run = await runBpdiff(
        [
          '--bp',
          path.join(FIXTURES, 'println.rs:8'),
          '--hit',
          '70',
          '--',
          './println',
          '100',
          '--',
          './println',
          '100',
        ],
        { cwd: scratch },
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      // Every location of every pass is a stop here (three a pass): a tenth of the passes gdb counts above.
      expect(run.doc!.run_a.variables).toMatchObject({ i: '69', acc: String(sumBelow(70)) });
    },
  );
});

describe("locate's --from FILE:LINE:N", () => {
  it('starts at the Nth pass, the passes before it counted by the adapter (one breakpoint stop a start)', async () => {
    const trace = path.join(scratch, 'trace-locate.jsonl');
    const run = await runBpdiff(
      [
        'locate',
        '--ignore',
        'bump',
        '--from',
        'loop.py:8:2001',
        '--',
        'python3',
        'loop.py',
        '3000',
        '2003',
        '--',
        'python3',
        'loop.py',
        '3000',
        '999999',
      ],
      { cwd: FIXTURES, env: { BPDIFF_TRACE: trace } },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    // From pass 2001 (i = 2000) the walk steps to iteration 2003, where A's step is one more.
    expect(run.doc!.analysis_hints[0]).toMatch(
      /^the runs part ways at loop\.py:8 in .*: step is 2004 in A and 2003 in B$/,
    );
    expect(run.doc!.run_a.variables).toMatchObject({ i: '2003', acc: String(sumBelow(2003)) });
    const breakpointStops = fs
      .readFileSync(trace, 'utf8')
      .split('\n')
      .filter(
        (line) =>
          line.includes('"run":"A"') && line.includes('"name":"stopped"') && line.includes('"reason":"breakpoint"'),
      ).length;
    // A start, and the stream's start again to where it found the runs parting.
    expect(breakpointStops).toBeGreaterThanOrEqual(1);
    expect(breakpointStops).toBeLessThanOrEqual(2);
  });
});
