// Where a step at a generator goes out to its caller (src/generator-yield.ts): a sync generator's
// `yield` with no call left before it suspends, read from the script's text at V8's pause position.
import { describe, expect, it } from 'vitest';
import { atPlainYield, isSyncGenerator } from '../src/generator-yield.js';

describe('isSyncGenerator', () => {
  it('knows a sync generator by the text before its parameter list (V8 functionLocation)', () => {
    expect(isSyncGenerator('function* nums(limit) {', 14)).toBe(true);
    expect(isSyncGenerator('  *items() {', 8)).toBe(true);
    expect(isSyncGenerator('const objs = { *g() { yield 1; } };', 17)).toBe(true);
    expect(isSyncGenerator('async function* f(x) {', 17)).toBe(false);
    expect(isSyncGenerator('  async *m() {', 10)).toBe(false);
    expect(isSyncGenerator('function main() {', 13)).toBe(false);
  });
});

describe('atPlainYield', () => {
  it('is a yield with no call, and no new, left before it suspends', () => {
    expect(atPlainYield('    yield process.env.PART && i === 2 ? i * 10 : i;', 4)).toBe(true);
    // Paused inside the operand, at the property it reads.
    expect(atPlainYield('    yield this.n;', 15)).toBe(true);
    expect(atPlainYield('    const x = yield y;', 4)).toBe(true);
    expect(atPlainYield('    yield "a(b";', 4)).toBe(true);
    expect(atPlainYield('    yield a; foo();', 4)).toBe(true);
  });

  it('is not a yield whose operand still calls, a delegation, nor a line without a yield', () => {
    expect(atPlainYield('    yield compute(i);', 4)).toBe(false);
    expect(atPlainYield('    const x = yield f(y);', 4)).toBe(false);
    expect(atPlainYield('    yield new Item();', 4)).toBe(false);
    expect(atPlainYield('    yield* other();', 4)).toBe(false);
    expect(atPlainYield('    total += n;', 4)).toBe(false);
    expect(atPlainYield('  for (const n of nums(4)) {', 20)).toBe(false);
  });
});
