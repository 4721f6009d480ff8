import { describe, expect, it } from 'vitest';
import { LoopHeads, PROBE_FROM_PASS } from '../../../src/walk/loop-heads.js';
import type { Step } from '../../../src/walk/line-walk-types.js';

/** A step on `line` of one call (frame 0, call 1) at its `pass`th time there: only what LoopHeads reads. */
function at(line: number, pass: number): Step {
  return { file: 'loop.c', stop: { top: { line } }, arrival: { frame: 0, call: 1, pass } } as unknown as Step;
}

/** The walk's passes through a loop of lines 24 (head) and 25 (body), from `from`: whether a round was due at each head. */
function walk(heads: LoopHeads, from: number, to: number): number[] {
  const due: number[] = [];
  for (let pass = from; pass <= to; pass++) {
    if (heads.due(at(24, pass))) due.push(pass);
    heads.due(at(25, pass));
  }
  return due;
}

describe('LoopHeads', () => {
  it('is due on a line once the walk has stood on it PROBE_FROM_PASS times in its call', () => {
    const heads = new LoopHeads();
    expect(walk(heads, 1, PROBE_FROM_PASS)).toEqual([PROBE_FROM_PASS]);
  });

  it('counts the lines of a pass: those the walk stood on again', () => {
    const heads = new LoopHeads();
    heads.due(at(20, 1)); // a line before the loop, once
    walk(heads, 1, 5);
    expect(heads.linesPerPass(at(24, 5))).toBe(2);
  });

  it('after a round, waits PROBE_FROM_PASS passes more, and `quiet` passes more again', () => {
    const heads = new LoopHeads();
    walk(heads, 1, PROBE_FROM_PASS + 1);
    heads.probed(at(24, 100), 90);
    expect(walk(heads, 101, 120)[0]).toBe(100 + PROBE_FROM_PASS);
    const quiet = new LoopHeads();
    walk(quiet, 1, PROBE_FROM_PASS + 1);
    quiet.probed(at(24, 100), 90, 12);
    expect(walk(quiet, 101, 140)[0]).toBe(100 + 12 + PROBE_FROM_PASS);
  });

  it("after a round, the call's other lines count from their next arrival too (the passes probed were not seen there)", () => {
    const heads = new LoopHeads();
    walk(heads, 1, PROBE_FROM_PASS);
    // The round went from pass 8 to 480 of the head (24): the body (25) was last seen at pass 8.
    heads.probed(at(24, 480), 472, 5);
    const due: number[] = [];
    for (let pass = 480; pass <= 500; pass++) {
      if (heads.due(at(25, pass))) due.push(pass);
      if (pass > 480) heads.due(at(24, pass));
    }
    expect(due[0]).toBe(480 + 5 + PROBE_FROM_PASS - 1);
  });
});
