// When the walk by effects steps into a recursion's line at once (src/walk/recursion.ts): in a call made
// from line L of f, on line L of f again; once per call, so that a tree recursion is entered down one path.
import { describe, expect, it } from 'vitest';
import { Recursions, type CallSite } from '../../../src/walk/recursion.js';
import type { Step } from '../../../src/walk/line-walk-types.js';

const step = (line: number, name: string, frame: number, call: number): Step => ({
  stop: {
    kind: 'stopped',
    threadId: 1,
    frameId: frame,
    top: { path: '/p/rec.py', line, name },
    depth: frame + 1,
    stop: { reason: 'step', description: null },
  },
  file: 'rec.py',
  arrival: {
    pass: 1,
    path: { file: 'rec.py', line, name, pass: 1, caller: null },
    call,
    revisit: false,
    frame,
    entered: false,
  },
});

const site = (caller: Step, callee: string): CallSite => ({
  agreedAt: { a: caller },
  frame: caller.arrival.frame,
  callee,
});

describe('Recursions', () => {
  it('steps into the line a call of f was made from, in that call of f, once per call', () => {
    const recursions = new Recursions();
    const from = site(step(8, 'down', 1, 1), 'down');
    expect(recursions.stepInto(from, step(8, 'down', 2, 2))).toBe(true);
    // The same call standing on that line again (the second call of `f(n - 1) + f(n - 2)`): stepped over.
    expect(recursions.stepInto(from, step(8, 'down', 2, 2))).toBe(false);
    // The next call down: once more.
    expect(recursions.stepInto(site(step(8, 'down', 2, 2), 'down'), step(8, 'down', 3, 3))).toBe(true);
  });

  it('steps over any other line: another line of f, a call of another function, a call not made from f, no call', () => {
    const recursions = new Recursions();
    const from = site(step(8, 'down', 1, 1), 'down');
    expect(recursions.stepInto(from, step(7, 'down', 2, 2))).toBe(false);
    expect(recursions.stepInto(site(step(8, 'down', 1, 1), 'up'), step(8, 'up', 2, 1))).toBe(false);
    expect(recursions.stepInto(site(step(8, 'main', 1, 1), 'down'), step(8, 'down', 2, 1))).toBe(false);
    // Not the call made there (deeper: through a library's frame).
    expect(recursions.stepInto(from, step(8, 'down', 3, 2))).toBe(false);
    expect(recursions.stepInto(undefined, step(8, 'down', 2, 2))).toBe(false);
  });
});
