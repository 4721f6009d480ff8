// `bpdiff mcp` as an MCP client sees it: the built bin started as a child, spoken to with the
// official SDK's client. The tools are listed, compare runs on the Python and the Node example (the
// structured result checked against the output schema by the client, and by value here), a bad
// breakpoint is a one-line tool error with the CLI's message, and a cancelled call or a closed stdin
// leaves no process behind. Every process the server starts carries its BPDIFF_TEST_MARK. The client
// declares its roots (the repository and the test's folder): every path a call is given must lie in
// them, or in the server's folder for a client that declares none (issue 34).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  LATEST_PROTOCOL_VERSION,
  ListRootsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { pathToFileURL } from 'node:url';
import { makeCapture, PRICING_TYPES, PRICING_V1 } from '../unit/fixtures/captures.js';
import { validateCapture, validateComparison } from '../../src/core/schemas.js';
import {
  BIN,
  EXAMPLES,
  ROOT,
  describeWithTool,
  leftoverProcesses,
  onPath,
  runBpdiff,
  type ComparisonDoc,
} from './helpers.js';

const PRICING = path.join(EXAMPLES, 'python/pricing');
const CART = path.join(EXAMPLES, 'node/cart-cjs');
const pythonInstalled = onPath('python3');
const adapterBuilt = fs.existsSync(path.join(ROOT, 'dist/adapters/node/main.mjs'));

/** A Node program that waits (practically) forever before its breakpoint line, 3. */
const SLEEPER = [
  '// Waits about 24 days before line 3.',
  'setTimeout(() => {',
  '  const reached = true;',
  '  console.log(reached);',
  '}, 2 ** 31 - 1);',
  '',
].join('\n');

let work: string;
/** A folder outside the client's roots until a test adds it. */
let outside: string;
/** The folders the client answers roots/list with. */
let rootFolders: string[];
let mark: string;
let transport: StdioClientTransport;
/** The message of every progress notification the server sent, in order (read off the transport). */
const progressSeen: string[] = [];
let client: Client;

function environment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return { ...env, ...extra };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-mcp-'));
  fs.writeFileSync(path.join(work, 'sleeper.js'), SLEEPER);
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-mcp-outside-'));
  rootFolders = [ROOT, work];
  mark = randomUUID();
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: ROOT,
    env: environment({ BPDIFF_TEST_MARK: mark }),
    stderr: 'pipe',
  });
  // Progress lines go to stderr: read them, so the pipe never fills.
  transport.stderr?.on('data', () => undefined);
  client = new Client({ name: 'bpdiff-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({
    roots: rootFolders.map((dir) => ({ uri: pathToFileURL(dir).href, name: path.basename(dir) })),
  }));
  await client.connect(transport);
  // Every progress notification as it arrives: the SDK's client hands a notification to the call's
  // onprogress a microtask late, after it took the response read in the same chunk (a loaded machine
  // reads them together), and by then it has dropped the call's progress handler.
  const dispatch = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'notifications/progress')
      progressSeen.push(String((message.params as { message?: unknown } | undefined)?.message ?? ''));
    dispatch?.(message);
  };
});

afterAll(async () => {
  await client?.close();
  // The server exits when its stdin closes: nothing it started is left.
  if (mark) expect(await leftoverProcesses(mark)).toEqual([]);
  if (work) fs.rmSync(work, { recursive: true, force: true });
  if (outside) fs.rmSync(outside, { recursive: true, force: true });
});

/** Processes the server started that are still alive (the server itself left out). */
async function leftByRuns(): Promise<string[]> {
  return (await leftoverProcesses(mark)).filter((line) => Number(line.split(' ')[0]) !== transport.pid);
}

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

