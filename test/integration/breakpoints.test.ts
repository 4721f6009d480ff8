// Each run's breakpoint: --bp followed into B's copy of a file whose lines moved, a changed line, a
// deleted line, and --bp-a / --bp-b, on real runs of two versions of a small program, on both Python adapters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePythonAdapters } from './python-adapters.js';

let tmp: string;

const V1 = [
  'import sys',
  '',
  'def price(qty):',
  '    rate = 0.1 if qty < 5 else 0.2',
  '    total = qty * rate',
  '    return total',
  '',
  'print(price(int(sys.argv[1])))',
  '',
];
// Two lines added above, and the rate changed: line 5 of v1 is line 7 here.
const SHIFTED = [
  'import sys',
  '# prices',
  '# (two new lines)',
  '',
  'def price(qty):',
  '    rate = 0.1 if qty < 5 else 0.3',
  '    total = qty * rate',
  '    return total',
  '',
  'print(price(int(sys.argv[1])))',
  '',
];
// Line 5 of v1 is changed (rounded) in place.
const CHANGED = [
  'import sys',
  '',
  'def price(qty):',
  '    rate = 0.1 if qty < 5 else 0.2',
  '    total = round(qty * rate, 1)',
  '    return total',
  '',
  'print(price(int(sys.argv[1])))',
  '',
];
// Line 5 of v1 is gone (total is computed earlier, in another way).
const DELETED = [
  'import sys',
  '',
  'def price(qty):',
  '    total = qty * 0.2',
  '    rate = 0.1 if qty < 5 else 0.2',
  '    return total',
  '',
  'print(price(int(sys.argv[1])))',
  '',
];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bp-'));
  for (const [name, lines] of Object.entries({ v1: V1, shifted: SHIFTED, changed: CHANGED, deleted: DELETED })) {
    fs.mkdirSync(path.join(tmp, name));
    fs.writeFileSync(path.join(tmp, name, 'price.py'), lines.join('\n'));
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const pair = (b: string, ...flags: string[]): string[] => [
  '--bp',
  'price.py:6',
  '--cwd-a',
  path.join(tmp, 'v1'),
  '--cwd-b',
  path.join(tmp, b),
  ...flags,
  '--',
  'python3',
  'price.py',
  '10',
  '--',
  'python3',
  'price.py',
  '10',
];

describePythonAdapters('each run stops at its own line', (_adapter, runBpdiff) => {
  it("follows --bp into B's copy when lines above it were added, and says so", async () => {
    const run = await runBpdiff(pair('shifted'));
    expect(run.leftovers).toEqual([]);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(doc.run_a.location).toEqual({ file: 'price.py', line: 6 });
    expect(doc.run_b.location).toEqual({ file: 'price.py', line: 8 });
    expect(doc.diff.changed).toEqual({ rate: { a: '0.2', b: '0.3' }, total: { a: '2.0', b: '3.0' } });
    expect(doc.analysis_hints).toContain(
      "B: line 6 of price.py in A is line 8 in B's copy (lines above it were added or removed), so B stops at line 8",
    );
    expect(doc.context).toContain('Breakpoint in B: price.py:8');
  });

  it("follows a line into a shorter copy of the file, past the copy's end in A's numbering", async () => {
    const run = await runBpdiff([
      '--bp',
      'price.py:10',
      '--cwd-a',
      path.join(tmp, 'shifted'),
      '--cwd-b',
      path.join(tmp, 'v1'),
      '--',
      'python3',
      'price.py',
      '10',
      '--',
      'python3',
      'price.py',
      '10',
    ]);
    expect(run.leftovers).toEqual([]);
    expect(run.stderr).not.toContain('past the end');
    expect(run.doc!.run_a.location).toEqual({ file: 'price.py', line: 10 });
    expect(run.doc!.run_b.location).toEqual({ file: 'price.py', line: 8 });
  });

  it('a line changed in B: B stops at the line that took its place, and the context shows both lines', async () => {
    const run = await runBpdiff(pair('changed', '--bp', 'price.py:5').filter((_, i) => i > 1));
    expect(run.exitCode, run.stderr).toBe(0);
    const doc = run.doc!;
    expect(doc.run_b.location).toEqual({ file: 'price.py', line: 5 });
    expect(doc.context).toContain('Source in A at line 5: total = qty * rate');
    expect(doc.context).toContain('Source in B at line 5: total = round(qty * rate, 1)');
    expect(doc.analysis_hints).toContain(
      'B: line 5 of price.py in A was changed in B\'s copy; B stops at line 5, which took its place ("total = round(qty * rate, 1)"); give --bp-b (run_b.bp) to choose another line',
    );
  });

  it('a line deleted in B: exit 2 with a message that names --bp-b, and nothing runs', async () => {
    const run = await runBpdiff(['--bp', 'price.py:5', ...pair('deleted').slice(2)]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      "bpdiff: line 5 of price.py in run A was deleted in run B's copy, so bpdiff cannot tell where B should stop — give run B its own line with --bp-b price.py:LINE",
    );
  });

  it('--bp-a and --bp-b: each run stops where it was told, and the document says both', async () => {
    const run = await runBpdiff(['--bp-a', 'price.py:5', '--bp-b', 'price.py:7', ...pair('shifted').slice(2)]);
    expect(run.exitCode, run.stderr).toBe(1);
    const doc = run.doc!;
    expect(doc.breakpoint).toEqual({ file: 'price.py', line: 5 });
    expect(doc.run_a.location.line).toBe(5);
    expect(doc.run_b.location.line).toBe(7);
    expect(doc.diff.changed.rate).toEqual({ a: '0.2', b: '0.3' });
    expect(doc.context).toContain('Breakpoint in A: price.py:5');
    expect(doc.context).toContain('Breakpoint in B: price.py:7');
  });

  it("a line past the end of B's copy given with --bp-b is refused with B's length", async () => {
    const run = await runBpdiff(['--bp', 'price.py:5', '--bp-b', 'price.py:40', ...pair('shifted').slice(2)]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr.trim()).toBe(
      'bpdiff: --bp-b price.py:40 is past the end of the file: price.py has 10 lines in run B — give a line from 1 to 10',
    );
  });
  it('--format github names the files from where bpdiff runs (the repository root in CI), and a crash at the line that raised it', async () => {
    const annotations = (stdout: string): string[] =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('::'))
        .map((line) => /^::(\w+) file=([^,]*),line=(\d+),title=([^:]*)::/.exec(line)!.slice(1).join(' '));
    const folders = ['--cwd-a', 'v1', '--cwd-b', 'shifted', '--format', 'github'];
    const changed = await runBpdiff(
      ['--bp', 'price.py:6', ...folders, '--', 'python3', 'price.py', '10', '--', 'python3', 'price.py', '10'],
      {
        cwd: tmp,
      },
    );
    expect(changed.exitCode, changed.stderr).toBe(1);
    expect(changed.leftovers).toEqual([]);
    expect(annotations(changed.stdout)).toEqual([
      'error shifted/price.py 8 bpdiff%3A rate changed',
      'error shifted/price.py 8 bpdiff%3A total changed',
    ]);
    // B's argument is no number: int() raises at the last line of B's copy, before the breakpoint.
    const crashed = await runBpdiff(
      ['--bp', 'price.py:6', ...folders, '--', 'python3', 'price.py', '10', '--', 'python3', 'price.py', 'x'],
      {
        cwd: tmp,
      },
    );
    expect(crashed.exitCode, crashed.stderr).toBe(1);
    expect(crashed.leftovers).toEqual([]);
    expect(annotations(crashed.stdout)).toEqual(['error shifted/price.py 10 bpdiff%3A B crashed here']);
  });
});
