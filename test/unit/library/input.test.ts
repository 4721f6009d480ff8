// The library's input checked as the CLI checks its flags, whichever front door it came in by (the
// MCP server passes its arguments through): one line each, the CLI's message where the CLI has one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BpdiffError } from '../../../src/errors.js';
import { resolveComparisonRuns as resolveRuns, resolveRun, resolveWalkRuns } from '../../../src/intake/runs.js';
import type { ComparePlan } from '../../../src/intake/plan.js';
import { checkCompareInput, planCompare } from '../../../src/library/compare.js';
import { planCapture } from '../../../src/library/capture.js';
import { planLocate } from '../../../src/library/locate.js';
import { DEFAULT_MAX_INPUT_BYTES } from '../../../src/read-bounded.js';
import { diffCaptures } from '../../../src/library/diff-captures.js';

/** A folder with a.py (5 lines) in v1/ and v2/, for the checks that look at files. */
function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-input-'));
  for (const version of ['v1', 'v2']) {
    fs.mkdirSync(path.join(dir, version));
    fs.writeFileSync(path.join(dir, version, 'a.py'), 'a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n');
  }
  return dir;
}

const DIR = project();

/** A comparison's runs from its input, as compare() resolves them: read once into the plan, then resolved from `dir`. */
function resolveComparisonRuns(input: Record<string, unknown>, dir: string) {
  return resolveRuns((planCompare(input) as ComparePlan).runs, dir, DEFAULT_MAX_INPUT_BYTES);
}
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));
const run = (version: string) => ({ command: ['python3', 'a.py'], cwd: version });

function failure(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(BpdiffError);
    const message = (error as BpdiffError).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(' — ');
    return message;
  }
  throw new Error('did not fail');
}

