// One redaction for every output (issue 21 item 5): the same secret-laden comparison through the CLI,
// the library and the MCP server, and every text each gives back searched for the secrets: every
// field of every result (keys too), the tool results' text, stdout, stderr, progress lines and
// notifications, error messages, and the files -o and --save-captures write. The secrets stand where
// the caller typed them too: the run's folder is named like a GitHub token (so the breakpoint path,
// the cwd, the frames and the context hold it), the condition and a --watch expression quote the
// password, and a run's environment gives the API token. bpdiff locate goes through each front door
// too: its progress lines, the hints that say where the runs part ways, the context's stacks and the
// reproduction command (which repeats the folder, the environment and the commands).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { capture, compare, diffCaptures } from '../../src/index.js';
import { locate } from '../../src/library/locate.js';
import { BIN, ROOT, describeWithTool, runBpdiff, type BpdiffRun } from './helpers.js';

const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');
const PASSWORD_A = 'hunter2-alpha-front';
const PASSWORD_B = 'hunter2-bravo-front';
const TOKEN = 'tok-front-door-7654321';
/** A folder named like a GitHub token: it is in every path of the run. */
const FOLDER_TOKEN = `ghp_${'Fr0nTd00r'.repeat(4)}`;
const SECRETS = [PASSWORD_A, PASSWORD_B, TOKEN, FOLDER_TOKEN, 'pk-alice-0123456789', 'pk-bob-0123456789'];

let dir: string;
let cwd: string;
const texts: Array<[where: string, text: string]> = [];
const env = { BPDIFF_REDACT_KEY: 'front-door-key' };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-front-doors-'));
  cwd = path.join(dir, FOLDER_TOKEN);
  fs.mkdirSync(cwd);
  fs.copyFileSync(path.join(ROOT, 'test/fixtures/python/vault.py'), path.join(cwd, 'vault.py'));
  process.env['BPDIFF_REDACT_KEY'] = env.BPDIFF_REDACT_KEY;
});
afterAll(() => {
  delete process.env['BPDIFF_REDACT_KEY'];
  fs.rmSync(dir, { recursive: true, force: true });
});

const vault = (user: string, password: string): string[] => [
  'python3',
  'vault.py',
  '--user',
  user,
  '--password',
  password,
];
const condition = `password != '${PASSWORD_A}x'`;
const watch = `password == '${PASSWORD_A}'`;

/** Every string in a value, keys included, each with where it stands. */
function strings(value: unknown, where: string): Array<[string, string]> {
  if (typeof value === 'string') return [[where, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${where}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    [`${where} (key)`, key] as [string, string],
    ...strings(item, `${where}.${key}`),
  ]);
}

function keep(where: string, value: unknown): void {
  texts.push(...strings(value, where));
}

