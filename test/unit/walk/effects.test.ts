// locate's walk by effects (src/walk/effects.ts) on fake runs: lines are stepped over and their effects
// compared (where each run goes next, its frame's values, what it wrote); a line whose effects differ
// is stepped into after both programs start again and come back by the same moves; a difference seen
// on a step out of a call is its caller's line's; identical runs cost a step a line of the outer
// level, not a step a line run.
import { describe, expect, it } from 'vitest';
import { startOf, walked, type WalkedRun, type WalkOptions } from '../../../src/walk/lines.js';
import { walkEffects } from '../../../src/walk/effects.js';
import type { StartedWalks } from '../../../src/walk/lines-streamed.js';
import { FakeRun, fakeSpec, type ScriptedStop } from './fake-run.js';
import { ProbeCosts } from '../../../src/walk/probe-schedule.js';

/** A restart and a probe priced as on bpdiff's Python adapter (ms), the same on any machine. */
const PYTHON_COSTS = { restart: 300, probe: 20 };

const options = (maxSteps = 1000, costs = PYTHON_COSTS): WalkOptions => ({
  roots: ['/fake/a', '/fake/b'],
  maxSteps,
  tolerance: null,
  probeCosts: new ProbeCosts(costs),
  signal: new AbortController().signal,
  progress: () => undefined,
});

/** Both scripts as runs, started where their walk starts; every restart makes new runs of the same scripts. */
async function walk(scriptA: ScriptedStop[], scriptB: ScriptedStop[], maxSteps?: number, costs = PYTHON_COSTS) {
  const runs: FakeRun[][] = [];
  const start = async (): Promise<StartedWalks> => {
    const pair = [new FakeRun(fakeSpec('a', '/fake/a'), scriptA), new FakeRun(fakeSpec('b', '/fake/b'), scriptB)];
    runs.push(pair);
    const walks = pair.map((run) => walked(run, [], true)) as [WalkedRun, WalkedRun];
    const standings = await Promise.all(walks.map((one) => startOf(one, false)));
    return { walks, standings: standings as StartedWalks['standings'] };
  };
  const { end } = await walkEffects(await start(), start, options(maxSteps, costs));
  return { end, runs };
}

const at = (
  file: string,
  line: number,
  name: string,
  depth: number,
  values: Record<string, string> = {},
  wrote?: string,
): ScriptedStop => ({
  file,
  line,
  name,
  depth,
  values,
  ...(wrote === undefined ? {} : { wrote }),
});

/** `main` calls fmt(1234) on line 1 and prints what it returns; line 2 comes next. */
const fmtProgram = (printed: string): ScriptedStop[] => [
  at('main.py', 1, 'main', 1),
  at('main.py', 5, 'fmt', 2, { x: '1234' }),
  at('main.py', 2, 'main', 1, {}, printed),
  at('main.py', 3, 'main', 1),
];

