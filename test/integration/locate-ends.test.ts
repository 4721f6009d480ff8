// bpdiff locate at the runs' ends, on the real adapters (both Python adapters and Node): two runs alike
// in every step compared whose output or exit code differs are not "no divergence" (issue 32: a format
// string printed by the last line, an exit code made by the last line); identical runs still exit 0;
// and a method only B's version defines, for an input both versions handle alike, is no divergence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithTool, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures-locate-ends');

interface Ends {
  name: string;
  tool: string;
  available: boolean;
  adapter: string[];
  run: (file: string) => string[];
  ext: string;
  /** The number of steps of the fmt pair, each walked to its end. */
  fmtSteps: number;
  /** The last step the every-line walk compares in fmt (Node's: inside fmt, whose call is the last line). */
  fmtLast: number;
  /** fmt's return line, and the step the walk by effects finds it at. */
  fmtReturn: { line: number; step: number };
}

const languages: Ends[] = [
  ...PYTHON_ADAPTERS.map((adapter) => ({
    name: `Python through ${adapter.name}`,
    tool: adapter.tool,
    available: adapter.available,
    adapter: ['--adapter', adapter.id],
    run: (file: string) => ['python3', file],
    ext: 'py',
    fmtSteps: 3,
    fmtLast: 2,
    fmtReturn: { line: 2, step: 3 },
  })),
  {
    name: 'Node.js through bpdiff-node-adapter',
    tool: 'node',
    available: true,
    adapter: [],
    run: (file: string) => ['node', file],
    ext: 'js',
    fmtSteps: 2,
    fmtLast: 1,
    fmtReturn: { line: 1, step: 2 },
  },
];

