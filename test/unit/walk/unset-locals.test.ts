import { describe, expect, it } from 'vitest';
import { UnsetLocals, unsetInBoth, withoutUnset } from '../../../src/walk/unset-locals.js';
import { LineArrivals } from '../../../src/walk/line-arrivals.js';

/** One run's view: declared further on, or unchanged since its frame's first step. */
function alone(unset: UnsetLocals, frame: number, name: string): boolean {
  return unset.declaredLater(frame, name) || unset.unchanged(frame, name);
}

describe('UnsetLocals: a local counts from the step at which its frame first changed it', () => {
  it('sets a local aside until its text changes, and a new call starts again', () => {
    const passes = new LineArrivals();
    const unset = new UnsetLocals();
    // main(): line 17 (name holds stack bytes, argc is an argument), line 18 sets name.
    unset.arrive(passes.arrive('r.c', 17, 1, 'main'), { argc: '2', name: '"@"', 'name[0]': "'@'" });
    expect(alone(unset, 0, 'name')).toBe(true);
    expect(alone(unset, 0, 'name[0]')).toBe(true);
    unset.arrive(passes.arrive('r.c', 18, 1, 'main'), { argc: '2', name: '"@"', 'name[0]': "'i'" });
    expect(alone(unset, 0, 'name')).toBe(false);
    expect(alone(unset, 0, 'name[0]')).toBe(false);
    // An argument never changes in its frame: it stays set aside (its caller's values were compared).
    expect(alone(unset, 0, 'argc')).toBe(true);
    // A call: a frame of its own, with its own first values; back in main, main's are as they were.
    const call = passes.arrive('r.c', 5, 2, 'parse');
    expect(call.entered).toBe(true);
    unset.arrive(call, { comma: '0x…' });
    expect(alone(unset, 1, 'comma')).toBe(true);
    unset.arrive(passes.arrive('r.c', 19, 1, 'main'), { argc: '2', name: '"item-1"', 'name[0]': "'i'" });
    expect(alone(unset, 0, 'name')).toBe(false);
    expect(alone(unset, 1, 'comma')).toBe(false);
    // A name the frame did not have at its first step is no local it knew unset.
    expect(alone(unset, 0, 'later')).toBe(false);
  });

  it('a local declared at or after the line its frame stands on (the adapter says where) is set aside there, whatever its text did', () => {
    const passes = new LineArrivals();
    const unset = new UnsetLocals();
    // parse(): at line 60 `section` (declared at 84) holds stack bytes that change as the stack is reused.
    unset.arrive(passes.arrive('i.rs', 60, 1, 'parse'), { text: '"a"', section: '{title:"x"}' }, ['section']);
    unset.arrive(passes.arrive('i.rs', 61, 1, 'parse'), { text: '"a"', section: '{title:"y"}' }, ['section']);
    expect(alone(unset, 0, 'section')).toBe(true);
    expect(alone(unset, 0, 'section.title')).toBe(true);
    // At line 84 itself (before its `if let` ran), still; at 85, past its declaration, it counts.
    unset.arrive(passes.arrive('i.rs', 84, 1, 'parse'), { text: '"a"', section: '{title:"z"}' }, ['section']);
    expect(alone(unset, 0, 'section')).toBe(true);
    unset.arrive(passes.arrive('i.rs', 85, 1, 'parse'), { text: '"a"', section: '{title:"shelf"}' }, []);
    expect(alone(unset, 0, 'section')).toBe(false);
  });

  it('a local one run changed counts in both: the same lines ran in each, and the other may have written the value its stack held', () => {
    const [passesA, passesB] = [new LineArrivals(), new LineArrivals()];
    const [a, b] = [new UnsetLocals(), new UnsetLocals()];
    const both = (name: string): boolean => unsetInBoth({ unset: a, frame: 0 }, { unset: b, frame: 0 }, name);
    // main(): line 7 `bool flip = getenv("PART") != nullptr;` over a zeroed stack, then line 8.
    a.arrive(passesA.arrive('s.cpp', 7, 1, 'main'), { flip: 'false', count: '21845' });
    b.arrive(passesB.arrive('s.cpp', 7, 1, 'main'), { flip: 'false', count: '32767' });
    expect(both('flip')).toBe(true);
    // Stack bytes that differ and that no line wrote are set aside in both.
    expect(both('count')).toBe(true);
    a.arrive(passesA.arrive('s.cpp', 8, 1, 'main'), { flip: 'false', count: '21845' });
    b.arrive(passesB.arrive('s.cpp', 8, 1, 'main'), { flip: 'true', count: '32767' });
    // A wrote false where its stack held false: unchanged in A alone, a divergence all the same.
    expect(alone(a, 0, 'flip')).toBe(true);
    expect(alone(b, 0, 'flip')).toBe(false);
    expect(both('flip')).toBe(false);
    expect(both('count')).toBe(true);
    // A local declared further on in either run's copy is set aside whatever the texts did.
    a.arrive(passesA.arrive('s.cpp', 9, 1, 'main'), { flip: 'false', count: '21845' }, ['flip']);
    b.arrive(passesB.arrive('s.cpp', 9, 1, 'main'), { flip: 'true', count: '32767' });
    expect(both('flip')).toBe(true);
    // A run whose adapter sets nothing aside (no uninitialized locals): nothing is.
    expect(unsetInBoth({ unset: null, frame: 0 }, { unset: b, frame: 0 }, 'count')).toBe(false);
  });

  it('withoutUnset leaves the diff alone when nothing is set aside, and drops only the unset names', () => {
    const diff = {
      changed: { name: { a: '"@"', b: '""' }, qty: { a: '5', b: '2' } },
      unchanged: ['argc'],
      only_in_a: [],
      only_in_b: [],
    };
    expect(withoutUnset(diff, () => false).diff).toBe(diff);
    const counted = withoutUnset(diff, (name) => name === 'name');
    expect(counted.unset).toEqual(['name']);
    expect(counted.diff.changed).toEqual({ qty: { a: '5', b: '2' } });
  });
});
