// A time a run read from the clock differs from any other run's: where one changed, the hints say it
// may be a clock reading and give the --ignore that leaves it out (adapter definitions' clock_types,
// the capture's clocks). On each kind of type name the adapters give a time: Python's datetime, a
// JavaScript Date, Go's time.Time inside a struct, C's struct timespec (lldb-dap). The other adapters'
// type names are checked against their definitions in test/unit/adapters/clock-types.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithTool, onPath, runBpdiff } from './helpers.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures-clocks');
let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-clocks-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Clock {
  name: string;
  tool: string;
  bp: string;
  cwd: () => string;
  command: () => string[];
  build?: () => Promise<unknown>;
  hint: string;
}

const clocks: Clock[] = [
  {
    name: "bpdiff's Python adapter",
    tool: 'python3',
    bp: 'clock.py:8',
    cwd: () => FIXTURES,
    command: () => ['python3', 'clock.py'],
    // time.time() is a float, no type of a time: said as one by what it holds, a count of seconds since 1970.
    hint: '2 changed values are times or durations (epoch (float), started (datetime)): those the program read from the clock differ in any two runs — --ignore epoch --ignore started leaves them out.',
  },
  {
    name: "bpdiff's Node adapter",
    tool: 'node',
    bp: 'clock.js:4',
    cwd: () => FIXTURES,
    command: () => ['node', 'clock.js'],
    hint: 'started (Date) is a time: if the program read it from the clock, any two runs read it differently — --ignore started leaves it out.',
  },
  {
    name: 'dlv',
    tool: 'dlv',
    bp: 'main.go:17',
    cwd: () => path.join(FIXTURES, 'go'),
    command: () => [path.join(scratch, 'clocks-go')],
    build: () =>
      execa('go', ['build', '-buildvcs=false', '-gcflags=all=-N -l', '-o', path.join(scratch, 'clocks-go'), '.'], {
        cwd: path.join(FIXTURES, 'go'),
      }),
    hint: "(*j).started (time.Time) is a time: if the program read it from the clock, any two runs read it differently — --ignore '(*j).started' leaves it out.",
  },
  {
    name: 'lldb-dap',
    tool: 'lldb-dap',
    bp: 'clock.c:9',
    cwd: () => FIXTURES,
    command: () => [path.join(scratch, 'clocks-c')],
    build: () => execa('cc', ['-g', '-O0', '-o', path.join(scratch, 'clocks-c'), path.join(FIXTURES, 'clock.c')]),
    hint: 'started (timespec) is a time: if the program read it from the clock, any two runs read it differently — --ignore started leaves it out.',
  },
];

for (const clock of clocks) {
  const available = clock.tool === 'lldb-dap' ? onPath('lldb-dap') || onPath('lldb-dap-19') : onPath(clock.tool);
  describeWithTool(`clock readings: ${clock.name}`, clock.tool, available, () => {
    it('two runs of one program that reads the clock: the time changed, said as maybe a clock reading, and its --ignore leaves nothing changed', async () => {
      await clock.build?.();
      const pair = (...options: string[]) =>
        runBpdiff(['--bp', clock.bp, ...options, '--', ...clock.command(), '--', ...clock.command()], {
          cwd: clock.cwd(),
        });
      const run = await pair();
      expect(run.exitCode, run.stderr).toBe(1);
      const hints = run.doc!.analysis_hints;
      expect(hints).toContain(clock.hint);
      expect(hints.filter((hint) => hint.includes('--ignore'))).toHaveLength(1);
      // The time made from fixed numbers is one in both runs, and unchanged.
      expect(run.doc!.diff.unchanged).toContain('day');
      expect(run.leftovers).toEqual([]);
      // The --ignore the hint gives leaves the time out, its fields with it: tried where the name needs
      // quoting (Go's (*j).started) and with a float clock reading beside a typed one (Python).
      if (clock.tool !== 'dlv' && clock.tool !== 'python3') return;
      const ignore = /(--ignore \S+ ?)+ leaves/.exec(clock.hint)![0].replace(/ leaves$/, '');
      const words = ignore.split(' ').map((word) => word.replace(/^'(.*)'$/, '$1'));
      const again = await pair(...words);
      const left = Object.keys(again.doc!.diff.changed);
      expect(left).toEqual([]);
      expect(again.doc!.analysis_hints.join('\n')).not.toContain('is a time');
      expect(again.leftovers).toEqual([]);
    });
  });
}

// A walk of two runs of one program that times itself (performance.now(), time.perf_counter()) or
// draws at random parted at the line after, with nothing said of why (`t0 is 257.5 in A and 222.9 in
// B`): the line's own call is named, and the --ignore that leaves its value out; that --ignore then
// walks on to the next such line.
const timers = [
  {
    name: 'Node (performance.now(), twice)',
    tool: 'node',
    command: ['node', 'timer.js'],
    hints: [
      'timer.js:6 reads a clock (performance.now()), which reads differently in every run: where that is all that differs, --ignore t0 leaves it out',
      'timer.js:8 reads a clock (performance.now()), which reads differently in every run: where that is all that differs, --ignore took leaves it out',
    ],
  },
  {
    name: 'Python (time.perf_counter(), then random.random())',
    tool: 'python3',
    command: ['python3', 'timer.py'],
    hints: [
      'timer.py:9 reads a clock (time.perf_counter()), which reads differently in every run: where that is all that differs, --ignore t0 leaves it out',
      'timer.py:11 draws at random (random.random()), which differs in every run unless the program seeds it: where that is all that differs, --ignore pick leaves it out',
    ],
  },
];
for (const timer of timers)
  describeWithTool(`locate through a line that reads a clock: ${timer.name}`, timer.tool, onPath(timer.tool), () => {
    it("names the line's call, and the --ignore that leaves its value out, until nothing is left apart", async () => {
      const locate = (...options: string[]) =>
        runBpdiff(['locate', ...options, '--cwd', FIXTURES, '--', ...timer.command, '--', ...timer.command]);
      const ignored: string[] = [];
      for (const hint of timer.hints) {
        const run = await locate(...ignored);
        expect(run.exitCode, run.stderr).toBe(1);
        expect(run.doc!.analysis_hints).toContain(hint);
        expect(run.leftovers).toEqual([]);
        ignored.push(.../ (--ignore) (\S+) leaves it out$/.exec(hint)!.slice(1));
      }
      const left = await locate(...ignored);
      expect(left.exitCode, left.stderr).toBe(0);
    });
  });
