import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  DapConnection,
  DapRequestError,
  EVENTS_KEPT_PER_KIND,
  OUTPUT_KEPT,
  describeErrorResponse,
} from '../../../src/dap/connection.js';
import { BpdiffError } from '../../../src/errors.js';

/** A fake adapter: what the connection writes arrives on `sent`; `reply` feeds bytes back. */
function fakeAdapter() {
  const toClient = new PassThrough();
  const fromClient = new PassThrough();
  const connection = new DapConnection(toClient, fromClient, 'fake-adapter', () => 'it exited with code 7');
  const sent: DebugProtocol.Request[] = [];
  let buffer = '';
  fromClient.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      const match = /^Content-Length: (\d+)\r\n\r\n/.exec(buffer);
      if (!match) return;
      const start = match[0].length;
      const length = Number(match[1]);
      if (buffer.length < start + length) return;
      sent.push(JSON.parse(buffer.slice(start, start + length)) as DebugProtocol.Request);
      buffer = buffer.slice(start + length);
    }
  });
  const frame = (message: object): Buffer => {
    const body = Buffer.from(JSON.stringify(message));
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  };
  return {
    connection,
    sent,
    reply: (message: object) => toClient.write(frame(message)),
    raw: (bytes: Buffer | string) => toClient.write(bytes),
    frame,
    end: () => toClient.end(),
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('DAP transport framing', () => {
  it('reassembles messages split across chunks and splits several in one chunk', async () => {
    const adapter = fakeAdapter();
    const events: string[] = [];
    adapter.connection.onEvent((event) => events.push(event.event));
    const one = adapter.frame({ seq: 1, type: 'event', event: 'first' });
    const two = adapter.frame({ seq: 2, type: 'event', event: 'second' });
    const both = Buffer.concat([one, two]);
    adapter.raw(both.subarray(0, 5));
    adapter.raw(both.subarray(5, one.length + 3));
    await tick();
    expect(events).toEqual(['first']);
    adapter.raw(both.subarray(one.length + 3));
    await tick();
    expect(events).toEqual(['first', 'second']);
  });

  it('counts Content-Length in bytes, not characters', async () => {
    const adapter = fakeAdapter();
    const events: DebugProtocol.Event[] = [];
    adapter.connection.onEvent((event) => events.push(event));
    adapter.reply({ seq: 1, type: 'event', event: 'output', body: { output: 'größe → ∑ 🎯' } });
    adapter.reply({ seq: 2, type: 'event', event: 'next' });
    await tick();
    expect((events[0] as DebugProtocol.OutputEvent).body.output).toBe('größe → ∑ 🎯');
    expect(events[1]!.event).toBe('next');
  });

  it('skips a header block without Content-Length and keeps reading', async () => {
    const adapter = fakeAdapter();
    const events: string[] = [];
    adapter.connection.onEvent((event) => events.push(event.event));
    adapter.raw('Some-Noise: 1\r\n\r\n');
    adapter.reply({ seq: 1, type: 'event', event: 'after-noise' });
    await tick();
    expect(events).toEqual(['after-noise']);
  });
});

describe('DapConnection', () => {
  it('resolves a request with its response body and sends typed arguments', async () => {
    const adapter = fakeAdapter();
    const answer = adapter.connection.request('threads', undefined, { step: 'threads', timeoutMs: 1000 });
    await tick();
    expect(adapter.sent[0]).toMatchObject({ type: 'request', command: 'threads', seq: 1 });
    adapter.reply({
      seq: 1,
      type: 'response',
      request_seq: 1,
      command: 'threads',
      success: true,
      body: { threads: [{ id: 4, name: 'main' }] },
    });
    expect(await answer).toEqual({ threads: [{ id: 4, name: 'main' }] });
  });

  it("rejects a failed request with the adapter's own words, variables filled in", async () => {
    const adapter = fakeAdapter();
    const answer = adapter.connection.request('evaluate', { expression: 'x' }, { step: 'evaluate', timeoutMs: 1000 });
    await tick();
    adapter.reply({
      seq: 1,
      type: 'response',
      request_seq: 1,
      command: 'evaluate',
      success: false,
      body: { error: { id: 1, format: 'name {name} is not defined', variables: { name: 'x' } } },
    });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DapRequestError);
    expect((error as DapRequestError).message).toBe("fake-adapter refused 'evaluate': name x is not defined");
  });

  it('keeps events that arrive before anyone waits for them', async () => {
    const adapter = fakeAdapter();
    adapter.reply({ seq: 1, type: 'event', event: 'initialized' });
    await tick();
    const event = await adapter.connection.waitForEvent((e) => e.event === 'initialized', {
      step: 'init',
      timeoutMs: 50,
    });
    expect(event.event).toBe('initialized');
  });

  it('waits only for events after `since`', async () => {
    const adapter = fakeAdapter();
    adapter.reply({ seq: 1, type: 'event', event: 'stopped', body: { reason: 'entry' } });
    await tick();
    const since = adapter.connection.eventCount;
    const waiting = adapter.connection.waitForEvent((e) => e.event === 'stopped', {
      step: 'stop',
      timeoutMs: 1000,
      since,
    });
    adapter.reply({ seq: 2, type: 'event', event: 'stopped', body: { reason: 'breakpoint' } });
    expect(((await waiting) as DebugProtocol.StoppedEvent).body.reason).toBe('breakpoint');
  });

  it('times out a wait with an error naming the adapter, the step and what to try', async () => {
    const adapter = fakeAdapter();
    const error = await adapter.connection
      .waitForEvent((e) => e.event === 'never', {
        step: 'waiting for the breakpoint',
        timeoutMs: 30,
        hint: 'try --timeout',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BpdiffError);
    expect((error as BpdiffError).code).toBe('ADAPTER_TIMEOUT');
    expect((error as BpdiffError).message).toMatch(
      /^fake-adapter did not answer during 'waiting for the breakpoint' within 30 ms; try --timeout$/,
    );
  });

  it('rejects pending requests and waits when the adapter goes away, saying why', async () => {
    const adapter = fakeAdapter();
    const request = adapter.connection.request('threads', undefined, { step: 'threads', timeoutMs: 5000 });
    const wait = adapter.connection.waitForEvent((e) => e.event === 'stopped', {
      step: 'waiting for the breakpoint',
      timeoutMs: 5000,
    });
    adapter.end();
    const [requestError, waitError] = await Promise.all([
      request.catch((e: unknown) => e),
      wait.catch((e: unknown) => e),
    ]);
    expect((requestError as BpdiffError).code).toBe('ADAPTER_FAILED');
    expect((requestError as BpdiffError).message).toMatch(
      /fake-adapter closed the connection during 'threads' \(it exited with code 7\)/,
    );
    expect((waitError as BpdiffError).message).toMatch(/during waiting for the breakpoint/);
    expect(adapter.connection.closed).toBe(true);
  });

  it("waits a little for the adapter process's end after the close, so the error gives its last words", async () => {
    const toClient = new PassThrough();
    let said = '';
    const connection = new DapConnection(toClient, new PassThrough(), 'fake-adapter', () => said);
    let ended!: () => void;
    connection.explainCloseBy(new Promise<void>((resolve) => (ended = resolve)));
    const request = connection.request('threads', undefined, { step: 'threads', timeoutMs: 5000 });
    toClient.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(connection.closed).toBe(true);
    // Its exit and stderr come after the close; the request fails once they are there.
    said = 'it exited with code 1; its last words: cannot open the program';
    ended();
    expect(((await request.catch((e: unknown) => e)) as BpdiffError).message).toBe(
      "fake-adapter closed the connection during 'threads' (it exited with code 1; its last words: cannot open the program); run again with --sequential, or check that the adapter works on its own",
    );
  });

  it('refuses reverse requests instead of leaving the adapter waiting', async () => {
    const adapter = fakeAdapter();
    adapter.reply({ seq: 9, type: 'request', command: 'runInTerminal', arguments: { args: ['x'], cwd: '/' } });
    adapter.reply({
      seq: 10,
      type: 'request',
      command: 'startDebugging',
      arguments: { configuration: {}, request: 'launch' },
    });
    await tick();
    await tick();
    const responses = adapter.sent as unknown as DebugProtocol.Response[];
    expect(responses.map((r) => [r.type, r.request_seq, r.command, r.success])).toEqual([
      ['response', 9, 'runInTerminal', false],
      ['response', 10, 'startDebugging', false],
    ]);
    expect(responses[0]!.message).toMatch(/without a terminal/);
  });
});

describe('DapConnection under an output flood', () => {
  it('keeps a bounded window of output events, every other event, and positions that never shift', async () => {
    const adapter = fakeAdapter();
    const seen: string[] = [];
    let outputs = 0;
    adapter.connection.onEvent((event) => {
      if (event.event === 'output') outputs++;
      else seen.push(event.event);
    });
    adapter.reply({ seq: 1, type: 'event', event: 'initialized' });
    await tick();
    const since = adapter.connection.eventCount;
    const FLOOD = 100_000;
    let seq = 2;
    for (let sent = 0; sent < FLOOD; sent += 1000) {
      const batch: Buffer[] = [];
      for (let i = 0; i < 1000; i++)
        batch.push(
          adapter.frame({
            seq: seq++,
            type: 'event',
            event: 'output',
            body: { category: 'stdout', output: `line ${seq}\n` },
          }),
        );
      adapter.raw(Buffer.concat(batch));
      await tick();
      expect(adapter.connection.retainedEventCount).toBeLessThan(2 * OUTPUT_KEPT.events + 1);
    }
    adapter.reply({ seq: seq++, type: 'event', event: 'exited', body: { exitCode: 3 } });
    adapter.reply({
      seq: seq++,
      type: 'event',
      event: 'output',
      body: { category: 'console', output: 'Process 42 has exited with status 3\n' },
    });
    await tick();

    // Every output reached the listener; only the newest are kept.
    expect(outputs).toBe(FLOOD + 1);
    expect(seen).toEqual(['initialized', 'exited']);
    expect(adapter.connection.eventCount).toBe(FLOOD + 3);
    expect(adapter.connection.retainedEventCount).toBeLessThan(2 * OUTPUT_KEPT.events + 2);

    // A wait that starts late still sees the exit, and its position counts every event received.
    const exited = await adapter.connection.waitForEvent((e) => e.event === 'exited', {
      step: 'exit',
      timeoutMs: 50,
      since,
    });
    expect((exited as DebugProtocol.ExitedEvent).body.exitCode).toBe(3);
    expect(adapter.connection.indexOfEvent(exited)).toBe(FLOOD + 1);
    const status = await adapter.connection.waitForEvent(
      (e) => e.event === 'output' && /has exited/.test((e as DebugProtocol.OutputEvent).body.output),
      {
        step: 'status',
        timeoutMs: 50,
        since,
      },
    );
    expect(adapter.connection.indexOfEvent(status)).toBe(FLOOD + 2);
    // The initialized event is before `since`; the newest outputs are after it.
    const later = adapter.connection.eventsSince(since);
    expect(later.some((e) => e.event === 'initialized')).toBe(false);
    expect(later.length).toBeGreaterThanOrEqual(OUTPUT_KEPT.events);
    expect(later.at(-1)).toBe(status);
    expect(adapter.connection.eventsSince(0)[0]!.event).toBe('initialized');
  }, 30_000);

  // A walk of 100,000 hits gets a stopped and a continued at each (bpdiff's memory grew ~1.5 MB/s).
  it('keeps the first and the newest events of each kind under a long walk, their positions as they were', async () => {
    const adapter = fakeAdapter();
    adapter.reply({ seq: 1, type: 'event', event: 'initialized' });
    let seq = 2;
    const HITS = 20_000;
    for (let hit = 0; hit < HITS; hit += 500) {
      const batch: Buffer[] = [];
      for (let i = 0; i < 500; i++) {
        batch.push(
          adapter.frame({
            seq: seq++,
            type: 'event',
            event: 'stopped',
            body: { reason: 'breakpoint', threadId: 1, hit: hit + i },
          }),
        );
        batch.push(adapter.frame({ seq: seq++, type: 'event', event: 'continued', body: { threadId: 1 } }));
      }
      adapter.raw(Buffer.concat(batch));
      await tick();
      expect(adapter.connection.retainedEventCount).toBeLessThanOrEqual(2 * (2 * EVENTS_KEPT_PER_KIND + 1) + 1);
    }
    expect(adapter.connection.eventCount).toBe(1 + 2 * HITS);
    // The first of each kind is kept (a late wait for `initialized` still sees it), and the newest stops, where they were.
    const kept = adapter.connection.eventsSince(0);
    expect(kept[0]!.event).toBe('initialized');
    expect(
      (kept.find((event) => event.event === 'stopped') as DebugProtocol.StoppedEvent & { body: { hit: number } }).body
        .hit,
    ).toBe(0);
    const last = await adapter.connection.waitForEvent((e) => e.event === 'stopped', {
      step: 'stop',
      timeoutMs: 50,
      since: adapter.connection.eventCount - 2,
    });
    expect(adapter.connection.indexOfEvent(last)).toBe(adapter.connection.eventCount - 2);
    expect((last.body as { hit: number }).hit).toBe(HITS - 1);
  }, 30_000);

  it('keeps output events of 64 KB to a bounded number of characters, the newest always', async () => {
    const adapter = fakeAdapter();
    const chunk = 'z'.repeat(64 * 1024);
    for (let i = 0; i < 200; i++)
      adapter.reply({ seq: i + 1, type: 'event', event: 'output', body: { category: 'stdout', output: chunk } });
    adapter.reply({
      seq: 999,
      type: 'event',
      event: 'output',
      body: { category: 'console', output: 'Process 7 has exited with status 0\n' },
    });
    await tick();
    const kept = adapter.connection.eventsSince(0) as DebugProtocol.OutputEvent[];
    const chars = kept.reduce((sum, event) => sum + event.body.output.length, 0);
    expect(chars).toBeLessThan(2 * OUTPUT_KEPT.chars + chunk.length);
    expect(kept.at(-1)!.body.output).toMatch(/has exited/);
    expect(adapter.connection.eventCount).toBe(201);
  });

  it('does not hand a late wait an event from before `since` even when outputs were dropped in between', async () => {
    const adapter = fakeAdapter();
    adapter.reply({ seq: 1, type: 'event', event: 'stopped', body: { reason: 'entry' } });
    for (let i = 0; i < 5 * OUTPUT_KEPT.events; i++)
      adapter.reply({ seq: i + 2, type: 'event', event: 'output', body: { output: 'x' } });
    await tick();
    const entry = await adapter.connection.waitForEvent((e) => e.event === 'stopped', { step: 'entry', timeoutMs: 50 });
    const since = adapter.connection.indexOfEvent(entry) + 1;
    expect(since).toBe(1);
    const waiting = adapter.connection.waitForEvent((e) => e.event === 'stopped', {
      step: 'stop',
      timeoutMs: 1000,
      since,
    });
    adapter.reply({ seq: 9999, type: 'event', event: 'stopped', body: { reason: 'breakpoint' } });
    expect(((await waiting) as DebugProtocol.StoppedEvent).body.reason).toBe('breakpoint');
  });
});

describe('DAP transport limits', () => {
  it('drops a stream of bytes that never ends a header instead of keeping it', async () => {
    const adapter = fakeAdapter();
    const events: string[] = [];
    adapter.connection.onEvent((event) => events.push(event.event));
    for (let i = 0; i < 100; i++) adapter.raw('noise without a header end '.repeat(1000));
    adapter.raw('\r\n\r\n');
    adapter.reply({ seq: 1, type: 'event', event: 'after-noise' });
    await tick();
    expect(events).toEqual(['after-noise']);
  });

  it('reads a large message that arrives in many small chunks', async () => {
    const adapter = fakeAdapter();
    const events: DebugProtocol.Event[] = [];
    adapter.connection.onEvent((event) => events.push(event));
    const big = adapter.frame({ seq: 1, type: 'event', event: 'output', body: { output: 'y'.repeat(1_000_000) } });
    for (let offset = 0; offset < big.length; offset += 4096) adapter.raw(big.subarray(offset, offset + 4096));
    adapter.reply({ seq: 2, type: 'event', event: 'next' });
    await tick();
    expect(events.map((e) => e.event)).toEqual(['output', 'next']);
    expect((events[0] as DebugProtocol.OutputEvent).body.output).toHaveLength(1_000_000);
  });

  it('closes the connection on a Content-Length no adapter would send', async () => {
    const adapter = fakeAdapter();
    const wait = adapter.connection.waitForEvent((e) => e.event === 'never', { step: 'waiting', timeoutMs: 5000 });
    adapter.raw('Content-Length: 99999999999\r\n\r\n{');
    const error = await wait.catch((e: unknown) => e);
    expect((error as BpdiffError).code).toBe('ADAPTER_FAILED');
    expect(((error as BpdiffError).cause as Error).message).toMatch(/announced a message of 99999999999 bytes/);
  });
});

describe('describeErrorResponse', () => {
  it('falls back to the message, then to a plain phrase', () => {
    expect(
      describeErrorResponse({
        seq: 1,
        type: 'response',
        request_seq: 1,
        command: 'x',
        success: false,
        message: 'nope',
      }),
    ).toBe('nope');
    expect(describeErrorResponse({ seq: 1, type: 'response', request_seq: 1, command: 'x', success: false })).toBe(
      'no reason given',
    );
  });
});
