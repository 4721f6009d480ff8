// locate's streamed walk (src/walk/lines-streamed.ts) on fake runs that stream their steps: the scan
// on the streamed texts, the programs started again and replayed to the last step the scan agreed
// at, and the walk by steps from there, which reads the values as a capture does.
import { describe, expect, it } from 'vitest';
import { defaultCaptureOptions } from '../../../src/core/types.js';
import { startOf, walked, type Standing, type WalkEnd, type WalkOptions } from '../../../src/walk/lines.js';
import { canStreamLines, walkLinesStreamed, type StartedWalks } from '../../../src/walk/lines-streamed.js';
import { FakeRun, fakeSpec, type ScriptedStop } from './fake-run.js';

const options: WalkOptions = {
  roots: ['/fake/a', '/fake/b'],
  maxSteps: 100_000,
  tolerance: null,
  signal: new AbortController().signal,
  progress: () => undefined,
};

function lines(
  count: number,
  values: (line: number) => Record<string, string> = (line) => ({ x: String(line) }),
): ScriptedStop[] {
  return Array.from({ length: count }, (_, k) => ({ file: 'main.py', line: k + 1, values: values(k + 1) }));
}

/** Streams the two scripts; each start (the first, and each start again) makes fresh runs of them. */
async function walk(scriptA: ScriptedStop[], scriptB: ScriptedStop[]): Promise<{ end: WalkEnd; starts: FakeRun[][] }> {
  const starts: FakeRun[][] = [];
  const start = async (): Promise<StartedWalks> => {
    const runs = [
      new FakeRun(fakeSpec('a', '/fake/a'), scriptA, 0, true),
      new FakeRun(fakeSpec('b', '/fake/b'), scriptB, 0, true),
    ];
    starts.push(runs);
    const walks = [walked(runs[0]!, [], true), walked(runs[1]!, [], true)] as const;
    const standings = (await Promise.all(walks.map((run) => startOf(run, false)))) as [Standing, Standing];
    return { walks: [walks[0], walks[1]], standings };
  };
  const first = await start();
  expect(canStreamLines(first.walks, defaultCaptureOptions())).toBe(true);
  const { end } = await walkLinesStreamed(first, start, options, defaultCaptureOptions(), []);
  return { end, starts };
}

const lineOf = (standing: Standing): number | null => (standing.kind === 'step' ? standing.step.stop.top.line : null);

describe('walkLinesStreamed', () => {
  it('finds in the stream where the values part, replays to the step before, and reads the parting step as a capture does', async () => {
    const { end, starts } = await walk(
      lines(3000),
      lines(3000, (line) => ({ x: String(line === 2500 ? -1 : line) })),
    );
    expect(end.kind).toBe('values');
    expect(end.steps).toBe(2500);
    expect([lineOf(end.a), lineOf(end.b)]).toEqual([2500, 2500]);
    // Read by the walk by steps (a capture's values), not the stream's texts.
    expect(end.valuesA?.values.variables).toEqual({ x: '2500' });
    expect(end.valuesB?.values.variables).toEqual({ x: '-1' });
    expect(end.before?.a.stop.top.line).toBe(2499);
    // Started twice: the scan's runs, then the replay's, which stepped (by DAP) only from the step before the parting.
    expect(starts).toHaveLength(2);
    const [, replayA] = starts[1]!;
    expect(replayA!.asked.filter((asked) => asked === 'stepIn')).toHaveLength(1);
  });

  it('agrees to the end of two runs that do not part, reported at their last step', async () => {
    const { end } = await walk(lines(700), lines(700));
    expect(end).toMatchObject({ kind: 'agreed', agreedUntil: 'end', steps: 700 });
  });

  it('walks by steps where the lines part, as without the stream', async () => {
    const { end } = await walk(lines(50), [
      ...lines(40),
      { file: 'main.py', line: 90, values: { x: '41' } },
      ...lines(50).slice(41),
    ]);
    expect(end.kind).toBe('path');
    expect([lineOf(end.a), lineOf(end.b)]).toEqual([41, 90]);
    expect(end.before?.a.stop.top.line).toBe(40);
  });
});
