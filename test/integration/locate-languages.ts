// The languages bpdiff locate is tested on, and the tests each one runs (the test files:
// locate.test.ts, locate-native.test.ts, locate-vm.test.ts, so that two workers share them evenly).
import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { EXAMPLES, ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS, type PythonAdapter } from './python-adapters.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

export const LOCATE = path.join(EXAMPLES, 'locate');
export const DATA = path.join(LOCATE, 'data');
const lldb = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};

export interface Language {
  name: string;
  tool: string;
  available: boolean;
  /**
   * The adapter's breakpoint on a line misses arrivals the walk counts there (a `for` header's test
   * and increment; its definition's locate.hits_miss_arrivals): the way back is the shared line.
   */
  hitsMissArrivals?: true;
  /** Arguments of the shop pair (v1 against `b`). */
  shop: (b: 'v1' | 'v2') => string[];
  shopFile: string;
  /** The line of `if qty > limit` in v1, and where each version goes next on the 3rd call. */
  parting: { line: number; a: number; b: number; bInA: number; fn: string };
  /** Steps of the shop program against itself. */
  identicalSteps: number;
  /** The records program in data folder `b` against data/same. */
  records: (b: string) => string[];
  /** Where the record that differs is first seen, and how the early end reads. */
  /** Where the record that differs is found, and (`what`, a regex) what differs there: by default `line is ...item-13,7... in A and ...item-13,9... in B`. */
  recordLine: { file: string; line: number; hit: number; what?: string };
  endsEarly: RegExp;
  /** How the run that ends early stands where the walk stops (no_break: it ended there). */
  endsEarlyStatus?: 'no_break' | 'break';
  /** Which time on the parting line --from starts at: 9 unless a turn of the loop takes more than 4 steps. */
  fromPass?: number;
  build?: () => Promise<void>;
}

/** Python on one of its two adapters: bpdiff's own (the default) or debugpy. */
export const pythonOn = (adapter: PythonAdapter): Language => ({
  name: `Python through ${adapter.name}`,
  tool: adapter.tool,
  available: adapter.available,
  shop: (b) => [
    '--adapter',
    adapter.id,
    '--cwd-a',
    path.join(LOCATE, 'python/v1'),
    '--cwd-b',
    path.join(LOCATE, `python/${b}`),
    '--',
    'python3',
    'shop.py',
    '--',
    'python3',
    'shop.py',
  ],
  shopFile: 'shop.py',
  parting: { line: 7, a: 6, b: 11, bInA: 8, fn: 'discount' },
  identicalSteps: 73,
  records: (b) => [
    '--adapter',
    adapter.id,
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
  ],
  recordLine: { file: '../../python/records.py', line: 13, hit: 14 },
  endsEarly:
    /B ends there \(it raised an uncaught FileNotFoundError: \[Errno 2\] No such file or directory: 'records\.csv'\) while A goes on to \.\.\/\.\.\/python\/records\.py:12$/,
});
export const python = pythonOn(PYTHON_ADAPTERS[0]!);

/** lldb-dap as its definition finds it (null: not on this machine): the C language's adapter, for a test that wraps it. */
export const lldbDap = findFirstExecutable(lldb.adapter.executables, ROOT);

export const c: Language = {
  name: 'C through lldb-dap',
  hitsMissArrivals: true,
  tool: 'lldb-dap',
  available: lldbDap !== null,
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'c/v1'),
    '--cwd-b',
    path.join(LOCATE, `c/${b}`),
    '--',
    '../build/v1/shop',
    '--',
    `../build/${b}/shop`,
  ],
  shopFile: 'shop.c',
  parting: { line: 9, a: 7, b: 13, bInA: 10, fn: 'discount' },
  identicalSteps: 93,
  // The FILE's buffer holds the whole file from the first read: its internals are left out.
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--ignore',
    'records*',
    '--',
    '../../c/build/records',
    '--',
    '../../c/build/records',
  ],
  recordLine: { file: '../../c/records.c', line: 22, hit: 14 },
  endsEarly: /B ends there \(it was killed by SIGSEGV\) while A goes on to \.\.\/\.\.\/c\/records\.c:22$/,
  build: async () => void (await execa('make', ['-s', '-C', path.join(LOCATE, 'c')], { stdin: 'ignore' })),
};

