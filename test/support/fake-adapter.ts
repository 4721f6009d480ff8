// A scripted DAP peer in the same process: the client's requests arrive framed on one stream, the
// script answers them (and sends events) on the other. For tests of the DAP connection and the
// session without a real debugger.
import { PassThrough } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapConnection } from '../../src/dap/connection.js';

export type Handler = (request: DebugProtocol.Request, peer: FakeAdapter) => void;

export class FakeAdapter {
  readonly toClient = new PassThrough();
  readonly fromClient = new PassThrough();
  readonly connection: DapConnection;
  /** Every request the client sent, in order. */
  readonly requests: DebugProtocol.Request[] = [];
  private seq = 1;
  private buffer = Buffer.alloc(0);

  constructor(private readonly handlers: Record<string, Handler> = {}, name = 'fake-adapter') {
    this.connection = new DapConnection(this.toClient, this.fromClient, name, () => 'it exited with code 7');
    this.fromClient.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  get commands(): string[] {
    return this.requests.map((request) => request.command);
  }

  respond(request: DebugProtocol.Request, body: unknown = {}, success = true, message?: string): void {
    this.send({ seq: this.seq++, type: 'response', request_seq: request.seq, command: request.command, success, body, ...(message ? { message } : {}) });
  }

  event(event: string, body: unknown = {}): void {
    this.send({ seq: this.seq++, type: 'event', event, body });
  }

  /** The adapter goes away: its end of the connection closes. */
  exit(): void {
    this.toClient.end();
  }

  private send(message: object): void {
    const body = Buffer.from(JSON.stringify(message));
    this.toClient.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const header = this.buffer.indexOf('\r\n\r\n');
      if (header < 0) return;
      const length = Number(/Content-Length: (\d+)/.exec(this.buffer.subarray(0, header).toString())?.[1]);
      if (this.buffer.length < header + 4 + length) return;
      const request = JSON.parse(this.buffer.subarray(header + 4, header + 4 + length).toString()) as DebugProtocol.Request;
      this.buffer = this.buffer.subarray(header + 4 + length);
      if (request.type !== 'request') continue;
      this.requests.push(request);
      const handler = this.handlers[request.command];
      if (handler) handler(request, this);
      else this.respond(request);
    }
  }
}
