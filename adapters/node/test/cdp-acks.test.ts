// The inspector connection's no-ops (acknowledge() in cdp-connection.ts), against a fake inspector:
// while the program runs, the answer to a no-op is answered too (left unanswered, it held the next
// Debugger.resumed or Debugger.paused back by Nagle's 40 ms), and once the program is paused nothing
// is answered that no command waits on. Without the no-op a test waits for, it fails at its timeout.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { CdpConnection } from '../src/cdp-connection.js';

const NO_OP = 'Runtime.getIsolateId';

interface Received {
  id: number;
  method: string;
}

/** One inspector that hands every message it gets to `handle`. */
class FakeInspector {
  readonly received: Received[] = [];
  private socket: WebSocket | null = null;
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly server: WebSocketServer,
    private readonly handle: (message: Received, inspector: FakeInspector) => void,
  ) {
    server.on('connection', (socket) => {
      this.socket = socket;
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as Received;
        this.received.push(message);
        this.handle(message, this);
        for (const waiter of this.waiters.splice(0)) waiter();
      });
    });
  }

  static async start(handle: (message: Received, inspector: FakeInspector) => void): Promise<FakeInspector> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new FakeInspector(server, handle);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/fake`;
  }

  answer(id: number, result: object = {}): void {
    this.socket?.send(JSON.stringify({ id, result }));
  }

  event(method: string, params: object = {}): void {
    this.socket?.send(JSON.stringify({ method, params }));
  }

  noOps(): Received[] {
    return this.received.filter((message) => message.method === NO_OP);
  }

  /** Resolves once `done` holds for what was received. */
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let inspector: FakeInspector | null = null;
let cdp: CdpConnection | null = null;
afterEach(async () => {
  cdp?.close();
  cdp = null;
  await inspector?.close();
  inspector = null;
});

/** A few turns of the event loop, enough for a no-op scheduled with setImmediate to go out. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('no-ops that carry the acknowledgement', () => {
  it("answers a no-op's answer while the program runs after a resume", async () => {
    inspector = await FakeInspector.start((message, fake) =>
      fake.answer(message.id, message.method === NO_OP ? { id: 'isolate' } : {}),
    );
    cdp = await CdpConnection.connect(inspector.url);
    await cdp.send('Debugger.resume', {});
    // The resume's answer gets a no-op; that no-op's answer, with the program still running, gets another.
    await inspector.until(() => inspector!.noOps().length >= 2);
    expect(inspector.received[0]?.method).toBe('Debugger.resume');
  }, 10_000);

  it('answers them after a step too', async () => {
    inspector = await FakeInspector.start((message, fake) =>
      fake.answer(message.id, message.method === NO_OP ? { id: 'isolate' } : {}),
    );
    cdp = await CdpConnection.connect(inspector.url);
    await cdp.send('Debugger.stepOver', {});
    await inspector.until(() => inspector!.noOps().length >= 2);
    expect(inspector.received[0]?.method).toBe('Debugger.stepOver');
    // The step's answer got a no-op, and that no-op's answer another: the program runs on acknowledged.
    expect(inspector.received.slice(1, 3).map((message) => message.method)).toEqual([NO_OP, NO_OP]);
  }, 10_000);

  it('answers nothing more once the program is paused and no command is outstanding', async () => {
    let paused = false;
    inspector = await FakeInspector.start((message, fake) => {
      if (message.method !== NO_OP) {
        fake.answer(message.id);
      } else if (!paused) {
        // The pause comes first, then the no-op's answer, then an event nothing waits for.
        paused = true;
        fake.event('Debugger.paused', { callFrames: [], reason: 'other' });
        fake.answer(message.id, { id: 'isolate' });
        fake.event('Debugger.scriptParsed', { scriptId: '1', url: '' });
      }
    });
    cdp = await CdpConnection.connect(inspector.url);
    const parsed = new Promise<void>((resolve) => cdp!.on('Debugger.scriptParsed', () => resolve()));
    await cdp.send('Debugger.resume', {});
    await parsed;
    await settle();
    await cdp.send('Runtime.evaluate', { expression: '1' });
    const afterPause = inspector.received.slice(
      inspector.received.findIndex((message) => message.method === NO_OP) + 1,
    );
    expect(afterPause.map((message) => message.method)).toEqual(['Runtime.evaluate']);
  });
});
