import { describe, expect, it } from 'vitest';
import type { DapConnection, WaitOptions } from '../../../src/dap/connection.js';
import { Prefetcher, type PlannedRequest } from '../../../src/dap/prefetch.js';

/** A connection that records what it is asked and answers each request with its number (a refusal for `refused`). */
function fakeConnection() {
  const sent: Array<{ command: string; args: unknown }> = [];
  const connection = {
    request(command: string, args: unknown, _options: WaitOptions): Promise<unknown> {
      sent.push({ command, args });
      const answer = { answer: sent.length };
      return command === 'refused' ? Promise.reject(new Error(`refused #${sent.length}`)) : Promise.resolve(answer);
    },
  } as unknown as DapConnection;
  return { connection, sent };
}

const WAIT: WaitOptions = { step: 'test', timeoutMs: 1000 };
const READ: PlannedRequest[] = [
  { command: 'scopes', args: { frameId: 7 } },
  { command: 'variables', args: { variablesReference: 1 } },
];

describe('Prefetcher', () => {
  it('answers the requests sent early, in order, with the same arguments, and sends nothing again', async () => {
    const { connection, sent } = fakeConnection();
    const prefetcher = new Prefetcher(connection);
    prefetcher.send(READ, WAIT);
    expect(await prefetcher.request('scopes', { frameId: 7 }, WAIT)).toEqual({ answer: 1 });
    expect(await prefetcher.request('variables', { variablesReference: 1 }, WAIT)).toEqual({ answer: 2 });
    expect(sent).toHaveLength(2);
    expect([prefetcher.hits, prefetcher.misses]).toEqual([2, 0]);
  });

  it('drops every early answer at the first request that differs (another frame), and sends that one', async () => {
    const { connection, sent } = fakeConnection();
    const prefetcher = new Prefetcher(connection);
    prefetcher.send(READ, WAIT);
    expect(await prefetcher.request('scopes', { frameId: 8 }, WAIT)).toEqual({ answer: 3 });
    // The locals' variables asked early belonged to frame 7's scopes: asked again, not taken.
    expect(await prefetcher.request('variables', { variablesReference: 1 }, WAIT)).toEqual({ answer: 4 });
    expect(sent.map((request) => request.command)).toEqual(['scopes', 'variables', 'scopes', 'variables']);
    expect([prefetcher.hits, prefetcher.misses]).toEqual([0, 2]);
  });

  it('drops what was not asked for when the program goes on', async () => {
    const { connection } = fakeConnection();
    const prefetcher = new Prefetcher(connection);
    prefetcher.send(READ, WAIT);
    prefetcher.drop();
    expect(await prefetcher.request('scopes', { frameId: 7 }, WAIT)).toEqual({ answer: 3 });
    expect(prefetcher.misses).toBe(2);
  });

  it('hands a refusal to the request that asks for it, and an unasked one fails nothing', async () => {
    const { connection } = fakeConnection();
    const prefetcher = new Prefetcher(connection);
    prefetcher.send([{ command: 'refused' as 'scopes', args: {} }], WAIT);
    await expect(prefetcher.request('refused' as 'scopes', {} as { frameId: number }, WAIT)).rejects.toThrow(
      'refused #1',
    );
    prefetcher.send([{ command: 'refused' as 'scopes', args: {} }], WAIT);
    prefetcher.drop();
  });

  it('plans the next stop from the requests of a read, and stops planning while stops go unread', async () => {
    const { connection } = fakeConnection();
    const prefetcher = new Prefetcher(connection);
    const read = async (): Promise<void> => {
      const done = prefetcher.reading();
      await prefetcher.request('scopes', { frameId: 7 }, WAIT);
      await prefetcher.request('variables', { variablesReference: 1 }, WAIT);
      await prefetcher.request('variables', { variablesReference: 5 }, WAIT);
      done();
    };
    expect(prefetcher.forStep()).toBeNull();
    await read();
    expect(prefetcher.forStep()).toEqual(READ);
    await read();
    // Stops in code the walk does not read, one step after each read (a walk in and out of a library).
    for (let round = 0; round < 3; round++) {
      prefetcher.forStep();
      prefetcher.forStep();
      await read();
    }
    expect(prefetcher.forStep()).toBeNull();
    // Reads that follow each other again: early requests again.
    await read();
    prefetcher.forStep();
    await read();
    prefetcher.forStep();
    await read();
    expect(prefetcher.forStep()).toEqual(READ);
  });
});
