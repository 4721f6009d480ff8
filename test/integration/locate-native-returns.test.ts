// The value a native function returns, as bpdiff locate's walk by effects reads it where the adapter
// shows none after a step (issue 32: "lldb's after a step out"): lldb-dap through
// bpdiff_lldb_returns.py (the return register, read at the function's return instruction), gdb through
// bpdiff_gdb_returns.py (a gdb.FinishBreakpoint). A std::sort comparator that returns true in A and
// false in B was told as "the runs part ways after main.cpp:6 in Order::Order()" (the implicit move
// constructor the sort called next); a Rust filter's predicate, a C double, likewise. A struct is not
// read, and the walk says so. Each program against itself exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findFirstExecutable } from '../../src/adapters/find-executable.js';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures-native-returns');
const lldbDefinition = JSON.parse(fs.readFileSync(path.join(ROOT, 'adapters/lldb/adapter.json'), 'utf8')) as {
  adapter: { executables: string[] };
};
const hasLldb = findFirstExecutable(lldbDefinition.adapter.executables, ROOT) !== null;
const built = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-native-returns-'));
afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

/** Each version of a fixture built once: `built/VERSION/NAME`. */
const builds = new Map<string, Promise<void>>();
function build(name: string, compile: (source: string, out: string) => [string, string[]]): Promise<void> {
  let made = builds.get(name);
  if (made === undefined) {
    made = Promise.all(
      ['a', 'b'].map(async (version) => {
        fs.mkdirSync(path.join(built, version), { recursive: true });
        const [tool, args] = compile(
          path.join(FIXTURES, version, name),
          path.join(built, version, name.replace(/\..*$/, '')),
        );
        await execa(tool, args, { stdin: 'ignore' });
      }),
    ).then(() => undefined);
    builds.set(name, made);
  }
  return made;
}
const cc = (source: string, out: string): [string, string[]] => ['cc', ['-g', '-O0', '-o', out, source]];
const cxx = (source: string, out: string): [string, string[]] => ['c++', ['-g', '-O0', '-o', out, source]];
const rustc = (source: string, out: string): [string, string[]] => [
  'rustc',
  ['-g', '-C', 'opt-level=0', '-o', out, source],
];

function locate(program: string, a: 'a' | 'b', b: 'a' | 'b', adapter: string[] = []) {
  return runBpdiff([
    'locate',
    ...adapter,
    '--cwd',
    FIXTURES,
    '--',
    path.join(built, a, program),
    '--',
    path.join(built, b, program),
  ]);
}

describeWithTool(
  'locate by effects, values native functions return: lldb-dap',
  'lldb-dap and a C++ compiler',
  hasLldb && onPath('c++'),
  () => {
    beforeAll(() => Promise.all([build('sort.cpp', cxx), build('kinds.c', cc)]));

    it("a std::sort comparator that returns true in A and false in B: the comparator's return, not the constructor the sort called next", async () => {
      const run = await locate('sort', 'a', 'b');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      expect(validateComparison(run.doc)).toEqual({ ok: true, errors: [] });
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at a\/sort\.cpp:20 in operator\(\) \(step \d+\): operator\(\) returns true in A and false in B$/,
      );
      expect(run.doc!.locate).toMatchObject({
        kind: 'return',
        mode: 'effects',
        point: { file: 'a/sort.cpp', line: 20, function: 'operator()' },
        returned: { function: 'operator()', a: 'true', b: 'false' },
      });
      expect(run.doc!.locate!.call_path.map((call) => call.function)).not.toContain('Order::Order');
    });

    it('a double a C function returns', async () => {
      const run = await locate('kinds', 'a', 'b');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at a\/kinds\.c:19 in half\(\) \(step \d+\): half\(\) returns 2\.5 in A and 1\.25 in B$/,
      );
    });

    // The C program against itself is gdb's below; each example against itself, identical-pairs-native.
    it('sort against itself exits 0', async () => {
      const run = await locate('sort', 'a', 'a');
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.doc!.locate!.kind).toBe('agreed');
      expect(run.leftovers).toEqual([]);
    });
  },
);

describeWithTool(
  'locate by effects, values native functions return: Rust on lldb-dap',
  'rustc and lldb-dap',
  hasLldb && onPath('rustc'),
  () => {
    beforeAll(() => build('ranks.rs', rustc));

    it("the predicate a filter's closure calls: its bool, at its return", async () => {
      const run = await locate('ranks', 'a', 'b');
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at a\/ranks\.rs:12 in ranks::passes\(\) \(step \d+\): ranks::passes\(\) returns true in A and false in B$/,
      );
      // The closure that called it, its legacy symbol's escapes undone.
      expect(run.doc!.locate!.call_path[0]).toMatchObject({
        file: 'a/ranks.rs',
        line: 20,
        function: 'ranks::main::{{closure}}',
      });
    });
  },
);

describeWithTool(
  'locate by effects, values native functions return: gdb (cdt-gdb-adapter)',
  'gdb and cdt-gdb-adapter (scripts/setup.sh)',
  onPath('gdb') && onPath('cdtDebugAdapter') && onPath('cc'),
  () => {
    beforeAll(() => Promise.all([build('kinds.c', cc), build('pair.c', cc)]));

    it('a double a C function returns', async () => {
      const run = await locate('kinds', 'a', 'b', ['--adapter', 'gdb']);
      expect(run.exitCode, run.stderr).toBe(1);
      expect(run.leftovers).toEqual([]);
      expect(run.doc!.analysis_hints[0]).toMatch(
        /^the runs part ways at a\/kinds\.c:19 in half\(\) \(step \d+\): half\(\) returns 2\.5 in A and 1\.25 in B$/,
      );
      expect(run.doc!.locate).toMatchObject({ kind: 'return', returned: { function: 'half', a: '2.5', b: '1.25' } });
    });

    it('a struct it returns is not read, and the walk says so: never "agreed in the value it returned"', async () => {
      const run = await locate('pair', 'a', 'b', ['--adapter', 'gdb']);
      expect(run.exitCode, run.stderr).toBe(1);
      const hints = run.doc!.analysis_hints;
      expect(hints[0]).toMatch(
        /^the runs part ways at a\/pair\.c:11 in main\(\) \(step \d+\): q\.b is 6 in A and 9 in B$/,
      );
      expect(hints).toContain(
        'the call of pair() on that line agreed in every line it ran; what differs is what the rest of the line did, or the value the call returned, which was not read (bpdiff reads a value returned as a number, a bool, a character, an enum or a pointer, not a struct)',
      );
    });

    it('pair against itself exits 0', async () => {
      const run = await locate('pair', 'a', 'a', ['--adapter', 'gdb']);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.leftovers).toEqual([]);
    });
  },
);
