// Hostile files and configs (issue 21 items 1, 3, 4, 10), through the built bin: a symlink to
// /dev/zero (bpdiff grew by gigabytes a minute), a FIFO with no writer (it waited for ever) and a
// 100 MB file, each as a capture, a baseline and a config, are refused at once in one line, exit 2;
// a 100 MB capture under a raised limit is read and compared (it ended in "Maximum call stack size
// exceeded"); a config above a repository's root is not read; a million-entry config is one line.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuiltBin, expectRefusal } from '../support/built-bin.js';
import { makeCapture, PRICING_TYPES, PRICING_V1, PRICING_V2 } from '../unit/fixtures/captures.js';

let tmp: string;
const at = (name: string): string => path.join(tmp, name);
const HUNDRED_MB = 100 * 1000 * 1000;

beforeAll(async () => {
  await ensureBuiltBin();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-hostile-'));
  fs.symlinkSync('/dev/zero', at('zero.json'));
  execFileSync('mkfifo', [at('fifo.json')]);
  // 100 MB: a valid capture, padded with spaces after its last brace (JSON allows it).
  const capture = JSON.stringify(makeCapture({ variables: PRICING_V1, types: PRICING_TYPES }));
  fs.writeFileSync(at('big.json'), capture + ' '.repeat(HUNDRED_MB - capture.length));
  fs.writeFileSync(at('v1.json'), JSON.stringify(makeCapture({ variables: PRICING_V1, types: PRICING_TYPES })));
  fs.writeFileSync(
    at('v2.json'),
    JSON.stringify(makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES })),
  );
  fs.writeFileSync(at('pricing.py'), Array.from({ length: 40 }, (_, i) => `x${i} = ${i}`).join('\n'));
}, 180_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The bin, with a wall-clock bound: a hang is a failure here, not a test timeout. */
interface Ran {
  exitCode?: number;
  stdout: string;
  stderr: string;
}

async function bpdiff(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; withinMs?: number } = {},
): Promise<Ran> {
  const result = await execa('node', [BIN, ...args], {
    cwd: options.cwd ?? tmp,
    reject: false,
    env: { BPDIFF_REDACT_KEY: 'k', ...options.env },
    stdin: 'ignore',
    timeout: options.withinMs ?? 20_000,
  });
  expect(result.timedOut, `bpdiff ${args.join(' ')} ran past ${options.withinMs ?? 20_000} ms`).toBe(false);
  return {
    ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
    stdout: String(result.stdout),
    stderr: String(result.stderr),
  };
}

const KIND: Record<string, RegExp> = {
  zero: /is not a regular file \(it is a character device: \/dev\/zero\) — give the path of a regular file$/,
  fifo: /is not a regular file \(it is a FIFO \(named pipe\)(?:: \S+fifo\.json)?\) — give the path of a regular file$/,
  big: /is 100\.0 MB, over bpdiff's limit of 64 MiB for a file it reads — raise the limit with --max-input-bytes N/,
};

describe('a file that is not a regular file, or too large: one line, exit 2, at once', () => {
  for (const name of ['zero', 'fifo', 'big'] as const) {
    it(`${name}.json as a capture, a baseline and a config`, async () => {
      const file = at(`${name}.json`);
      expectRefusal(
        await bpdiff(['diff', file, 'v2.json']),
        new RegExp(`^bpdiff: run capture ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${KIND[name]!.source}`),
      );
      expectRefusal(await bpdiff(['diff', 'v1.json', file]), KIND[name]!);
      expectRefusal(await bpdiff(['--baseline', file, '--', 'python3', 'pricing.py']), KIND[name]!);
      expectRefusal(await bpdiff(['diff', '--config', file, 'v1.json', 'v2.json']), KIND[name]!);
      // Found upward, as bpdiff.config.json.
      const folder = fs.mkdtempSync(path.join(tmp, `found-${name}-`));
      fs.mkdirSync(path.join(folder, '.git'));
      name === 'big'
        ? fs.copyFileSync(file, path.join(folder, 'bpdiff.config.json'))
        : fs.symlinkSync(file, path.join(folder, 'bpdiff.config.json'));
      const found = await bpdiff(['diff', at('v1.json'), at('v2.json')], { cwd: folder });
      expectRefusal(found, KIND[name]!);
      expect(found.stderr).toMatch(/^bpdiff: the config .*\/bpdiff\.config\.json /);
      // bpdiff validate says the same of the file as bpdiff diff.
      expectRefusal(await bpdiff(['validate', file]), KIND[name]!);
    }, 120_000);
  }

  it('a 100 MB capture under a raised limit: validate and diff agree it is valid, and it is compared', async () => {
    const limit = ['--max-input-bytes', String(128 * 1024 * 1024)];
    const valid = await bpdiff(['validate', 'big.json', ...limit], { withinMs: 60_000 });
    expect(valid.exitCode, valid.stderr).toBe(0);
    const diff = await bpdiff(['diff', 'big.json', 'v2.json', ...limit], { withinMs: 60_000 });
    expect(diff.exitCode, diff.stderr).toBe(1);
    expect(JSON.parse(diff.stdout).diff.changed.rate).toEqual({ a: '0.1', b: '1.0' });
  }, 150_000);

  // A value of 20 million characters inside a quoted pair ended bpdiff diff in "Maximum call stack size exceeded".
  it('a capture holding a value of 20 million characters is compared, no recursion growing with it', async () => {
    const huge = makeCapture({
      variables: { ...PRICING_V1, note: `"token: '${'a'.repeat(20_000_000)}'"` },
      types: PRICING_TYPES,
    });
    fs.writeFileSync(at('huge.json'), JSON.stringify(huge));
    const diff = await bpdiff(['diff', 'huge.json', 'v2.json'], { withinMs: 120_000 });
    expect(diff.stderr).not.toMatch(/Maximum call stack/);
    expect(diff.exitCode, diff.stderr).toBe(1);
    const doc = JSON.parse(diff.stdout);
    expect(doc.diff.only_in_a).toEqual(['note']);
    // The pair's value was redacted (a `token: '...'` pair), whole.
    expect(doc.run_a.variables.note).toMatch(/^"token: '<redacted:[0-9a-f]{6}>'"$/);
  }, 150_000);

  it('invalid UTF-8 in a capture is said in a hint', async () => {
    const text = JSON.stringify(
      makeCapture({ variables: { ...PRICING_V1, name: "'caf\u00e9'" }, types: PRICING_TYPES }),
    );
    fs.writeFileSync(at('latin1.json'), Buffer.from(text, 'latin1'));
    const diff = await bpdiff(['diff', 'latin1.json', 'v1.json']);
    expect(JSON.parse(diff.stdout).analysis_hints.join('\n')).toContain(
      'latin1.json is not valid UTF-8: one byte sequence was read as the replacement character U+FFFD',
    );
  });
});

