// The stack a walk reports for a line it tells where it stood, after the runs went on past it: the
// line's own frame on top, as it stood then, over the frames that held it.
import { describe, expect, it } from 'vitest';
import { stackBefore, stepFacts } from '../../../src/run/walk-end-facts.js';
import { fakeSpec } from '../walk/fake-run.js';
import type { Step } from '../../../src/walk/lines.js';

/** A step in `name` at `line`; `depth`: the adapter's (null: not told), `frame`: the walk's count of calls under it. */
function step(
  name: string,
  line: number,
  depth: number | null,
  callers: [string, number][] = [],
  frame = (depth ?? 1) - 1,
): Step {
  const path = [...callers, [name, line] as [string, number]].reduce<Step['arrival']['path'] | null>(
    (caller, [fn, at]) => ({ file: '/w/app.py', line: at, name: fn, pass: 1, caller }),
    null,
  );
  return {
    stop: {
      kind: 'stopped',
      threadId: 1,
      frameId: 1,
      top: { path: '/w/app.py', line, name },
      depth,
      stop: { reason: 'step', description: null },
    },
    file: '/w/app.py',
    arrival: { pass: 1, path, call: 1, revisit: false, frame, entered: false },
  } as unknown as Step;
}

const caller = [
  { name: 'total', file: '/w/app.py', line: 7 },
  { name: '<module>', file: '/w/app.py', line: 11 },
];

describe('stackBefore', () => {
  it('puts back the frame a return left, over its caller (depth from the adapter)', () => {
    expect(stackBefore(step('fetch', 2, 3), step('total', 7, 2), caller)).toEqual([
      { name: 'fetch', file: '/w/app.py', line: 2 },
      ...caller,
    ]);
  });

  it("without a depth from the adapter, by the walk's count of calls (rdbg stops at a method's end as it returns)", () => {
    const returned = stackBefore(step('fetch', 2, null, [], 2), step('total', 7, null, [], 1), caller);
    expect(returned).toEqual([{ name: 'fetch', file: '/w/app.py', line: 2 }, ...caller]);
    const atEnd = [{ name: 'fetch', file: '/w/app.py', line: 3 }, ...caller];
    expect(stackBefore(step('fetch', 2, null, [], 2), step('fetch', 3, null, [], 2), atEnd)).toEqual([
      { name: 'fetch', file: '/w/app.py', line: 2 },
      ...caller,
    ]);
  });

  it('a line that wrote and stayed in its frame replaces where the frame stands now', () => {
    const now = [{ name: 'total', file: '/w/app.py', line: 8 }, caller[1]!];
    expect(stackBefore(step('total', 7, 2), step('total', 8, 2), now)).toEqual(caller);
  });

  it("takes its callers' lines from where the walk saw them stand then", () => {
    const movedOn = [{ name: 'total', file: '/w/app.py', line: 8 }, caller[1]!];
    const then = step('fetch', 2, 3, [
      ['<module>', 11],
      ['total', 7],
    ]);
    expect(stackBefore(then, step('total', 8, 2), movedOn)).toEqual([
      { name: 'fetch', file: '/w/app.py', line: 2 },
      ...caller,
    ]);
  });

  it('a run that ended after the line has only the line', () => {
    expect(stackBefore(step('main', 9, 1), null, [])).toEqual([{ name: 'main', file: '/w/app.py', line: 9 }]);
  });

  it('keeps the five frames a session keeps', () => {
    const deep = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, file: '/w/app.py', line: i + 1 }));
    const stack = stackBefore(step('g', 20, 7), step('f0', 1, 6), deep);
    expect(stack.map((frame) => frame.name)).toEqual(['g', 'f0', 'f1', 'f2', 'f3']);
  });
});

describe('stepFacts', () => {
  it("leaves out a read's advice on an empty frame (a module's first line is one step of many), and keeps the rest", () => {
    const read = {
      values: { variables: {}, types: {}, truncated: [], normalised: [] },
      warnings: [
        'the stop read no variables, though the frame has scopes (Locals, Globals): nothing was compared — try --scope globals, or a line inside a function',
        'xs: 100 of 5000 elements read (--max-items)',
      ],
    };
    const facts = stepFacts(fakeSpec('b', '/w'), step('<module>', 1, 1), read, []);
    expect(facts.warnings).toEqual(['xs: 100 of 5000 elements read (--max-items)']);
  });
});
