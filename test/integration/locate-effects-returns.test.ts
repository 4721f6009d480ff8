// The value a function returns, as bpdiff locate's walk by effects sees it on Java, Ruby, Go and C
// (issue 32): two versions whose `scale()` alone returns another value. Where the adapter reports the
// value (bpdiff's Java adapter, rdbg: their definitions' locate.returned), the walk names the return
// line and both values (kind `return`), and where bpdiff reads it through the adapter's repl
// (lldb-dap, gdb: locate.returned.read) too; where it cannot (dlv: locate.returned.unread),
// the caller's line where the value shows, and a hint that says the value was not read and why. Each
// program against itself exits 0. Python and Node are locate-effects'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const EFFECTS = path.join(import.meta.dirname, 'fixtures-locate-effects');

function definition(id: string): { adapter: { executables: string[] }; locate: { returned?: { unread?: string } } } {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters', id, 'adapter.json'), 'utf8'));
}

/** The C programs, built where the test can leave them (a and b: each version's), once for both C adapters. */
let builtC = '';
let buildingC: Promise<void> | null = null;
const buildC = (): Promise<void> =>
  (buildingC ??= (async () => {
    builtC = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-returns-'));
    for (const version of ['a', 'b']) {
      fs.mkdirSync(path.join(builtC, version));
      // From the fixtures' folder, so that the debug information names a/ret.c and b/ret.c there.
      for (const program of ['ret', 'show'])
        await execa('cc', ['-g', '-O0', '-o', path.join(builtC, version, program), `${version}/${program}.c`], {
          cwd: path.join(EFFECTS, 'c'),
          stdin: 'ignore',
        });
    }
  })());
afterAll(() => {
  if (builtC) fs.rmSync(builtC, { recursive: true, force: true });
  if (builtJava) fs.rmSync(builtJava, { recursive: true, force: true });
});

/**
 * The Java programs, compiled once (a and b: each version's classes). From source (`java a/Ret.java`)
 * each start of each walk's restarts compiles it again: 24 JVMs at ~0.8 s of CPU each, against ~0.15.
 */
let builtJava = '';
const buildJava = async (): Promise<void> => {
  builtJava = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-returns-java-'));
  for (const version of ['a', 'b'])
    await execa('javac', [...JAVAC_JVM, '-g', '-d', path.join(builtJava, version), 'Ret.java', 'Fmt.java'], {
      cwd: path.join(EFFECTS, 'java', version),
      stdin: 'ignore',
    });
};

interface Language {
  name: string;
  tool: string;
  available: boolean;
  folder: string;
  /** The command of a version's `ret` program (`a` or `b`). */
  run: (version: 'a' | 'b') => string[];
  /** Each run's folder, where it is not the language's folder (compiled Java: each version's, where its sources are found). */
  cwds?: (a: 'a' | 'b', b: 'a' | 'b') => string[];
  /** The source of A's `ret`, as the result names it. */
  file: string;
  /** Its reading of the function `scale` as a frame's name. */
  scale: string;
  /** A `fmt` pair, where the adapter reports values returned: output made only from a returned String (its command, A's source, the return line, the frame's name). */
  fmt: { run: (version: 'a' | 'b') => string[]; file: string; line: number; frame: string } | null;
  /**
   * A version's `show` program (C, Ruby): output that only a printf or a puts in a callee makes, the
   * file, the write's line and its function, and the caller's line and function.
   */
  show?: {
    run: (version: 'a' | 'b') => string[];
    file: string;
    line: number;
    function: string;
    caller: { line: number; function: string };
  };
  /** The adapter, where the program's own would not be chosen (C through gdb). */
  adapter?: string[];
  /** Where the walk ends: the return line and the values returned, or the caller's line and its local. */
  expected: { kind: 'return'; line: number } | { kind: 'values'; line: number; function: string; unread: string };
}

/** C's show program, the same under lldb-dap and gdb: a printf in a callee, line by line. */
const C_SHOW: Language['show'] = {
  run: (version) => [path.join(builtC, version, 'show')],
  file: 'a/show.c',
  line: 3,
  function: 'show',
  caller: { line: 6, function: 'main' },
};

