// A long-lived promise raced at every hit (core/long-lived.ts): no callback left behind per race, as
// Promise.race leaves a reaction on its inputs until they settle.
import { describe, expect, it } from 'vitest';
import { LongLived } from '../../../src/core/long-lived.js';

describe('LongLived', () => {
  it('a race with a wait that ends first leaves nothing on the long-lived promise', async () => {
    let end!: (code: number) => void;
    const lived = new LongLived(new Promise<number>((resolve) => (end = resolve)));
    for (let hit = 0; hit < 10_000; hit++)
      expect(await lived.race(Promise.resolve(hit), (code) => ({ code }))).toBe(hit);
    expect(lived.waiting).toBe(0);
    const pending = lived.race(new Promise<string>(() => undefined), (code) => ({ code }));
    expect(lived.waiting).toBe(1);
    end(3);
    expect(await pending).toEqual({ code: 3 });
    expect(lived.waiting).toBe(0);
    // Once settled, every later race gets it at once.
    expect(await lived.race(new Promise<string>(() => undefined), (code) => ({ code }))).toEqual({ code: 3 });
  });

  it('a rejection goes to the race, from either side', async () => {
    const lived = new LongLived(Promise.reject(new Error('gone')));
    await expect(lived.race(new Promise(() => undefined), (value) => value)).rejects.toThrow('gone');
    const other = new LongLived(new Promise<number>(() => undefined));
    await expect(other.race(Promise.reject(new Error('timed out')), (value) => value)).rejects.toThrow('timed out');
    expect(other.waiting).toBe(0);
  });
});
