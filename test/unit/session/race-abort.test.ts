// A wait raced against the caller's signal (session/program-events.ts raceAbort) and against the
// program's exit (core/long-lived.ts): once the race is decided without it, the wait that rejects later
// (an adapter's connection closed: 'closed the connection during waiting for the breakpoint') must not
// become an unhandled rejection, which bpdiff's crash guard turns into an internal error and exit 2.
// Seen in a clean-clone CI run: a gdb walk's spare pair given up (its signal aborted) and then killed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LongLived } from '../../../src/core/long-lived.js';
import { raceAbort } from '../../../src/session/program-events.js';

const unhandled: unknown[] = [];
const hear = (reason: unknown): void => {
  unhandled.push(reason);
};

/** A promise that rejects once `fail` is called, and the function. */
function later(): { promise: Promise<never>; fail: () => void } {
  let fail!: () => void;
  const promise = new Promise<never>((_, reject) => (fail = () => reject(new Error('closed the connection'))));
  return { promise, fail };
}

/** Lets Node report any rejection with no handler (it does so after the microtasks of a macrotask). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('a wait left behind by a race', () => {
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', hear);
  });
  afterEach(() => {
    process.off('unhandledRejection', hear);
  });

  it('raceAbort with a signal already aborted: interrupted, and the wait rejecting later is heard', async () => {
    const stop = new AbortController();
    stop.abort();
    const wait = later();
    await expect(raceAbort(wait.promise, stop.signal)).rejects.toThrow(/interrupted/i);
    wait.fail();
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('raceAbort aborted while waiting: the same', async () => {
    const stop = new AbortController();
    const wait = later();
    const raced = raceAbort(wait.promise, stop.signal);
    stop.abort();
    await expect(raced).rejects.toThrow(/interrupted/i);
    wait.fail();
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('LongLived already settled (the program ended): its end, and the wait rejecting later is heard', async () => {
    const lived = new LongLived(Promise.resolve(3));
    await settle();
    const wait = later();
    expect(await lived.race(wait.promise, (code) => ({ code }))).toEqual({ code: 3 });
    wait.fail();
    await settle();
    expect(unhandled).toEqual([]);
  });
});