describe('configs', () => {
  // In the folder a repository was cloned into, `fail_on: never` turned a 4-change diff into exit 0.
  it('a config above the repository root is not read; one at the root is, and named on stderr and in the context', async () => {
    const parent = fs.mkdtempSync(path.join(tmp, 'clones-'));
    fs.writeFileSync(path.join(parent, 'bpdiff.config.json'), JSON.stringify({ fail_on: 'never' }));
    const repo = path.join(parent, 'repo');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.mkdirSync(path.join(repo, 'src'));
    const above = await bpdiff(['diff', at('v1.json'), at('v2.json')], { cwd: path.join(repo, 'src') });
    expect(above.exitCode).toBe(1);
    expect(above.stderr).toBe('');
    fs.writeFileSync(path.join(repo, 'bpdiff.config.json'), JSON.stringify({ fail_on: 'never' }));
    const own = await bpdiff(['diff', at('v1.json'), at('v2.json')], { cwd: path.join(repo, 'src') });
    expect(own.exitCode).toBe(0);
    expect(own.stderr).toBe(`bpdiff: using the options of ${path.join(repo, 'bpdiff.config.json')}`);
    expect(JSON.parse(own.stdout).context).toContain(`Config: ${path.join(repo, 'bpdiff.config.json')}`);
  });

  it('a config with a million ignore entries: one line, exit 2, in seconds', async () => {
    const folder = fs.mkdtempSync(path.join(tmp, 'million-'));
    fs.writeFileSync(
      path.join(folder, 'bpdiff.config.json'),
      JSON.stringify({ ignore: Array.from({ length: 1_000_000 }, (_, i) => `v${i}`) }),
    );
    const result = await bpdiff(['diff', at('v1.json'), at('v2.json')], { cwd: folder, withinMs: 30_000 });
    expectRefusal(
      result,
      /bpdiff\.config\.json: \/ignore: must NOT have more than 1000 items — see schema\/bpdiff-config\.schema\.json$/,
    );
  }, 60_000);
});

describe('nothing of a file in an error, and errors of bounded size (issue 34)', () => {
  it('a file that is not JSON, as a capture, a baseline, a config and to validate: its place said, not a word of it', async () => {
    fs.writeFileSync(at('passwd.json'), 'root:x:0:0:root:/root:/bin/bash\n');
    const place = 'is not valid JSON (at line 1, column 1: no JSON document starts there)';
    const runs = [
      await bpdiff(['diff', 'passwd.json', 'v2.json']),
      await bpdiff(['--baseline', 'passwd.json', '--', 'python3', 'pricing.py']),
      await bpdiff(['diff', '--config', 'passwd.json', 'v1.json', 'v2.json']),
    ];
    expectRefusal(
      runs[0]!,
      new RegExp(`^bpdiff: passwd\\.json ${place.replace(/[()]/g, '\\$&')} — pass a run capture saved by bpdiff$`),
    );
    expectRefusal(runs[1]!, /^bpdiff: passwd\.json is not valid JSON \(at line 1, column 1/);
    expectRefusal(
      runs[2]!,
      new RegExp(
        `^bpdiff: ${at('passwd.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${place.replace(/[()]/g, '\\$&')} — fix the file`,
      ),
    );
    const validated = await bpdiff(['validate', 'passwd.json']);
    expect(validated.exitCode).toBe(1);
    expect(validated.stdout).toBe(
      'invalid: passwd.json is not JSON (at line 1, column 1: no JSON document starts there)',
    );
    for (const run of [...runs, validated]) expect(run.stdout + run.stderr).not.toContain('root:x');
  });

  it('a path of 100,000 characters is cut in the one-line error, its length said (it was echoed whole)', async () => {
    const long = `${'a'.repeat(100_000)}.json`;
    const result = await bpdiff(['diff', long, 'v2.json']);
    expectRefusal(
      result,
      /^bpdiff: cannot read run capture a{200}… \[100006 characters\] ENAMETOOLONG: name too long, open '\/.*… \[\d+ characters\] — check the path and its permissions$/,
    );
    expect(result.stderr.length).toBeLessThan(1000);
  });
});
