// Redaction in the CLI (src/cli/redaction.ts) with a stand-in engine: one redactor per invocation
// handed to the engine, every text on stdout, stderr, -o and --save-captures scrubbed, --no-redact
// said on stderr.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli/run-cli.js';
import { NO_REDACT_NOTICE } from '../../../src/cli/redaction.js';
import type { IoDeps, Io } from '../../../src/intake/io.js';
import { BpdiffError } from '../../../src/errors.js';
import type { RunCapture } from '../../../src/core/types.js';
import type { RunsHooks } from '../../../src/run/two-runs.js';
import { makeCapture } from '../fixtures/captures.js';

const PASSWORD = 'argv-pass-1234';
const ENV_TOKEN = 'env-token-5678';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl';
const SECRETS = [PASSWORD, ENV_TOKEN, JWT];

let dir: string;
let out: string[];
let err: string[];
let io: Io;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-redact-'));
  fs.writeFileSync(path.join(dir, 'app.py'), 'x = 1\ny = 2\n');
  out = [];
  err = [];
  io = { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), stdoutIsTTY: false, env: {}, cwd: dir };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const argv = (...flags: string[]): string[] => [
  '--bp',
  'app.py:2',
  '--env-b',
  `API_TOKEN=${ENV_TOKEN}`,
  ...flags,
  '--',
  'python3',
  'app.py',
  '--password',
  PASSWORD,
  '--',
  'python3',
  'app.py',
];

/** An engine that leaks every secret into its captures' free text (as a program printing them would). */
function leaky(seen: { hooks?: RunsHooks }): IoDeps {
  return {
    captureRuns: async (specs, _options, hooks) => {
      seen.hooks = hooks;
      hooks?.log?.(`[A] started with ${PASSWORD}`);
      const a: RunCapture = {
        ...makeCapture({ variables: { note: `'${JWT}'`, qty: '1' } }),
        output: { stdout_tail: `pw ${PASSWORD}\n`, stderr_tail: `token ${ENV_TOKEN}\n`, truncated: false },
      };
      const b = makeCapture({ side: 'b', noBreak: { kind: 'exception', message: `ValueError: ${PASSWORD}` } });
      return [{ ...a, run: { ...a.run, command: specs[0].argv.join(' ') } }, b];
    },
  };
}

function everything(): string {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  return [...out, ...err, ...files].join('\n');
}

describe('redaction in the CLI', () => {
  it('hands one redactor to the engine and keeps every secret out of stdout, stderr, -o and --save-captures', async () => {
    for (const format of ['json', 'text', 'markdown', 'github']) {
      const seen: { hooks?: RunsHooks } = {};
      expect(await runCli(argv('--format', format), io, leaky(seen))).toBe(1);
      expect(seen.hooks?.redactor).toBeDefined();
      expect(
        await runCli(argv('--format', format, '-o', `out.${format}`, '--save-captures', 'caps'), io, leaky(seen)),
      ).toBe(1);
    }
    const text = everything();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toMatch(/<redacted:[0-9a-f]{6}>/);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'caps/capture-a.json'), 'utf8')).output.stdout_tail).toMatch(
      /^pw <redacted:[0-9a-f]{6}>\n$/,
    );
  });

  it('scrubs the one-line error of a failed run and of bpdiff itself', async () => {
    const broken: IoDeps = {
      captureRuns: async () => {
        throw new BpdiffError('CONDITION_ERROR', `the condition failed: invalid literal '${PASSWORD}' — fix it`);
      },
    };
    expect(await runCli(argv('--quiet'), io, broken)).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).not.toContain(PASSWORD);
    expect(err[0]).toMatch(/invalid literal '<redacted:[0-9a-f]{6}>'/);
    err = [];
    expect(await runCli(['--bp', 'app.py:2', `--bogus=${JWT}`, '--', 'a', '--', 'b'], io, broken)).toBe(2);
    expect(err.join('')).not.toContain(JWT);
  });

  it('--no-redact shows values as captured and says so on stderr', async () => {
    const seen: { hooks?: RunsHooks } = {};
    expect(await runCli(argv('--no-redact', '--quiet'), io, leaky(seen))).toBe(1);
    expect(seen.hooks?.redactor).toBeUndefined();
    expect(err[0]).toBe(`${NO_REDACT_NOTICE}\n`);
    expect(out.join('')).toContain(JWT);
  });

  it('uses BPDIFF_REDACT_KEY when it is set: the same markers in two invocations', async () => {
    const markers: string[] = [];
    for (let i = 0; i < 2; i++) {
      out = [];
      expect(await runCli(argv('--quiet'), { ...io, env: { BPDIFF_REDACT_KEY: 'ci-key' } }, leaky({}))).toBe(1);
      markers.push(JSON.parse(out.join('')).run_a.variables.note);
    }
    expect(markers[0]).toMatch(/^'<redacted:[0-9a-f]{6}>'$/);
    expect(markers[1]).toBe(markers[0]);
  });
});