for (const language of languages) {
  const folder = path.join(FIXTURES, language.ext === 'py' ? 'python' : 'node');
  const pair = (a: string, b: string, argsA: string[] = [], argsB: string[] = []): string[] => [
    'locate',
    '--every-line',
    ...language.adapter,
    '--cwd',
    folder,
    '--',
    ...language.run(a),
    ...argsA,
    '--',
    ...language.run(b),
    ...argsB,
  ];

  describeWithTool(`locate at the runs' ends: ${language.name}`, language.tool, language.available, () => {
    it('output that differs only in what the last line prints: exit 1, divergence output, the first line that differs', async () => {
      const run = await runBpdiff(pair(`a/fmt.${language.ext}`, `b/fmt.${language.ext}`));
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toBe(
        'the runs agreed in every step compared, but their output differs: stdout line 1 is "1234" in A, "001234" in B',
      );
      expect(run.doc!.analysis_hints).toContain(
        `the values left by the lines run after the last step compared (a/fmt.${language.ext}:${language.fmtLast}) were not compared: no stop comes after a program's last line (the runs' output and exit codes were compared)`,
      );
      expect(run.leftovers).toEqual([]);
    });

    it('the library tells the kind: divergence output, no way back', async () => {
      const { locate } = await import('../../src/library/locate.js');
      const outcome = await locate({
        every_line: true,
        run_a: { command: language.run(`a/fmt.${language.ext}`), cwd: folder },
        run_b: { command: language.run(`b/fmt.${language.ext}`), cwd: folder },
        ...(language.adapter.length > 0 ? { adapter: language.adapter[1]! } : {}),
      });
      expect(outcome.exit_code).toBe(1);
      expect(outcome.divergence).toBe('output');
      expect(outcome.steps).toBe(language.fmtSteps);
      expect(outcome.reproduce).toBeNull();
    });

    it("two files named apart (old and new) are one file's two copies: the line they part at, and a way back that stops both there", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-renamed-'));
      try {
        const { ext } = language;
        fs.copyFileSync(path.join(folder, `a/fmt.${ext}`), path.join(dir, `old.${ext}`));
        fs.copyFileSync(path.join(folder, `b/fmt.${ext}`), path.join(dir, `new.${ext}`));
        const run = await runBpdiff(
          ['locate', ...language.adapter, '--', ...language.run(`old.${ext}`), '--', ...language.run(`new.${ext}`)],
          { cwd: dir },
        );
        expect(run.exitCode, run.stderr).toBe(1);
        const { line, step } = language.fmtReturn;
        expect(run.doc!.analysis_hints[0]).toBe(
          `the runs part ways at old.${ext}:${line} in fmt() (step ${step}): fmt() returns '1234' in A and '001234' in B`,
        );
        expect(run.doc!.locate!.point).toMatchObject({ file: `old.${ext}`, line, file_b: `new.${ext}`, line_b: null });
        // B's breakpoint in B's file: `--bp old.ext` would have followed A's file into B's folder, where B never goes.
        const again = run.doc!.locate!.reproduce!;
        expect(again.slice(1, 5)).toEqual(['--bp-a', `old.${ext}:${line}`, '--bp-b', `new.${ext}:${line}`]);
        // Run once (bpdiff's Python adapter): the way back and the followed --bp are the adapter's no more than this argv is.
        if (!language.name.endsWith(PYTHON_ADAPTERS[0]!.name)) return;
        const back = await runBpdiff(again.slice(1), { cwd: dir });
        expect([back.doc!.run_a.status, back.doc!.run_b.status], back.stderr).toEqual(['break', 'break']);
        expect(back.leftovers).toEqual([]);
        // A comparison's --bp in old follows into new, the file B's command names in its place.
        const compared = await runBpdiff(
          [
            '--bp',
            `old.${ext}:${line}`,
            ...language.adapter,
            '--',
            ...language.run(`old.${ext}`),
            '--',
            ...language.run(`new.${ext}`),
          ],
          { cwd: dir },
        );
        expect(compared.doc!.run_b).toMatchObject({ status: 'break', location: { file: `new.${ext}`, line } });
        // And locate's --from: B starts from its own copy's line.
        const from = await runBpdiff(
          [
            'locate',
            '--from',
            `old.${ext}:${line}`,
            '--',
            ...language.run(`old.${ext}`),
            '--',
            ...language.run(`new.${ext}`),
          ],
          { cwd: dir },
        );
        expect(from.doc!.analysis_hints[0], from.stderr).toBe(
          `the runs part ways at old.${ext}:${line} in fmt() (step 1): fmt() returns '1234' in A and '001234' in B`,
        );
        // fmt's return line is the line B's version changed.
        expect(compared.doc!.analysis_hints).toContain(
          `B: line ${line} of old.${ext} in A was changed in B's copy, new.${ext} (the file its command names in place of old.${ext}); B stops at line ${line}, which took its place (${JSON.stringify(
            fs
              .readFileSync(path.join(dir, `new.${ext}`), 'utf8')
              .split('\n')
              [line - 1]!.trim(),
          )}); give --bp-b (run_b.bp) to choose another line`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('an exit code the last line sets: exit 1, divergence exit, both codes named', async () => {
      const run = await runBpdiff(pair(`a/exit.${language.ext}`, `a/exit.${language.ext}`, ['A'], ['B']));
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toBe(
        'the runs agreed in every step compared and wrote the same output, but they ended differently: A exited with code 0, B exited with code 3',
      );
    });

    it('identical runs to their ends: exit 0, no divergence', async () => {
      const run = await runBpdiff(pair(`a/fmt.${language.ext}`, `a/fmt.${language.ext}`));
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.analysis_hints[0]).toBe(
        `no divergence in ${language.fmtSteps} steps: both runs ended (A exited with code 0; B exited with code 0)`,
      );
    });

    it('a method only B defines, the same behaviour: exit 0', async () => {
      const run = await runBpdiff(pair(`a/shop.${language.ext}`, `b/shop.${language.ext}`));
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^no divergence in \d+ steps: both runs ended \(A exited with code 0; B exited with code 0\)$/,
      );
    });
  });
}

for (const adapter of PYTHON_ADAPTERS) {
  describeWithTool(
    `locate at the runs' ends, the last line's values: Python through ${adapter.name}`,
    adapter.tool,
    adapter.available,
    () => {
      it('a difference only the last line makes, with the same output and exit code: the hint says its values were not compared', async () => {
        const folder = path.join(FIXTURES, 'python');
        const run = await runBpdiff([
          'locate',
          '--every-line',
          '--adapter',
          adapter.id,
          '--cwd',
          folder,
          '--',
          'python3',
          'a/last.py',
          'A',
          '--',
          'python3',
          'a/last.py',
          'B',
        ]);
        // No stop comes after the last line on these adapters: z is not compared, and the hint says so (issue 32 asks for more).
        expect(run.doc!.analysis_hints).toContain(
          "the values left by the lines run after the last step compared (a/last.py:2) were not compared: no stop comes after a program's last line (the runs' output and exit codes were compared)",
        );
      });
    },
  );
}

// Two checkouts of one program that writes where it runs: the walk sees what each writes with the run's
// own folder as a placeholder, as it sees the values (values/paths.ts). It stopped at the first such
// line, `during this line A wrote "reading /x/a/config.ini\n" ... and B wrote "reading /x/b/..."`. And
// a test runner's report of its own time in the shape the adapter definition names (locate.output_times);
// a log line's time stamp and the run's process id, and the clock read as a number (values/output-text.ts).
// bpdiff's Python adapter only: what a run writes is seen alike on every adapter (run/live-run-start.ts).
for (const language of languages.filter((entry) => entry.adapter[1] === 'python')) {
  const folder = path.join(FIXTURES, language.ext === 'py' ? 'python' : 'node');
  const where = () =>
    runBpdiff([
      'locate',
      ...language.adapter,
      '--cwd-a',
      path.join(folder, 'a'),
      '--cwd-b',
      path.join(folder, 'b'),
      '--',
      ...language.run(`where.${language.ext}`),
      '--',
      ...language.run(`where.${language.ext}`),
    ]);
  describeWithTool(`locate, two checkouts: ${language.name}`, language.tool, language.available, () => {
    it("a program that writes its own folder, during a line and at its end, a runner's time, a log line's time stamp and process id, and the clock's reading: alike (exit 0)", async () => {
      const run = await where();
      expect(run.exitCode, `${run.doc?.analysis_hints[0]} ${run.stderr}`).toBe(0);
      expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
    });
  });
}
