// bpdiff locate's walk by effects (its default) on the real adapters, with small programs of their own
// (issue 32): a difference only the output shows, made by what a function returns; a return value only
// the caller's state shows; a difference made by the program's last line; a loop whose 500th pass,
// three calls deep, differs; a recursion whose bottom differs; and runs that behave the same with other
// internals (a refactor, a method only B's version defines, identical runs), which exit 0. The every-line
// walk's answers on the same programs are locate-ends' and locate-languages'.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithTool, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const EFFECTS = path.join(import.meta.dirname, 'fixtures-locate-effects');
const ENDS = path.join(import.meta.dirname, 'fixtures-locate-ends');

interface Language {
  name: string;
  tool: string;
  available: boolean;
  adapter: string[];
  folder: string;
  run: (file: string) => string[];
  ext: string;
  /** The adapter reports the value a step's function returned (bpdiff's Python and Node adapters, debugpy). */
  returns: boolean;
  /** A step stops after the program's last line (bpdiff's Python adapter). */
  lastLine: boolean;
  /** A test runner's command over a test of `total` (counted.*), the file of `total`; null: not run on this adapter. */
  runner: { command: string[]; file: string } | null;
}

const languages: Language[] = [
  ...PYTHON_ADAPTERS.map((adapter) => ({
    name: `Python through ${adapter.name}`,
    tool: adapter.tool,
    available: adapter.available,
    adapter: ['--adapter', adapter.id],
    folder: 'python',
    run: (file: string) => ['python3', file],
    ext: 'py',
    returns: true,
    lastLine: adapter.id === 'python',
    // bpdiff's adapter only: debugpy stopped so already (the fix was the adapter's).
    runner:
      adapter.id === 'python' ? { command: ['python3', '-m', 'unittest', 'test_counted'], file: 'counted.py' } : null,
  })),
  {
    name: 'Node.js through bpdiff-node-adapter',
    tool: 'node',
    available: true,
    adapter: [],
    folder: 'node',
    run: (file: string) => ['node', file],
    ext: 'js',
    returns: true,
    lastLine: false,
    // The test file itself: node:test runs it in this process (`node --test` would start one more per file).
    runner: { command: ['node', 'counted.test.cjs'], file: 'counted.cjs' },
  },
];

