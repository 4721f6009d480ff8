// Loops over containers each run goes through in an order of its own (fixtures-unordered/): a Go map,
// a Rust HashMap, a Python set of strings. Two runs of one program must agree (exit 0): before, the
// walk told them apart at the loop's first pass (`k is "apple" in A and "lime" in B`) on Go, Rust and
// Python alike. Go and Rust compare such a loop as a whole (src/walk/unordered-loops.ts), and the list
// built in the map's order before a sort is set aside until sorted (order-taint.ts); Python's two runs
// get the same hash seed (adapters/python/hash-seed.ts), unless the user sets one. A difference made
// inside such a loop is told where the runs leave it, with the sum that differs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, describeWithTool, onPath, runBpdiff } from './helpers.js';
import { PYTHON_ADAPTERS } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/integration/fixtures-unordered');
const WHOLE = /^compared as a whole, not pass by pass: the loops? at /;

async function locate(args: string[], cwd: string) {
  const run = await runBpdiff(['locate', ...args], { cwd });
  expect(run.leftovers).toEqual([]);
  return run;
}

const natives = [
  {
    name: 'Go through dlv',
    tool: 'dlv and go (apt-get install -y delve golang-go)',
    available: onPath('dlv') && onPath('go'),
    program: 'maps',
    build: async (into: string) => {
      for (const program of ['maps', 'ends'])
        await execa('go', ['build', '-gcflags=all=-N -l', '-o', path.join(into, program), `${program}.go`], {
          cwd: FIXTURES,
          stdin: 'ignore',
        });
    },
    loop: 'maps\\.go:35 over m \\(map\\[string\\]main\\.Item\\)',
    sum: /^the runs part ways at maps\.go:25 in main\.total\(\) \(step \d+\): sum is 198 in A and 199 in B$/,
    reordered: 'keys',
    madeBy: 'such a loop',
    // Identical runs both ways; the difference by effects (the default).
    modes: { identical: [['--every-line'], []], apart: [[]] },
  },
  {
    name: 'Rust through lldb-dap',
    tool: 'rustc (rustup) and lldb-dap',
    available: onPath('rustc'),
    program: 'hashmap',
    build: (into: string) =>
      execa('rustc', ['-g', '-C', 'opt-level=0', '-o', path.join(into, 'hashmap'), 'hashmap.rs'], {
        cwd: FIXTURES,
        stdin: 'ignore',
      }),
    loop: 'hashmap\\.rs:24 over prices\\.keys\\(\\) \\(std::collections::hash::map::HashMap<',
    sum: /^the runs part ways at hashmap\.rs:15 in hashmap::total\(\) \(step \d+\): sum is 84 in A and 85 in B$/,
    // names by a loop over the map's keys, collected by a line that collects them (both sorted after).
    reordered: 'names, collected',
    madeBy:
      'such a loop, or the line hashmap\\.rs:28, which reads prices \\(std::collections::hash::map::HashMap<.*>\\)',
    // Its walk by effects reads a 12-entry map at every line: one run of each mode.
    modes: { identical: [[]], apart: [['--every-line']] },
  },
];

