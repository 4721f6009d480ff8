// Where the runs part ways, on each of the built-in adapters (both of Python's): the Nth hit, the first divergent
// hit walked in lockstep, watch expressions; and no process left after a walk that is interrupted or
// that reaches --max-hits.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import {
  ROOT,
  describeWithTool,
  leftoverProcesses,
  runBpdiff,
  startBpdiffUntilRunning,
  type BpdiffRun,
} from './helpers.js';
import { PYTHON_ADAPTERS, describePythonAdapters } from './python-adapters.js';
import { expectRefusal } from '../support/built-bin.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-hits');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hits-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const lldb = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const dlv = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/go/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};

interface Language {
  name: string;
  tool: string;
  available: boolean;
  /** The `acc += step` line, relative to cwd. */
  bp: string;
  cwd: string;
  /** The command for LIMIT iterations with the bigger step at iteration BUMP. */
  command: (limit: number, bump: number) => string[];
  /** The names the runs' own arguments give (left out so only the loop compares). */
  ignore: string[];
  /** `--adapter ID`, where the language has more than one adapter. */
  adapter?: string[];
}

const LANGUAGES: Language[] = [
  ...PYTHON_ADAPTERS.map(
    (python): Language => ({
      name: `python (${python.name})`,
      tool: python.tool,
      available: python.available,
      bp: 'loop.py:8',
      cwd: FIXTURES,
      command: (l, b) => ['python3', 'loop.py', String(l), String(b)],
      ignore: ['bump', 'sys'],
      adapter: ['--adapter', python.id],
    }),
  ),
  {
    name: 'node',
    tool: 'node',
    available: true,
    bp: 'loop.js:8',
    cwd: FIXTURES,
    command: (l, b) => ['node', 'loop.js', String(l), String(b)],
    ignore: ['bump'],
  },
  {
    name: 'go',
    tool: 'dlv',
    available: findFirstExecutable(dlv.adapter.executables, ROOT) !== null,
    bp: 'main.go:21',
    cwd: path.join(FIXTURES, 'go'),
    command: (l, b) => ['go', 'run', '.', String(l), String(b)],
    ignore: ['bump'],
  },
  {
    name: 'c',
    tool: 'lldb-dap',
    available: findFirstExecutable(lldb.adapter.executables, ROOT) !== null,
    bp: path.join(FIXTURES, 'loop.c:11'),
    cwd: scratch,
    command: (l, b) => ['./loop', String(l), String(b)],
    ignore: ['bump', '*argv'],
  },
];

beforeAll(async () => {
  await execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'loop'), path.join(FIXTURES, 'loop.c')], {
    stdin: 'ignore',
  });
});

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

function hints(run: BpdiffRun): string {
  return run.doc!.analysis_hints.join('\n');
}