const languages: Language[] = [
  {
    name: 'Java through bpdiff-java-adapter',
    tool: 'a JDK (apt-get install -y default-jdk-headless) and the built Java adapter',
    available: onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar')),
    folder: 'java',
    run: (version) => ['java', '-cp', path.join(builtJava, version), 'Ret'],
    cwds: (a, b) => ['--cwd-a', path.join(EFFECTS, 'java', a), '--cwd-b', path.join(EFFECTS, 'java', b)],
    file: 'Ret.java',
    scale: 'Ret.scale',
    fmt: {
      run: (version) => ['java', '-cp', path.join(builtJava, version), 'Fmt'],
      file: 'Fmt.java',
      line: 3,
      frame: 'Fmt.fmt',
    },
    expected: { kind: 'return', line: 3 },
  },
  {
    name: 'Ruby through rdbg',
    tool: 'ruby with its debug gem (apt-get install -y ruby)',
    available: onPath('ruby'),
    folder: 'ruby',
    run: (version) => ['ruby', `${version}/ret.rb`],
    file: 'a/ret.rb',
    scale: 'Object#scale',
    fmt: { run: (version) => ['ruby', `${version}/fmt.rb`], file: 'a/fmt.rb', line: 2, frame: 'Object#fmt' },
    // Ruby holds $stdout to a pipe in a buffer until the program ends: bpdiff_rdbg.rb syncs it.
    show: {
      run: (version) => ['ruby', `${version}/show.rb`],
      file: 'a/show.rb',
      line: 2,
      function: 'Object#show',
      caller: { line: 5, function: '<main>' },
    },
    expected: { kind: 'return', line: 2 },
  },
  {
    name: 'Go through dlv',
    tool: 'dlv and go (apt-get install -y delve golang-go)',
    available: onPath('dlv') && onPath('go'),
    folder: 'go',
    run: (version) => ['go', 'run', `${version}/ret.go`],
    file: 'a/ret.go',
    scale: 'main.scale',
    fmt: null,
    // The line after the call: y, set by it, is where the value shows.
    expected: { kind: 'values', line: 11, function: 'main.main', unread: definition('go').locate.returned!.unread! },
  },
  {
    name: 'C through lldb-dap',
    tool: 'lldb-dap',
    available: findFirstExecutable(definition('lldb').adapter.executables, ROOT) !== null && onPath('cc'),
    folder: 'c',
    run: (version) => [path.join(builtC, version, 'ret')],
    show: C_SHOW,
    file: 'a/ret.c',
    scale: 'scale',
    fmt: null,
    // lldb-dap shows none; bpdiff_lldb_returns.py reads it at the function's return instruction, on `}`.
    expected: { kind: 'return', line: 5 },
  },
  {
    name: 'C through gdb (cdt-gdb-adapter)',
    tool: 'gdb and cdt-gdb-adapter (scripts/setup.sh)',
    available: onPath('gdb') && onPath('cdtDebugAdapter') && onPath('cc'),
    folder: 'c',
    run: (version) => [path.join(builtC, version, 'ret')],
    show: C_SHOW,
    file: 'a/ret.c',
    scale: 'scale',
    fmt: null,
    adapter: ['--adapter', 'gdb'],
    // cdt-gdb-adapter shows none; bpdiff_gdb_returns.py's gdb.FinishBreakpoint reads it as the frame returns.
    expected: { kind: 'return', line: 5 },
  },
];

