// bpdiff locate's walk by effects through a loop (issue 32): the loop at `order`'s level runs 600
// passes and the runs part in its 500th, two calls further in (order > line_total > price). The walk
// probes the loop's later passes at the program's speed (a breakpoint at its head, counted by the
// adapter and removed again) instead of stepping each pass: it locates the line in price() in a few
// dozen steps, where stepping the loop takes 1,200 and more. On every adapter whose definition lets
// the walk probe (rdbg's too: bpdiff_rdbg.rb makes its setBreakpoints take a breakpoint back, and its
// count of passes start again with each; gdb's, whose $bpdiff_pass starts again with each probe), with
// the stops of A counted in the trace; bpdiff's Python and Node adapters and debugpy are
// locate-effects.test.ts's `deep` case.
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { execa } from 'execa';
import { beforeAll, expect, it } from 'vitest';
import { cpuCountKind, describeWithTool, onPath, runBpdiff } from './helpers.js';
import { c, go, java, ruby } from './locate-languages.js';
import { JAVAC_JVM } from '../../adapters/java/source-launch.js';

const LOOPS = path.join(import.meta.dirname, 'fixtures-locate-loops');

interface Case {
  language: typeof c;
  folder: string;
  argv: (side: 'a' | 'b') => string[];
  build?: () => Promise<void>;
  /** Options before the commands (C through gdb: --adapter gdb). */
  options?: string[];
  file: string;
  /** The line in A's price() where base is first seen apart, and the functions that lead there. */
  line: number;
  calls: string[];
}

/**
 * Both versions of a compiled program, with optimisations off, into the fixture's build folder (ignored
 * by git): once for every case that runs them.
 */
const buildBoth = (folder: string, build: (side: 'a' | 'b', out: string) => Promise<unknown>) => {
  let built: Promise<void> | null = null;
  return () =>
    (built ??= (async () => {
      for (const side of ['a', 'b'] as const) {
        const out = path.join(LOOPS, folder, 'build', side);
        fs.mkdirSync(out, { recursive: true });
        await build(side, path.join(out, 'deep'));
      }
    })());
};

const cLoop: Case = {
  language: c,
  folder: 'c',
  argv: (side) => [`../build/${side}/deep`, '600'],
  build: buildBoth('c', (side, out) =>
    execa('cc', ['-g', '-O0', '-o', out, path.join(LOOPS, 'c', side, 'deep.c')], { stdin: 'ignore' }),
  ),
  file: 'deep.c',
  line: 6,
  calls: ['order', 'line_total', 'price'],
};

const cGdb: typeof c = {
  ...c,
  name: 'C through gdb (cdt-gdb-adapter)',
  tool: 'gdb and cdt-gdb-adapter (scripts/setup.sh)',
  available: onPath('gdb') && onPath('cdtDebugAdapter') && onPath('cc'),
};

/** How many events of `name` the trace holds of run `side`. */
function traced(trace: string, side: 'A' | 'B', name: string): number {
  return fs
    .readFileSync(trace, 'utf8')
    .split('\n')
    .filter((line) => line.includes(`"run":"${side}"`) && line.includes(`"name":"${name}"`)).length;
}

const cases: Case[] = [
  cLoop,
  // The same C programs through gdb, whose loop probes count in gdb ($bpdiff_pass, started again with each probe).
  { ...cLoop, language: cGdb, options: ['--adapter', 'gdb'] },
  {
    language: go,
    folder: 'go',
    argv: (side) => [`../build/${side}/deep`, '600'],
    build: buildBoth('go', (side, out) =>
      execa('go', ['build', '-gcflags=all=-N -l', '-o', out, 'deep.go'], {
        cwd: path.join(LOOPS, 'go', side),
        stdin: 'ignore',
      }),
    ),
    file: 'deep.go',
    line: 11,
    calls: ['main.order', 'main.lineTotal', 'main.price'],
  },
  {
    language: java,
    folder: 'java',
    // Compiled once, as the C and Go versions are: from source (`java Deep.java`) each start of each
    // restart would compile it again, about a second of CPU under the debugger.
    argv: (side) => ['java', '-cp', `../build/${side}`, 'Deep', '600'],
    build: buildBoth('java', (side, out) =>
      execa('javac', [...JAVAC_JVM, '-g', '-d', path.dirname(out), 'Deep.java'], {
        cwd: path.join(LOOPS, 'java', side),
        stdin: 'ignore',
      }),
    ),
    file: 'Deep.java',
    line: 4,
    calls: ['Deep.order', 'Deep.lineTotal', 'Deep.price'],
  },
  {
    language: ruby,
    folder: 'ruby',
    argv: () => ['ruby', 'deep.rb', '600'],
    file: 'deep.rb',
    line: 3,
    calls: ['Object#order', 'Object#line_total', 'Object#price'],
  },
];

