// The pure parts of bpdiff locate's walk: which files are the user's, how passes through a line and
// calls of a function are counted, where two runs stand relative to each other, and the line map of a
// whole file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mapAllLines, mapLine } from '../../../src/core/line-map.js';
import { LineArrivals } from '../../../src/walk/line-arrivals.js';
import { Positions } from '../../../src/walk/positions.js';
import { UserCode } from '../../../src/walk/user-code.js';
import { parseFrom } from '../../../src/intake/runs.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-walk-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('UserCode', () => {
  it("counts the run's own files, not installed code, code elsewhere or code without a source", () => {
    const code = new UserCode('/p', []);
    expect(code.classify('/p/src/shop.py')).toBe('counted');
    expect(code.classify('/p/node_modules/lodash/index.js')).toBe('library');
    expect(code.classify('/p/.venv/lib/python3.11/site-packages/x.py')).toBe('library');
    expect(code.classify('/usr/lib/python3.11/json/decoder.py')).toBe('library');
    expect(code.classify('node:internal/modules/cjs/loader')).toBe('library');
    expect(code.classify(null)).toBe('library');
    expect(code.withinMatched).toBe(true);
  });

  it('with --within, counts only the files it matches (from the run folder); the others are stepped through', () => {
    const code = new UserCode('/p', ['lib/*']);
    expect(code.withinMatched).toBe(false);
    expect(code.classify('/p/main.py')).toBe('user');
    expect(code.withinMatched).toBe(false);
    expect(code.classify('/p/lib/rates/tiers.py')).toBe('counted');
    expect(code.withinMatched).toBe(true);
    expect(code.userFiles()).toEqual(['main.py', 'lib/rates/tiers.py']);
  });
});

describe('LineArrivals', () => {
  it('counts passes through a line, and calls of a function by the depth of the stack', () => {
    const passes = new LineArrivals();
    // main (depth 1) calls f (depth 2) twice from line 10, f's line 3 runs twice per call.
    expect(passes.arrive('m.py', 10, 1, 'main')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.py', 3, 2, 'f')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.py', 3, 2, 'f')).toMatchObject({ pass: 2, call: 1, revisit: false });
    // Back on line 10 from the call: the same pass, not a new line.
    expect(passes.arrive('m.py', 10, 1, 'main')).toMatchObject({ pass: 1, call: 1, revisit: true });
    expect(passes.arrive('m.py', 11, 1, 'main')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.py', 3, 2, 'f')).toMatchObject({ pass: 3, call: 2, revisit: false });
    expect(passes.arrive('m.py', 12, 1, 'main')).toMatchObject({ pass: 1, call: 1, revisit: false });
  });

  it('copies a stack whose first frames it never saw (a program run by a runner: python -m cProfile app.py)', () => {
    const passes = new LineArrivals();
    // The program's first line is 6 frames deep: the runner's frames below it were never arrived at.
    expect(passes.arrive('app.py', 1, 6, '<module>')).toMatchObject({ pass: 1, call: 1 });
    expect(passes.arrive('app.py', 3, 7, 'f')).toMatchObject({ pass: 1, call: 1 });
    const copy = passes.clone();
    expect(copy.arrive('app.py', 1, 6, '<module>')).toMatchObject({ pass: 1, call: 1, revisit: true });
    expect(copy.arrive('app.py', 3, 7, 'f')).toMatchObject({ pass: 2, call: 2 });
    // The original counts on from where it was, untouched by its copy.
    expect(passes.arrive('app.py', 3, 7, 'f')).toMatchObject({ pass: 2, call: 1 });
  });

  it('a clone shares the frames but neither side sees the other count on in them, deep or not', () => {
    const passes = new LineArrivals();
    // A recursion 3 deep: f's line 3 once in each call, line 4 once in the innermost.
    for (let depth = 1; depth <= 3; depth++) passes.arrive('r.py', 3, depth, 'f');
    passes.arrive('r.py', 4, 3, 'f');
    const copy = passes.clone();
    // Each side counts on in the innermost frame and in the one below it (a return there), on its own.
    expect(copy.arrive('r.py', 4, 3, 'f').path.pass).toBe(2);
    expect(copy.arrive('r.py', 4, 3, 'f').path.pass).toBe(3);
    expect(copy.arrive('r.py', 5, 2, 'f').path.pass).toBe(1);
    expect(passes.arrive('r.py', 4, 3, 'f').path.pass).toBe(2);
    expect(passes.arrive('r.py', 5, 2, 'f').path.pass).toBe(1);
    expect(passes.arrive('r.py', 5, 2, 'f').path.pass).toBe(2);
    expect(copy.arrive('r.py', 5, 2, 'f').path.pass).toBe(2);
    // A loop run on unseen in the copy (passed) leaves the original's passes known, and a clone of a clone too.
    const again = copy.clone();
    expect(copy.passed('r.py', 5, 10).path).toMatchObject({ line: 5, pass: null });
    expect(passes.arrive('r.py', 5, 2, 'f').path.pass).toBe(3);
    expect(again.arrive('r.py', 5, 2, 'f').path.pass).toBe(3);
    expect(copy.arrive('r.py', 5, 2, 'f').path.pass).toBeNull();
  });

  it('back on a line from a call into code it does not count (a library), the same pass', () => {
    const passes = new LineArrivals();
    expect(passes.arrive('m.go', 22, 1, 'main.main')).toMatchObject({ pass: 1, call: 1, revisit: false });
    passes.away();
    expect(passes.arrive('m.go', 22, 1, 'main.main')).toMatchObject({ pass: 1, call: 1, revisit: true });
  });

  it('without the depth, goes by the functions it sees entered and left', () => {
    const passes = new LineArrivals();
    expect(passes.arrive('m.go', 10, null, 'main')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.go', 3, null, 'f')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.go', 10, null, 'main')).toMatchObject({ pass: 1, call: 1, revisit: true });
    expect(passes.arrive('m.go', 11, null, 'main')).toMatchObject({ pass: 1, call: 1, revisit: false });
    expect(passes.arrive('m.go', 3, null, 'f')).toMatchObject({ pass: 2, call: 2, revisit: false });
    expect(passes.arrive('m.go', 3, null, 'f')).toMatchObject({ pass: 3, call: 2, revisit: false });
    passes.away();
    expect(passes.arrive('m.go', 3, null, 'f')).toMatchObject({ pass: 3, call: 2, revisit: true });
  });
});