describe("a comparison's runs", () => {
  it("take their own values over the shared ones, paths from the caller's folder", () => {
    const [a, b] = resolveComparisonRuns(
      {
        bp: 'a.py:3',
        condition: 'a > 0',
        env: { K: '1', L: 'x' },
        run_a: { ...run('v1'), label: 'main' },
        run_b: { ...run('v2'), env: { K: 2 } },
      },
      DIR,
    );
    expect(a).toEqual({
      side: 'a',
      label: 'main',
      argv: ['python3', 'a.py'],
      cwd: path.join(DIR, 'v1'),
      env: { K: '1', L: 'x' },
      stdin_file: null,
      breakpoint: { file: 'a.py', line: 3, condition: 'a > 0', path: path.join(DIR, 'v1/a.py') },
    });
    expect(b).toMatchObject({ label: 'B', cwd: path.join(DIR, 'v2'), env: { K: '2', L: 'x' } });
  });

  it("take the CLI's words too (NAME=VALUE, a flag given twice)", () => {
    const [, b] = resolveComparisonRuns(
      { bp: 'a.py:3', env: ['K=1', 'M=a=b'], run_a: run('v1'), run_b: { ...run('v2'), env: ['K=2'] } },
      DIR,
    );
    expect(b.env).toEqual({ K: '2', M: 'a=b' });
    expect(
      failure(() => resolveComparisonRuns({ bp: ['a.py:1', 'a.py:2'], run_a: run('v1'), run_b: run('v2') }, DIR)),
    ).toBe('--bp was given more than once — give --bp once');
  });

  it("take an absolute bp inside one run's folder as that run's relative path: each run stops in its own copy", () => {
    for (const version of ['v1', 'v2']) {
      const [a, b] = resolveComparisonRuns(
        { bp: `${path.join(DIR, version, 'a.py')}:3`, run_a: run('v1'), run_b: run('v2') },
        DIR,
      );
      expect([a.breakpoint.file, a.breakpoint.path, b.breakpoint.path]).toEqual([
        'a.py',
        path.join(DIR, 'v1/a.py'),
        path.join(DIR, 'v2/a.py'),
      ]);
    }
    // locate's --from the same way.
    const [fromA, fromB] = resolveWalkRuns(
      planLocate({ run_a: run('v1'), run_b: run('v2') }).runs,
      DIR,
      { file: path.join(DIR, 'v2', 'a.py'), line: 2 },
      DEFAULT_MAX_INPUT_BYTES,
    );
    expect([fromA.breakpoint.path, fromB.breakpoint.path]).toEqual([
      path.join(DIR, 'v1/a.py'),
      path.join(DIR, 'v2/a.py'),
    ]);
    // A file only one folder has, and one outside both, stay as given.
    fs.writeFileSync(path.join(DIR, 'v2', 'only.py'), 'x = 1\n');
    const [onlyA] = resolveComparisonRuns(
      { bp: `${path.join(DIR, 'v2', 'only.py')}:1`, run_a: { ...run('v1') }, run_b: run('v2') },
      DIR,
    );
    expect(onlyA.breakpoint.path).toBe(path.join(DIR, 'v2/only.py'));
    const outside = path.join(DIR, 'lib.py');
    fs.writeFileSync(outside, 'x = 1\n');
    const [libA, libB] = resolveComparisonRuns({ bp: `${outside}:1`, run_a: run('v1'), run_b: run('v2') }, DIR);
    expect([libA.breakpoint.path, libB.breakpoint.path]).toEqual([outside, outside]);
  });

  it("follow bp's line into B's copy of the file, unless run B has its own", () => {
    fs.mkdirSync(path.join(DIR, 'v3'), { recursive: true });
    fs.writeFileSync(path.join(DIR, 'v3', 'a.py'), 'import os\nimport sys\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n');
    const [, followed] = resolveComparisonRuns({ bp: 'a.py:3', run_a: run('v1'), run_b: run('v3') }, DIR);
    expect(followed.breakpoint).toMatchObject({
      line: 5,
      note: "line 3 of a.py in A is line 5 in B's copy (lines above it were added or removed), so B stops at line 5",
    });
    const [, own] = resolveComparisonRuns(
      { bp: 'a.py:3', run_a: run('v1'), run_b: { ...run('v3'), bp: 'a.py:4' } },
      DIR,
    );
    expect(own.breakpoint).toEqual({ file: 'a.py', line: 4, path: path.join(DIR, 'v3/a.py') });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no bp', { run_a: run('v1'), run_b: run('v2') }, '--bp is missing — say where to stop, e.g. --bp src/app.py:42'],
    [
      'a bp without a line',
      { bp: 'a.py', run_a: run('v1'), run_b: run('v2') },
      '--bp "a.py" has no line number — write it as FILE:LINE, e.g. --bp src/app.py:42',
    ],
    [
      'a bp past the end',
      { bp: 'a.py:9', run_a: run('v1'), run_b: run('v2') },
      '--bp a.py:9 is past the end of the file: a.py has 5 lines in run A — give a line from 1 to 5',
    ],
    [
      'a number as bp',
      { bp: 3, run_a: run('v1'), run_b: run('v2') },
      'bp is the number 3, not a string — give e.g. "bp": "src/app.py:42"',
    ],
    [
      'an unknown run key',
      { bp: 'a.py:1', run_a: { ...run('v1'), args: [] }, run_b: run('v2') },
      'unknown option "run_a.args" — use one of command, bp, label, cwd, env, stdin_file',
    ],
    ['no run_b', { bp: 'a.py:1', run_a: run('v1') }, 'run_b is missing — give the run as'],
    [
      'a string command',
      { bp: 'a.py:1', run_a: { command: 'python3 a.py' }, run_b: run('v2') },
      'run_a.command is the string "python3 a.py", not an array of strings',
    ],
    [
      'an empty command',
      { bp: 'a.py:1', run_a: { command: [] }, run_b: run('v2') },
      'run_a.command is empty — give the program and its arguments as an array',
    ],
    [
      'a missing cwd',
      { bp: 'a.py:1', run_a: run('v9'), run_b: run('v2') },
      'the working directory of run A does not exist',
    ],
    [
      'a missing breakpoint file',
      { bp: 'b.py:1', run_a: run('v1'), run_b: run('v2') },
      'the breakpoint file b.py does not exist for run A',
    ],
    [
      'an env that is a number',
      { bp: 'a.py:1', run_a: { ...run('v1'), env: 3 }, run_b: run('v2') },
      'run_a.env is the number 3, not an object of strings',
    ],
    [
      'a missing stdin file',
      { bp: 'a.py:1', run_a: { ...run('v1'), stdin_file: 'in.txt' }, run_b: run('v2') },
      '--stdin-a in.txt does not exist',
    ],
  ])('%s is one line', (_, args, message) => {
    expect(failure(() => resolveComparisonRuns(args, DIR))).toContain(message);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown argument',
      { bp: 'a.py:1', run_a: run('v1'), run_b: run('v2'), dpeth: 2 },
      'unknown option "dpeth" — use one of',
    ],
    [
      'a bad fail_on',
      { bp: 'a.py:1', run_a: run('v1'), run_b: run('v2'), fail_on: 'all' },
      '--fail-on "all" is not one of any, changed, never — give --fail-on any or changed or never',
    ],
    [
      'a run A of its own beside a baseline',
      { baseline: 'b.json', bp: 'a.py:1', run_a: run('v1'), run_b: run('v2') },
      'run_a.command cannot be given with baseline',
    ],
  ])('%s is one line, found before anything on disk is looked at', (_, args, message) => {
    expect(failure(() => checkCompareInput(args))).toContain(message);
  });
});

