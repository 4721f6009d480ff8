// A dict's entries in another order (issue 22 item 4): compared by key, said in a note, never silent.
import { describe, expect, it } from 'vitest';
import { applyEntryOrder, dictEntries, onlyOrderDiffers } from '../../../src/values/entry-order.js';
import { applyPairSteps } from '../../../src/values/pair-steps.js';

// What debugpy captured for `counts = {name: len(name) for name in {'alpha', 'beta', 'eps'}}` under
// PYTHONHASHSEED=1 and =2, masked by its children.
const seed1 = "{'eps': ‹'eps'›, 'beta': ‹'beta'›, 'alpha': ‹'alpha'›}";
const seed2 = "{'beta': ‹'beta'›, 'alpha': ‹'alpha'›, 'eps': ‹'eps'›}";

describe('dictEntries', () => {
  it('splits a dict-like text at its top-level commas', () => {
    expect(dictEntries(seed1)?.entries).toEqual(["'eps': ‹'eps'›", "'beta': ‹'beta'›", "'alpha': ‹'alpha'›"]);
    expect(dictEntries("{'a, b': [1, 2], 'c': {'d': 1, 'e': 2}}")?.entries).toEqual([
      "'a, b': [1, 2]",
      "'c': {'d': 1, 'e': 2}",
    ]);
    expect(dictEntries('{ b: ‹b›, a: ‹a› }')?.entries).toEqual(['b: ‹b›', 'a: ‹a›']);
    expect(dictEntries("Counter({'x': 2, 'y': 1})")).toMatchObject({ open: 'Counter({', close: '})' });
  });

  it('is not a dict: a set, a list, a single entry, an unbalanced text', () => {
    expect(dictEntries("{'b', 'a'}")).toBeNull();
    expect(dictEntries("['b', 'a']")).toBeNull();
    expect(dictEntries("{'a': 1}")).toBeNull();
    expect(dictEntries("{'a': 1, 'b': [}")).toBeNull();
  });
});

describe('onlyOrderDiffers', () => {
  it('holds for the same entries in another order, and for nothing else', () => {
    expect(onlyOrderDiffers(seed1, seed2)).toBe(true);
    expect(onlyOrderDiffers("{'a': 1, 'b': 2}", "{'b': 2, 'a': 1}")).toBe(true);
    expect(onlyOrderDiffers("{'a': 1, 'b': 2}", "{'b': 1, 'a': 2}")).toBe(false);
    expect(onlyOrderDiffers("{'a': 1, 'b': 2}", "{'a': 1, 'b': 2, 'c': 3}")).toBe(false);
    expect(onlyOrderDiffers("{'a': 1, 'b': 2}", "OrderedDict({'b': 2, 'a': 1})")).toBe(false);
    expect(onlyOrderDiffers('[1, 2]', '[2, 1]')).toBe(false);
    expect(onlyOrderDiffers(seed1, seed1)).toBe(false);
  });
});

describe('applyEntryOrder and the note', () => {
  it("writes B's dict as A's and says both orders", () => {
    const a = { counts: seed1, "counts['eps']": '3', n: '1' };
    const b = { counts: seed2, "counts['eps']": '3', n: '2' };
    const { variables, reordered } = applyEntryOrder(a, b);
    expect(variables).toEqual({ counts: seed1, "counts['eps']": '3', n: '2' });
    expect(reordered).toEqual([{ name: 'counts', a: seed1, b: seed2 }]);
    const { notes } = applyPairSteps(a, b, null, { a: 'A', b: 'B' });
    expect(notes).toEqual([
      "only the order differs: counts ('eps', 'beta', 'alpha' in A; 'beta', 'alpha', 'eps' in B) holds the same keys and values in A and B, listed in another order (compared by key, shown in A's order; the order can matter to a program that iterates it)",
    ]);
  });
});

describe('a dict with a key of 20 million characters', () => {
  it("is read as its entries: no backtracking stack that grows with the key's length", () => {
    const key = `'${'k'.repeat(20_000_000)}'`;
    expect(onlyOrderDiffers(`{${key}: 1, 'b': 2}`, `{'b': 2, ${key}: 1}`)).toBe(true);
    // Real work on 20 MB: a loaded machine takes seconds, so no clock of the default 5 s judges it.
  }, 120_000);
});
