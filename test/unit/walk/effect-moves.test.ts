import { describe, expect, it } from 'vitest';
import { type Arrived, returnsApart } from '../../../src/walk/effect-moves.js';

/** A stop whose frame holds these values (the standing is not read by returnsApart). */
function arrived(variables: Record<string, string>): Arrived {
  return {
    standing: { kind: 'ended' } as unknown as Arrived['standing'],
    values: { values: { variables, types: {}, truncated: [], normalised: [] }, warnings: [] },
  };
}

describe('returnsApart: the value a step returned that differs between the runs', () => {
  it('the value itself, under its function', () => {
    expect(
      returnsApart(arrived({ '(return) fmt': "'6'", x: '1' }), arrived({ '(return) fmt': "'0006'", x: '1' })),
    ).toEqual({
      name: 'fmt',
      a: "'6'",
      b: "'0006'",
    });
  });

  it("an object shown alike (`{ ... }`) whose field differs: the function's name, and the part (not `make.y()`)", () => {
    const a = arrived({ '(return) make': '{ ... }', '(return) make.x': '3', '(return) make.y': '6' });
    const b = arrived({ '(return) make': '{ ... }', '(return) make.x': '3', '(return) make.y': '9' });
    expect(returnsApart(a, b)).toEqual({ name: 'make', part: '.y', a: '6', b: '9' });
    const dict = (y: string) =>
      arrived({ "(return) make['y']": y, '(return) make': 'dict', "(return) make['x']": '3' });
    expect(returnsApart(dict('6'), dict('9'))).toEqual({ name: 'make', part: "['y']", a: '6', b: '9' });
  });

  it('a function whose name has a dot (V8 names `o.scale = function () {}` so): the whole name', () => {
    const a = arrived({ '(return) o.scale': '{ ... }', '(return) o.scale.v': '1' });
    const b = arrived({ '(return) o.scale': '{ ... }', '(return) o.scale.v': '2' });
    expect(returnsApart(a, b)).toEqual({ name: 'o.scale', part: '.v', a: '1', b: '2' });
  });

  it('the value itself before its parts, a value only one run returned, and nothing when alike', () => {
    const a = arrived({ '(return) make': '{x: 1}', '(return) make.x': '1' });
    const b = arrived({ '(return) make': '{x: 2}', '(return) make.x': '2' });
    expect(returnsApart(a, b)).toEqual({ name: 'make', a: '{x: 1}', b: '{x: 2}' });
    expect(returnsApart(arrived({ '(return) f': '1' }), arrived({}))).toEqual({ name: 'f', a: '1', b: null });
    expect(returnsApart(arrived({ '(return) f': '1', y: '2' }), arrived({ '(return) f': '1', y: '3' }))).toBeNull();
  });
});

describe("returnsApart: a call an exception unwound in one run (`(raised) NAME`, bpdiff's Python adapter)", () => {
  it('raised in A, returned in B: the exception and the value, and which raised', () => {
    const a = arrived({ '(raised) parse': "KeyError('items')", '(raised) parse.args': "('items',)" });
    const b = arrived({ '(return) parse': '[]' });
    expect(returnsApart(a, b)).toEqual({
      name: 'parse',
      a: "KeyError('items')",
      b: '[]',
      raised: { a: true, b: false },
    });
  });

  it('the same exception in both runs is no difference; two others are', () => {
    const same = arrived({ '(raised) parse': "KeyError('items')" });
    expect(returnsApart(same, arrived({ '(raised) parse': "KeyError('items')" }))).toBeNull();
    expect(returnsApart(same, arrived({ '(raised) parse': "KeyError('item')" }))).toEqual({
      name: 'parse',
      a: "KeyError('items')",
      b: "KeyError('item')",
      raised: { a: true, b: true },
    });
  });
});
