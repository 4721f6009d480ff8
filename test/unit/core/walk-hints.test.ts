// What bpdiff locate says first, for each way a walk ends.
import { describe, expect, it } from 'vitest';
import { describeWalk, ordinal, withCommas, type WalkSummary } from '../../../src/core/walk-hints.js';

const LABELS = { a: 'A', b: 'B' };
const NONE = { count: 0, first: [] };

function walk(overrides: Partial<WalkSummary>): WalkSummary {
  return {
    kind: 'path',
    steps: 49,
    maxSteps: 100_000,
    point: { file: 'shop.py', line: 7, pass: 11, name: 'discount', call: 3 },
    a: { kind: 'at', file: 'shop.py', line: 6, name: 'discount' },
    b: { kind: 'at', file: 'shop.py', line: 11, name: 'discount' },
    bInA: 8,
    sameFile: true,
    changed: [],
    changedCount: 0,
    onlyIn: { a: [], b: [] },
    before: null,
    added: { a: NONE, b: NONE },
    reproduce: 'bpdiff --bp shop.py:7 --hit 11 -- python3 shop.py -- python3 shop.py',
    stacks: [
      [
        { name: 'discount', file: 'shop.py', line: 6 },
        { name: 'checkout', file: 'shop.py', line: 15 },
      ],
      [],
    ],
    ...overrides,
  };
}

