// The MCP server's transport (src/mcp/stdio-transport.ts), driven in process through two streams:
// every line gets an answer and the server serves on. The SDK's stdio transport shut the server down
// (exit 0, the call in flight dropped) on a message over 10 MB, left malformed JSON unanswered,
// answered tools/list before initialize, and a tools/call without params with a validation dump.
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMcpServer } from '../../../src/mcp/server.js';
import { LineTransport } from '../../../src/mcp/stdio-transport.js';
import type { Io, SignalSource } from '../../../src/intake/io.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
};

interface Answer {
  id?: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

let stdin: PassThrough;
let stdout: PassThrough;
let answers: Answer[];
let served: Promise<number>;
let stderr: string[];

const signals: SignalSource = { on: () => undefined, off: () => undefined };

beforeEach(() => {
  stdin = new PassThrough();
  stdout = new PassThrough();
  answers = [];
  stderr = [];
  let pending = '';
  stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n')) {
      answers.push(JSON.parse(pending.slice(0, newline)) as Answer);
      pending = pending.slice(newline + 1);
    }
  });
  const io: Io = {
    stdout: () => undefined,
    stderr: (text) => void stderr.push(text),
    stdoutIsTTY: false,
    env: {},
    cwd: process.cwd(),
  };
  served = runMcpServer(io, { signals }, { stdin, stdout });
});

afterEach(async () => {
  stdin.end();
  expect(await served).toBe(0);
});

function send(message: unknown): void {
  stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
}

async function answerTo(id: number | string | null): Promise<Answer> {
  for (let tries = 0; tries < 200; tries++) {
    const found = answers.find((answer) => answer.id === id);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no answer to ${String(id)}; answers: ${JSON.stringify(answers)}`);
}

async function initialize(): Promise<void> {
  send(INITIALIZE);
  expect((await answerTo(1)).result).toMatchObject({ serverInfo: { name: 'bpdiff' } });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

describe('the MCP transport', () => {
  it('refuses a request before initialize (ping excepted), then serves once initialized', async () => {
    send({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect((await answerTo(7)).error).toEqual({
      code: -32600,
      message: 'tools/list came before initialize — send initialize first, then notifications/initialized',
    });
    send({ jsonrpc: '2.0', id: 8, method: 'ping' });
    expect((await answerTo(8)).result).toEqual({});
    await initialize();
    send({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    expect(((await answerTo(9)).result!['tools'] as Array<{ name: string }>).map((tool) => tool.name)).toEqual([
      'compare',
      'capture',
      'diff_captures',
      'locate',
      'doctor',
    ]);
  });

  it('answers malformed JSON with -32700 and a JSON that is no JSON-RPC message with -32600, and serves on', async () => {
    await initialize();
    send('{"jsonrpc": "2.0", "id": 4, "method": "tools/list"');
    expect((await answerTo(null)).error).toMatchObject({
      code: -32700,
      message: expect.stringMatching(/^the message is not JSON \(.*\) — send one JSON-RPC message a line$/),
    });
    send({ id: 5, hello: 'there' });
    expect((await answerTo(5)).error?.code).toBe(-32600);
    send({ jsonrpc: '2.0', id: 6, method: 'tools/list' });
    expect((await answerTo(6)).result).toHaveProperty('tools');
  });

  it('answers a tools/call without params, or naming no tool, in one line', async () => {
    await initialize();
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call' });
    expect((await answerTo(2)).error).toEqual({
      code: -32602,
      message: 'tools/call has no params — send {"name": "compare", "arguments": {...}} as its params',
    });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } });
    expect((await answerTo(3)).error).toEqual({
      code: -32602,
      message: 'tools/call names no tool — give params.name: compare, capture, diff_captures or locate',
    });
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'compare', arguments: [1] } });
    expect((await answerTo(4)).error?.message).toBe(
      'the arguments of compare are not an object — give params.arguments as an object of named arguments',
    );
  });
});

describe('a message over the limit', () => {
  it('is dropped as it comes, its request answered with an error, and the next message served', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    output.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const transport = new LineTransport(input, output, 1000);
    const received: unknown[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    // Sent in pieces, as a pipe delivers it: 5000 bytes, more than the 1000 read.
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 'big-1',
      method: 'tools/call',
      params: { name: 'diff_captures', arguments: { capture_a: 'x'.repeat(5000) } },
    });
    for (let at = 0; at < big.length; at += 700) input.write(big.slice(at, at + 700));
    input.write('\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line) as Answer)).toEqual([
      {
        jsonrpc: '2.0',
        id: 'big-1',
        error: {
          code: -32600,
          message: `the message is ${big.length} bytes, more than the 1000 bpdiff mcp reads — give a capture as a file path (capture_a, capture_b) rather than inline, or send smaller arguments`,
        },
      },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    await transport.close();
  });
});
