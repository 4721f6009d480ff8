// Hostile patterns and messages against live runs (issue 21 items 2 and 7), through the built bin and
// debugpy. `--normalize '(a+)+$=>x'` on a value of 901 characters ran for 120 s and ignored SIGTERM,
// `(a|a)*$` for 109 s while the other run's adapter looked dead; a signal must be honoured within a
// second whatever bpdiff computes; an MCP message over the limit shut the server down (exit 0) with
// the call in flight dropped.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, EXAMPLES, describeWithTool, leftoversAfter, runBpdiff } from './helpers.js';
import { makeCapture } from '../unit/fixtures/captures.js';

const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');
const PRICING_V1 = path.join(EXAMPLES, 'python/pricing/v1');
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hostile-live-'));
  fs.writeFileSync(
    path.join(tmp, 'long.py'),
    `value = 'a' * 900 + 'b'\nvalues = [value] * 3\ndone = True\nprint(done)\n`,
  );
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describeWithTool('hostile patterns and messages, live', 'python3-debugpy', debugpyInstalled, () => {
  it.each<[string, string]>([
    // The value's text ends with its quote: (a+)+$ never matches; (a|a)*$ matches the empty text at the end.
    ['(a+)+$', "b'"],
    ['(a|a)*$', "b'x"],
  ])(
    '--normalize %s on a value of 901 characters: done in seconds, both runs compared',
    async (pattern, end) => {
      const started = Date.now();
      const run = await runBpdiff(
        [
          '-q',
          '--bp',
          'long.py:4',
          '--cwd',
          tmp,
          '--normalize',
          `${pattern}=>x`,
          '--',
          'python3',
          'long.py',
          '--',
          'python3',
          'long.py',
        ],
        { timeoutMs: 60_000 },
      );
      const seconds = (Date.now() - started) / 1000;
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.leftovers).toEqual([]);
      expect(run.doc!.run_b.variables['value']).toBe(`'${'a'.repeat(900)}${end}`);
      // The harness's bound: a backtracking engine took 109-120 s.
      expect(seconds).toBeLessThan(30);
    },
    90_000,
  );

  it('SIGTERM while bpdiff puts a large baseline through the value pipeline: exit 143 within a second', async () => {
    // 15000 values of 901 characters, each costing the (linear, but not free) pattern most of a millisecond.
    const variables: Record<string, string> = { line_total: '9.0' };
    for (let i = 0; i < 15_000; i++) variables[`rows[${i}]`] = `'${'a'.repeat(900)}b'`;
    const baseline = path.join(tmp, 'large-baseline.json');
    fs.writeFileSync(
      baseline,
      JSON.stringify(makeCapture({ variables, resolvedFile: path.join(PRICING_V1, 'pricing.py') })),
    );
    const mark = randomUUID();
    const args = [
      '-q',
      '--baseline',
      baseline,
      '--cwd',
      PRICING_V1,
      '--normalize',
      '(a|a)*$=>x',
      '--',
      'python3',
      'pricing.py',
      '10',
    ];
    // BPDIFF_TRACE=1: the phases on stderr; once the live run's frame is read, the baseline's values go through.
    const child = execa(process.execPath, [BIN, ...args], {
      env: { BPDIFF_TRACE: '1', BPDIFF_TEST_MARK: mark },
      reject: false,
      stdin: 'ignore',
    });
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no 'frame read' in 30 s: ${stderr}`)), 30_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('"frame read"')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const result = await child;
    const took = Date.now() - signalled;
    expect(result.exitCode, stderr.slice(-2000)).toBe(143);
    expect(String(result.stderr)).toMatch(/bpdiff: interrupted by SIGTERM/);
    expect(took).toBeLessThan(1000);
    expect(await leftoversAfter(mark, 2000)).toEqual([]);
  }, 90_000);

  it('an MCP message over the limit while a call runs: that message gets an error, the call its result, the server serves on', async () => {
    const server = spawn(process.execPath, [BIN, 'mcp'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const answers: Array<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }> = [];
    let pending = '';
    server.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n')) {
        answers.push(JSON.parse(pending.slice(0, newline)));
        pending = pending.slice(newline + 1);
      }
    });
    const send = (message: unknown): boolean => server.stdin.write(`${JSON.stringify(message)}\n`);
    const answerTo = async (id: unknown): Promise<(typeof answers)[number]> => {
      for (let tries = 0; tries < 1200; tries++) {
        const found = answers.find((answer) => answer.id === id);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no answer to ${String(id)}`);
    };
    try {
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      });
      await answerTo(1);
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'capture',
          arguments: { bp: 'pricing.py:34', run: { command: ['python3', 'pricing.py', '10'], cwd: PRICING_V1 } },
        },
      });
      // 65 MB, more than the 64 MiB the server reads, while the capture runs.
      send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'diff_captures', arguments: { capture_a: 'x'.repeat(65 * 1024 * 1024), capture_b: 'y' } },
      });
      expect((await answerTo(3)).error).toMatchObject({
        code: -32600,
        message: expect.stringMatching(/^the message is \d+ bytes, more than the 67108864 bpdiff mcp reads — /),
      });
      const captured = await answerTo(2);
      expect(captured.error).toBeUndefined();
      expect((captured.result as { structuredContent: { run: { status: string } } }).structuredContent.run.status).toBe(
        'break',
      );
      send({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
      expect((await answerTo(4)).result).toHaveProperty('tools');
    } finally {
      server.stdin.end();
    }
    expect(await new Promise((resolve) => server.on('exit', resolve))).toBe(0);
  }, 120_000);
});