describe('describeWalk', () => {
  it("neither run could be walked: each run's end, no parting", () => {
    const { hints } = describeWalk(
      walk({
        kind: 'ended',
        point: null,
        steps: 0,
        a: { kind: 'ended', how: 'could not be debugged: no cargo test' },
        b: { kind: 'ended', how: 'could not be debugged: no cargo test' },
      }),
      LABELS,
    );
    expect(hints[0]).toBe(
      'the walk ended before its first step: A could not be debugged: no cargo test; B could not be debugged: no cargo test',
    );
  });

  it('a line whose callee agreed throughout: its value returned said compared where the adapter reads it, else said unread', () => {
    const values: Partial<WalkSummary> = {
      kind: 'values',
      changed: [{ name: 'y', a: '1', b: '2' }],
      changedCount: 1,
      returnedFrom: 'make',
    };
    expect(describeWalk(walk(values), LABELS).hints).toContain(
      'the call of make() on that line agreed in every line it ran and in the value it returned; what differs is what the rest of the line did',
    );
    expect(describeWalk(walk({ ...values, returnsUnread: 'dlv shows none' }), LABELS).hints).toContain(
      'the call of make() on that line agreed in every line it ran; what differs is what the rest of the line did, or the value the call returned (not read on this adapter)',
    );
  });

  it('a value one run returned that the adapter did not read (a struct on lldb and gdb): said unread, never agreed', () => {
    const hints = describeWalk(
      walk({
        kind: 'values',
        changed: [{ name: 'q.b', a: '6', b: '9' }],
        changedCount: 1,
        returnedFrom: 'pair',
        returnedUnread: 'not a struct',
      }),
      LABELS,
    ).hints;
    expect(hints).toContain(
      'the call of pair() on that line agreed in every line it ran; what differs is what the rest of the line did, or the value the call returned, which was not read (not a struct)',
    );
    expect(hints.some((hint) => hint.includes('and in the value it returned'))).toBe(false);
  });

  it('values apart after a line, on an adapter that reads some values returned: which it leaves unread, said', () => {
    const values: Partial<WalkSummary> = {
      kind: 'values',
      changed: [{ name: 'at', a: 'Some(2)', b: 'None' }],
      changedCount: 1,
      returnsPartly: 'not a struct',
    };
    expect(describeWalk(walk(values), LABELS).hints).toContain(
      'a value a function returns is read on this adapter only in part, else only what the caller then holds: not a struct',
    );
    // Where the walk stepped into the call, the call's own hint says what was read of it.
    const into = describeWalk(walk({ ...values, returnedFrom: 'find', returnedUnread: 'not a struct' }), LABELS).hints;
    expect(into.some((hint) => hint.startsWith('a value a function returns is read'))).toBe(false);
  });

  it('the line before reads a clock or draws at random: said, with what leaves it out', () => {
    const values = (reads: NonNullable<WalkSummary['before']>['reads']): string[] =>
      describeWalk(
        walk({
          kind: 'values',
          changed: [{ name: 't0', a: '197.3', b: '183.2' }],
          changedCount: 1,
          before: { file: 't.js', line: 6, reads },
        }),
        LABELS,
      ).hints;
    expect(values([{ call: 'performance.now()', kind: 'clock' }])).toContain(
      't.js:6 reads a clock (performance.now()), which reads differently in every run: where that is all that differs, --ignore t0 leaves it out',
    );
    expect(
      values([
        { call: 'Math.random()', kind: 'random' },
        { call: 'Date.now()', kind: 'clock' },
      ]),
    ).toContain(
      't.js:6 draws at random (Math.random()), which differs in every run unless the program seeds it and reads a clock (Date.now()), which reads differently in every run: where that is all that differs, --ignore t0 leaves it out',
    );
    expect(values([]).some((hint) => hint.startsWith('t.js:6 '))).toBe(false);
  });

  it('a path that parts: where, which call and pass, where each goes, and the way back', () => {
    const { hints, context } = describeWalk(walk({}), LABELS);
    expect(hints).toEqual([
      "the runs part ways after shop.py:7 in discount() (3rd call, 11th time on this line; step 48): A goes on to line 6, B to line 11 (line 8 in A's copy)",
      'to compare the runs there again: bpdiff --bp shop.py:7 --hit 11 -- python3 shop.py -- python3 shop.py',
    ]);
    expect(context[0]).toContain('stopped at step 49, where they part ways');
    expect(context[1]).toBe('Stack of A: discount (shop.py:6) <- checkout (shop.py:15)');
  });

  it('a value that differs, and the step before', () => {
    const { hints } = describeWalk(
      walk({
        kind: 'values',
        point: { file: 'shop.py', line: 8, pass: 1, name: 'discount', call: 1 },
        changed: [{ name: 'rate', a: '0.1', b: '0.0' }],
        changedCount: 2,
        before: { file: 'shop.py', line: 7 },
      }),
      LABELS,
    );
    expect(hints.slice(0, 2)).toEqual([
      'the runs part ways at shop.py:8 in discount() (step 49): rate is 0.1 in A and 0.0 in B; 1 more value differs',
      'the step before, both runs were at shop.py:7',
    ]);
  });

  it("a value that differs at a call's first line: what the line before passed it", () => {
    const { hints } = describeWalk(
      walk({
        kind: 'values',
        point: { file: 'arg.py', line: 4, pass: 2, name: 'b', call: 2 },
        changed: [{ name: 'x', a: '1', b: '2' }],
        changedCount: 1,
        before: { file: 'arg.py', line: 10, entered: 'b(x)' },
      }),
      LABELS,
    );
    expect(hints[1]).toBe(
      'the step before, both runs were at arg.py:10, whose call entered b() with these values: what differs is what that line passed it',
    );
  });

  it('names that only one run has', () => {
    const { hints } = describeWalk(walk({ kind: 'values', onlyIn: { a: [], b: ['sys'] } }), LABELS);
    expect(hints[0]).toMatch(/: sys is there in B only$/);
  });

  it('a run that ends while the other goes on', () => {
    const { hints } = describeWalk(walk({ kind: 'ended', a: { kind: 'ended', how: 'exited with code 2' } }), LABELS);
    expect(hints[0]).toBe(
      'the runs part ways after shop.py:7 in discount() (3rd call, 11th time on this line; step 49): A ends there (it exited with code 2) while B goes on to shop.py:11',
    );
  });

  it('a run that went on alone through a loop of its own order and ended there: where it last stood', () => {
    const { hints } = describeWalk(
      walk({
        kind: 'ended',
        a: { kind: 'ended', how: 'exited with code 3', lastAlone: { file: 'ends.go', line: 18 } },
      }),
      LABELS,
    );
    expect(hints[0]).toBe(
      'the runs part ways after shop.py:7 in discount() (3rd call, 11th time on this line; step 49): A goes on alone to ends.go:18 and ends there (it exited with code 3) while B goes on to shop.py:11',
    );
  });

  it('no divergence: the step count, and why the walk stopped; no way back to offer', () => {
    expect(
      describeWalk(
        walk({
          kind: 'agreed',
          steps: 1234,
          agreedUntil: 'end',
          a: { kind: 'ended', how: 'exited with code 0' },
          b: { kind: 'ended', how: 'exited with code 0' },
        }),
        LABELS,
      ).hints,
    ).toEqual(['no divergence in 1,234 steps: both runs ended (A exited with code 0; B exited with code 0)']);
    expect(
      describeWalk(walk({ kind: 'agreed', steps: 100, maxSteps: 100, agreedUntil: 'max-steps' }), LABELS).hints,
    ).toEqual(['no divergence in 100 steps (--max-steps 100: the walk stopped there)']);
  });

  it('lines one version added are said, not compared', () => {
    const { hints } = describeWalk(
      walk({ added: { a: NONE, b: { count: 1, first: [{ file: 'shop.py', line: 1 }] } } }),
      LABELS,
    );
    expect(hints.at(-1)).toBe(
      "B also ran 1 line that A's copy of the file does not have (shop.py:1): lines added in B's version, not compared",
    );
  });

  it('a call an exception unwound in one run: raises there, returns in the other; both raised: the verb once', () => {
    const lead = (raised: { a: boolean; b: boolean }, a: string, b: string) =>
      describeWalk(
        walk({
          kind: 'return',
          point: { file: 'app.py', line: 5, pass: 1, name: 'parse', call: 1 },
          returned: { name: 'parse', a, b, raised },
        }),
        LABELS,
      ).hints[0];
    expect(lead({ a: true, b: false }, "KeyError('items')", '[]')).toBe(
      "the runs part ways at app.py:5 in parse() (step 49): parse() raises KeyError('items') in A and returns [] in B",
    );
    expect(lead({ a: true, b: true }, "KeyError('a')", "KeyError('b')")).toBe(
      "the runs part ways at app.py:5 in parse() (step 49): parse() raises KeyError('a') in A and KeyError('b') in B",
    );
  });

  it('lines one version added and ran more than once are each listed once, with the steps on them', () => {
    const twice = { count: 4, first: [6, 7].map((line) => ({ file: 'main.go', line })) };
    const many = { count: 4000, first: [1, 2, 3, 4, 5].map((line) => ({ file: 'shop.py', line })), more: true };
    expect(describeWalk(walk({ added: { a: many, b: twice } }), LABELS).hints.slice(-2)).toEqual([
      "A also ran more than 5 lines that B's copy of the file does not have (shop.py:1, shop.py:2, shop.py:3, shop.py:4, shop.py:5, ...), 4,000 steps on them in all: lines added in A's version, not compared",
      "B also ran 2 lines that A's copy of the file does not have (main.go:6, main.go:7), 4 steps on them in all: lines added in B's version, not compared",
    ]);
  });

  it('ordinals', () =>
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]));
});