export const go: Language = {
  name: 'Go through dlv',
  hitsMissArrivals: true,
  tool: 'dlv and go (apt-get install -y delve golang-go)',
  available: onPath('dlv') && onPath('go'),
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'go/v1'),
    '--cwd-b',
    path.join(LOCATE, `go/${b}`),
    '--',
    'go',
    'run',
    '.',
    '--',
    'go',
    'run',
    '.',
  ],
  shopFile: 'main.go',
  parting: { line: 10, a: 9, b: 14, bInA: 11, fn: 'main.discount' },
  identicalSteps: 76,
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--ignore',
    'records*',
    '--ignore',
    'info*',
    '--ignore',
    'scanner*',
    '--ignore',
    '(*scanner)*',
    '--',
    '../../go/build/records',
    '--',
    '../../go/build/records',
  ],
  // parse's `line` at the function's first line is not counted (uninitialized_locals: the named results there hold stack bytes, and a parameter is not told from them): the walk parts where the line's fields are read.
  recordLine: { file: '../../go/records/main.go', line: 13, hit: 14, what: 'fields\\[1\\] is "7" in A and "9" in B' },
  endsEarly:
    /B ends there \(it raised an uncaught panic: "runtime error: invalid memory address or nil pointer dereference"\) while A goes on to \.\.\/\.\.\/go\/records\/main\.go:22$/,
  build: async () => void (await execa('make', ['-s', '-C', path.join(LOCATE, 'go')], { stdin: 'ignore' })),
};

export const java: Language = {
  name: 'Java through bpdiff-java-adapter',
  tool: 'a JDK (apt-get install -y default-jdk-headless) and the built Java adapter',
  available: onPath('javac') && fs.existsSync(path.join(ROOT, 'dist/adapters/java/bpdiff-java-adapter.jar')),
  // Compiled once (build), each version's classes beside it: a program started from source
  // (`java Shop.java`) compiles itself at every start, about a second of CPU under the debugger, and a
  // walk starts both programs again at each restart. The source launcher keeps its own cases: the
  // records pair below, java.test.ts and java-sources.test.ts.
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'java/v1'),
    '--cwd-b',
    path.join(LOCATE, `java/${b}`),
    '--',
    'java',
    '-cp',
    '../build/v1',
    'Shop',
    '--',
    'java',
    '-cp',
    `../build/${b}`,
    'Shop',
  ],
  build: async () => {
    await Promise.all(
      ['v1', 'v2'].map((version) =>
        execa('javac', [...JAVAC_JVM, '-g', '-d', path.join(LOCATE, 'java/build', version), 'Shop.java'], {
          cwd: path.join(LOCATE, 'java', version),
          stdin: 'ignore',
        }),
      ),
    );
  },
  shopFile: 'Shop.java',
  parting: { line: 7, a: 6, b: 11, bInA: 8, fn: 'Shop.discount' },
  identicalSteps: 70,
  // The source launcher's `java ../../java/Records.java`: the adapter finds the file beside the one the command names.
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--',
    'java',
    '../../java/Records.java',
    'records.csv',
    '--',
    'java',
    '../../java/Records.java',
    'records.csv',
  ],
  recordLine: { file: '../../java/Records.java', line: 17, hit: 14 },
  endsEarly:
    /B ends there \(it raised an uncaught java\.io\.FileNotFoundException: records\.csv \(No such file or directory\)\) while A goes on to \.\.\/\.\.\/java\/Records\.java:14$/,
};

export const ruby: Language = {
  name: 'Ruby through rdbg',
  tool: 'ruby with its debug gem (apt-get install -y ruby)',
  available: onPath('ruby'),
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'ruby/v1'),
    '--cwd-b',
    path.join(LOCATE, `ruby/${b}`),
    '--',
    'ruby',
    'shop.rb',
    '--',
    'ruby',
    'shop.rb',
  ],
  shopFile: 'shop.rb',
  // The `if` is in each's block; after it, a step stops at the block's end (line 9 in A).
  parting: { line: 6, a: 9, b: 10, bInA: 7, fn: 'block in discount' },
  identicalSteps: 77,
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--',
    'ruby',
    '../../ruby/records.rb',
    'records.csv',
    '--',
    'ruby',
    '../../ruby/records.rb',
    'records.csv',
  ],
  recordLine: { file: '../../ruby/records.rb', line: 10, hit: 14 },
  // rdbg stops once more as the uncaught Errno::ENOENT leaves main (its return event, on File.open's
  // line): the walk sees B stay on that line while A goes into the block, one step before B ends.
  endsEarly:
    /^the runs part ways after \.\.\/\.\.\/ruby\/records\.rb:8 in Object#main\(\) \(step \d+\): A goes on to line 9, B to line 8$/,
  endsEarlyStatus: 'break',
};

