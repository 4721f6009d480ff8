import { describe, expect, it } from 'vitest';
import { memoAsync } from '../../../src/adapters/memo.js';
import { runEnvironment } from '../../../src/adapters/run-env.js';

describe('memoAsync', () => {
  it('asks once per key, also while the first answer is on its way', async () => {
    const memo = memoAsync<number>();
    let calls = 0;
    const ask = () => memo('k', async () => ++calls);
    expect(await Promise.all([ask(), ask()])).toEqual([1, 1]);
    expect(await ask()).toBe(1);
    expect(await memo('other', async () => 7)).toBe(7);
  });
  it('forgets a failed answer, so the next call asks again', async () => {
    const memo = memoAsync<string>();
    await expect(memo('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo('k', async () => 'up')).toBe('up');
  });
});

describe('runEnvironment', () => {
  it("is bpdiff's environment with the run's over it", () => {
    const env = runEnvironment({ env: { PATH: '/run/bin', BPDIFF_ONLY_IN_RUN: '1' } });
    expect(env.PATH).toBe('/run/bin');
    expect(env.BPDIFF_ONLY_IN_RUN).toBe('1');
    expect(env.HOME).toBe(process.env.HOME);
    expect(Object.values(env).every((value) => typeof value === 'string')).toBe(true);
  });
});
