import { describe, expect, it } from 'vitest';
import { OrderTaint, reordered } from '../../../src/walk/order-taint.js';
import { diffVariables } from '../../../src/core/diff-variables.js';

const list = (name: string, ...items: string[]): Record<string, string> => ({
  [name]: `[]string len: ${items.length}, cap: ${items.length}, [${items.map((_, index) => `‹${index}›`).join(',')}]`,
  ...Object.fromEntries(items.map((item, index) => [`${name}[${index}]`, `"${item}"`])),
});

describe('lists a loop left in its own order', () => {
  it('tells the same elements in another order from other elements, a cut list, one element or equal lists', () => {
    expect(reordered('keys', list('keys', 'a', 'b', 'c'), list('keys', 'c', 'a', 'b'))).toBe(true);
    expect(reordered('keys', list('keys', 'a', 'b', 'c'), list('keys', 'a', 'b', 'c'))).toBe(false);
    expect(reordered('keys', list('keys', 'a', 'b', 'c'), list('keys', 'a', 'b', 'd'))).toBe(false);
    expect(reordered('keys', list('keys', 'a', 'b', 'b'), list('keys', 'a', 'a', 'b'))).toBe(false);
    expect(reordered('keys', list('keys', 'a', 'b', 'c'), list('keys', 'c', 'a'))).toBe(false);
    expect(reordered('keys', list('keys', 'a'), list('keys', 'a'))).toBe(false);
    // Elements with fields: each element's fields go with it.
    const items = (...names: string[]) =>
      Object.fromEntries([
        ['items', `len ${names.length} [...]`],
        ...names.flatMap((n, index) => [
          [`items[${index}]`, '{...}'],
          [`items[${index}].Name`, n],
          [`items[${index}].Price`, String(n.length)],
        ]),
      ]) as Record<string, string>;
    expect(reordered('items', items('ab', 'c'), items('c', 'ab'))).toBe(true);
    // lldb's references in a Vec: each element's pointee named around it, `*(both[0])`.
    const refs = (...numbers: number[]) =>
      Object.fromEntries([
        ['both', '[‹0›, ‹1›]'],
        ...numbers.flatMap((n, index) => [
          [`both[${index}]`, '0x…'],
          [`*(both[${index}])`, String(n)],
        ]),
      ]) as Record<string, string>;
    expect(reordered('both', refs(5, 8), refs(8, 5))).toBe(true);
    expect(reordered('both', refs(5, 8), refs(8, 6))).toBe(false);
  });

  it('sets them aside in the frame that ran the loop while they stay reordered, and counts them again once alike', () => {
    const taint = new OrderTaint();
    const [a, b] = [list('keys', 'x', 'y', 'z'), list('keys', 'z', 'x', 'y')];
    expect(taint.noteLoopEnd('main#1', diffVariables(a, b), a, b)).toEqual(['keys']);
    expect(taint.filter('main#1', diffVariables(a, b), a, b).changed).toEqual({});
    // Another frame's keys are its own.
    expect(Object.keys(taint.filter('f#1', diffVariables(a, b), a, b).changed)).not.toEqual([]);
    // Sorted alike: counted again; a later reordering of it is a difference.
    const sorted = list('keys', 'x', 'y', 'z');
    expect(taint.filter('main#1', diffVariables(sorted, sorted), sorted, sorted).changed).toEqual({});
    const later = list('keys', 'y', 'x', 'z');
    expect(Object.keys(taint.filter('main#1', diffVariables(sorted, later), sorted, later).changed)).toEqual([
      'keys[0]',
      'keys[1]',
    ]);
  });

  it("sets a loop's own name left bound after it aside until either run binds it again", () => {
    const taint = new OrderTaint();
    const at = (name: string) => ({ node: '<Node object at 0x…>', 'node.name': name });
    const [a, b] = [at("'c'"), at("'g'")];
    expect(taint.noteTargets('main#1', ['node', 'gone'], a, b)).toEqual(['node']);
    expect(taint.filter('main#1', diffVariables(a, b), a, b).changed).toEqual({});
    const again = at("'h'");
    expect(Object.keys(taint.filter('main#1', diffVariables(a, again), a, again).changed)).toEqual(['node.name']);
    // Once bound again, it is counted from then on.
    expect(Object.keys(taint.filter('main#1', diffVariables(a, b), a, b).changed)).toEqual(['node.name']);
  });

  it('counts a set-aside list that comes to hold other elements', () => {
    const taint = new OrderTaint();
    const [a, b] = [list('keys', 'x', 'y'), list('keys', 'y', 'x')];
    taint.noteLoopEnd('main#1', diffVariables(a, b), a, b);
    const other = list('keys', 'y', 'w');
    expect(Object.keys(taint.filter('main#1', diffVariables(a, other), a, other).changed)).toEqual([
      'keys[0]',
      'keys[1]',
    ]);
  });
});