describe('walkEffects', () => {
  it('output that differs in a line that calls a function whose lines agree: the caller line, what each wrote, the call named', async () => {
    const { end, runs } = await walk(fmtProgram('1234\n'), fmtProgram('001234\n'));
    expect(end.kind).toBe('output');
    expect(end.before?.a.stop.top.line).toBe(1);
    expect(end.wrote?.a.stdout).toBe('1234\n');
    expect(end.wrote?.b.stdout).toBe('001234\n');
    expect(end.returnedFrom).toBe('fmt');
    // Stepped over line 1, then (started again) into it and over fmt's line, then (again) into that.
    expect(end.effects).toEqual({ over: 2, into: 2, restarts: 2, probes: 0 });
    expect(runs).toHaveLength(3);
    expect(runs[0]![0]!.asked.filter((asked) => asked === 'next-step')).toHaveLength(1);
  });

  it('identical runs: steps over every call, agrees to the end, starts nothing again', async () => {
    const program = [
      at('main.py', 1, 'main', 1, { n: '0' }),
      ...Array.from({ length: 50 }, (_, k) => at('main.py', 10 + (k % 3), 'helper', 2, { k: String(k) })),
      at('main.py', 2, 'main', 1, { n: '1' }, 'done\n'),
      at('main.py', 3, 'main', 1, { n: '1' }),
    ];
    const { end, runs } = await walk(program, program);
    expect(end.kind).toBe('agreed');
    expect(end.agreedUntil).toBe('end');
    expect(end.steps).toBe(3);
    expect(end.effects).toEqual({ over: 3, into: 0, restarts: 0, probes: 0 });
    expect(runs).toHaveLength(1);
  });

  it('a value that differs three calls deep on the 3rd call: the line in the innermost callee, with the line before it', async () => {
    const program = (bad: string): ScriptedStop[] => [
      at('main.py', 1, 'main', 1),
      ...[1, 2, 3].flatMap((call) => [
        at('main.py', 20, 'order', 2, { call: String(call) }),
        at('main.py', 30, 'line', 3, { call: String(call) }),
        at('main.py', 40, 'price', 4, { base: '1' }),
        at('main.py', 41, 'price', 4, { base: call === 3 ? bad : '1' }),
        at('main.py', 31, 'line', 3, { call: String(call), p: call === 3 ? bad : '1' }),
        at('main.py', 21, 'order', 2, { call: String(call), p: call === 3 ? bad : '1' }),
      ]),
      at('main.py', 2, 'main', 1, {}, call3(bad)),
    ];
    const call3 = (bad: string): string => `total ${bad}\n`;
    const { end } = await walk(program('1'), program('2'));
    expect(end.kind).toBe('values');
    expect(end.a.kind === 'step' && end.a.step.stop.top.line).toBe(41);
    expect(end.before?.a.stop.top.line).toBe(40);
    expect(end.valuesA?.values.variables).toEqual({ base: '1' });
    expect(end.valuesB?.values.variables).toEqual({ base: '2' });
  });

  /** main's line 1 calls order 3 times (line 20), which calls line (30), which calls price (40, 41); `bad` in call 3's price; `inner`: a value of call 2's line that differs and comes to nothing. */
  const chain = (bad: string, inner = '0'): ScriptedStop[] => [
    at('main.py', 1, 'main', 1),
    ...[1, 2, 3].flatMap((call) => [
      at('main.py', 20, 'order', 2, { call: String(call) }),
      at('main.py', 30, 'line', 3, { call: String(call), tmp: call === 2 ? inner : '0' }),
      at('main.py', 40, 'price', 4, { base: '1' }),
      at('main.py', 41, 'price', 4, { base: call === 3 ? bad : '1' }),
      at('main.py', 31, 'line', 3, { call: String(call), p: call === 3 ? bad : '1' }),
      at('main.py', 21, 'order', 2, { call: String(call), p: call === 3 ? bad : '1' }),
    ]),
    at('main.py', 2, 'main', 1, {}, `total ${bad}\n`),
  ];
  /** A restart that costs a minute against a step's 20 ms: a debugger that traps at every pass on the way back. */
  const TRAPPING = { restart: 60_000, probe: 20 };

  it('where a restart costs a minute: below a line found apart, each line is stepped into at once and its callee walked (eager.ts), one restart a level saved, the same line found', async () => {
    const cheap = await walk(chain('1'), chain('2'));
    const { end } = await walk(chain('1'), chain('2'), undefined, TRAPPING);
    expect(end.kind).toBe('values');
    expect(end.a.kind === 'step' && end.a.step.stop.top.line).toBe(41);
    expect(end.before?.a.stop.top.line).toBe(40);
    expect(end.valuesB?.values.variables).toEqual({ base: '2' });
    // Started again for main's line 1, then once to call 3's line 30: not for order's line 20 and line's 30 each.
    expect(cheap.end.effects!.restarts).toBe(4);
    expect(end.effects!.restarts).toBe(2);
  });

  it('a restart whose way back takes 1.3 s (its programs started ahead: gdb, lldb-dap) is worth a speculation; one of 1 s is not', async () => {
    const ahead = await walk(chain('1'), chain('2'), undefined, { restart: 1300, probe: 20 });
    const second = await walk(chain('1'), chain('2'), undefined, { restart: 1000, probe: 20 });
    for (const found of [ahead.end, second.end]) {
      expect(found.kind).toBe('values');
      expect(found.a.kind === 'step' && found.a.step.stop.top.line).toBe(41);
    }
    expect(ahead.end.effects!.restarts).toBe(2);
    expect(second.end.effects!.restarts).toBe(4);
  });

  it('where a restart costs a minute: a callee stepped into at once that differs inside but returns the same leaves its line alike (no false alarm), and the walk goes on to the line that differs', async () => {
    const cheap = await walk(chain('1', '0'), chain('2', '9'));
    const { end } = await walk(chain('1', '0'), chain('2', '9'), undefined, TRAPPING);
    // Call 2's line 30 holds tmp 9 in B, which changes nothing its line returns: not where the runs part.
    for (const found of [cheap.end, end]) {
      expect(found.kind).toBe('values');
      expect(found.a.kind === 'step' && found.a.step.stop.top.line).toBe(41);
      expect(found.valuesA?.values.variables).toEqual({ base: '1' });
      expect(found.valuesB?.values.variables).toEqual({ base: '2' });
    }
    // Call 2's line, stepped into at once and found apart inside, came out alike: no restart for it.
    expect(end.effects!.restarts).toBe(2);
  });

  it('a speculation given up in a long callee (past a restart of steps) whose line differs: the same line as without speculations', async () => {
    /** main's line 1 calls order (line 20), whose call of long (150 lines that agree) returns `r` to line 21. */
    const program = (r: string): ScriptedStop[] => [
      at('main.py', 1, 'main', 1),
      at('main.py', 20, 'order', 2),
      ...Array.from({ length: 150 }, (_, k) => at('main.py', 100 + k, 'long', 3, { k: String(k) })),
      at('main.py', 21, 'order', 2, { r }),
      at('main.py', 2, 'main', 1, {}, `${r}\n`),
    ];
    const cheap = await walk(program('1'), program('2'));
    // A restart of 2 s against a step's 20 ms: a speculation gives up after 100 steps.
    const { end } = await walk(program('1'), program('2'), undefined, { restart: 2000, probe: 20 });
    for (const found of [cheap.end, end]) {
      expect(found.kind).toBe('values');
      expect(found.before?.a.stop.top.line).toBe(20);
      expect(found.returnedFrom).toBe('long');
      expect(found.valuesB?.values.variables).toEqual({ r: '2' });
    }
    // The line was stepped into at once (its callee's lines, each stepped into too), the speculation given up and its line found apart.
    expect(end.effects!.into).toBeGreaterThan(100);
  });

  it('identical runs where a restart costs a minute: no line is stepped into (nothing found apart to step below)', async () => {
    const { end, runs } = await walk(chain('1'), chain('1'), undefined, TRAPPING);
    expect(end.kind).toBe('agreed');
    expect(end.effects).toEqual({ over: 2, into: 0, restarts: 0, probes: 0 });
    expect(runs).toHaveLength(1);
  });

  it('runs whose next lines part: a path divergence after the line, once stepped into', async () => {
    const program = (next: number): ScriptedStop[] => [
      at('main.py', 1, 'main', 1),
      at('main.py', 2, 'main', 1),
      at('main.py', next, 'main', 1),
    ];
    const { end } = await walk(program(3), program(4));
    expect(end.kind).toBe('path');
    expect(end.before?.a.stop.top.line).toBe(2);
    expect([end.a, end.b].map((standing) => standing.kind === 'step' && standing.step.stop.top.line)).toEqual([3, 4]);
  });

  /** `for i in range(passes): total += f(i)` (lines 2 and 3), then line 5; B's total parts from A's from pass `from` on. */
  const loop = (passes: number, from: number | null): ScriptedStop[] => {
    const total = (k: number): string => String(k * 10 + (from !== null && k > from ? 1 : 0));
    return [
      at('main.py', 1, 'main', 1, { total: '0' }),
      ...Array.from({ length: passes }, (_, k) => [
        at('main.py', 2, 'main', 1, { total: total(k) }),
        at('main.py', 3, 'main', 1, { i: String(k), total: total(k) }),
      ]).flat(),
      at('main.py', 5, 'main', 1, { total: total(passes) }, `${total(passes)}\n`),
    ];
  };

  it('a loop of 500 passes that parts at pass 301: its later passes probed, not stepped; the line and pass where the values part', async () => {
    const { end, runs } = await walk(loop(500, 300), loop(500, null));
    expect(end.kind).toBe('values');
    expect(end.before?.a.stop.top.line).toBe(3);
    expect(end.before?.valuesA.values.variables).toEqual({ i: '300', total: '3000' });
    expect(end.valuesA?.values.variables).toEqual({ total: '3011' });
    expect(end.valuesB?.values.variables).toEqual({ total: '3010' });
    // Each program: the first 8 passes stepped (the replay's too), probes, the pass that parts stepped.
    for (const run of runs.flat()) expect(run.asked.filter((asked) => asked === 'next-step').length).toBeLessThan(25);
    expect(end.effects!.probes).toBeGreaterThan(5);
    expect(end.effects!.restarts).toBeLessThan(15);
  });

  it('the same loop where a restart costs seconds (a debugger that traps at each pass): fewer restarts, the last passes stepped', async () => {
    const python = await walk(loop(500, 300), loop(500, null));
    // A minute a restart: a debugger trapping at each of hundreds of thousands of passes on the way back.
    const { end } = await walk(loop(500, 300), loop(500, null), undefined, { restart: 60_000, probe: 20 });
    expect(end.kind).toBe('values');
    expect(end.before?.valuesA.values.variables).toEqual({ i: '300', total: '3000' });
    expect(end.valuesA?.values.variables).toEqual({ total: '3011' });
    expect(end.effects!.restarts).toBeLessThan(python.end.effects!.restarts);
    // The gap's last passes stepped through, a line at a time, instead of probed and started again
    // (4 restarts and 17 lines stepped over at the Python adapter's prices; 2 and 91 here).
    expect(end.effects!.over).toBeGreaterThan(python.end.effects!.over);
  });

  it('identical loops: probed to their last pass, stepped out of, agreed to the end', async () => {
    const { end, runs } = await walk(loop(500, null), loop(500, null));
    expect(end.kind).toBe('agreed');
    expect(end.agreedUntil).toBe('end');
    for (const run of runs.flat()) expect(run.asked.filter((asked) => asked === 'next-step').length).toBeLessThan(25);
    expect(end.effects!.restarts).toBeLessThan(10);
  });

  /** main calls down(depth) on line 1; down's line 8 calls down(n - 1) until n is 0, where line 6 sets r, which line 7 returns. */
  const recursion = (depth: number, bottom: string): ScriptedStop[] => [
    at('main.py', 1, 'main', 1),
    ...Array.from({ length: depth }, (_, level) => [
      at('main.py', 5, 'down', level + 2, { n: String(depth - level) }),
      at('main.py', 8, 'down', level + 2, { n: String(depth - level) }),
    ]).flat(),
    at('main.py', 5, 'down', depth + 2, { n: '0' }),
    at('main.py', 6, 'down', depth + 2, { n: '0' }),
    at('main.py', 7, 'down', depth + 2, { n: '0', r: bottom }),
    at('main.py', 2, 'main', 1, { total: bottom }),
  ];

  it("a recursion 300 deep that differs at its bottom: each level's recursive line stepped into at once, not after a restart a level", async () => {
    const { end, runs } = await walk(recursion(300, '1'), recursion(300, '2'));
    expect(end.kind).toBe('values');
    expect(end.before?.a.stop.top.line).toBe(6);
    expect(end.before?.a.stop.depth).toBe(302);
    expect(end.valuesB?.values.variables).toEqual({ n: '0', r: '2' });
    // Started again for main's line 1, the first level's line 8 (no recursion seen yet) and the bottom's
    // line 6 only: not a restart a level (300).
    expect(end.effects!.restarts).toBe(3);
    expect(runs).toHaveLength(4);
    // A step or two a level, and the same again on the way back of each restart.
    for (const run of runs.flat())
      expect(run.asked.filter((asked) => asked.startsWith('next') || asked === 'stepIn').length).toBeLessThan(700);
  });

  it('a short loop is stepped through, not probed', async () => {
    const { end } = await walk(loop(5, null), loop(5, null));
    expect(end.kind).toBe('agreed');
    expect(end.effects!.probes).toBe(0);
  });

  it('--max-steps bounds the lines compared', async () => {
    const program = Array.from({ length: 10 }, (_, k) => at('main.py', k + 1, 'main', 1));
    const { end } = await walk(program, program, 4);
    expect(end.kind).toBe('agreed');
    expect(end.agreedUntil).toBe('max-steps');
    expect(end.steps).toBe(4);
  });

  it('a program that does not come back by the same moves: said, not guessed', async () => {
    let runsMade = 0;
    const start = async (): Promise<StartedWalks> => {
      runsMade++;
      const b = runsMade === 1 ? fmtProgram('001234\n') : [at('main.py', 7, 'main', 1), at('main.py', 8, 'main', 1)];
      const pair = [
        new FakeRun(fakeSpec('a', '/fake/a'), fmtProgram('1234\n')),
        new FakeRun(fakeSpec('b', '/fake/b'), b),
      ];
      const walks = pair.map((run) => walked(run, [], true)) as [WalkedRun, WalkedRun];
      const standings = await Promise.all(walks.map((one) => startOf(one, false)));
      return { walks, standings: standings as StartedWalks['standings'] };
    };
    await expect(walkEffects(await start(), start, options())).rejects.toThrow(
      /did not come back there by the same steps/,
    );
  });
});
