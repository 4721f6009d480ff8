// Bytes <-> DAP messages: the Content-Length framing of the base protocol, over any pair of streams
// (an adapter's stdio, or a loopback TCP socket).
import type { Readable, Writable } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');
const CONTENT_LENGTH = /Content-Length:\s*(\d+)/i;
/** A header longer than this is not DAP (an adapter printing without end): it is dropped, not kept. */
const MAX_HEADER_BYTES = 64 * 1024;
/** No DAP message bpdiff asks for comes near this; a larger Content-Length means the stream is broken. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export interface TransportHandlers {
  onMessage(message: DebugProtocol.ProtocolMessage): void;
  /** The stream ended or failed; `error` when it failed or sent something that is not DAP. */
  onClose(error?: Error): void;
}

export class DapTransport {
  // Unparsed bytes as received: joined only once a whole message is there, so a large message that
  // arrives in many chunks is copied once, not once per chunk.
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Bytes the message being received needs in all (header included), once its header is read. */
  private awaiting = 0;
  private closed = false;

  constructor(
    input: Readable,
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
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.awaiting) return;
    let buffer = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    this.awaiting = 0;
    for (;;) {
      const headerEnd = buffer.indexOf(HEADER_END);
      if (headerEnd < 0) {
        // Keep the last bytes only: they may be the start of the next header's end.
        if (buffer.length > MAX_HEADER_BYTES) buffer = buffer.subarray(buffer.length - HEADER_END.length + 1);
        break;
      }
      const header = buffer.subarray(0, headerEnd).toString('ascii');
      const match = CONTENT_LENGTH.exec(header);
      if (!match) {
        // Not DAP (an adapter printing to stdout, say): drop through the header end and resynchronise.
        buffer = buffer.subarray(headerEnd + HEADER_END.length);
        continue;
      }
      const length = Number(match[1]);
      if (length > MAX_MESSAGE_BYTES) {
        this.close(
          new Error(
            `the adapter announced a message of ${length} bytes (more than bpdiff reads: ${MAX_MESSAGE_BYTES})`,
          ),
        );
        return;
      }
      const start = headerEnd + HEADER_END.length;
      if (buffer.length < start + length) {
        this.awaiting = start + length;
        break;
      }
      const body = buffer.subarray(start, start + length).toString('utf8');
      buffer = buffer.subarray(start + length);
      let message: DebugProtocol.ProtocolMessage;
      try {
        message = JSON.parse(body) as DebugProtocol.ProtocolMessage;
      } catch (error) {
        this.close(new Error(`the adapter sent a message that is not JSON: ${body.slice(0, 120)}`, { cause: error }));
        return;
      }
      this.handlers.onMessage(message);
    }
    this.chunks = buffer.length === 0 ? [] : [buffer];
    this.buffered = buffer.length;
  }

  close(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.onClose(error);
  }
}
