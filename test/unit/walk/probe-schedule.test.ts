import { describe, expect, it } from 'vitest';
import {
  FIRST_STRIDES,
  ProbeCosts,
  ProbeSchedule,
  probeCostsFrom,
  stridesFor,
} from '../../../src/walk/probe-schedule.js';

/** The probes a schedule makes to find the first pass apart, `parts` passes on, in a loop of `passes`: each target, and the restarts. */
function probe(parts: number, passes: number, costs: ProbeCosts): { targets: number[]; restarts: number; lo: number } {
  const schedule = new ProbeSchedule(costs);
  const targets: number[] = [];
  let restarts = 0;
  let standing = true;
  while (!schedule.done) {
    if (!standing) restarts++;
    const target = schedule.next();
    targets.push(target);
    standing = target < parts && target <= passes;
    schedule.found(target, standing);
    if (targets.length > 10_000) throw new Error('no end');
  }
  return { targets, restarts, lo: schedule.lo };
}

function costs(restart: number | null, probe: number | null): ProbeCosts {
  const measured = new ProbeCosts();
  if (restart !== null) measured.restarted(restart);
  if (probe !== null) measured.probed(probe);
  return measured;
}

describe('stridesFor', () => {
  it('takes eighths until a restart and a probe are measured', () => {
    expect(stridesFor(8192, costs(null, 20))).toBe(FIRST_STRIDES);
    expect(stridesFor(8192, costs(9000, null))).toBe(FIRST_STRIDES);
    expect(stridesFor(5, costs(null, null))).toBe(5);
  });

  it('takes more strides, and fewer rounds, the more a restart costs against a probe', () => {
    const cheap = stridesFor(8192, costs(300, 20));
    const dear = stridesFor(8192, costs(9000, 20));
    expect(cheap).toBeGreaterThan(FIRST_STRIDES);
    expect(dear).toBeGreaterThan(cheap);
    // 9 s a restart, 20 ms a probe: one round of single passes would cost 82 s of probes; two rounds cost less.
    expect(dear).toBeGreaterThanOrEqual(91);
    expect(dear).toBeLessThan(8192);
  });

  it('probes every pass of a gap whose probes cost less than a restart', () => {
    expect(stridesFor(40, costs(9000, 20))).toBe(40);
    expect(stridesFor(1, costs(9000, 20))).toBe(1);
  });

  it('keeps the quickest probe and the last restart', () => {
    const measured = costs(9000, 50);
    measured.probed(20);
    measured.probed(70);
    measured.restarted(4000);
    expect([measured.probe, measured.restart]).toEqual([20, 4000]);
  });
});

describe('ProbeSchedule', () => {
  it('doubles without a restart, then finds the first pass apart by rounds of strides', () => {
    const found = probe(11_000, 11_010, costs(null, null));
    expect(found.lo).toBe(10_999);
    expect(found.targets.slice(0, 15)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16_384]);
    // By eighths, a restart after each probe found apart: 16,384 (past the loop), 11,264, 11,008, 11,000.
    expect(found.restarts).toBe(4);
    expect(found.targets.slice(15, 18)).toEqual([9216, 10_240, 11_264]);
  });

  it('takes fewer restarts where a restart costs seconds and a probe milliseconds', () => {
    const found = probe(11_000, 11_010, costs(9000, 20));
    expect(found.lo).toBe(10_999);
    expect(found.restarts).toBeLessThanOrEqual(3);
  });

  it('ends at the loop end for runs that never part, and at the first pass for runs apart at once', () => {
    expect(probe(Number.POSITIVE_INFINITY, 100, costs(9000, 20)).lo).toBe(100);
    expect(probe(1, 100, costs(9000, 20))).toEqual({ targets: [1], restarts: 0, lo: 0 });
  });

  it('steps through the rest of a gap where that costs less than the restart a probe found apart would', () => {
    const schedule = new ProbeSchedule(costs(9000, 20));
    expect(schedule.stepsRest(2)).toBe(false); // still doubling: no gap yet
    for (const [target, alike] of [
      [1, true],
      [2, true],
      [4, true],
      [8, true],
      [16, false],
    ] as const)
      schedule.found(target, alike);
    // 8 passes of 2 lines, 20 ms a step, thrice (stepped, then replayed): ~1 s against a 9 s restart.
    expect(schedule.stepsRest(2)).toBe(true);
    // 8 passes of 20 lines: ~10 s, more than the restart: probed.
    expect(schedule.stepsRest(20)).toBe(false);
    // A restart of 300 ms (a program's start alone): probed.
    const cheap = new ProbeSchedule(costs(300, 20));
    cheap.found(8, true);
    cheap.found(16, false);
    expect(cheap.stepsRest(2)).toBe(false);
  });

  it('never steps where the gap is one pass (found) or the costs are not measured', () => {
    const found = new ProbeSchedule(costs(9000, 20));
    found.found(7, true);
    found.found(8, false);
    expect([found.done, found.stepsRest(1)]).toEqual([true, false]);
    const unmeasured = new ProbeSchedule(costs(null, null));
    unmeasured.found(8, true);
    unmeasured.found(16, false);
    expect(unmeasured.stepsRest(1)).toBe(false);
  });
});

describe('probeCostsFrom', () => {
  it('fixes the costs from BPDIFF_PROBE_COSTS=RESTART_MS,PROBE_MS, which no measurement changes', () => {
    const fixed = probeCostsFrom({ BPDIFF_PROBE_COSTS: ' 800, 12.5 ' });
    fixed.restarted(60_000, 100);
    fixed.probed(1);
    expect([fixed.restart, fixed.probe]).toEqual([800, 12.5]);
  });

  it('measures where it is unset or not two numbers', () => {
    for (const value of [undefined, '', '800', 'fast,slow', '800,12,3']) {
      const measured = probeCostsFrom({ BPDIFF_PROBE_COSTS: value });
      expect([measured.restart, measured.probe]).toEqual([null, null]);
      measured.probed(7);
      expect(measured.probe).toBe(7);
    }
  });
});