it("lists compare, capture, diff_captures, locate and doctor, with their input schemas and the documents' schemas as output schemas", async () => {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['compare', 'capture', 'diff_captures', 'locate', 'doctor']);
  expect(tools.find((tool) => tool.name === 'locate')!.outputSchema?.['$id']).toBe(
    'https://bpdiff.dev/schemas/breakpoint-comparison.schema.json',
  );
  const compare = tools.find((tool) => tool.name === 'compare')!;
  expect(compare.inputSchema.required).toEqual(['bp', 'run_a', 'run_b']);
  expect(Object.keys(compare.inputSchema.properties!)).toEqual(
    expect.arrayContaining([
      'bp',
      'condition',
      'run_a',
      'run_b',
      'fail_on',
      'depth',
      'max_children',
      'ignore',
      'tolerance',
      'timeout',
      'hit',
      'first_divergence',
      'max_hits',
      'watch',
      'watch_only',
    ]),
  );
  expect(compare.outputSchema?.['$id']).toBe('https://bpdiff.dev/schemas/breakpoint-comparison.schema.json');
  expect(tools.find((tool) => tool.name === 'capture')!.outputSchema?.['$id']).toBe(
    'https://bpdiff.dev/schemas/run-capture.schema.json',
  );
  // What each does to the world: compare, capture and locate run programs; diff_captures only reads.
  expect(
    Object.fromEntries(
      tools.map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.openWorldHint]]),
    ),
  ).toEqual({
    compare: [false, true],
    capture: [false, true],
    diff_captures: [true, false],
    locate: [false, true],
    doctor: [true, false],
  });
  // The instructions name every tool and every language.
  const instructions = client.getInstructions() ?? '';
  for (const word of [
    ...tools.map((tool) => tool.name),
    'Python',
    'Node.js',
    'TypeScript',
    'Go',
    'C++',
    'Rust',
    'Java',
    'Kotlin',
    'Scala',
    'Ruby',
    'Fortran',
  ])
    expect(instructions).toContain(word);
});