for (const loop of cases) {
  describeWithTool(
    `locate by effects through a loop: ${loop.language.name}`,
    loop.language.tool,
    loop.language.available,
    () => {
      if (loop.build) beforeAll(loop.build);

      it("the 500th of 600 passes, two calls in: price()'s line, the calls that lead there, in a few dozen steps", async () => {
        const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-loops-')), 'trace.jsonl');
        const run = await runBpdiff(
          [
            'locate',
            ...(loop.options ?? []),
            '--cwd-a',
            path.join(LOOPS, loop.folder, 'a'),
            '--cwd-b',
            path.join(LOOPS, loop.folder, 'b'),
            '--',
            ...loop.argv('a'),
            '--',
            ...loop.argv('b'),
          ],
          // The probe schedule's costs fixed (probe-schedule.ts): measured, a slow or loaded machine's
          // dear restarts made it step through more of each gap (1,670 stops of A on lldb-dap at a load of 8).
          { env: { BPDIFF_TRACE: trace, BPDIFF_PROBE_COSTS: '1000,20' } },
        );
        expect(run.exitCode, run.stderr).toBe(1);
        // The probes' passes are let go by the adapter, not stopped at: a few hundred stops of A (its steps, replayed at each restart), not thousands.
        const stops = traced(trace, 'A', 'stopped');
        fs.rmSync(path.dirname(trace), { recursive: true, force: true });
        expect(stops).toBeGreaterThan(0);
        // (Stepping to the 500th pass would stop A 1,000 times, and again at each restart.)
        expect(stops).toBeLessThan(1000);
        expect(run.doc!.analysis_hints[0]).toMatch(
          new RegExp(
            `^the runs part ways at ${loop.file}:${loop.line} in \\S*price\\(\\) \\(step \\d+\\): base is 1497 in A and 1498 in B$`,
          ),
        );
        expect(run.doc!.locate!.call_path.map((call) => call.function).slice(-3)).toEqual(loop.calls);
        // Stepping the loop would take two steps a pass (its head and its body line): 1,000 to the 500th.
        // Where stepping a gap's last passes costs less than a restart (probe-schedule.ts), a few dozen more.
        expect(run.doc!.locate!.steps).toBeLessThan(250);
        expect(run.leftovers).toEqual([]);
      });

      it('a version against itself: the loop probed to its end and stepped out of, exit 0', async () => {
        const folder = path.join(LOOPS, loop.folder, 'a');
        const run = await runBpdiff([
          'locate',
          ...(loop.options ?? []),
          '--cwd',
          folder,
          '--',
          ...loop.argv('a'),
          '--',
          ...loop.argv('a'),
        ]);
        expect(run.exitCode, run.stderr).toBe(0);
        expect(run.doc!.analysis_hints[0]).toMatch(/^no divergence in \d+ steps: both runs ended/);
        expect(run.doc!.locate!.kind).toBe('agreed');
        // Where stepping a gap's last passes costs less than a restart (probe-schedule.ts), a few dozen more.
        expect(run.doc!.locate!.steps).toBeLessThan(250);
        expect(run.leftovers).toEqual([]);
      });
    },
  );
}