for (const language of languages) {
  const locate = (a: 'a' | 'b', b: 'a' | 'b', run = language.run) =>
    runBpdiff([
      'locate',
      ...(language.adapter ?? []),
      ...(language.cwds?.(a, b) ?? ['--cwd', path.join(EFFECTS, language.folder)]),
      '--',
      ...run(a),
      '--',
      ...run(b),
    ]);

  describeWithTool(`locate by effects, values returned: ${language.name}`, language.tool, language.available, () => {
    if (language.folder === 'c') beforeAll(buildC);
    if (language.folder === 'java') beforeAll(buildJava);

    it('a function whose returned value alone differs', async () => {
      const run = await locate('a', 'b');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      expect(validateComparison(run.doc), run.stderr).toEqual({ ok: true, errors: [] });
      const finding = run.doc!.locate!;
      const hints = run.doc!.analysis_hints;
      const at = `${language.file.replace('.', '\\.')}:${language.expected.line}`;
      if (language.expected.kind === 'return') {
        expect(hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${at} in ${language.scale}\\(\\) \\(step \\d+\\): scale\\(\\) returns 42 in A and 63 in B$`,
          ),
        );
        expect(finding).toMatchObject({
          kind: 'return',
          mode: 'effects',
          returned: { function: 'scale', a: '42', b: '63' },
        });
        expect(finding.point).toMatchObject({
          file: language.file,
          line: language.expected.line,
          function: language.scale,
        });
        expect(hints.filter((hint) => hint.includes('not read on this adapter'))).toEqual([]);
      } else {
        const { function: caller, unread } = language.expected;
        expect(hints[0]).toMatch(
          new RegExp(`^the runs part ways at ${at} in ${caller}\\(\\) \\(step \\d+\\): y is 42 in A and 63 in B$`),
        );
        expect(finding).toMatchObject({ kind: 'values', mode: 'effects', returned: null });
        expect(finding.point).toMatchObject({ file: language.file, line: language.expected.line, function: caller });
        expect(hints).toContain(
          `the value a function returns is not read on this adapter, only what the caller then holds: ${unread}`,
        );
      }
    });

    const fmt = language.fmt;
    if (fmt !== null)
      it('output made only from a returned string: the return line, and both strings as the adapter writes them', async () => {
        const cwds = (a: 'a' | 'b', b: 'a' | 'b') =>
          language.cwds?.(a, b) ?? ['--cwd', path.join(EFFECTS, language.folder)];
        const run = await runBpdiff(['locate', ...cwds('a', 'b'), '--', ...fmt.run('a'), '--', ...fmt.run('b')]);
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${fmt.file.replace('.', '\\.')}:${fmt.line} in ${fmt.frame}\\(\\) \\(step \\d+\\): fmt\\(\\) returns "1234" in A and "001234" in B$`,
          ),
        );
        expect(run.doc!.locate).toMatchObject({
          kind: 'return',
          returned: { function: 'fmt', a: '"1234"', b: '"001234"' },
        });
        const same = await runBpdiff(['locate', ...cwds('a', 'a'), '--', ...fmt.run('a'), '--', ...fmt.run('a')]);
        expect(same.exitCode, `${same.doc?.analysis_hints[0]} ${same.stderr}`).toBe(0);
        expect(same.leftovers).toEqual([]);
      });

    const show = language.show;
    if (show)
      it("output only a line's write shows, written line by line (C's stdio, Ruby's $stdout, which rdbg's stdout carries as dlv's does): the write's line in the callee, and what each run wrote", async () => {
        const run = await locate('a', 'b', show.run);
        expect(run.exitCode, run.stderr).toBe(1);
        const fn = show.function.replace(/[#.]/g, '\\$&');
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${show.file.replace('.', '\\.')}:${show.line} in ${fn}\\(\\) \\(step \\d+\\): during this line A wrote "1234\\\\n" to stdout and B wrote "001234\\\\n"$`,
          ),
        );
        expect(run.doc!.locate).toMatchObject({
          kind: 'output',
          wrote: { a: { stdout: '1234\n', stderr: '' }, b: { stdout: '001234\n', stderr: '' } },
          call_path: [
            { file: show.file, line: show.caller.line, function: show.caller.function },
            { file: show.file, line: show.line, function: show.function },
          ],
        });
        const same = await locate('b', 'b', show.run);
        expect(same.exitCode, `${same.doc?.analysis_hints[0]} ${same.stderr}`).toBe(0);
        expect(same.leftovers).toEqual([]);
      });

    if (language.folder === 'ruby')
      it('a method an exception unwinds in A and that returns in B: raised, not "returns nil"', async () => {
        // rdbg stops at the method's return event with `_return` nil either way; bpdiff_rdbg.rb notes the exception.
        const run = await locate('a', 'b', (version) => ['ruby', `${version}/raises.rb`]);
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^the runs part ways at a\/raises\.rb:4 in Object#parse\(\) \(step \d+\): parse\(\) raises KeyError: items in A and returns \[\] in B$/,
        );
        expect(run.doc!.locate).toMatchObject({
          kind: 'exception',
          returned: { function: 'parse', a: 'KeyError: items', b: '[]', raised: { a: true, b: false } },
        });
      });

    it('each program against itself exits 0', async () => {
      for (const version of ['a', 'b'] as const) {
        const run = await locate(version, version);
        expect(run.exitCode, `${version}: ${run.doc?.analysis_hints[0]} ${run.stderr}`).toBe(0);
        expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps?: both runs ended/);
        expect(run.doc!.locate!.kind).toBe('agreed');
        expect(run.leftovers).toEqual([]);
      }
    });
  });
}

// `go test`: the test binary's main.main is the toolchain's (no file of the user's), so a walk from where
// the program's own code starts stopped nowhere ("no debug information was found for it"). It starts in
// the package's test functions (adapters/go/hooks.ts testFunctions) and goes into the code under test.
describeWithTool(
  'locate over go test',
  'dlv and go (apt-get install -y delve golang-go)',
  onPath('dlv') && onPath('go'),
  () => {
    const tested = (version: 'a' | 'b') => path.join(EFFECTS, 'go', version, 'tested');
    /** `bpdiff locate FLAGS` over `go test .` in the package's two versions. */
    const locateTests = (...flags: string[]) =>
      runBpdiff([
        'locate',
        ...flags,
        '--cwd-a',
        tested('a'),
        '--cwd-b',
        tested('b'),
        '--',
        'go',
        'test',
        '.',
        '--',
        'go',
        'test',
        '.',
      ]);

    it('a test that fails in B: the line in the code under test', async () => {
      const run = await locateTests();
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at calc\.go:6 in tested\.Total\(\) \(step \d+\): i is 3 in A and 6 in B$/,
      );
      expect(run.doc!.locate!.call_path.map((call) => call.function)).toEqual(['tested.TestTotal', 'tested.Total']);
      expect(run.leftovers).toEqual([]);
    });

    it('--from a line with no code: said as a comparison says it, not "reached the line 0 times"', async () => {
      const run = await locateTests('--from', 'calc_test.go:2');
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(
        /^bpdiff: --from calc_test\.go:2: In A there is no code on calc_test\.go:2 for the debugger to stop at; the nearest line with code is 5 .* — give --from a line with code on it$/m,
      );
      expect(run.leftovers).toEqual([]);
    });
  },
);

// minitest draws the order of a file's tests from a seed in every run and writes it first (`Run
// options: --seed 25481`): two identical runs parted ways there. bpdiff_rdbg.rb gives both runs seed 0
// unless the run names one. minitest calls the tests from its own code at the program's exit, which a
// step out of it runs unseen under rdbg: --from a line of the test walks it.
describeWithTool(
  'locate over a minitest file',
  'ruby with its debug gem (apt-get install -y ruby)',
  onPath('ruby'),
  () => {
    it('identical runs exit 0 (the same seed); from a line of the test, the line of the code under test', async () => {
      const tested = (version: 'a' | 'b') => path.join(EFFECTS, 'ruby', version, 'tested');
      const walk = (a: 'a' | 'b', b: 'a' | 'b', ...flags: string[]) =>
        runBpdiff([
          'locate',
          ...flags,
          '--cwd-a',
          tested(a),
          '--cwd-b',
          tested(b),
          '--',
          'ruby',
          'calc_test.rb',
          '--',
          'ruby',
          'calc_test.rb',
        ]);
      const same = await walk('a', 'a');
      expect(same.exitCode, `${same.doc?.analysis_hints[0]} ${same.stderr}`).toBe(0);
      const run = await walk('a', 'b', '--from', 'calc_test.rb:6');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at calc\.rb:4 in block in total\(\) \(step \d+\): block in total\(\) returns 6 in A and 9 in B$/,
      );
      expect(run.leftovers).toEqual([]);
    });
  },
);
