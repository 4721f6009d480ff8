// Bytes <-> DAP messages: the Content-Length framing of the base protocol, over any pair of streams
// (an adapter's stdio, or a loopback TCP socket).
import type { Readable, Writable } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');
const CONTENT_LENGTH = /Content-Length:\s*(\d+)/i;

export interface TransportHandlers {
  onMessage(message: DebugProtocol.ProtocolMessage): void;
  /** The stream ended or failed; `error` when it failed or sent something that is not DAP. */
  onClose(error?: Error): void;
}

export class DapTransport {
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly handlers: TransportHandlers,
  ) {
    input.on('data', (chunk: Buffer) => this.receive(chunk));
    input.on('end', () => this.close());
    input.on('close', () => this.close());
    input.on('error', (error: Error) => this.close(error));
    // A write to an adapter that died is reported through onClose, not thrown at the writer.
    output.on('error', (error: Error) => this.close(error));
  }

  send(message: DebugProtocol.ProtocolMessage): void {
    if (this.closed) return;
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    // One write per message: header and body in separate writes cost a round trip on Nagle'd sockets.
    this.output.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = CONTENT_LENGTH.exec(header);
      if (!match) {
        // Not DAP (an adapter printing to stdout, say): drop through the header end and resynchronise.
        this.buffer = this.buffer.subarray(headerEnd + HEADER_END.length);
        continue;
      }
      const length = Number(match[1]);
      const start = headerEnd + HEADER_END.length;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      let message: DebugProtocol.ProtocolMessage;
      try {
        message = JSON.parse(body) as DebugProtocol.ProtocolMessage;
      } catch (error) {
        this.close(new Error(`the adapter sent a message that is not JSON: ${body.slice(0, 120)}`, { cause: error }));
        return;
      }
      this.handlers.onMessage(message);
    }
  }

  close(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.onClose(error);
  }
}