describe('LineArrivals: the pass of each line in its call', () => {
  const chain = (
    step: { line: number; pass: number | null; caller: unknown } | null,
  ): Array<[number, number | null]> => {
    const out: Array<[number, number | null]> = [];
    for (let at = step as { line: number; pass: number | null; caller: unknown } | null; at !== null; )
      out.unshift([at.line, at.pass]), (at = at.caller as typeof at);
    return out;
  };

  it('counts a line per call, with the callers where they stand, and starts again in a new call', () => {
    const passes = new LineArrivals();
    // main's loop (line 10) calls f twice; f's line 3 runs twice a call.
    passes.arrive('m.py', 10, 1, 'main');
    passes.arrive('m.py', 3, 2, 'f');
    expect(chain(passes.arrive('m.py', 3, 2, 'f').path)).toEqual([
      [10, 1],
      [3, 2],
    ]);
    passes.arrive('m.py', 10, 1, 'main');
    const again = passes.arrive('m.py', 10, 1, 'main');
    expect(again.path).toMatchObject({ line: 10, pass: 2, caller: null });
    // The second call: its line 3 the first time in it (the 3rd in the whole run).
    const second = passes.arrive('m.py', 3, 2, 'f');
    expect(second.pass).toBe(3);
    expect(chain(second.path)).toEqual([
      [10, 2],
      [3, 1],
    ]);
  });

  it('a call run on through passes unseen (a loop probed) no longer knows its passes; a call it makes then does', () => {
    const passes = new LineArrivals();
    passes.arrive('m.py', 10, 1, 'main');
    passes.arrive('m.py', 11, 1, 'main');
    const probed = passes.passed('m.py', 11, 511);
    expect(probed.pass).toBe(512);
    expect(probed.path).toMatchObject({ line: 11, pass: null });
    expect(passes.arrive('m.py', 12, 1, 'main').path.pass).toBeNull();
    expect(chain(passes.arrive('m.py', 3, 2, 'f').path)).toEqual([
      [12, null],
      [3, 1],
    ]);
  });
});