describe('withCommas', () => {
  it('writes a whole number as toLocaleString("en-US") does', () => {
    for (const n of [0, 1, 12, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, Number.MAX_SAFE_INTEGER])
      expect(withCommas(n)).toBe(n.toLocaleString('en-US'));
    expect(withCommas(1234.5)).toBe('1,234.5');
  });
});

describe("loops and lines in a container's own order", () => {
  const map = { file: 'maps.go', head: 35, iterable: 'm', type: 'map[string]main.Item' };
  it('names the loops compared as a whole, what they left bound, and the lists set aside, with what made them', () => {
    const { hints } = describeWalk(
      walk({
        kind: 'agreed',
        wholeLoops: {
          count: 2,
          first: [map],
          reordered: ['keys', 'names'],
          bound: ['node'],
          lines: [{ file: 'k.rs', head: 8, iterable: 'prices', type: 'HashMap<String, u32>' }],
        },
      }),
      LABELS,
    );
    expect(hints).toContain(
      "compared as a whole, not pass by pass: the loop at maps.go:35 over m (map[string]main.Item) (2 times in all), whose order is each run's own (the runs part ways inside it by that alone), so each run went through it alone and the walk compared them where they left it; its own node, still bound after it to another last element in each run, not counted apart until bound again",
    );
    expect(hints).toContain(
      'not counted apart while they held the same elements in another order in each run: keys, names, made in the order of a container each run goes through its own way (such a loop, or the line k.rs:8, which reads prices (HashMap<String, u32>)); counted again once both runs held them alike',
    );
  });

  it('says only the lists when no loop was compared as a whole', () => {
    const { hints } = describeWalk(
      walk({
        kind: 'agreed',
        wholeLoops: {
          count: 0,
          first: [],
          reordered: ['names'],
          bound: [],
          lines: [{ ...map, file: 'k.rs', head: 8 }],
        },
      }),
      LABELS,
    );
    expect(hints.filter((hint) => hint.startsWith('compared as a whole'))).toEqual([]);
    expect(hints).toContain(
      'not counted apart while they held the same elements in another order in each run: names, made in the order of a container each run goes through its own way (the line k.rs:8, which reads m (map[string]main.Item)); counted again once both runs held them alike',
    );
  });
});