// One program for both runs, B's environment apart (the user's two inputs of one build): both count the
// loop's passes in one file. Where the kernel's uprobe counts (one debugger at a time a file:
// bpdiff_cpu_count.py), one run's probes are counted by the CPU and the other's by its debugger. gdb
// writes the signal's stop on its console as `\nProgram`, and the blank line counted as output of the
// counted run alone: every probe then told the runs apart, and the walk started both runs again without
// end (bench/programs/locate/deep.c, 11,000 passes: not done in 30 minutes).
// Where a uprobe counts, each run's debugger hands the file on once its run stands at its pass (the walk
// moves both on together), so the other run counts with the CPU too (hit_count.cpu_count.hand_on).
const ENV_LOOP = path.join(LOOPS, 'c-env');
const envLoopBuilt = (() => {
  let built: Promise<unknown> | null = null;
  return () =>
    (built ??= (async () => {
      fs.mkdirSync(path.join(ENV_LOOP, 'build'), { recursive: true });
      await execa('cc', ['-g', '-O0', '-o', path.join(ENV_LOOP, 'build', 'deep'), 'deep.c'], {
        cwd: ENV_LOOP,
        stdin: 'ignore',
      });
    })());
})();
for (const [language, options] of [
  [c, []],
  [cGdb, ['--adapter', 'gdb']],
] as const) {
  describeWithTool(
    `locate by effects through a loop, one program for both runs: ${language.name}`,
    language.tool,
    language.available,
    () => {
      beforeAll(envLoopBuilt);

      it('a divergence in the 5th pass: the last level is short, and the pair started ahead of a restart that never came is killed unsaid', async () => {
        // Its start outlasts the walk's last level (price()'s three lines): closed in the middle of it,
        // its killed debugger was said as "[A] could not be debugged" at the end of a walk that found the line.
        const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-loops-')), 'trace.jsonl');
        const run = await runBpdiff(
          ['locate', ...options, '--cwd', ENV_LOOP, '--env-b', 'PART=4', '--', './build/deep', '--', './build/deep'],
          { env: { BPDIFF_PROBE_COSTS: '1000,20', BPDIFF_TRACE: trace } },
        );
        const phases = fs
          .readFileSync(trace, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"phase":"spare'));
        fs.rmSync(path.dirname(trace), { recursive: true, force: true });
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(/^the runs part ways after deep\.c:10 in price\(\) /);
        const restarts = run.stderr.match(/starting both runs again/g)?.length ?? 0;
        expect(restarts).toBeGreaterThan(1);
        expect(run.stderr).not.toMatch(/could not be debugged/);
        // By default the first restart's own start decides (spare-starts.ts WORTH_MS), once, whatever this
        // machine's debugger takes to start; the restarts after it take a spare each only if it said so.
        const decided = phases.filter((line) => line.includes('"phase":"spares decided"'));
        expect(decided).toHaveLength(1);
        const { start_ms: startMs, spares } = JSON.parse(decided[0]!) as { start_ms: number; spares: boolean };
        // A debugger's whole start, measured: never a few milliseconds (a spare's taken start is).
        expect(startMs).toBeGreaterThan(50);
        expect(spares).toBe(startMs >= 600);
        const taken = phases.filter((line) => line.includes('"phase":"spare taken"') && line.includes('"run":"A"'));
        expect(taken).toHaveLength(spares ? restarts - 1 : 0);
        expect(run.leftovers).toEqual([]);
      });

      it("B's environment apart: price()'s line at the 500th pass, the walk ending", async () => {
        const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-loops-')), 'trace.jsonl');
        const run = await runBpdiff(
          ['locate', ...options, '--cwd', ENV_LOOP, '--env-b', 'PART=499', '--', './build/deep', '--', './build/deep'],
          // BPDIFF_SPARE_STARTS=1: spares however long this machine's first start took (by default, a
          // first restart's start under spare-starts.ts's WORTH_MS turns them off).
          { env: { BPDIFF_TRACE: trace, BPDIFF_PROBE_COSTS: '1000,20', BPDIFF_SPARE_STARTS: '1' }, timeoutMs: 90_000 },
        );
        const [continuedA, continuedB] = [traced(trace, 'A', 'continued'), traced(trace, 'B', 'continued')];
        // Each restart after the first takes the pair started ahead at the one before (run/spare-starts.ts).
        const taken = fs
          .readFileSync(trace, 'utf8')
          .split('\n')
          .filter((line) => line.includes('"phase":"spare taken"'));
        fs.rmSync(path.dirname(trace), { recursive: true, force: true });
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints[0]).toMatch(
          /^the runs part ways after deep\.c:10 in price\(\) \(.*\): A goes on to line 12, B to line 11$/,
        );
        expect(run.doc!.locate!.call_path.map((call) => call.function).slice(-3)).toEqual([
          'order',
          'line_total',
          'price',
        ]);
        // The last pair started ahead, never taken, killed with the walk (its start maybe not done): not said.
        expect(run.stderr).not.toMatch(/could not be debugged/);
        const restarts = run.stderr.match(/starting both runs again/g)?.length ?? 0;
        expect(restarts).toBeLessThan(12);
        expect(restarts).toBeGreaterThan(1);
        expect(taken.filter((line) => line.includes('"run":"A"')).length).toBe(restarts - 1);
        expect(taken.filter((line) => line.includes('"run":"B"')).length).toBe(restarts - 1);
        // As root, a spare's processes get bpdiff's priority back once taken (process/niceness.ts).
        if (process.getuid?.() === 0) expect(taken.every((line) => !line.includes('"unniced":0'))).toBe(true);
        // Both runs count with the CPU, each handing the file on once at its pass (hit_count.cpu_count.hand_on):
        // lldb-dap lets the passes it counts itself go by with a `continued` event each (B: 2,698 of them
        // before, A 816; now 322 each).
        if (options.length === 0 && cpuCountKind() !== null)
          expect([continuedA, continuedB].map((n) => n < 1000)).toEqual([true, true]);
        expect(run.leftovers).toEqual([]);
      });
    },
  );
}