describe('the plan: the input read once, typed', () => {
  it("holds the call's own values (condition, fail_on, max_output_bytes) as typed values, the condition on each run's breakpoint", () => {
    const plan = planCompare({
      bp: 'a.py:3',
      condition: 'n > 3',
      fail_on: 'changed',
      max_output_bytes: '2048',
      depth: '2',
      run_a: run('v1'),
      run_b: { ...run('v2'), bp: 'a.py:4' },
    });
    expect(plan.kind).toBe('compare');
    expect(plan.report).toEqual({ failOn: 'changed', maxOutputBytes: 2048 });
    expect(plan.options.limits.depth).toBe(2);
    const { runs } = plan as ComparePlan;
    expect(runs.map((reading) => reading.breakpoint)).toEqual([
      { file: 'a.py', line: 3, condition: 'n > 3' },
      { file: 'a.py', line: 4, condition: 'n > 3' },
    ]);
    expect(runs.map((reading) => reading.bpFlag)).toEqual(['bp', 'bp-b']);
  });

  it("with a baseline: the stored capture, run A's name, and the live run without a breakpoint of its own", () => {
    expect(planCompare({ baseline: 'b.json', run_a: { label: 'main' }, run_b: run('v2') })).toMatchObject({
      kind: 'baseline',
      baseline: 'b.json',
      labelA: 'main',
      report: { failOn: 'any', maxOutputBytes: null },
      run: { breakpoint: null },
    });
  });

  it('a capture takes the condition, a walk takes none (and its --from is read into the plan)', () => {
    expect(planCapture({ bp: 'a.py:3', condition: 'x', run: run('v1') }).run.breakpoint).toEqual({
      file: 'a.py',
      line: 3,
      condition: 'x',
    });
    expect(failure(() => planLocate({ condition: 'x', run_a: run('v1'), run_b: run('v2') }))).toContain(
      'unknown option "condition"',
    );
    expect(planLocate({ from: 'a.py:2:3', run_a: run('v1'), run_b: run('v2') }).from).toEqual({
      breakpoint: { file: 'a.py', line: 2 },
      hit: 3,
    });
  });

  it('a condition that is no string, or empty, is one line', () => {
    expect(failure(() => planCompare({ bp: 'a.py:3', condition: 3, run_a: run('v1'), run_b: run('v2') }))).toBe(
      'condition is the number 3, not a string — give e.g. "condition": "n > 3"',
    );
    expect(failure(() => planCompare({ bp: 'a.py:3', condition: ' ', run_a: run('v1'), run_b: run('v2') }))).toContain(
      '--condition is empty',
    );
  });
});

describe("a capture's run", () => {
  // The run of the input's plan, resolved as capture() resolves it.
  const resolveCapture = (input: Record<string, unknown>) =>
    resolveRun(planCapture(input).run, 'capture', DIR, DEFAULT_MAX_INPUT_BYTES);
  it('takes the shared values as its own, and the label "capture"', () => {
    expect(resolveCapture({ bp: 'a.py:3', run: { ...run('v1'), env: { A: '1' } } })).toMatchObject({
      label: 'capture',
      cwd: path.join(DIR, 'v1'),
      env: { A: '1' },
      breakpoint: { line: 3 },
    });
    expect(failure(() => resolveCapture({ bp: 'a.py:3', run: { ...run('v1'), cwd: 'v9' } }))).toBe(
      `the working directory of run capture does not exist: ${path.join(DIR, 'v9')} — check --cwd (run.cwd)`,
    );
  });
});

describe('diffCaptures', () => {
  it('a missing file, a file that is not JSON, a number: one line each', async () => {
    fs.writeFileSync(path.join(DIR, 'bad.json'), '{');
    const message = (a: unknown, b: unknown) =>
      diffCaptures(a as string, b as string, {}, { base: DIR }).then(
        () => 'no error',
        (error: Error) => error.message,
      );
    expect(await message('none.json', 'bad.json')).toContain('run capture none.json does not exist');
    expect(await message('bad.json', 'bad.json')).toContain('bad.json is not valid JSON');
    expect(await message(7, 'bad.json')).toContain('capture a is neither a file path nor a capture object');
  });
});

describe('diffCaptures on a hostile file or path (issue 34)', () => {
  const message = (a: unknown, b: unknown) =>
    diffCaptures(a as string, b as string, {}, { base: DIR }).then(
      () => 'no error',
      (error: Error) => error.message,
    );

  it('a file that is not JSON: said by its place, nothing of its content', async () => {
    fs.writeFileSync(path.join(DIR, 'passwd.json'), 'root:x:0:0:root:/root:/bin/bash\n');
    expect(await message('passwd.json', 'passwd.json')).toBe(
      'passwd.json is not valid JSON (at line 1, column 1: no JSON document starts there) — pass a run capture saved by bpdiff',
    );
  });

  it('a 2 MB path: the error is bounded, the path cut with its length said (it was echoed twice, whole)', async () => {
    const long = 'a'.repeat(2_000_000);
    const said = await message(long, long);
    expect(said.length).toBeLessThan(1000);
    expect(said).toMatch(
      /^cannot read run capture a{200}… \[2000001 characters\] ENAMETOOLONG: name too long, open '\/.*… \[\d+ characters\] — check the path and its permissions$/,
    );
  });
});