export const fortran: Language = {
  name: 'Fortran through gdb (cdt-gdb-adapter)',
  hitsMissArrivals: true,
  tool: 'gdb, gfortran, make and cdt-gdb-adapter (scripts/setup.sh)',
  available: onPath('gdb') && onPath('cdtDebugAdapter') && onPath('gfortran') && onPath('make'),
  // No --adapter: a program gfortran compiled goes to gdb by its debug information.
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'fortran/v1'),
    '--cwd-b',
    path.join(LOCATE, `fortran/${b}`),
    '--',
    '../build/v1/shop',
    '--',
    `../build/${b}/shop`,
  ],
  shopFile: 'shop.f90',
  parting: { line: 12, a: 15, b: 16, bInA: 13, fn: 'pricing::discount' },
  identicalSteps: 110,
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--',
    '../../fortran/build/records',
    'records.csv',
    '--',
    '../../fortran/build/records',
    'records.csv',
  ],
  // The record is read on line 12: the line after it is where the runs first differ.
  recordLine: { file: '../../fortran/records.f90', line: 13, hit: 14 },
  endsEarly: /B ends there \(it exited with code 2\) while A goes on to \.\.\/\.\.\/fortran\/records\.f90:12$/,
  // A turn of the loop is 5 steps: the 10th time on the line is in discount()'s 3rd call, 6 steps from the parting.
  fromPass: 10,
  build: async () => void (await execa('make', ['-s', '-C', path.join(LOCATE, 'fortran')], { stdin: 'ignore' })),
};

export const node: Language = {
  name: 'Node.js through bpdiff-node-adapter',
  hitsMissArrivals: true,
  tool: 'node',
  available: true,
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'node/v1'),
    '--cwd-b',
    path.join(LOCATE, `node/${b}`),
    '--',
    'node',
    'shop.js',
    '--',
    'node',
    'shop.js',
  ],
  shopFile: 'shop.js',
  parting: { line: 6, a: 5, b: 9, bInA: 7, fn: 'discount' },
  identicalSteps: 75,
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--',
    'node',
    '../../node/records.cjs',
    'records.csv',
    '--',
    'node',
    '../../node/records.cjs',
    'records.csv',
  ],
  recordLine: { file: '../../node/records.cjs', line: 14, hit: 14 },
  endsEarly:
    /B ends there \(it raised an uncaught Error: ENOENT: no such file or directory, open 'records\.csv'\) while A goes on to \.\.\/\.\.\/node\/records\.cjs:13$/,
};

/**
 * tsx itself, not through npx: npx (npm's own start, its search for the package) costs ~0.5 s of CPU at
 * every start of every run, and a walk starts both programs again at each restart. `npx tsx` keeps
 * its cases in node.test.ts, identical-pairs.ts and the Node adapter's entry.test.ts.
 */
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

export const typescript: Language = {
  name: 'TypeScript through tsx and bpdiff-node-adapter',
  hitsMissArrivals: true,
  tool: 'tsx (npm ci)',
  available: fs.existsSync(TSX),
  shop: (b) => [
    '--cwd-a',
    path.join(LOCATE, 'typescript/v1'),
    '--cwd-b',
    path.join(LOCATE, `typescript/${b}`),
    '--',
    TSX,
    'shop.ts',
    '--',
    TSX,
    'shop.ts',
  ],
  shopFile: 'shop.ts',
  parting: { line: 6, a: 5, b: 9, bInA: 7, fn: 'discount' },
  // JavaScript's 75: esbuild maps the pause V8 makes as `return rate;` returns to the function's
  // closing brace, a line of its own, which the adapter maps by the character before it, the return's.
  identicalSteps: 75,
  records: (b) => [
    '--cwd-a',
    path.join(DATA, 'same'),
    '--cwd-b',
    path.join(DATA, b),
    '--',
    TSX,
    '../../typescript/records.ts',
    'records.csv',
    '--',
    TSX,
    '../../typescript/records.ts',
    'records.csv',
  ],
  recordLine: { file: '../../typescript/records.ts', line: 12, hit: 14 },
  // An error thrown at an ES module's top level rejects the module's evaluation, which V8 counts as
  // caught: the adapter's `uncaught` filter does not stop there, and the run ends with Node's exit code.
  endsEarly: /B ends there \(it exited with code 1\) while A goes on to \.\.\/\.\.\/typescript\/records\.ts:11$/,
};

