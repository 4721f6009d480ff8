// A scripted DAP peer in the same process: the client's requests arrive framed on one stream, the
// script answers them (and sends events) on the other. For tests of the DAP connection and the
// session without a real debugger.
import { PassThrough } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapConnection } from '../../src/dap/connection.js';
import type { AdapterDefinition } from '../../src/adapters/definition.js';

export type Handler = (request: DebugProtocol.Request, peer: FakeAdapter) => void;

export class FakeAdapter {
  readonly toClient = new PassThrough();
  readonly fromClient = new PassThrough();
  readonly connection: DapConnection;
  /** Every request the client sent, in order. */
  readonly requests: DebugProtocol.Request[] = [];
  private seq = 1;
  private buffer = Buffer.alloc(0);

  constructor(
    private readonly handlers: Record<string, Handler> = {},
    name = 'fake-adapter',
  ) {
    this.connection = new DapConnection(this.toClient, this.fromClient, name, () => 'it exited with code 7');
    this.fromClient.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  get commands(): string[] {
    return this.requests.map((request) => request.command);
  }

  respond(request: DebugProtocol.Request, body: unknown = {}, success = true, message?: string): void {
    this.send({
      seq: this.seq++,
      type: 'response',
      request_seq: request.seq,
      command: request.command,
      success,
      body,
      ...(message ? { message } : {}),
    });
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
      const request = JSON.parse(
        this.buffer.subarray(header + 4, header + 4 + length).toString(),
      ) as DebugProtocol.Request;
      this.buffer = this.buffer.subarray(header + 4 + length);
      if (request.type !== 'request') continue;
      this.requests.push(request);
      const handler = this.handlers[request.command];
      if (handler) handler(request, this);
      else this.respond(request);
    }
  }
}

/**
 * The handlers of an adapter that starts a program (`launch`) or attaches to one (`attach`): the
 * `initialized` event on that request, a breakpoint (id 7, line 5) for setBreakpoints, and after
 * configurationDone the request's response, then `configured(peer)` (a stop, the program's end...).
 */
export function programHandlers(
  start: 'launch' | 'attach',
  configured: (peer: FakeAdapter) => void,
  capabilities: DebugProtocol.Capabilities = {},
): Record<string, Handler> {
  let started: DebugProtocol.Request | null = null;
  return {
    initialize: (request, peer) => peer.respond(request, { supportsConfigurationDoneRequest: true, ...capabilities }),
    [start]: (request: DebugProtocol.Request, peer: FakeAdapter) => {
      started = request;
      peer.event('initialized');
    },
    setBreakpoints: (request, peer) => peer.respond(request, { breakpoints: [{ id: 7, verified: true, line: 5 }] }),
    configurationDone: (request, peer) => {
      peer.respond(request);
      peer.respond(started!);
      configured(peer);
    },
  };
}

/** The definition of the fake adapter, with `changes` over it. */
export function fakeDefinition(changes: Record<string, unknown> = {}): AdapterDefinition {
  return {
    id: 'fake',
    name: 'fake-adapter',
    file_extensions: ['.fk'],
    commands: [],
    install: 'nothing to install',
    adapter: { transport: 'stdio', executables: ['fake'], args: [], debuggee_output: 'events' },
    launch: {},
    exception_filters: [],
    scopes: { locals: [], globals: [], never: [] },
    skip_variables: [],
    no_expand_types: [],
    normalise: [],
    condition: {},
    timeouts: { start: 2, launch: 2 },
    ...changes,
  } as unknown as AdapterDefinition;
}