for (const language of languages) {
  const locate = (root: string, a: string, b: string, argsA: string[] = [], argsB: string[] = []) =>
    runBpdiff([
      'locate',
      ...language.adapter,
      '--cwd',
      path.join(root, language.folder),
      '--',
      ...language.run(`${a}.${language.ext}`),
      ...argsA,
      '--',
      ...language.run(`${b}.${language.ext}`),
      ...argsB,
    ]);
  const file = (name: string): string => `a/${name}.${language.ext}`;

  describeWithTool(`locate by effects: ${language.name}`, language.tool, language.available, () => {
    it('output that differs by what a function returns: the function, or the line that calls it, and what each run wrote or returned', async () => {
      const run = await locate(ENDS, 'a/fmt', 'b/fmt');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      const finding = run.doc!.locate!;
      expect(finding.mode).toBe('effects');
      if (language.returns) {
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${file('fmt')}:${language.ext === 'py' ? 2 : 1} in fmt\\(\\) \\(step \\d+\\): fmt\\(\\) returns '1234' in A and '001234' in B$`,
          ),
        );
        expect(finding.kind).toBe('return');
        expect(finding.returned).toEqual({ function: 'fmt', a: "'1234'", b: "'001234'" });
        // Told with the stack it stood on there, fmt() over the line that called it, not its caller's alone.
        expect(run.doc!.context).toMatch(
          new RegExp(`\\nStack of A: fmt \\(${file('fmt')}:\\d+\\) <- \\S+ \\(${file('fmt')}:\\d+\\)`),
        );
        expect(run.doc!.context).toContain(`stopped at ${file('fmt')}:${language.ext === 'py' ? 2 : 1} in fmt (`);
      } else {
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${file('fmt')}:\\d+ in .*\\(step \\d+\\): during this line A wrote "1234\\\\n" to stdout and B wrote "001234\\\\n"$`,
          ),
        );
        // The call of fmt() returned before the line wrote: the line itself is where the runs part.
        expect(finding.kind).toBe('output');
        expect(finding.wrote).toEqual({ a: { stdout: '1234\n', stderr: '' }, b: { stdout: '001234\n', stderr: '' } });
      }
      // Each run at its own copy: A's a/fmt followed into B's folder is a file B never runs.
      expect(finding.reproduce?.slice(0, 4)).toEqual([
        'bpdiff',
        '--bp-a',
        expect.stringMatching(`^${file('fmt')}:`),
        '--bp-b',
      ]);
      expect(finding.reproduce?.[4]).toMatch(new RegExp(`^b/fmt\\.${language.ext}:\\d+$`));
    });

    it('a value returned that only the caller holds: the return line where the adapter reports it, else the caller line, named', async () => {
      const run = await locate(EFFECTS, 'a/ret', 'b/ret');
      expect(run.exitCode, run.stderr).toBe(1);
      if (language.returns) {
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${file('ret')}:2 in scale\\(\\) \\(step \\d+\\): scale\\(\\) returns 42 in A and 63 in B$`,
          ),
        );
      } else {
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${file('ret')}:7 in main\\(\\) \\(step \\d+\\): y is 42 in A and 63 in B$`,
          ),
        );
      }
    });

    const runner = language.runner;
    if (runner !== null)
      it(`a test run by ${runner.command.join(' ')} whose assertion fails in B (the runner catches it): the line in the code under test, not the runner's output`, async () => {
        // unittest: an exception that unwound the test's frame was no effect of its line (bpdiff's Python
        // adapter on 3.11): the walk stepped over the test alike in both runs and ended on the runner's
        // report. node:test calls the test's function after thousands of its own statements: a step
        // through them gave up, and the walk ended on the line that registers the test.
        const run = await runBpdiff([
          'locate',
          ...language.adapter,
          '--cwd-a',
          path.join(EFFECTS, language.folder, 'a'),
          '--cwd-b',
          path.join(EFFECTS, language.folder, 'b'),
          '--',
          ...runner.command,
          '--',
          ...runner.command,
        ]);
        expect(run.exitCode, run.stderr).toBe(1);
        const at = runner.file.replace('.', '\\.');
        expect(run.doc!.analysis_hints.slice(0, 2)).toEqual([
          expect.stringMatching(
            new RegExp(`^the runs part ways at ${at}:3 in total\\(\\) \\(step \\d+\\): s is 6 in A and 9 in B$`),
          ),
          `the step before, both runs were at ${runner.file}:4`,
        ]);
        expect(run.leftovers).toEqual([]);
      });

    if (language.ext === 'js')
      it('an object returned whose field differs, which V8 shows as `{ ... }` in both runs: the return line, the part that differs', async () => {
        // The object's id V8 gives at the function's return lives only until the step goes on: it was
        // read as `{ ... }` alike, with no fields, and the walk went on to the line after the call.
        const run = await locate(EFFECTS, 'a/make', 'b/make');
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^the runs part ways at a\/make\.js:2 in make\(\) \(step \d+\): make\(\) returns a value whose \.y is 6 in A and 9 in B$/,
        );
        expect(run.doc!.locate).toMatchObject({
          kind: 'return',
          returned: { function: 'make', part: '.y', a: '6', b: '9' },
        });
        // The stop at the return line compares x, alike: the verdict is the walk's, not "no differences".
        expect(run.doc!.diff.changed).toEqual({});
      });

    it('a loop whose 500th pass, three calls deep, differs: the innermost line, and the calls that lead there', async () => {
      const run = await locate(EFFECTS, 'a/deep', 'b/deep', ['600'], ['600']);
      expect(run.exitCode, run.stderr).toBe(1);
      const line = language.ext === 'py' ? 6 : 3;
      expect(run.doc!.analysis_hints[0]).toMatch(
        new RegExp(
          `^the runs part ways at ${file('deep')}:${line} in price\\(\\) \\(step \\d+\\): base is 1497 in A and 1498 in B$`,
        ),
      );
      const calls = run.doc!.locate!.call_path.map((call) => call.function);
      expect(calls.slice(-3)).toEqual(
        language.ext === 'py' ? ['order', 'line_total', 'price'] : ['order', 'lineTotal', 'price'],
      );
      // order()'s loop was run on through passes unseen: its pass is not known; the calls below it were walked line by line.
      expect(run.doc!.locate!.call_path.slice(-3).map((call) => call.pass)).toEqual([null, 1, 1]);
      expect(run.doc!.locate!.point).toMatchObject({ file: file('deep'), line, function: 'price', pass: null });
      // The loop's later passes probed at the program's speed, not stepped (two steps a pass: 1,000 to the 500th).
      expect(run.doc!.locate!.steps).toBeLessThan(100);
      // A version against itself: probed to the loop's end, stepped out of it, and agreed.
      const same = await locate(EFFECTS, 'a/deep', 'a/deep', ['600'], ['600']);
      expect(same.exitCode, same.stderr).toBe(0);
      expect(same.doc!.locate!.kind).toBe('agreed');
      expect(same.doc!.locate!.steps).toBeLessThan(100);
    });

    it("a recursion 30 deep that differs at its bottom: the bottom line, each level's recursive call stepped into without starting the runs again", async () => {
      const run = await locate(EFFECTS, 'a/rec', 'b/rec', ['30'], ['30']);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      const line = language.ext === 'py' ? 6 : 3;
      expect(run.doc!.analysis_hints[0]).toMatch(
        new RegExp(
          `^the runs part ways at ${file('rec')}:${line} in down\\(\\) \\(step \\d+\\): down\\(\\) returns 87 in A and 88 in B$`,
        ),
      );
      // Started again for the program's call, the first level's recursive call and the bottom's line: not once a level.
      expect(run.stderr.match(/starting both runs again/g)).toHaveLength(3);
    });

    it('the same behaviour with other internals exits 0: a refactored function, a method only B defines, identical runs', async () => {
      for (const [root, a, b] of [
        [EFFECTS, 'a/refactor', 'b/refactor'],
        [ENDS, 'a/shop', 'b/shop'],
        [ENDS, 'a/fmt', 'a/fmt'],
      ] as const) {
        const run = await locate(root, a, b);
        expect(run.exitCode, `${a} ${b}: ${run.doc?.analysis_hints[0]} ${run.stderr}`).toBe(0);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^no divergence in \d+ steps?: both runs ended \(A exited with code 0; B exited with code 0\)$/,
        );
        expect(run.doc!.locate!.kind).toBe('agreed');
        expect(run.leftovers).toEqual([]);
      }
    });

    if (language.ext === 'py')
      it('a call an exception unwinds in A and that returns in B: raised, not "returns None"', async () => {
        const run = await locate(EFFECTS, 'a/raises', 'b/raises');
        expect(run.exitCode, run.stderr).toBe(1);
        // debugpy shows the call as a return of None; its definition's check tells it was raised, not which.
        const raised =
          language.adapter[1] === 'debugpy' ? 'an exception \\(debugpy does not say which\\)' : "KeyError\\('items'\\)";
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at a/raises\\.py:5 in parse\\(\\) \\(step \\d+\\): parse\\(\\) raises ${raised} in A and returns \\[\\] in B$`,
          ),
        );
        expect(run.doc!.locate).toMatchObject({
          kind: 'exception',
          returned: { function: 'parse', b: '[]', raised: { a: true, b: false } },
        });
      });

    if (language.lastLine)
      it('a line only B has, run once, is said once though the walk came to it again after a restart', async () => {
        const run = await locate(EFFECTS, 'a/pick', 'b/pick');
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^the runs part ways at a\/pick\.py:2 in pick\(\) \(step \d+\): pick\(\) returns None in A and \[\] in B$/,
        );
        expect(run.doc!.analysis_hints).toContain(
          "B also ran 1 line that A's copy of the file does not have (b/pick.py:4): lines added in B's version, not compared",
        );
      });

    if (language.lastLine)
      it("a difference only the program's last line makes: that line, and the value it set", async () => {
        const run = await locate(ENDS, 'a/last', 'a/last', ['A'], ['B']);
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^the runs part ways at a\/last\.py:2 in <module>\(\) \(step \d+\): z is 1 in A and 2 in B$/,
        );
      });
  });
}

describe('locate by effects: the document', () => {
  it('is valid against the result schema, its locate object included', async () => {
    const run = await runBpdiff([
      'locate',
      '--cwd',
      path.join(EFFECTS, 'python'),
      '--',
      'python3',
      'a/ret.py',
      '--',
      'python3',
      'b/ret.py',
    ]);
    expect(run.exitCode, run.stderr).toBe(1);
    const { validateComparison } = await import('../../src/core/schemas.js');
    expect(validateComparison(run.doc)).toEqual({ ok: true, errors: [] });
    expect(run.doc!.locate).toMatchObject({ kind: 'return', mode: 'effects', complete: true, next: null });
  });
});