for (const language of LANGUAGES) {
  const { bp, cwd, command } = language;
  const ignore = language.ignore.flatMap((name) => ['--ignore', name]);
  const compare = (options: string[], a: string[], b: string[]): Promise<BpdiffRun> =>
    runBpdiff([...(language.adapter ?? []), '--bp', bp, ...options, '--', ...a, '--', ...b], { cwd });

  describeWithTool(`hits and watches through ${language.name}`, language.tool, language.available, () => {
    it('--hit 3 captures the third iteration, and --watch evaluates there', async () => {
      const run = await compare(['--hit', '3', '--watch', 'acc * 2'], command(10, 99), command(10, 99));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      const variables = run.doc!.run_a.variables;
      expect(variables['i']).toBe('2');
      expect(variables['acc']).toBe('1');
      expect(variables['acc * 2']).toBe('2');
    });

    it("--hit-a and --hit-b: each run captured at its own pass, counted as --hit's", async () => {
      const run = await compare(['--hit-a', '3', '--hit-b', '5'], command(10, 99), command(10, 99));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.variables).toMatchObject({ i: '2', acc: '1' });
      expect(run.doc!.run_b.variables).toMatchObject({ i: '4', acc: '6' });
      expect(run.doc!.diff.changed['i']).toEqual({ a: '2', b: '4' });
    });

    // --hit past the last pass (no_break, with how many times the run stopped): hits-reached.test.ts's
    // 'a run that passes the line fewer than N times ...', on every adapter here and more.

    it('--first-divergence: the runs agree for five hits and part ways at the sixth', async () => {
      const run = await compare(['--first-divergence', ...ignore], command(10, 5), command(10, 99));
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.diff.changed['step']).toEqual({ a: '6', b: '5' });
      expect(run.doc!.run_a.variables['i']).toBe('5');
      expect(hints(run)).toContain('first divergence at hit 6: the runs agree for hits 1-5 and part ways at hit 6');
    });

    it('--first-divergence with --watch-only: a run that stops hitting before the other', async () => {
      const run = await compare(
        ['--first-divergence', '--watch', 'acc', '--watch-only'],
        command(7, 99),
        command(10, 99),
      );
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.run_a.status).toBe('no_break');
      expect(run.doc!.run_b.variables).toEqual({ acc: '21' });
      expect(hints(run)).toContain(
        'first divergence at hit 8: the runs agree for hits 1-7, then B stops at the breakpoint again and A does not (it stopped 7 times)',
      );
    });

    it('--first-divergence: no differences in all hits, or up to --max-hits', async () => {
      const all = await compare(
        ['--first-divergence', '--watch', 'acc', '--watch-only'],
        command(10, 99),
        command(10, 99),
      );
      expectClean(all);
      expect(all.exitCode, all.stderr).toBe(0);
      expect(all.doc!.run_a.variables).toEqual({ acc: '36' });
      expect(hints(all)).toContain(
        'first divergence: no differences in 10 hits (both runs stopped 10 times); this is hit 10',
      );
      const capped = await compare(
        ['--first-divergence', '--max-hits', '4', '--watch', 'acc', '--watch-only'],
        command(100000, 99),
        command(100000, 99),
      );
      expectClean(capped);
      expect(capped.exitCode, capped.stderr).toBe(0);
      expect(capped.doc!.run_a.variables).toEqual({ acc: '3' });
      expect(hints(capped)).toContain('no differences in 4 hits (--max-hits 4: the walk stopped there)');
    });
  });
}

