// The BUILT bin on a real terminal: a pseudo-terminal made by util-linux's `script`, as a person's
// shell gives one. No --format: text on the terminal, the JSON document when stdout is piped (CI and
// agents pipe, so what they read does not change), and whenever a format is asked for, a config
// file's `format` key included.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuiltBin } from '../support/built-bin.js';
import {
  expectValidComparison,
  makeCapture,
  PRICING_TYPES,
  PRICING_V1,
  PRICING_V2,
} from '../unit/fixtures/captures.js';

let tmp: string;

beforeAll(async () => {
  await ensureBuiltBin();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-tty-'));
  const write = (name: string, value: unknown): void => fs.writeFileSync(path.join(tmp, name), JSON.stringify(value));
  const resolved = path.join(tmp, 'pricing.py');
  write('v1.json', makeCapture({ variables: PRICING_V1, types: PRICING_TYPES, resolvedFile: resolved }));
  write('v2.json', makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES, resolvedFile: resolved }));
  fs.mkdirSync(path.join(tmp, 'checks', '.git'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'checks', 'price.py'), 'import sys\nrate = float(sys.argv[1])\ntotal = rate * 3\n');
}, 180_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const quote = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/** bpdiff with its stdout on a pseudo-terminal; what the terminal showed, with its CRLF made LF. */
async function onTerminal(args: string[], cwd = tmp): Promise<{ exitCode: number; shown: string }> {
  const command = ['node', BIN, ...args].map(quote).join(' ');
  const result = await execa('script', ['-qec', command, '/dev/null'], {
    cwd,
    reject: false,
    // Not in CI (the suite's own CI sets it): a check records its first baseline, as on a developer's machine.
    env: { NO_COLOR: '1', TERM: 'xterm', CI: '' },
    stdin: 'ignore',
  });
  return { exitCode: result.exitCode ?? -1, shown: String(result.stdout).replaceAll('\r\n', '\n') };
}

function piped(args: string[], cwd = tmp): Promise<{ exitCode?: number; stdout: unknown }> {
  return execa('node', [BIN, ...args], { cwd, reject: false, env: { NO_COLOR: '1', CI: '' }, stdin: 'ignore' });
}

describe('no --format: text on a terminal, JSON when piped', () => {
  it('bpdiff diff: the text writer on the terminal, the document when piped, redirected or asked', async () => {
    const terminal = await onTerminal(['diff', 'v1.json', 'v2.json']);
    expect(terminal.exitCode).toBe(1);
    expect(terminal.shown).toContain('rate\n  ± value change (up 0.9, 10x)\n  - A  0.1\n  + B  1.0\n');
    expect(terminal.shown).toContain('2 changed, 5 unchanged, 0 only in A, 0 only in B');
    expect(terminal.shown).not.toContain('"$schema"');

    const pipe = await piped(['diff', 'v1.json', 'v2.json']);
    expect(pipe.exitCode).toBe(1);
    expectValidComparison(JSON.parse(String(pipe.stdout)));

    const asked = await onTerminal(['diff', 'v1.json', 'v2.json', '--format', 'json']);
    expect(asked.exitCode).toBe(1);
    expectValidComparison(JSON.parse(asked.shown));

    const toFile = await onTerminal(['diff', 'v1.json', 'v2.json', '-o', 'saved.json']);
    expect(toFile.shown).toBe('');
    expectValidComparison(JSON.parse(fs.readFileSync(path.join(tmp, 'saved.json'), 'utf8')));
  });

  it("a config file's format key is asked for: it holds on the terminal", async () => {
    const folder = path.join(tmp, 'configured');
    fs.mkdirSync(path.join(folder, '.git'), { recursive: true });
    for (const name of ['v1.json', 'v2.json']) fs.copyFileSync(path.join(tmp, name), path.join(folder, name));
    fs.writeFileSync(path.join(folder, 'bpdiff.config.json'), JSON.stringify({ format: 'markdown' }));
    const terminal = await onTerminal(['diff', 'v1.json', 'v2.json'], folder);
    expect(terminal.exitCode).toBe(1);
    expect(terminal.shown).toContain('### ❌ bpdiff at `pricing.py:34`: 2 changed, 5 unchanged');
  });

  it('bpdiff check (a live run): the checks as text with the accept line and the tally, piped the one JSON shape', async () => {
    const folder = path.join(tmp, 'checks');
    const config = (rate: string): void =>
      fs.writeFileSync(
        path.join(folder, 'bpdiff.config.json'),
        JSON.stringify({ checks: { price: { bp: 'price.py:3', cmd: ['python3', 'price.py', rate] } } }),
      );
    config('0.5');
    expect((await piped(['check', '-q'], folder)).exitCode).toBe(0);
    config('0.25');
    const terminal = await onTerminal(['check', '-q'], folder);
    expect(terminal.exitCode).toBe(1);
    expect(terminal.shown).toContain(
      'rate\n  ± value change (down 0.25, -50%)\n  - baseline  0.5\n  + B         0.25\n',
    );
    expect(terminal.shown).toContain('to accept: `bpdiff check -u price`, then commit `.bpdiff/baselines/`');
    expect(terminal.shown).toContain('checks: 1 failed, 0 passed, 1 total');

    const pipe = await piped(['check', '-q'], folder);
    expect(pipe.exitCode).toBe(1);
    expect(Object.keys(JSON.parse(String(pipe.stdout)).checks)).toEqual(['price']);
  });
});