function keepFiles(where: string, folder: string): void {
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      texts.push([`${where}/${entry.name}`, fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')]);
  }
}

function keepRun(where: string, run: BpdiffRun): void {
  expect(run.leftovers).toEqual([]);
  texts.push([`${where} stdout`, run.stdout], [`${where} stderr`, run.stderr]);
}

function expectNoSecretAnywhere(): void {
  const found = texts.flatMap(([where, text]) =>
    SECRETS.filter((secret) => text.includes(secret)).map(
      (secret) =>
        `${secret} in ${where}: ${text.slice(Math.max(0, text.indexOf(secret) - 60), text.indexOf(secret) + secret.length + 20)}`,
    ),
  );
  expect(found).toEqual([]);
}

describeWithTool('one redaction for every front door', 'python3-debugpy', debugpyInstalled, () => {
  it('the CLI: stdout, stderr, -o in every format, --save-captures, bpdiff capture and diff, a one-line error', async () => {
    const out = path.join(dir, 'cli');
    fs.mkdirSync(out);
    const base = [
      '--bp',
      'vault.py:21',
      '--condition',
      condition,
      '--watch',
      watch,
      '--cwd',
      cwd,
      '--env-a',
      `API_TOKEN=${TOKEN}`,
    ];
    const live = await runBpdiff(
      [
        ...base,
        '--format',
        'json',
        '-o',
        path.join(out, 'result.json'),
        '--format',
        'markdown',
        '-o',
        path.join(out, 'result.md'),
        '--format',
        'text',
        '--save-captures',
        path.join(out, 'captures'),
        '--',
        ...vault('alice', PASSWORD_A),
        '--',
        ...vault('bob', PASSWORD_B),
      ],
      { env },
    );
    expect(live.exitCode, live.stderr).toBe(1);
    expect(live.stdout).toMatch(/password\n {2}± value change/);
    keepRun('cli compare', live);
    const github = await runBpdiff(
      [...base, '--format', 'github', '--', ...vault('alice', PASSWORD_A), '--', ...vault('bob', PASSWORD_B)],
      { env },
    );
    keepRun('cli github', github);
    const captured = await runBpdiff(
      [
        'capture',
        ...base.filter((word) => word !== '--env-a').map((word) => (word === `API_TOKEN=${TOKEN}` ? '--env' : word)),
        `API_TOKEN=${TOKEN}`,
        '-o',
        path.join(out, 'capture.json'),
        '--',
        ...vault('alice', PASSWORD_A),
      ],
      { env },
    );
    expect(captured.exitCode, captured.stderr).toBe(0);
    keepRun('cli capture', captured);
    const offline = await runBpdiff(
      ['diff', path.join(out, 'captures/capture-a.json'), path.join(out, 'capture.json'), '--format', 'text'],
      { env },
    );
    keepRun('cli diff', offline);
    // A refusal that names the run's folder.
    const refused = await runBpdiff(
      [
        '--bp',
        'vault.py:21',
        '--bp-b',
        'missing.py:3',
        '--cwd',
        cwd,
        '--',
        ...vault('alice', PASSWORD_A),
        '--',
        ...vault('bob', PASSWORD_B),
      ],
      { env },
    );
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /^bpdiff: the breakpoint file missing\.py does not exist for run B: .*<redacted:[0-9a-f]{6}>/,
    );
    keepRun('cli error', refused);
    // locate: where the runs part ways (argv differs at the first line of login), its hints and reproduction command.
    const located = await runBpdiff(
      [
        'locate',
        '--every-line',
        '--cwd',
        cwd,
        '--env-a',
        `API_TOKEN=${TOKEN}`,
        '--format',
        'json',
        '-o',
        path.join(out, 'locate.json'),
        '--format',
        'text',
        '--',
        ...vault('alice', PASSWORD_A),
        '--',
        ...vault('bob', PASSWORD_B),
      ],
      { env },
    );
    expect(located.exitCode, located.stderr).toBe(1);
    expect(located.stdout).toMatch(
      /to compare the runs there again: bpdiff --bp vault\.py:\d+ --cwd \S*<redacted:[0-9a-f]{6}> --env-a API_TOKEN=<redacted:[0-9a-f]{6}> -- /,
    );
    expect(located.stderr).toMatch(/walking A \(python3 vault\.py --user alice --password <redacted:[0-9a-f]{6}>\)/);
    keepRun('cli locate', located);
    keepFiles('cli files', out);
    // The context names the run's folder, as a marker.
    const doc = JSON.parse(fs.readFileSync(path.join(out, 'result.json'), 'utf8')) as {
      context: string;
      breakpoint: { condition: string };
    };
    expect(doc.context).toMatch(/ran in .*<redacted:[0-9a-f]{6}>/);
    expect(doc.breakpoint.condition).toMatch(/^password != '<redacted:[0-9a-f]{6}>x'$/);
    expectNoSecretAnywhere();
  });

  it('the library: compare, capture and diffCaptures, their progress lines and errors', async () => {
    const log: string[] = [];
    const input = { bp: 'vault.py:21', condition, watch: [watch], cwd, log: (line: string) => log.push(line) };
    const compared = await compare({
      ...input,
      run_a: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } },
      run_b: { command: vault('bob', PASSWORD_B) },
    });
    expect(compared.exit_code).toBe(1);
    keep('library compare', compared);
    const one = await capture({ ...input, run: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } } });
    keep('library capture', one);
    const offline = await diffCaptures(compared.captures[1], one, { label_a: 'B', label_b: 'capture' });
    keep('library diffCaptures', offline);
    const error = await compare({
      ...input,
      run_a: { command: vault('alice', PASSWORD_A) },
      run_b: { command: vault('bob', PASSWORD_B), bp: 'missing.py:3' },
    }).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    keep('library error', { message: (error as Error).message, stack: (error as Error).stack });
    const located = await locate({
      every_line: true,
      cwd,
      log: (line: string) => log.push(line),
      run_a: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } },
      run_b: { command: vault('bob', PASSWORD_B) },
    });
    expect(located.exit_code).toBe(1);
    expect(located.reproduce).toMatch(/--env-a API_TOKEN=<redacted:[0-9a-f]{6}>/);
    keep('library locate', located);
    keep('library log', log);
    expect(log.length).toBeGreaterThan(2);
    expectNoSecretAnywhere();
  });

  it('the MCP server: compare, capture and diff_captures, their text, structured content, progress and a tool error', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: dir,
      env: { ...(process.env as Record<string, string>), ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'front-doors', version: '1.0.0' });
    await client.connect(transport);
    try {
      const progress: string[] = [];
      const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
        const result = (await client.callTool({ name, arguments: args }, undefined, {
          onprogress: (notification) => progress.push(notification.message ?? ''),
        })) as CallToolResult;
        keep(`mcp ${name}`, result);
        return result;
      };
      const input = { bp: 'vault.py:21', condition, watch: [watch], cwd };
      const compared = await call('compare', {
        ...input,
        run_a: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } },
        run_b: { command: vault('bob', PASSWORD_B) },
      });
      expect(compared.isError).toBeFalsy();
      expect(compared._meta?.['bpdiff/exit_code']).toBe(1);
      const one = await call('capture', {
        ...input,
        run: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } },
      });
      expect(one.isError).toBeFalsy();
      const file = path.join(dir, 'mcp-capture.json');
      fs.writeFileSync(file, JSON.stringify(one.structuredContent));
      expect((await call('diff_captures', { capture_a: one.structuredContent, capture_b: file })).isError).toBeFalsy();
      const refused = await call('compare', {
        ...input,
        run_a: { command: vault('alice', PASSWORD_A) },
        run_b: { command: vault('bob', PASSWORD_B), bp: 'missing.py:3' },
      });
      expect(refused.isError).toBe(true);
      const located = await call('locate', {
        every_line: true,
        cwd,
        run_a: { command: vault('alice', PASSWORD_A), env: { API_TOKEN: TOKEN } },
        run_b: { command: vault('bob', PASSWORD_B) },
      });
      expect(located.isError).toBeFalsy();
      expect(located._meta?.['bpdiff/exit_code']).toBe(1);
      keep('mcp progress', progress);
      expect(progress.length).toBeGreaterThan(2);
    } finally {
      await client.close();
    }
    texts.push(['mcp stderr', stderr]);
    expectNoSecretAnywhere();
  });
});