describe('Positions', () => {
  const v1 = 'TIERS = [0]\n\ndef discount(qty):\n    rate = 0\n    if qty > 1:\n        rate = 1\n    return rate\n';
  const v2 =
    '"""Prices."""\n# inclusive\nTIERS = [0]\n\ndef discount(qty):\n    rate = 0\n    if qty >= 1:\n        rate = 1\n    return rate\n';
  const root = folder({ 'a/shop.py': v1, 'b/shop.py': v2 });
  const [a, b] = [path.join(root, 'a'), path.join(root, 'b')];

  it("reads B's line in A's copy: moved lines and an edited line are the same place", () => {
    const positions = new Positions(a, b);
    expect(positions.place({ file: `${a}/shop.py`, line: 1 }, { file: `${b}/shop.py`, line: 3 })).toEqual({
      same: true,
      sameFile: true,
      bInA: 1,
    });
    expect(positions.place({ file: `${a}/shop.py`, line: 5 }, { file: `${b}/shop.py`, line: 7 })).toEqual({
      same: true,
      sameFile: true,
      bInA: 5,
    });
    expect(positions.place({ file: `${a}/shop.py`, line: 7 }, { file: `${b}/shop.py`, line: 8 })).toEqual({
      same: false,
      sameFile: true,
      bInA: 6,
    });
    expect(positions.place({ file: `${a}/shop.py`, line: 1 }, { file: `${b}/other.py`, line: 1 })).toEqual({
      same: false,
      sameFile: false,
      bInA: null,
    });
  });

  it('knows the lines one version added, which have nothing to be compared with', () => {
    const positions = new Positions(a, b);
    expect(positions.added('b', { file: `${b}/shop.py`, line: 1 })).toBe(true);
    expect(positions.added('b', { file: `${b}/shop.py`, line: 3 })).toBe(false);
    expect(positions.added('a', { file: `${a}/shop.py`, line: 1 })).toBe(false);
    // A file the other run's copy does not have at all is a path of its own, not an added line.
    expect(positions.added('b', { file: `${b}/new.py`, line: 1 })).toBe(false);
  });

  it('finds the two copies of the program from the first step, when both runs share one folder', () => {
    const positions = new Positions(root, root);
    positions.align(`${a}/shop.py`, `${b}/shop.py`);
    expect(positions.place({ file: `${a}/shop.py`, line: 5 }, { file: `${b}/shop.py`, line: 7 })).toMatchObject({
      same: true,
    });
  });

  it('takes two first files of two names for two copies of one file (python3 old.py and python3 new.py)', () => {
    const named = folder({ 'old.py': v1, 'new.py': v2, 'lib.py': 'x = 1\n' });
    const positions = new Positions(named, named);
    positions.align(`${named}/old.py`, `${named}/new.py`);
    expect(positions.place({ file: `${named}/old.py`, line: 5 }, { file: `${named}/new.py`, line: 7 })).toEqual({
      same: true,
      sameFile: true,
      bInA: 5,
    });
    expect(positions.place({ file: `${named}/old.py`, line: 6 }, { file: `${named}/new.py`, line: 9 })).toMatchObject({
      same: false,
      sameFile: true,
    });
    // B's added lines are added lines; a file both run keeps its own path.
    expect(positions.added('b', { file: `${named}/new.py`, line: 1 })).toBe(true);
    expect(positions.added('b', { file: `${named}/new.py`, line: 3 })).toBe(false);
    expect(positions.place({ file: `${named}/lib.py`, line: 1 }, { file: `${named}/lib.py`, line: 1 }).same).toBe(true);
  });
});

describe('mapAllLines', () => {
  it('maps every line as mapLine maps it, in one diff', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'x = 1', '', 'return');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.array(line, { maxLength: 12 }), (a, b) => {
        const all = mapAllLines(a, b);
        expect(all).toHaveLength(a.length);
        a.forEach((_, index) => expect(all[index]).toEqual(mapLine(a, b, index + 1)));
      }),
      { numRuns: 100 },
    );
  });
});

describe('--from', () => {
  it('is FILE:LINE or FILE:LINE:N', () => {
    expect(parseFrom('src/app.py:42')).toEqual({ breakpoint: { file: 'src/app.py', line: 42 }, hit: 1 });
    expect(parseFrom('src/app.py:42:3')).toEqual({ breakpoint: { file: 'src/app.py', line: 42 }, hit: 3 });
    expect(() => parseFrom('src/app.py')).toThrow('--from "src/app.py" has no line number');
    expect(() => parseFrom('src/app.py:0')).toThrow('--from "src/app.py:0": the line "0" is not a line number');
  });
});