describePythonAdapters('watch errors, capture and the library through Python', (adapter, runBpdiff) => {
  it('an error in one run and a value in the other is a change; an error in both is exit 2', async () => {
    const run = await runBpdiff(
      [
        '--bp',
        'loop.py:8',
        '--watch',
        '1 // (bump - 5)',
        '--',
        'python3',
        'loop.py',
        '10',
        '5',
        '--',
        'python3',
        'loop.py',
        '10',
        '6',
      ],
      { cwd: FIXTURES },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.doc!.diff.changed['1 // (bump - 5)']!.a).toMatch(/^<error: .*ZeroDivisionError/);
    expect(run.doc!.diff.changed['1 // (bump - 5)']!.b).toBe('1');
    const both = await runBpdiff(
      [
        '--bp',
        'loop.py:8',
        '--watch',
        'nope + 1',
        '--',
        'python3',
        'loop.py',
        '3',
        '5',
        '--',
        'python3',
        'loop.py',
        '3',
        '5',
      ],
      { cwd: FIXTURES },
    );
    expect(both.leftovers).toEqual([]);
    expect(both.exitCode, both.stderr).toBe(2);
    expect(both.stderr).toContain(`the watch expression "nope + 1" could not be evaluated in either run (`);
  });

  it('bpdiff capture takes --hit and --watch and records the hit; the library walks too', async () => {
    const file = path.join(scratch, 'third.json');
    const captured = await runBpdiff(
      [
        'capture',
        '--bp',
        'loop.py:8',
        '--hit',
        '3',
        '--watch',
        'acc * 2',
        '-o',
        file,
        '--',
        'python3',
        'loop.py',
        '10',
        '99',
      ],
      { cwd: FIXTURES },
    );
    expect(captured.exitCode, captured.stderr).toBe(0);
    const capture = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      hits: unknown;
      run: { variables: Record<string, string> };
    };
    expect(capture.hits).toEqual({ captured: 3, seen: 3, wanted: 3 });
    expect(capture.run.variables['acc * 2']).toBe('2');
    const { compare } = await import('../../src/index.js');
    const run = (bump: string) => ({ command: ['python3', 'loop.py', '10', bump], cwd: FIXTURES });
    const outcome = await compare({
      bp: 'loop.py:8',
      adapter: adapter.id,
      first_divergence: true,
      watch: ['step'],
      watch_only: true,
      run_a: run('5'),
      run_b: run('99'),
    });
    expect(outcome.exit_code).toBe(1);
    expect(outcome.captures[0].hits).toEqual({ captured: 6, seen: 6, wanted: null });
    expect(outcome.result.diff.changed).toEqual({ step: { a: '6', b: '5' } });
  });

  it('no process is left after a walk interrupted with Ctrl-C halfway', async () => {
    const mark = randomUUID();
    // Halfway: both runs walking (a million hits: minutes by stops, tens of seconds streamed, twice).
    // Each says so on stderr: the Python adapter's stream handing over to stops (it starts the program
    // again), debugpy's first stop. A second after that, not a fixed 4 s from the start: the walk burnt
    // both cores for those seconds.
    const { child } = await startBpdiffUntilRunning(
      [
        '--adapter',
        adapter.id,
        '--bp',
        'loop.py:8',
        '--cwd',
        FIXTURES,
        '--first-divergence',
        '--max-hits',
        '1000000',
        '--watch',
        'acc',
        '--watch-only',
        '--',
        'python3',
        'loop.py',
        '1000000',
        '99',
        '--',
        'python3',
        'loop.py',
        '1000000',
        '99',
      ],
      {
        mark,
        pattern: /\[[AB]\] (hits streamed: starting the program again|stopped at \S*loop\.py:8, reading variables)/,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    expect(result.stdout).toBe('');
    expect(await leftoverProcesses(mark)).toEqual([]);
  });
});

// Refused before any adapter starts: once, not once per Python adapter.
describe('hits: bad input', () => {
  it('refuses bad combinations in one line', async () => {
    const base = ['--bp', 'loop.py:8'];
    const commands = ['--', 'python3', 'loop.py', '3', '5', '--', 'python3', 'loop.py', '3', '5'];
    expectRefusal(
      await runBpdiff([...base, '--hit', '0', ...commands], { cwd: FIXTURES }),
      /--hit "0" is not a whole number from 1 up/,
    );
    expectRefusal(await runBpdiff([...base, '--hit', 'x', ...commands], { cwd: FIXTURES }), /--hit "x"/);
    expectRefusal(
      await runBpdiff([...base, '--hit', '2', '--first-divergence', ...commands], { cwd: FIXTURES }),
      /--hit cannot be used with --first-divergence/,
    );
    expectRefusal(
      await runBpdiff([...base, '--hit-b', '2', '--first-divergence', ...commands], { cwd: FIXTURES }),
      /--hit-b cannot be used with --first-divergence/,
    );
    expectRefusal(
      await runBpdiff([...base, '--hit-a', '0', ...commands], { cwd: FIXTURES }),
      /--hit-a "0" is not a whole number from 1 up/,
    );
    expectRefusal(
      await runBpdiff([...base, '--max-hits', '5', ...commands], { cwd: FIXTURES }),
      /--max-hits needs --first-divergence/,
    );
    expectRefusal(await runBpdiff([...base, '--watch', '', ...commands], { cwd: FIXTURES }), /--watch/);
    expectRefusal(
      await runBpdiff([...base, '--watch-only', ...commands], { cwd: FIXTURES }),
      /--watch-only needs --watch EXPR/,
    );
  });
});
