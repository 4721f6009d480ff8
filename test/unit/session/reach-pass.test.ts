// The plan that reaches --hit N's pass through the adapter's own count (session/reach-pass.ts): when
// the definition's hit_count lets it, with which hitCondition or counting condition, and when every
// pass must be a stop.
import { describe, expect, it } from 'vitest';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { planPassSkip, setToReach } from '../../../src/session/reach-pass.js';
import type { BreakpointState, SessionBreakpoint } from '../../../src/session/stop-outcome.js';

type Counting = Pick<AdapterDefinition, 'hit_count' | 'condition'>;
const passes: Counting = {
  hit_count: { hit_condition: '>= ${count}', counts: 'passes', with_condition: 'holds' },
  condition: {},
};
const everyHit: Counting = {
  hit_count: { hit_condition: '>= ${count}', counts: 'passes', with_condition: 'every' },
  condition: {},
};
const stops: Counting = {
  hit_count: {
    hit_condition: '${count}',
    counts: 'stops',
    with_condition: 'holds',
    locations: { evaluate: '`breakpoint list ${id}', pattern: '\\blocations = (\\d+)' },
  },
  condition: {},
};
// As rdbg's: the condition counts in the debuggee, and goes through the adapter's wrap as a user's does.
const inCondition: Counting = {
  hit_count: {
    condition: { alone: 'n() >= ${count}', with_condition: 'pass(${conditionJson}, ${count})' },
    counts: 'passes',
    with_condition: 'holds',
  },
  condition: { wrap: 'safe { ${condition} }' },
};
const byStops: Counting = { hit_count: { by_stops: 'no hitCondition' }, condition: {} };
const at = (reachPass: number | undefined, condition?: string): SessionBreakpoint => ({
  path: '/x/a.c',
  line: 3,
  reachPass,
  ...(condition ? { condition } : {}),
});

describe('planPassSkip', () => {
  it('asks an adapter that counts passes for the Nth at once', () => {
    expect(planPassSkip(passes, at(9001), false, null)).toEqual({ set: { hitCondition: '>= 9001' }, skipped: 9000 });
  });

  it('leaves the first pass, an adapter without hit_count or one that counts by stops, to stops', () => {
    expect(planPassSkip(passes, at(1), false, null)).toBeNull();
    expect(planPassSkip(passes, at(undefined), false, null)).toBeNull();
    expect(planPassSkip({ condition: {} }, at(5), false, null)).toBeNull();
    expect(planPassSkip(byStops, at(5), false, null)).toBeNull();
  });

  it('with a condition: only an adapter that counts where it holds, and not while bpdiff probes it at the first stop', () => {
    expect(planPassSkip(passes, at(5, 'i > 2'), false, null)).toEqual({ set: { hitCondition: '>= 5' }, skipped: 4 });
    expect(planPassSkip(everyHit, at(5, 'i > 2'), false, null)).toBeNull();
    expect(planPassSkip(everyHit, at(5), false, null)).toEqual({ set: { hitCondition: '>= 5' }, skipped: 4 });
    expect(planPassSkip(passes, at(5, 'i > 2'), true, null)).toBeNull();
  });

  it('an adapter that counts in its condition: the count, the user condition in it, wrapped as the adapter wraps one', () => {
    const plan = (breakpoint: SessionBreakpoint, probing = false) =>
      planPassSkip(inCondition, breakpoint, probing, null);
    expect(plan(at(9001))).toEqual({ set: { countingCondition: 'safe { n() >= 9001 }' }, skipped: 9000 });
    expect(plan(at(5, 'name == "${count}"'))).toEqual({
      set: { countingCondition: 'safe { pass("name == \\"${count}\\"", 5) }' },
      skipped: 4,
    });
    expect(plan(at(1))).toBeNull();
    expect(plan(at(5, 'i > 2'), true)).toBeNull();
  });

  it('an adapter that counts each location: only for a line bound to one', () => {
    expect(planPassSkip(stops, at(7), false, null)).toBeNull();
    expect(planPassSkip(stops, at(7), false, 3)).toBeNull();
    expect(planPassSkip(stops, at(7), false, 1)).toEqual({ set: { hitCondition: '7' }, skipped: 6 });
  });
});

describe('setToReach', () => {
  const state = (verified: boolean): BreakpointState => ({ id: 4, verified, line: 3, message: undefined });

  it('sets the breakpoint once, with the hitCondition, for an adapter that counts passes', async () => {
    const sent: SessionBreakpoint[] = [];
    const reach = await setToReach(
      passes,
      at(12),
      false,
      state(true),
      async (asked) => void sent.push(asked),
      async () => 'never asked',
    );
    expect(sent.map((asked) => asked.hitCondition)).toEqual(['>= 12']);
    expect(reach).toEqual({ skipped: 11, asked: sent[0] });
  });

  it('asks how many locations, then sets it again only for one', async () => {
    for (const [answer, expected, skipped] of [
      ['1: file = a.c, line = 3, exact_match = 0, locations = 1, resolved = 1', [undefined, '12'], 11],
      ['1: file = a.c, line = 3, exact_match = 0, locations = 2, resolved = 2', [undefined], 0],
      [null, [undefined], 0],
    ] as const) {
      const sent: SessionBreakpoint[] = [];
      const asked: string[] = [];
      const reach = await setToReach(
        stops,
        at(12),
        false,
        state(true),
        async (breakpoint) => void sent.push(breakpoint),
        async (expression) => (asked.push(expression), answer),
      );
      expect(asked).toEqual(['`breakpoint list 4']);
      expect(sent.map((breakpoint) => breakpoint.hitCondition)).toEqual(expected);
      expect(reach.skipped).toBe(skipped);
    }
  });

  it('does not ask about a breakpoint the adapter did not verify', async () => {
    const asked: string[] = [];
    const reach = await setToReach(
      stops,
      at(12),
      false,
      state(false),
      async () => undefined,
      async (expression) => (asked.push(expression), null),
    );
    expect(asked).toEqual([]);
    expect(reach.skipped).toBe(0);
  });
});
