// guardCrashes: a crash outside a command's await chain, heard of on a stand-in for process.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CrashError, guardCrashes } from '../../../src/intake/crash-guard.js';

describe('guardCrashes', () => {
  it("hands back the work's value and stops listening", async () => {
    const source = new EventEmitter();
    expect(await guardCrashes(async () => 42, source)).toBe(42);
    expect(source.listenerCount('uncaughtException') + source.listenerCount('unhandledRejection')).toBe(0);
  });

  it("hands back the work's own error as it is", async () => {
    const source = new EventEmitter();
    const own = new Error('the adapter is missing');
    await expect(guardCrashes(() => Promise.reject(own), source)).rejects.toBe(own);
    expect(source.listenerCount('uncaughtException')).toBe(0);
  });

  it('ends the work that never ends with a CrashError naming the message and where it came from', async () => {
    const source = new EventEmitter();
    const pending = guardCrashes(() => new Promise<never>(() => undefined), source);
    const error = new RangeError('Invalid array length\n    more');
    source.emit('uncaughtException', error);
    const crash = await pending.catch((caught: unknown) => caught);
    expect(crash).toBeInstanceOf(CrashError);
    expect((crash as CrashError).cause).toBe(error);
    expect((crash as CrashError).message).toMatch(
      /^a crash outside the command's own steps: Invalid array length \(at .*crash-guard\.test\.ts:\d+:\d+\)?\)$/,
    );
    expect(source.listenerCount('unhandledRejection')).toBe(0);
  });

  it('says a rejection with a value that is no Error as it is', async () => {
    const source = new EventEmitter();
    const pending = guardCrashes(() => new Promise<never>(() => undefined), source);
    source.emit('unhandledRejection', 'socket hang up');
    await expect(pending).rejects.toThrow(/^a crash outside the command's own steps: socket hang up$/);
  });
});
