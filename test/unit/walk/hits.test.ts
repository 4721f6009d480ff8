// The hit walks by stops (src/walk/hits.ts) on fake runs: which stop `--hit N` captures, and where a
// first-divergence walk of two runs stops, each run walked no further than the hit where they part.
import { describe, expect, it } from 'vitest';
import { Lockstep, lockstepWalker, nthHit, type WalkSteps } from '../../../src/walk/hits.js';
import { PassCounter } from '../../../src/session/passes.js';
import type { RunFacts } from '../../../src/capture/capture-document.js';
import { FakeRun, fakeSpec, type ScriptedStop } from './fake-run.js';

/** `count` stops at shop.py:4, the i-th holding `values(i)`. */
function hits(
  count: number,
  values: (i: number) => Record<string, string> = (i) => ({ i: String(i) }),
): ScriptedStop[] {
  return Array.from({ length: count }, (_, k) => ({ file: 'shop.py', line: 4, values: values(k + 1) }));
}

function steps(run: FakeRun): WalkSteps {
  return { run, passes: { counter: new PassCounter(true), adapterName: 'fake' } };
}

describe('nthHit', () => {
  it('captures the Nth stop, read once, after letting the program go on from each stop before it', async () => {
    const run = new FakeRun(fakeSpec('a', '/fake/a'), hits(5));
    const facts = await nthHit(3)(await run.first(), steps(run));
    expect(facts.status).toBe('break');
    expect(facts.values.variables).toEqual({ i: '3' });
    expect(facts.hits).toEqual({ captured: 3, seen: 3, wanted: 3 });
    expect(run.asked).toEqual(['next', 'next', 'read quietly', 'values']);
  });

  it("is the run's no_break, with how many times it stopped, when the program stops fewer times", async () => {
    const run = new FakeRun(fakeSpec('a', '/fake/a'), hits(2), 3);
    const facts = await nthHit(4)(await run.first(), steps(run));
    expect(facts.status).toBe('no_break');
    expect(facts.no_break_reason).toEqual({ kind: 'exited', exit_code: 3 });
    expect(facts.hits).toEqual({ captured: null, seen: 2, wanted: 4 });
  });
});

describe('lockstepWalker', () => {
  const walk = async (a: FakeRun, b: FakeRun, maxHits = 1000): Promise<[RunFacts, RunFacts]> => {
    const lock = new Lockstep(maxHits, null, { a: 'A', b: 'B' });
    const walkA = lockstepWalker(lock, 'a')(await a.first(), steps(a));
    const walkB = lockstepWalker(lock, 'b')(await b.first(), steps(b));
    return Promise.all([walkA, walkB]);
  };

  it('stops both runs at the first hit whose values differ, neither walked past it', async () => {
    const a = new FakeRun(
      fakeSpec('a', '/fake/a'),
      hits(6, (i) => ({ total: String(i * 10) })),
    );
    const b = new FakeRun(
      fakeSpec('b', '/fake/b'),
      hits(6, (i) => ({ total: String(i === 3 ? 31 : i * 10) })),
    );
    const [factsA, factsB] = await walk(a, b);
    expect(factsA.values.variables).toEqual({ total: '30' });
    expect(factsB.values.variables).toEqual({ total: '31' });
    expect(factsA.hits).toEqual({ captured: 3, seen: 3, wanted: null });
    expect(factsA.warnings).toContain('first divergence at hit 3: the runs agree for hits 1-2 and part ways at hit 3');
    expect(b.asked.filter((asked) => asked === 'next')).toHaveLength(2);
  });

  it('stops where one run ends and the other stops at the breakpoint again', async () => {
    const a = new FakeRun(fakeSpec('a', '/fake/a'), hits(2));
    const b = new FakeRun(fakeSpec('b', '/fake/b'), hits(5));
    const [factsA, factsB] = await walk(a, b);
    expect(factsA.status).toBe('no_break');
    expect(factsA.hits).toEqual({ captured: null, seen: 2, wanted: null });
    expect(factsB.hits).toEqual({ captured: 3, seen: 3, wanted: null });
    expect(factsB.warnings).toContain(
      'first divergence at hit 3: the runs agree for hits 1-2, then B stops at the breakpoint again and A does not (it stopped 2 times)',
    );
  });

  it('reports the last hit when both runs agree to their ends, and stops at --max-hits', async () => {
    const [endA] = await walk(
      new FakeRun(fakeSpec('a', '/fake/a'), hits(3)),
      new FakeRun(fakeSpec('b', '/fake/b'), hits(3)),
    );
    expect(endA.values.variables).toEqual({ i: '3' });
    expect(endA.warnings).toContain(
      'first divergence: no differences in 3 hits (both runs stopped 3 times); this is hit 3',
    );
    const [capA] = await walk(
      new FakeRun(fakeSpec('a', '/fake/a'), hits(9)),
      new FakeRun(fakeSpec('b', '/fake/b'), hits(9)),
      4,
    );
    expect(capA.hits).toEqual({ captured: 4, seen: 4, wanted: null });
    expect(capA.warnings).toContain(
      'first divergence: no differences in 4 hits (--max-hits 4: the walk stopped there); this is hit 4',
    );
  });
});