describeWithTool('doctor on this machine', 'python3', pythonInstalled, () => {
  it('lists the adapters installed here, as bpdiff doctor does, and what a missing one needs; a definition outside the roots is refused', async () => {
    const result = (await client.callTool({ name: 'doctor', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const { adapters } = result.structuredContent as {
      adapters: Array<{ id: string; name: string; ok: boolean; version: string | null; install: string }>;
    };
    // Every built-in adapter, each with the command that installs it; the Python one found here.
    expect(adapters.map((adapter) => adapter.id)).toEqual(expect.arrayContaining(['python', 'node', 'go', 'java']));
    for (const adapter of adapters) expect(adapter.install).not.toBe('');
    const python = adapters.find((adapter) => adapter.id === 'python')!;
    expect(python.ok).toBe(true);
    expect(text(result)).toMatch(/^ok +python +/m);
    const outsideRoots = (await client.callTool({
      name: 'doctor',
      arguments: { adapter_config: '/etc/passwd' },
    })) as CallToolResult;
    expect(outsideRoots.isError).toBe(true);
    expect(text(outsideRoots)).toMatch(/^adapter_config "\/etc\/passwd" is outside the client's roots/);
    const unknown = (await client.callTool({ name: 'doctor', arguments: { adapter: 'python' } })) as CallToolResult;
    expect(text(unknown)).toBe('doctor takes no argument "adapter" — give adapter_config or nothing');
  });
});

describeWithTool('locate on the Python example', 'python3', pythonInstalled, () => {
  it('finds where the runs part ways, with progress notifications and the way back in the text', async () => {
    const since = progressSeen.length;
    const shop = path.join(EXAMPLES, 'locate/python');
    const result = (await client.callTool(
      {
        name: 'locate',
        arguments: {
          run_a: { command: ['python3', 'shop.py'], cwd: path.join(shop, 'v1') },
          run_b: { command: ['python3', 'shop.py'], cwd: path.join(shop, 'v2') },
        },
      },
      undefined,
      { onprogress: () => undefined },
    )) as CallToolResult;
    // Calls run one at a time: what came since is this call's.
    const progress = progressSeen.slice(since);
    expect(result.isError).toBeFalsy();
    const doc = result.structuredContent as unknown as ComparisonDoc;
    expect(validateComparison(doc).errors).toEqual([]);
    expect(doc.breakpoint).toEqual({ file: 'shop.py', line: 7 });
    // The walk by effects (the default): the same line as the walk into every line, its point not pass-counted.
    expect(doc.analysis_hints[0]).toMatch(
      /^the runs part ways after shop\.py:7 in discount\(\) \(step \d+\): A goes on to line 6, B to line 11 \(line 8 in A's copy\)$/,
    );
    expect(result._meta?.['bpdiff/exit_code']).toBe(1);
    expect(text(result)).toContain('- to compare the runs there again: bpdiff --bp shop.py:7 --first-divergence ');
    expect((doc as { locate?: { kind: string; mode: string } }).locate).toMatchObject({
      kind: 'path',
      mode: 'effects',
    });
    expect(progress.some((line) => line.includes('by effects'))).toBe(true);
    expect(await leftByRuns()).toEqual([]);
  });
});

describeWithTool('compare on the Python example', 'python3', pythonInstalled, () => {
  it('finds rate 0.1 -> 1.0, with progress notifications, the context and hints as text', async () => {
    const since = progressSeen.length;
    const result = (await client.callTool(
      {
        name: 'compare',
        arguments: {
          bp: 'pricing.py:34',
          condition: 'item.qty > 3',
          run_a: { command: ['python3', 'pricing.py', '10'], cwd: path.join(PRICING, 'v1') },
          run_b: { command: ['python3', 'pricing.py', '10'], cwd: path.join(PRICING, 'v2') },
        },
      },
      undefined,
      { onprogress: () => undefined },
    )) as CallToolResult;
    // Calls run one at a time: what came since is this call's.
    const progress = progressSeen.slice(since);
    expect(result.isError).toBeFalsy();
    const doc = result.structuredContent as unknown as ComparisonDoc;
    expect(validateComparison(doc).errors).toEqual([]);
    expect(doc.diff.changed['rate']).toEqual({ a: '0.1', b: '1.0' });
    expect(doc.run_a.status).toBe('break');
    expect(doc.run_b.location).toMatchObject({ file: 'pricing.py', line: 34 });
    expect(result._meta?.['bpdiff/exit_code']).toBe(1);
    expect(text(result)).toContain(doc.context!);
    expect(text(result)).toContain('- rate is 0.1 in A and 1.0 in B');
    expect(progress.some((line) => line.includes('waiting for'))).toBe(true);
    expect(await leftByRuns()).toEqual([]);
  });
});

describeWithTool(
  'the Node example, a bad breakpoint and a cancelled call',
  'the built Node adapter (npm run build)',
  adapterBuilt,
  () => {
    const cart = (version: string) => ({ command: ['node', 'checkout.js'], cwd: path.join(CART, version) });

    it('compare finds discount 224 -> 220 and net 1270 -> 1274', async () => {
      const result = (await client.callTool({
        name: 'compare',
        arguments: { bp: 'cart.js:31', run_a: cart('v1'), run_b: cart('v2') },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const doc = result.structuredContent as unknown as ComparisonDoc;
      expect(doc.diff.changed).toEqual({ discount: { a: '224', b: '220' }, net: { a: '1270', b: '1274' } });
      expect(doc.run_a.variables).toMatchObject({ gross: '1494', rate: '0.15' });
      expect(await leftByRuns()).toEqual([]);
    });

    it('capture, then diff_captures on a capture object and a capture file, agree with compare', async () => {
      const captured = await Promise.all(
        ['v1', 'v2'].map(
          async (version) =>
            (await client.callTool({
              name: 'capture',
              arguments: { bp: 'cart.js:31', run: cart(version) },
            })) as CallToolResult,
        ),
      );
      for (const one of captured) {
        expect(one.isError).toBeFalsy();
        expect(validateCapture(one.structuredContent).errors).toEqual([]);
        expect(text(one)).toMatch(/^capture stopped at cart\.js:31: \d+ variables/);
      }
      const file = path.join(work, 'v2.json');
      fs.writeFileSync(file, JSON.stringify(captured[1]!.structuredContent));
      const result = (await client.callTool({
        name: 'diff_captures',
        arguments: { capture_a: captured[0]!.structuredContent, capture_b: file, label_a: 'v1', label_b: 'v2' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const doc = result.structuredContent as unknown as ComparisonDoc;
      expect(doc.diff.changed).toEqual({ discount: { a: '224', b: '220' }, net: { a: '1270', b: '1274' } });
      expect([doc.run_a.label, doc.run_b.label]).toEqual(['v1', 'v2']);
    });

    it("a bad breakpoint is a tool error: one line, the CLI's message", async () => {
      const result = (await client.callTool({
        name: 'compare',
        arguments: { bp: 'cart.js', run_a: cart('v1'), run_b: cart('v2') },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const cli = await runBpdiff(['--bp', 'cart.js', '--', 'node', 'checkout.js', '--', 'node', 'checkout.js']);
      expect(cli.exitCode, cli.stderr).toBe(2);
      // The CLI's message, in the tool's argument names (bp, not --bp).
      expect(cli.stderr.trim()).toBe(
        'bpdiff: --bp "cart.js" has no line number — write it as FILE:LINE, e.g. --bp src/app.py:42',
      );
      expect(text(result)).toBe('bp "cart.js" has no line number — write it as FILE:LINE, e.g. bp src/app.py:42');
      // An option's value too.
      const depth = (await client.callTool({
        name: 'compare',
        arguments: { bp: 'cart.js:31', run_a: cart('v1'), run_b: cart('v2'), max_children: 0 },
      })) as CallToolResult;
      expect(depth.isError).toBe(true);
      expect(text(depth)).toBe('max_children "0" is not a whole number from 1 up — give e.g. max_children 100');
      // A run's own value: run_a.bp, not --bp-a.
      const own = (await client.callTool({
        name: 'compare',
        arguments: { run_a: { ...cart('v1'), bp: 'cart.js:31' }, run_b: cart('v2') },
      })) as CallToolResult;
      expect(text(own)).toBe(
        'run B has no breakpoint (run_a.bp is given, run_b.bp and bp are not) — add run_b.bp FILE:LINE, or bp for both runs',
      );
    });

    it('a cancelled call on a program that never reaches its breakpoint kills its runs', async () => {
      const controller = new AbortController();
      let running: () => void = () => undefined;
      const waiting = new Promise<void>((resolve) => (running = resolve));
      const call = client.callTool(
        {
          name: 'capture',
          arguments: { bp: 'sleeper.js:3', run: { command: ['node', 'sleeper.js'], cwd: work }, timeout: 3600 },
        },
        undefined,
        {
          signal: controller.signal,
          onprogress: (notification) => {
            if (notification.message?.includes('waiting for')) running();
          },
        },
      );
      await waiting;
      // The program is running under its adapter.
      expect((await leftByRuns()).some((line) => line.includes('sleeper.js'))).toBe(true);
      controller.abort();
      await expect(call).rejects.toThrow(/abort/i);
      // Calls run one at a time: this one is answered once the cancelled call has killed its runs (its
      // --timeout is an hour: without the cancel, the test would time out here).
      const next = (await client.callTool({ name: 'compare', arguments: { bp: 'x' } })) as CallToolResult;
      expect(text(next)).toBe('bp "x" has no line number — write it as FILE:LINE, e.g. bp src/app.py:42');
      expect(await leftByRuns()).toEqual([]);
    });
  },
);

describeWithTool('a closed stdin or SIGTERM', 'the built Node adapter (npm run build)', adapterBuilt, () => {
  it.each([
    ['a closed stdin', 0],
    ['SIGTERM', 143],
  ] as const)(
    '%s ends the server (exit %i) and the runs in flight; stdout held nothing but protocol',
    async (how, exitCode) => {
      const own = randomUUID();
      const server = execa(process.execPath, [BIN, 'mcp'], {
        cwd: work,
        env: { BPDIFF_TEST_MARK: own },
        reject: false,
        stdin: 'pipe',
        buffer: { stdout: true, stderr: true },
      });
      const send = (message: object): void => void server.stdin!.write(`${JSON.stringify(message)}\n`);
      let running: () => void = () => undefined;
      const waiting = new Promise<void>((resolve) => (running = resolve));
      let pending = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        if (/"method":"notifications\/progress".*waiting for/.test(pending)) running();
      });
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: LATEST_PROTOCOL_VERSION,
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'capture',
          arguments: { bp: 'sleeper.js:3', run: { command: ['node', 'sleeper.js'] }, timeout: 3600 },
          _meta: { progressToken: 'p' },
        },
      });
      await waiting;
      if (how === 'SIGTERM') server.kill('SIGTERM');
      else server.stdin!.end();
      const ended = await server;
      expect(ended.exitCode, ended.stderr).toBe(exitCode);
      for (const line of String(ended.stdout)
        .split('\n')
        .filter((one) => one !== ''))
        expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
      expect(await leftoverProcesses(own)).toEqual([]);
    },
  );
});

describe("every path a call is given stays in the client's roots (issue 34)", () => {
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const pricing = (version: string) => ({ command: ['python3', 'pricing.py', '10'], cwd: path.join(PRICING, version) });

  it('a breakpoint file, a capture, a working folder or a stdin file outside the roots is a tool error naming them; nothing is read', async () => {
    const roots = `the client's roots (${fs.realpathSync(ROOT)}, ${fs.realpathSync(work)})`;
    const passwd = await call('compare', { bp: '/etc/passwd:1', run_a: pricing('v1'), run_b: pricing('v2') });
    expect(passwd.isError).toBe(true);
    expect(text(passwd)).toBe(
      `bp "/etc/passwd" is outside ${roots}: bpdiff mcp reads and runs only there — give a path inside one of them, or have the client add the folder to its roots`,
    );
    expect(text(await call('diff_captures', { capture_a: '/etc/passwd', capture_b: '/etc/passwd' }))).toMatch(
      /^capture_a "\/etc\/passwd" is outside the client's roots/,
    );
    // A link inside a root to a file outside it: its real path is outside.
    fs.symlinkSync('/etc/passwd', path.join(work, 'passwd.json'));
    const linked = await call('diff_captures', {
      capture_a: path.join(work, 'passwd.json'),
      capture_b: path.join(work, 'passwd.json'),
    });
    expect(text(linked)).toMatch(/^capture_a ".*passwd\.json" is outside the client's roots/);
    expect(text(linked)).not.toContain('root:');
    expect(text(await call('capture', { bp: 'pricing.py:34', run: { ...pricing('v1'), cwd: outside } }))).toMatch(
      /^run\.cwd ".*" is outside the client's roots/,
    );
    expect(
      text(
        await call('compare', {
          bp: 'pricing.py:34',
          stdin_file: '/etc/hostname',
          run_a: pricing('v1'),
          run_b: pricing('v2'),
        }),
      ),
    ).toMatch(/^stdin_file "\/etc\/hostname" is outside/);
    expect(
      text(
        await call('locate', {
          every_line: true,
          from: '../../../../../../../../etc/passwd:1:2',
          run_a: pricing('v1'),
          run_b: pricing('v2'),
        }),
      ),
    ).toMatch(/^from "\.\.\/.*passwd" is outside/);
  });

  it('a folder the client adds to its roots (notifications/roots/list_changed) is read from then on', async () => {
    const file = path.join(outside, 'v1.json');
    fs.writeFileSync(file, JSON.stringify(makeCapture({ variables: PRICING_V1, types: PRICING_TYPES })));
    const before = await call('diff_captures', { capture_a: file, capture_b: file });
    expect(text(before)).toMatch(/^capture_a ".*v1\.json" is outside the client's roots/);
    rootFolders = [ROOT, work, outside];
    await client.sendRootsListChanged();
    // The notification is handled before the next call (one stream, in order).
    const after = await call('diff_captures', { capture_a: file, capture_b: file });
    expect(after.isError, text(after)).toBeFalsy();
    expect(after._meta?.['bpdiff/exit_code']).toBe(0);
    rootFolders = [ROOT, work];
    await client.sendRootsListChanged();
  });

  it('a client that declares no roots: the folder the server was started in', async () => {
    const own = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: work,
      env: environment({ BPDIFF_TEST_MARK: mark }),
      stderr: 'pipe',
    });
    own.stderr?.on('data', () => undefined);
    const bare = new Client({ name: 'bpdiff-test-no-roots', version: '1.0.0' });
    await bare.connect(own);
    try {
      const refused = (await bare.callTool({
        name: 'diff_captures',
        arguments: { capture_a: '/etc/passwd', capture_b: 'v.json' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(text(refused)).toBe(
        `capture_a "/etc/passwd" is outside ${fs.realpathSync(work)}, the folder bpdiff mcp was started in (the client declares no roots): bpdiff mcp reads and runs only there — give a path inside it, or have the client declare the folder among its roots (MCP roots)`,
      );
    } finally {
      await bare.close();
    }
  });

  it('a file that is not JSON is refused without a word of it; an 11 MB path is cut in a bounded answer', async () => {
    fs.writeFileSync(path.join(work, 'shadow.json'), 'root:x:0:0:root:/root:/bin/bash\n');
    const notJson = await call('diff_captures', {
      capture_a: path.join(work, 'shadow.json'),
      capture_b: path.join(work, 'shadow.json'),
    });
    expect(text(notJson)).toBe(
      `${path.join(work, 'shadow.json')} is not valid JSON (at line 1, column 1: no JSON document starts there) — pass a run capture saved by bpdiff`,
    );
    const long = 'a'.repeat(11_000_000);
    const cut = await call('diff_captures', { capture_a: long, capture_b: long });
    expect(cut.isError).toBe(true);
    expect(JSON.stringify(cut).length).toBeLessThan(9000);
    expect(text(cut)).toMatch(/^capture_a "a{199}… \[11000002 characters\] is outside the client's roots/);
  });
});