for (const native of natives)
  describeWithTool(
    `locate: loops over a map, in each run's own order (${native.name})`,
    native.tool,
    native.available,
    () => {
      const built = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-locate-unordered-'));
      beforeAll(async () => {
        await native.build(built);
      }, 120_000);
      afterAll(() => fs.rmSync(built, { recursive: true, force: true }));
      const program = () => path.join(built, native.program);

      it('two runs of one program agree: the loops are compared as a whole, the list built in their order set aside until sorted', async () => {
        for (const mode of native.modes.identical) {
          const run = await locate([...mode, '--', program(), '--', program()], FIXTURES);
          expect(run.exitCode, run.stderr).toBe(0);
          expect(run.doc!.locate!.kind).toBe('agreed');
          const hint = run.doc!.analysis_hints.find((line) => WHOLE.test(line));
          expect(hint, run.doc!.analysis_hints.join('\n')).toMatch(new RegExp(native.loop));
          expect(run.doc!.analysis_hints).toContainEqual(
            expect.stringMatching(
              new RegExp(
                `^not counted apart while they held the same elements in another order in each run: ${native.reordered}, made in the order of a container each run goes through its own way \\(${native.madeBy}\\); counted again once both runs held them alike$`,
              ),
            ),
          );
        }
      });

      if (native.program === 'hashmap')
        it('a reference to a HashMap (an argument) reads as the map, its entries under it: two runs agree at a breakpoint', async () => {
          const run = await runBpdiff(['--bp', 'hashmap.rs:15', '--', program(), '--', program()], { cwd: FIXTURES });
          expect(run.leftovers).toEqual([]);
          expect(run.exitCode, run.stderr).toBe(0);
          const variables = run.doc!.run_a.variables;
          expect(variables.prices).toMatch(/^0x… \{"item00": 0, "item01": 3, /);
          expect(variables['prices[7][1]']).toBe('21');
          expect(Object.keys(variables).filter((name) => name.includes('hash_builder'))).toEqual([]);
        });

      if (native.program === 'maps')
        it('a run that ends inside such a loop (B exits at its first pass) is told ended, the other past the loop', async () => {
          const ends = path.join(built, 'ends');
          const run = await locate(['--env-b', 'PART=B', '--', ends, '--', ends], FIXTURES);
          expect(run.exitCode, run.stderr).toBe(1);
          expect(run.doc!.locate!.kind).toBe('ended');
          // Where the runs are first found apart: after the loop's head (each run's first element, v, is
          // another), or, where both runs' first pass happens to hold one element (about 1 in 12), after
          // the line whose branch B takes to its exit; either way B's own last line, its os.Exit, is told.
          expect(run.doc!.analysis_hints[0]).toMatch(
            /^the runs part ways after ends\.go:1[67] in main\.main\(\) \(step \d+\): B goes on alone to ends\.go:18 and ends there \(it exited with code 3\) while A goes on to ends\.go:22$/,
          );
        });

      if (native.program === 'maps')
        it('a comparison at a breakpoint in such a loop says that a pass holds another element in each run', async () => {
          const run = await runBpdiff(['--bp', 'maps.go:20', '--hit', '3', '--', program(), '--', program()], {
            cwd: FIXTURES,
          });
          expect(run.leftovers).toEqual([]);
          expect(run.doc!.analysis_hints).toContain(
            'A and B: the breakpoint lies in the loop at maps.go:19 over items (map[string]main.Item), which each run goes through in an order of its own: the same pass holds another element in each run; to compare one element, give a --condition on it (what the loop binds), or set the breakpoint after the loop (bpdiff locate compares such a loop as a whole)',
          );
          // A condition that names the element pins it: not said.
          const pinned = await runBpdiff(
            ['--bp', 'maps.go:20', '--condition', 'it.Name == "item03"', '--', program(), '--', program()],
            { cwd: FIXTURES },
          );
          expect(pinned.doc!.run_a.variables['it.Name']).toBe('"item03"');
          expect(pinned.doc!.analysis_hints.filter((hint) => hint.includes('an order of its own'))).toEqual([]);
        });

      it('a difference made inside such a loop is told where the runs leave it', async () => {
        for (const mode of native.modes.apart) {
          const run = await locate([...mode, '--env-b', 'PART=B', '--', program(), '--', program()], FIXTURES);
          expect(run.exitCode, run.stderr).toBe(1);
          expect(run.doc!.locate!.kind).toBe('values');
          expect(run.doc!.analysis_hints[0]).toMatch(native.sum);
          // The program's own calls, not the runtime's frames above main (Rust's std::rt::lang_start).
          expect(run.doc!.locate!.call_path.map((call) => [call.file, call.pass])).toEqual([
            [`${native.program === 'maps' ? 'maps.go' : 'hashmap.rs'}`, 1],
            [`${native.program === 'maps' ? 'maps.go' : 'hashmap.rs'}`, 1],
          ]);
          expect(run.doc!.analysis_hints.some((line) => WHOLE.test(line))).toBe(true);
        }
      });
    },
  );

for (const adapter of PYTHON_ADAPTERS)
  describeWithTool(
    `locate and compare: a set of strings (Python through ${adapter.name})`,
    adapter.tool,
    adapter.available,
    () => {
      it('two runs go through it in one order (the same hash seed): they agree, both ways and at a pass of the loop', async () => {
        for (const mode of adapter.id === PYTHON_ADAPTERS[0]!.id ? [['--every-line'], []] : [[]]) {
          const run = await locate(
            ['--adapter', adapter.id, ...mode, '--', 'python3', 'sets.py', '--', 'python3', 'sets.py'],
            FIXTURES,
          );
          expect(run.exitCode, run.stderr).toBe(0);
          expect(run.doc!.locate!.kind).toBe('agreed');
        }
        // A set of objects, ordered by their ids: the same addresses (bpdiff's adapter), or the loop
        // compared as a whole (debugpy, whose own threads allocate as they run: every line, where its
        // comprehension's own frame is walked too).
        for (const mode of adapter.id === PYTHON_ADAPTERS[0]!.id ? [['--every-line'], []] : [['--every-line']]) {
          const run = await locate(
            ['--adapter', adapter.id, ...mode, '--', 'python3', 'objects.py', '--', 'python3', 'objects.py'],
            FIXTURES,
          );
          expect(run.exitCode, run.stderr).toBe(0);
          expect(run.doc!.locate!.kind).toBe('agreed');
        }
        const compared = await runBpdiff(
          [
            '--adapter',
            adapter.id,
            '--bp',
            'sets.py:8',
            '--hit',
            '4',
            '--',
            'python3',
            'sets.py',
            '--',
            'python3',
            'sets.py',
          ],
          { cwd: FIXTURES },
        );
        expect(compared.exitCode, compared.stderr).toBe(0);
        expect(compared.doc!.run_a.variables.w).toMatch(/^'(apple|pear|fig|kiwi|plum|lime)'$/);
        expect(compared.doc!.run_a.variables.w).toBe(compared.doc!.run_b.variables.w);
      });

      if (adapter.id === PYTHON_ADAPTERS[0]!.id)
        it("a seed the user sets is the program's: two seeds, two orders", async () => {
          const run = await runBpdiff(
            [
              '--adapter',
              adapter.id,
              '--bp',
              'sets.py:9',
              '--env-a',
              'PYTHONHASHSEED=1',
              '--env-b',
              'PYTHONHASHSEED=2',
              '--',
              'python3',
              'sets.py',
              '--show',
              '--',
              'python3',
              'sets.py',
              '--show',
            ],
            { cwd: FIXTURES },
          );
          expect(run.exitCode, run.stderr).toBe(1);
          expect(Object.keys(run.doc!.diff.changed).filter((name) => name.startsWith('order['))).not.toEqual([]);
        });
    },
  );
