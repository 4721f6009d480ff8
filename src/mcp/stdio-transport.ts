// The MCP server's stdio transport: one JSON-RPC message a line, in and out. It stands where the SDK's
// StdioServerTransport stood, which closed the whole server (exit 0, the call in flight dropped)
// when a message passed 10 MB, and left malformed JSON unanswered. Here every line gets its answer:
//   - a message over MAX_MESSAGE_BYTES: its bytes are dropped as they come, up to its newline, and
//     its request (its id, read from the message's start) gets an error; the server serves on;
//   - a line that is not JSON: -32700 (parse error), id null;
//   - JSON that is no JSON-RPC message: -32600 (invalid request);
//   - a request before `initialize` (other than `ping`): -32600, "send initialize first";
//   - `tools/call` without an object of params naming a tool: -32602, one line (the SDK answered a
//     validation dump of a dozen lines).
// What passes is handed to the SDK's Server.
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { boundMessage } from '../bound-message.js';
import {
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

/** The largest message read (a capture given inline as a tool argument fits; bpdiff's own file limit is --max-input-bytes). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** How much of an oversized message is kept to find its id. */
const HEAD_KEPT = 4096;

const PARSE_ERROR = -32700;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** While a message over the limit is being dropped: the start of it, for its id. */
  private dropping: { head: string; size: number } | null = null;
  private initialized = false;
  private closed = false;
  private readonly onData = (chunk: Buffer): void => this.read(chunk);
  private readonly onError = (error: Error): void => this.onerror?.(error);

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxBytes: number = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onError);
    this.chunks = [];
    this.onclose?.();
  }

  private read(chunk: Buffer): void {
    let from = 0;
    for (let newline = chunk.indexOf(0x0a, from); newline !== -1; newline = chunk.indexOf(0x0a, from)) {
      this.take(chunk.subarray(from, newline));
      this.finishLine();
      from = newline + 1;
    }
    if (from < chunk.length) this.take(chunk.subarray(from));
  }

  /** Part of the current line: kept, or (past the limit) dropped with only its head remembered. */
  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.dropping !== null) {
      this.dropping.size += part.length;
      return;
    }
    if (this.buffered + part.length <= this.maxBytes) {
      this.chunks.push(part);
      this.buffered += part.length;
      return;
    }
    const line = Buffer.concat([...this.chunks, part]);
    this.dropping = { head: line.subarray(0, HEAD_KEPT).toString('utf8'), size: line.length };
    this.chunks = [];
    this.buffered = 0;
  }

  private finishLine(): void {
    if (this.dropping !== null) {
      const { head, size } = this.dropping;
      this.dropping = null;
      this.answerError(
        idIn(head),
        ErrorCode.InvalidRequest,
        `the message is ${size} bytes, more than the ${this.maxBytes} bpdiff mcp reads — give a capture as a file path (capture_a, capture_b) rather than inline, or send smaller arguments`,
      );
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.buffered = 0;
    if (line.trim() === '') return;
    this.handle(line);
  }

  private handle(line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      this.answerError(
        null,
        PARSE_ERROR,
        `the message is not JSON (${(error as Error).message}) — send one JSON-RPC message a line`,
      );
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.answerError(
        idOf(json),
        ErrorCode.InvalidRequest,
        'the message is not a JSON-RPC 2.0 request, notification or response — send {"jsonrpc": "2.0", "id": ..., "method": ..., "params": {...}}',
      );
      return;
    }
    const message = parsed.data;
    if ('method' in message && 'id' in message) {
      if (message.method === 'initialize') this.initialized = true;
      else if (!this.initialized && message.method !== 'ping') {
        this.answerError(
          message.id,
          ErrorCode.InvalidRequest,
          `${message.method} came before initialize — send initialize first, then notifications/initialized`,
        );
        return;
      }
      const refused = message.method === 'tools/call' ? checkToolCall(message.params) : null;
      if (refused !== null) {
        this.answerError(message.id, ErrorCode.InvalidParams, refused);
        return;
      }
    }
    this.onmessage?.(message);
  }

  private answerError(id: RequestId | null, code: number, message: string): void {
    // A JSON-RPC error answers a request whose id could not be read with id null.
    void this.send({
      jsonrpc: '2.0',
      id,
      error: { code, message: boundMessage(message) },
    } as unknown as JSONRPCMessage);
  }
}

/** What a tools/call's params lack, in one line; null when they name a tool (the tool checks its arguments). */
function checkToolCall(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return 'tools/call has no params — send {"name": "compare", "arguments": {...}} as its params';
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== 'string' || name === '')
    return 'tools/call names no tool — give params.name: compare, capture, diff_captures or locate';
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    return `the arguments of ${name} are not an object — give params.arguments as an object of named arguments`;
  return null;
}

function idOf(json: unknown): RequestId | null {
  if (typeof json !== 'object' || json === null) return null;
  const id = (json as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The id of a message from its first bytes (`"id": 7`), when it says it there. */
function idIn(head: string): RequestId | null {
  const found = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (found === null) return null;
  try {
    return JSON.parse(found[1]!) as RequestId;
  } catch {
    return null;
  }
}
