// locate's walk by steps (src/walk/lines.ts) on fake runs: where two runs part ways (what they hold,
// or where they stand), that they agree to their ends or to --max-steps, that code which is not the
// user's is stepped out of and not compared, and that a return to the line a call was made from is
// no new step.
import { describe, expect, it } from 'vitest';
import { startOf, walked, walkLines, type WalkEnd, type WalkOptions } from '../../../src/walk/lines.js';
import { FakeRun, fakeSpec, type ScriptedStop } from './fake-run.js';

const options = (maxSteps = 1000): WalkOptions => ({
  roots: ['/fake/a', '/fake/b'],
  maxSteps,
  tolerance: null,
  signal: new AbortController().signal,
  progress: () => undefined,
});

/** main.py's lines 1..n, the locals there as `values(line)` says. */
function lines(
  count: number,
  values: (line: number) => Record<string, string> = (line) => ({ x: String(line) }),
): ScriptedStop[] {
  return Array.from({ length: count }, (_, k) => ({ file: 'main.py', line: k + 1, values: values(k + 1) }));
}

async function walk(
  scriptA: ScriptedStop[],
  scriptB: ScriptedStop[],
  maxSteps?: number,
): Promise<{ end: WalkEnd; a: FakeRun; b: FakeRun }> {
  const a = new FakeRun(fakeSpec('a', '/fake/a'), scriptA);
  const b = new FakeRun(fakeSpec('b', '/fake/b'), scriptB);
  const [walkedA, walkedB] = [walked(a, [], true), walked(b, [], true)];
  const [firstA, firstB] = await Promise.all([startOf(walkedA, false), startOf(walkedB, false)]);
  return { end: await walkLines(walkedA, walkedB, firstA, firstB, options(maxSteps)), a, b };
}

const lineOf = (standing: WalkEnd['a']): number | null =>
  standing.kind === 'step' ? standing.step.stop.top.line : null;

describe('walkLines', () => {
  it('stops at the first step where the runs hold different values, with the step they agreed at before it', async () => {
    const { end } = await walk(
      lines(5),
      lines(5, (line) => ({ x: String(line === 3 ? 30 : line) })),
    );
    expect(end.kind).toBe('values');
    expect(end.steps).toBe(3);
    expect([lineOf(end.a), lineOf(end.b)]).toEqual([3, 3]);
    expect(end.valuesA?.values.variables).toEqual({ x: '3' });
    expect(end.valuesB?.values.variables).toEqual({ x: '30' });
    expect(end.before?.a.stop.top.line).toBe(2);
  });

  it('stops at the first step where the runs stand on different lines', async () => {
    const { end } = await walk(lines(5), [
      ...lines(2),
      { file: 'main.py', line: 7, values: { x: '3' } },
      ...lines(5).slice(3),
    ]);
    expect(end.kind).toBe('path');
    expect(end.steps).toBe(3);
    expect([lineOf(end.a), lineOf(end.b)]).toEqual([3, 7]);
    expect(end.sameFile).toBe(true);
  });

  it('agrees to the end when both runs end together, and stops at --max-steps', async () => {
    const { end } = await walk(lines(4), lines(4));
    expect(end).toMatchObject({ kind: 'agreed', agreedUntil: 'end', steps: 4 });
    expect([end.a.kind, end.b.kind]).toEqual(['ended', 'ended']);
    const capped = await walk(lines(9), lines(9), 3);
    expect(capped.end).toMatchObject({ kind: 'agreed', agreedUntil: 'max-steps', steps: 3 });
    expect(lineOf(capped.end.a)).toBe(3);
  });

  it('ends where one run ends and the other goes on', async () => {
    const { end } = await walk(lines(2), lines(4));
    expect(end.kind).toBe('ended');
    expect(end.a.kind).toBe('ended');
    expect(lineOf(end.b)).toBe(3);
  });

  it("steps out of code that is not the user's at once, without comparing it", async () => {
    const library: ScriptedStop = {
      file: '/usr/lib/python3/json/encoder.py',
      line: 200,
      name: 'encode',
      depth: 2,
      values: { o: 'something else' },
    };
    const { end, a } = await walk([...lines(2), library, ...lines(4).slice(2)], lines(4));
    expect(end).toMatchObject({ kind: 'agreed', agreedUntil: 'end', steps: 4 });
    expect(a.asked.filter((asked) => asked.startsWith('step'))).toEqual([
      'stepIn',
      'stepIn',
      'stepOut',
      'stepIn',
      'stepIn',
    ]);
  });

  it('takes the return to the line a call was made from for the same step, not a new one', async () => {
    const call: ScriptedStop[] = [
      { file: 'main.py', line: 1 },
      { file: 'util.py', line: 10, name: 'f', depth: 2 },
      { file: 'main.py', line: 1 },
      { file: 'main.py', line: 2 },
    ];
    const { end } = await walk(call, [call[0]!, call[1]!, call[3]!]);
    expect(end).toMatchObject({ kind: 'agreed', agreedUntil: 'end', steps: 3 });
  });
});