/** The located call's pass on its line, and checkout()'s (its loop's, its block's in Ruby, the main program's in Fortran) on the line that calls discount(). */
function innerPasses(calls: Array<{ function: string; pass: number | null }>): Array<number | null> {
  return [calls.at(-1)!.pass, calls.findLast((call) => /checkout|^shop$/i.test(call.function))!.pass];
}

/** One language's locate tests (each file names its languages: locate.test.ts, locate-native.test.ts, locate-vm.test.ts). */
export function describeLanguage(language: Language): void {
  describeWithTool(`locate: ${language.name}`, language.tool, language.available, () => {
    beforeAll(async () => {
      await language.build?.();
    }, 300_000);

    it('finds the off-by-one on its third call, with lines added above it in B: the line, the call, the locals, the way back', async () => {
      const run = await runBpdiff(['locate', '--every-line', ...language.shop('v2')]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      const doc = run.doc!;
      const { line, a, b, bInA, fn } = language.parting;
      expect(doc.analysis_hints[0]).toMatch(
        new RegExp(
          `^the runs part ways after ${escape(language.shopFile)}:${line} in ${escape(fn)}\\(\\) \\(3rd call, 11th time on this line; step \\d+\\): A goes on to line ${a}, B to line ${b} \\(line ${bInA} in A's copy\\)$`,
        ),
      );
      expect(doc.breakpoint).toEqual({ file: language.shopFile, line });
      expect(doc.run_a.location.line).toBe(a);
      expect(doc.run_b.location.line).toBe(b);
      expect(doc.run_a.variables).toMatchObject({ qty: '20' });
      // The 3rd call of discount() came to the line for the 3rd time (the tier of 20), called from the 3rd pass of checkout's loop.
      expect(innerPasses(doc.locate!.call_path)).toEqual([3, 3]);
      expect(doc.locate!.call_path.at(-1)).toMatchObject({ file: language.shopFile, line, pass: 3 });
      expect(doc.context).toMatch(/^bpdiff walked two runs line by line in lockstep/);
      expect(doc.context).toMatch(/\nStack of A: [^(\n]*discount \(/);
      const again = doc.analysis_hints.find((hint) => hint.startsWith('to compare the runs there again: '))!;
      const words = again.slice('to compare the runs there again: bpdiff '.length).split(' ');
      expect(doc.locate!.reproduce!.slice(1, 5)).toEqual(words.slice(0, 4));
      const file = escape(language.shopFile);
      if (language.hitsMissArrivals) {
        // The way back: a comparison at the line both ran last, its 11th hit, stops both runs there with the same values.
        expect(again).toContain(`--bp ${language.shopFile}:${line} --hit 11 `);
        const back = await runBpdiff(words);
        expect(back.exitCode, back.stderr).toBe(0);
        expect(back.doc!.run_a.location).toEqual({ file: language.shopFile, line });
        expect(back.doc!.run_a.variables).toMatchObject({ qty: '20' });
        return;
      }
      // The way back: each run stopped at the line it went on to, at the pass it was there, with the
      // values the walk saw at that stop.
      expect(again).toMatch(
        new RegExp(
          `^to compare the runs there again: bpdiff --bp-a ${file}:${a} --hit-a \\d+ --bp-b ${file}:${b} --hit-b \\d+ `,
        ),
      );
      const back = await runBpdiff(words);
      expect(back.doc!.run_a.status, back.stderr).toBe('break');
      expect(back.doc!.run_b.status, back.stderr).toBe('break');
      expect(back.doc!.run_a.location).toEqual({ file: language.shopFile, line: a });
      expect(back.doc!.run_b.location).toEqual({ file: language.shopFile, line: b });
      expect(back.doc!.run_a.variables).toEqual(doc.run_a.variables);
      expect(back.doc!.run_b.variables).toEqual(doc.run_b.variables);
      expect(back.doc!.analysis_hints).toContain(
        `The captures were taken at different breakpoints: A at ${language.shopFile}:${a}, B at ${language.shopFile}:${b}.`,
      );
    });

    it('by effects (the default): where the every-line walk finds the runs parting; a program against itself exits 0', async () => {
      const run = await runBpdiff(['locate', ...language.shop('v2')]);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      const { line, a, b, bInA, fn } = language.parting;
      expect(run.doc!.analysis_hints[0]).toMatch(
        new RegExp(
          `^the runs part ways after ${escape(language.shopFile)}:${line} in ${escape(fn)}\\(\\) \\(step \\d+\\): A goes on to line ${a}, B to line ${b} \\(line ${bInA} in A's copy\\)$`,
        ),
      );
      expect(run.doc!.context).toMatch(
        /^bpdiff walked two runs in lockstep, stepping over each line and comparing its effects/,
      );
      // Not the pass in the whole run (the steps over ran through passes unseen), but the pass in its call, at each level.
      expect(run.doc!.locate!.point!.pass).toBeNull();
      expect(innerPasses(run.doc!.locate!.call_path)).toEqual([3, 3]);
      const same = await runBpdiff(['locate', ...language.shop('v1')]);
      expect(same.exitCode, same.stderr).toBe(0);
      expect(same.doc!.analysis_hints[0]).toMatch(
        /^no divergence in \d+ steps?: both runs ended \(A exited with code 0; B exited with code 0\)$/,
      );
      expect(same.doc!.diff.changed).toEqual({});
    });

    it('walks a program against itself to its end: exit 0 and the exact step count', async () => {
      const run = await runBpdiff(['locate', '--every-line', ...language.shop('v1')]);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.analysis_hints[0]).toBe(
        `no divergence in ${language.identicalSteps} steps: both runs ended (A exited with code 0; B exited with code 0)`,
      );
      expect(run.doc!.diff.changed).toEqual({});
      expect(run.leftovers).toEqual([]);
    });

    it('finds the record that differs deep in a loop: its index, and its value in each run', async () => {
      const run = await runBpdiff(['locate', '--every-line', ...language.records('changed')], { cwd: DATA });
      expect(run.exitCode, run.stderr).toBe(1);
      const doc = run.doc!;
      const { file, line, hit, what } = language.recordLine;
      expect(doc.analysis_hints[0]).toMatch(
        new RegExp(
          `^the runs part ways at ${escape(file)}:${line} in .*${hit}(nd|th) time on this line; step \\d+\\): ${what ?? 'line is .*item-13,7.* in A and .*item-13,9.* in B'}$`,
        ),
      );
      if (what === undefined) expect(Object.keys(doc.diff.changed)).toEqual(['line']);
      if (language !== go) expect(doc.run_a.variables['index']).toBe('13');
    });

    it('says a run that ends early: how it ended, and where the other goes on', async () => {
      const run = await runBpdiff(['locate', '--every-line', ...language.records('missing')], { cwd: DATA });
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(language.endsEarly);
      expect(run.doc!.run_b.status).toBe(language.endsEarlyStatus ?? 'no_break');
      // B reached the located line and ended there: no hint says it never reached it.
      expect(run.doc!.analysis_hints.join('\n')).not.toMatch(/^B .* (without|before) reaching /m);
      expect(run.leftovers).toEqual([]);
    });

    it('starts at --from FILE:LINE:N, and stops at --max-steps with no divergence', async () => {
      const { line } = language.parting;
      const from = await runBpdiff([
        'locate',
        '--every-line',
        '--from',
        `${language.shopFile}:${line}:${language.fromPass ?? 9}`,
        ...language.shop('v2'),
      ]);
      expect(from.exitCode, from.stderr).toBe(1);
      // The 9th time on the line (fromPass) is in discount()'s 3rd call: the walk is a few steps from where the runs part ways.
      expect(from.doc!.analysis_hints[0]).toContain(`after ${language.shopFile}:${line} in `);
      expect(from.doc!.analysis_hints[0]).toMatch(/; step [1-9]\): A goes on to/);
      const bounded = await runBpdiff(['locate', '--every-line', '--max-steps', '5', ...language.shop('v2')]);
      expect(bounded.exitCode, bounded.stderr).toBe(0);
      expect(bounded.doc!.analysis_hints[0]).toBe('no divergence in 5 steps (--max-steps 5: the walk stopped there)');
    });
  });
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
