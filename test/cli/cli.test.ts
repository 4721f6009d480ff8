// The BUILT bin, run as a user would: `node dist/bin/bpdiff.cjs ...`. `npm test` builds first; run
// on its own (npx vitest run test/cli), this file rebuilds when dist/ is missing or older than src/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa, type Result } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, ensureBuiltBin, expectRefusal } from '../support/built-bin.js';
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID } from '../../src/core/types.js';
import { helpRequests } from '../../src/cli/help-texts.js';
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
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-bin-'));
  fs.mkdirSync(path.join(tmp, 'a'));
  fs.mkdirSync(path.join(tmp, 'b'));
  fs.writeFileSync(path.join(tmp, 'a', 'x.py'), 'x = 1\n');
  fs.writeFileSync(path.join(tmp, 'b', 'x.py'), 'x = 2\n');
  fs.writeFileSync(
    path.join(tmp, 'pricing.py'),
    Array.from({ length: 40 }, (_, i) => (i === 33 ? '        total += line_total' : `# ${i + 1}`)).join('\n'),
  );
  const write = (name: string, value: unknown): void =>
    fs.writeFileSync(path.join(tmp, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  const resolved = path.join(tmp, 'pricing.py');
  write('v1.json', makeCapture({ variables: PRICING_V1, types: PRICING_TYPES, resolvedFile: resolved }));
  write(
    'v1-again.json',
    makeCapture({ side: 'b', variables: PRICING_V1, types: PRICING_TYPES, resolvedFile: resolved }),
  );
  write('v2.json', makeCapture({ side: 'b', variables: PRICING_V2, types: PRICING_TYPES, resolvedFile: resolved }));
  write('nobreak.json', makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 3 }, exitCode: 3 }));
  write('broken.json', '{"$schema": ');
  write('other.json', { hello: 'world' });
}, 180_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function bpdiff(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Result> {
  return execa('node', [BIN, ...args], {
    cwd: options.cwd ?? tmp,
    reject: false,
    env: { NO_COLOR: '', ...options.env },
    stdin: 'ignore',
  });
}

const out = (name: string): string => path.join(tmp, name);

/** Adds `-o target` among bpdiff's own options (before the first --), where the command accepts it. */
function withOutputFlag(args: string[], target: string): string[] {
  if (args.length === 0 || args[0] === 'validate') return args;
  const split = args.indexOf('--') === -1 ? args.length : args.indexOf('--');
  return [...args.slice(0, split), '-o', target, ...args.slice(split)];
}

describe('English whatever the locale', () => {
  it.each(['fr_FR.UTF-8', 'de_DE.UTF-8'])("%s: yargs's own words are English too", async (locale) => {
    const unknown = await bpdiff(['--bogus', '--', 'a', '--', 'b'], { env: { LANG: locale, LC_ALL: locale } });
    expect(unknown.stderr).toBe('bpdiff: unknown option --bogus — see the options in bpdiff --help');
    const missing = await bpdiff(['diff', 'a.json'], { env: { LANG: locale, LC_ALL: locale } });
    expect(missing.stderr).toBe(
      'bpdiff: not enough non-option arguments: got 1, need at least 2 — check the flags and arguments (see bpdiff --help)',
    );
  });
});

describe('bad input: one line on stderr, exit 2, nothing on stdout, no -o file', () => {
  const cmds = ['--', 'python3', 'x.py', '--', 'python3', 'x.py'];
  const bp = ['--bp', 'x.py:1', '--cwd-a', 'a', '--cwd-b', 'b'];
  it.each<[string, string[], RegExp]>([
    ['no arguments', [], /^bpdiff: no arguments given — give a breakpoint and two commands/],
    ['--bp missing', [...cmds], /^bpdiff: --bp is missing — /],
    ['--bp without a colon', ['--bp', 'x.py', ...cmds], /^bpdiff: --bp "x.py" has no line number — /],
    ['--bp line 0', ['--bp', 'x.py:0', ...cmds], /the line "0" is not a line number — /],
    ['--bp negative line', ['--bp', 'x.py:-3', ...cmds], /the line "-3" is not a line number — /],
    ['--bp not a number', ['--bp', 'x.py:ten', ...cmds], /the line "ten" is not a line number — /],
    [
      '--bp Windows path parses, then is missing',
      ['--bp', 'C:\\x.py:3', ...cmds],
      /^bpdiff: the breakpoint file C:\\x\.py does not exist for run A: .* — /,
    ],
    [
      'breakpoint file missing in run B',
      ['--bp', 'x.py:1', '--cwd-a', 'a', ...cmds],
      /^bpdiff: the breakpoint file x\.py does not exist for run B: .*\/x\.py \(resolved against .*\) — check --bp, or point --cwd-b/,
    ],
    ['one command', [...bp, '--', 'python3', 'x.py'], /^bpdiff: only one command given — /],
    ['three commands', [...bp, ...cmds, '--', 'python3', 'x.py'], /^bpdiff: 3 commands given .* — /],
    ['an empty command', [...bp, '--', '--', 'python3', 'x.py'], /^bpdiff: command A is empty .* — /],
    ['an unknown flag', [...bp, '--frobnicate', ...cmds], /^bpdiff: unknown option --frobnicate — /],
    [
      'a mistyped flag',
      [...bp, '--conditon', 'x > 1', ...cmds],
      /^bpdiff: unknown option --conditon — did you mean --condition\? \(see bpdiff --help\)$/,
    ],
    [
      'a negative timeout',
      [...bp, '--timeout', '-5', ...cmds],
      /^bpdiff: --timeout "-5" is not a number of seconds above 0 — /,
    ],
    ['a non-numeric timeout', [...bp, '--timeout', 'soon', ...cmds], /^bpdiff: --timeout "soon" is not /],
    ['a zero timeout', [...bp, '--timeout', '0', ...cmds], /^bpdiff: --timeout "0" is not /],
    [
      'a timeout past what a timer holds',
      [...bp, '--timeout', '3000000', ...cmds],
      /^bpdiff: --timeout "3000000" is more than it takes \(at most 86400 \(a day\)\) — /,
    ],
    [
      'a line that wraps in 32 bits',
      ['--bp', 'x.py:4294967297', '--cwd-a', 'a', '--cwd-b', 'b', ...cmds],
      /^bpdiff: --bp "x.py:4294967297": the line "4294967297" is not a line number — /,
    ],
    [
      'a line past the end of the file',
      ['--bp', 'x.py:2', '--cwd-a', 'a', '--cwd-b', 'b', ...cmds],
      /^bpdiff: --bp x.py:2 is past the end of the file: x.py has 1 line in run A — give a line from 1 to 1$/,
    ],
    [
      '--adapter-config missing',
      [...bp, '--adapter-config', 'none.json', ...cmds],
      /^bpdiff: --adapter-config none.json does not exist — /,
    ],
    ['--stdin-b missing', [...bp, '--stdin-b', 'none.txt', ...cmds], /^bpdiff: --stdin-b none.txt does not exist — /],
    [
      '--save-captures under a missing folder',
      [...bp, '--save-captures', 'nowhere/caps', ...cmds],
      /^bpdiff: cannot create --save-captures nowhere\/caps: the folder .*nowhere does not exist — /,
    ],
    [
      '--save-captures naming a file',
      [...bp, '--save-captures', 'v1.json', ...cmds],
      /^bpdiff: --save-captures v1.json is not a folder — /,
    ],
    [
      'diff of a missing file',
      ['diff', 'missing.json', 'v1.json'],
      /^bpdiff: run capture missing.json does not exist — /,
    ],
    [
      'diff of invalid JSON',
      ['diff', 'v1.json', 'broken.json'],
      /^bpdiff: broken.json is not valid JSON \(.*\) — pass a run capture/,
    ],
    [
      'diff of JSON that is not a capture',
      ['diff', 'other.json', 'v1.json'],
      /^bpdiff: other.json is not a run capture \(\(root\): must have required property .* — /,
    ],
    ['validate of a missing file', ['validate', 'missing.json'], /^bpdiff: file missing.json does not exist — /],
  ])('%s', async (_name, args, message) => {
    const target = out(`never-${Math.random().toString(36).slice(2)}.json`);
    const result = await bpdiff(withOutputFlag(args, target));
    expectRefusal(result, message);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a comparison document given to diff is named as such', async () => {
    const doc = await bpdiff(['diff', 'v1.json', 'v2.json']);
    fs.writeFileSync(out('result.json'), String(doc.stdout));
    const result = await bpdiff(['diff', 'result.json', 'v1.json']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'bpdiff: result.json is a comparison result, not a run capture — bpdiff diff compares two run captures (schema: bpdiff schema --capture)',
    );
  });
});

describe('bpdiff diff on saved captures', () => {
  it('identical captures: exit 0, a valid document that says so', async () => {
    const result = await bpdiff(['diff', 'v1.json', 'v1-again.json']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    const document = JSON.parse(String(result.stdout));
    expectValidComparison(document);
    expect(document.analysis_hints).toEqual(['No differences: all 7 variables are identical in A and B.']);
    expect(document.context).toContain('Source at line 34: total += line_total');
  });

  it('different captures: exit 1, the changes in the document', async () => {
    const result = await bpdiff(['diff', 'v1.json', 'v2.json']);
    expect(result.exitCode).toBe(1);
    const document = JSON.parse(String(result.stdout));
    expectValidComparison(document);
    expect(document.$schema).toBe(COMPARISON_SCHEMA_ID);
    expect(document.diff.changed).toEqual({ line_total: { a: '108.0', b: '0.0' }, rate: { a: '0.1', b: '1.0' } });
    expect(document.analysis_hints).toContain('rate is 0.1 in A and 1.0 in B (up 0.9, 10x).');
  });

  it('a run that did not stop is a difference: exit 1', async () => {
    const result = await bpdiff(['diff', 'v1.json', 'nobreak.json']);
    expect(result.exitCode).toBe(1);
    expect(JSON.parse(String(result.stdout)).analysis_hints[0]).toBe(
      'B exited with code 3 without reaching pricing.py:34.',
    );
  });

  it('--format text: labelled -/+ lines, the verb, "no differences"', async () => {
    const changed = await bpdiff([
      'diff',
      'v1.json',
      'v2.json',
      '--format',
      'text',
      '--label-a',
      'v1',
      '--label-b',
      'v2',
    ]);
    expect(changed.exitCode).toBe(1);
    expect(changed.stdout).toContain('rate\n  ± value change (up 0.9, 10x)\n  - v1  0.1\n  + v2  1.0');
    expect(changed.stdout).not.toContain('\u001b[');
    const same = await bpdiff(['diff', 'v1.json', 'v1-again.json', '--format', 'text']);
    expect(same.exitCode).toBe(0);
    expect(String(same.stdout).split('\n').at(-1)).toBe('no differences (7 variables identical)');
  });

  it('--format markdown gives a table fit for a pull request; --fail-on says when the exit status is 1', async () => {
    const markdown = await bpdiff(['diff', 'v1.json', 'v2.json', '--format', 'markdown']);
    expect(markdown.exitCode).toBe(1);
    expect(String(markdown.stdout).split('\n')[0]).toBe(
      '### ❌ bpdiff at `pricing.py:34`: 2 changed, 5 unchanged, 0 only in A, 0 only in B',
    );
    expect(markdown.stdout).toContain('| <code>rate</code> | <code>0.1</code> | <code>1.0</code> | up 0.9, 10x |');
    const github = await bpdiff(['diff', 'v1.json', 'v2.json', '--format', 'github']);
    expect(github.exitCode).toBe(1);
    expect(
      String(github.stdout)
        .split('\n')
        .filter((line) => line.startsWith('::error file=pricing.py,line=34,title=bpdiff%3A ')),
    ).toHaveLength(2);
    expect((await bpdiff(['diff', 'v1.json', 'v2.json', '--fail-on', 'never'])).exitCode).toBe(0);
    expect((await bpdiff(['diff', 'v1.json', 'v2.json', '--fail-on', 'changed'])).exitCode).toBe(1);
    expect((await bpdiff(['diff', 'v1.json', 'v1-again.json', '--fail-on', 'changed'])).exitCode).toBe(0);
  });

  it('-o writes the chosen format (the document by default) and keeps stdout empty', async () => {
    const result = await bpdiff(['diff', 'v1.json', 'v2.json', '-o', 'saved.json']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    const saved = fs.readFileSync(out('saved.json'), 'utf8');
    expect(saved.endsWith('}\n')).toBe(true);
    expectValidComparison(JSON.parse(saved));
    const text = await bpdiff(['diff', 'v1.json', 'v2.json', '-o', 'saved.txt', '--format', 'text']);
    expect(text.stdout).toBe('');
    expect(fs.readFileSync(out('saved.txt'), 'utf8')).toContain('2 changed, 5 unchanged, 0 only in A, 0 only in B');
  });
});

describe('bpdiff schema and validate', () => {
  it('schema prints the comparison schema; --capture the capture schema', async () => {
    const comparison = await bpdiff(['schema']);
    expect(comparison.exitCode).toBe(0);
    expect(JSON.parse(String(comparison.stdout)).$id).toBe(COMPARISON_SCHEMA_ID);
    expect(`${comparison.stdout}\n`).toBe(
      fs.readFileSync(path.join(ROOT, 'schema/breakpoint-comparison.schema.json'), 'utf8'),
    );
    const capture = await bpdiff(['schema', '--capture']);
    expect(JSON.parse(String(capture.stdout)).$id).toBe(CAPTURE_SCHEMA_ID);
  });

  it('validate: 0 and "valid" for a document or a capture, 1 and the problems otherwise', async () => {
    await bpdiff(['diff', 'v1.json', 'v2.json', '-o', 'doc.json']);
    const valid = await bpdiff(['validate', 'doc.json']);
    expect([valid.exitCode, valid.stdout]).toEqual([0, 'valid: doc.json is a valid comparison result']);
    const capture = await bpdiff(['validate', 'v1.json']);
    expect([capture.exitCode, capture.stdout]).toEqual([0, 'valid: v1.json is a valid run capture']);
    const doc = JSON.parse(fs.readFileSync(out('doc.json'), 'utf8'));
    doc.run_b.status = 'maybe';
    delete doc.analysis_hints;
    fs.writeFileSync(out('bad-doc.json'), JSON.stringify(doc));
    const invalid = await bpdiff(['validate', 'bad-doc.json']);
    expect(invalid.exitCode).toBe(1);
    expect(String(invalid.stdout).split('\n')).toEqual([
      'invalid: bad-doc.json is not a valid comparison result (2 problems)',
      "  (root): must have required property 'analysis_hints'",
      '  /run_b/status: must be equal to one of the allowed values ("break", "no_break")',
    ]);
    const notJson = await bpdiff(['validate', 'broken.json']);
    expect(notJson.exitCode).toBe(1);
    expect(notJson.stdout).toMatch(/^invalid: broken.json is not JSON/);
  });
});

describe('help and version', () => {
  it("--help is yargs' help and exits 0", async () => {
    const result = await bpdiff(['--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^bpdiff --bp FILE:LINE \[options\] -- CMD_A \[ARGS\.\.\.\] -- CMD_B \[ARGS\.\.\.\]/);
    for (const flag of [
      '--bp',
      '--condition',
      '--label-a',
      '--cwd-b',
      '--env-a',
      '--timeout',
      '--format',
      '-o, --output',
      '--adapter-config',
      '--max-value-length',
      '--scope',
      '--raw-values',
      '--exact-line',
      '--sequential',
      '--stdin-b',
      '--quiet',
    ]) {
      expect(result.stdout).toContain(flag);
    }
    expect(result.stdout).toContain('Exit status: 0 both runs stopped');
  });

  it('prints, for every help request, exactly what the yargs package renders, from the texts built into the bin', async () => {
    const requests = helpRequests();
    const script = `
      const { parseArgs } = await import(${JSON.stringify(path.join(ROOT, 'dist/src/cli/parse-args.js'))});
      const { loadYargs } = await import(${JSON.stringify(path.join(ROOT, 'dist/src/cli/load-yargs.js'))});
      const stock = await loadYargs({ bundled: false });
      const texts = [];
      for (const argv of ${JSON.stringify(requests)}) texts.push((await parseArgs(argv, stock)).text);
      process.stdout.write(JSON.stringify(texts));
    `;
    const stock = JSON.parse(
      (await execa('node', ['--input-type=module', '-e', script], { cwd: tmp })).stdout,
    ) as string[];
    expect(fs.existsSync(path.join(ROOT, 'dist/vendor/yargs.cjs'))).toBe(true);
    for (const [index, argv] of requests.entries()) {
      const trace = out(`help-${index}.jsonl`);
      const result = await bpdiff(argv, { env: { BPDIFF_TRACE: trace } });
      expect(result.exitCode, argv.join(' ')).toBe(0);
      expect(result.stdout, argv.join(' ')).toBe(stock[index]);
      // Not through yargs: the text the build rendered.
      expect(fs.readFileSync(trace, 'utf8'), argv.join(' ')).toContain('"phase":"help rendered at build"');
    }
    // A help request the build did not render goes through yargs, with the same result as the package.
    const other = await bpdiff(['--bp', 'x.py:1', '--help'], { env: { BPDIFF_TRACE: out('help-other.jsonl') } });
    expect(other.stdout).toBe(stock[0]);
    expect(fs.readFileSync(out('help-other.jsonl'), 'utf8')).not.toContain('help rendered at build');
  });

  it('BPDIFF_TRACE=1 writes the trace on stderr, no file; BPDIFF_TRACE=0 is off', async () => {
    const traced = await bpdiff(['--version'], { env: { BPDIFF_TRACE: '1' }, cwd: tmp });
    const stderr = String(traced.stderr);
    expect(traced.exitCode, stderr).toBe(0);
    const phases = stderr.split('\n').map((line) => (JSON.parse(line) as { phase: string }).phase);
    expect(phases).toEqual(expect.arrayContaining(['cli started', 'args parsed']));
    expect(fs.existsSync(path.join(tmp, '1'))).toBe(false);
    const off = await bpdiff(['--version'], { env: { BPDIFF_TRACE: '0' }, cwd: tmp });
    expect(String(off.stderr)).toBe('');
    expect(fs.existsSync(path.join(tmp, '0'))).toBe(false);
  });

  it('--version prints the package version', async () => {
    const result = await bpdiff(['--version']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  });
});

describe("V8's code cache (src/cli/code-cache.ts)", () => {
  it('is written by the first run, read by the next, grown by a run that compiled more, and off with BPDIFF_NO_CACHE', async () => {
    const cache = path.join(tmp, 'code-cache-home');
    const env = { XDG_CACHE_HOME: cache };
    const files = (): Record<string, number> => {
      const dir = path.join(cache, 'bpdiff');
      if (!fs.existsSync(dir)) return {};
      return Object.fromEntries(
        fs
          .readdirSync(dir)
          .filter((name) => /^code-[0-9a-f]{16}-[0-9a-f]{16}\.bin$/.test(name))
          .map((name) => [name, fs.statSync(path.join(dir, name)).size]),
      );
    };
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

    // A comparison whose breakpoint file is not there: the command's bundle (no yargs), little of it run.
    const small = ['--bp', 'nofile.py:1', '--', 'python3', 'a.py', '--', 'python3', 'a.py'];
    const refused = (await bpdiff(small, { env: { ...env, BPDIFF_NO_CACHE: '1' } })).stderr;
    expect(refused).toContain('the breakpoint file nofile.py does not exist for run A');
    expect(files()).toEqual({});
    // --help and --version are answered by the executable from the texts the build rendered: the bundle is not loaded, so no cache is written.
    expect((await bpdiff(['--version'], { env })).stdout).toBe(version);
    expect((await bpdiff(['diff', '--help'], { env })).stdout).toContain('bpdiff diff <capture_a> <capture_b>');
    expect(files()).toEqual({});

    // The caches of other checkouts: one unwritten for 40 days (removed when a cache is written), one fresh.
    fs.mkdirSync(path.join(cache, 'bpdiff'), { recursive: true });
    const stale = path.join(cache, 'bpdiff', `code-${'0'.repeat(16)}-${'0'.repeat(16)}.bin`);
    const recent = path.join(cache, 'bpdiff', `code-${'1'.repeat(16)}-${'1'.repeat(16)}.bin`);
    fs.writeFileSync(stale, 'old');
    fs.writeFileSync(recent, 'new');
    const fortyDaysAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    fs.utimesSync(stale, fortyDaysAgo, fortyDaysAgo);

    // The refused comparison: the command's bundle only, little of it compiled.
    expect((await bpdiff(small, { env })).stderr).toBe(refused);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    fs.rmSync(recent);
    const first = files();
    expect(Object.keys(first)).toHaveLength(1);
    const [main] = Object.keys(first);
    // Read, not written again.
    const before = fs.statSync(path.join(cache, 'bpdiff', main!)).mtimeMs;
    expect((await bpdiff(small, { env })).stderr).toBe(refused);
    expect(fs.statSync(path.join(cache, 'bpdiff', main!)).mtimeMs).toBe(before);

    // A diff parses its command line (yargs: a file of its own) and runs much more of the command.
    const diff = await bpdiff(['diff', 'v1.json', 'v2.json'], { env });
    expect(diff.exitCode).toBe(1);
    const grown = files();
    expect(Object.keys(grown)).toHaveLength(2);
    expect(grown[main!]).toBeGreaterThan(first[main!]! * 1.25);
    // The same document from the cached code as from a fresh compile.
    const again = await bpdiff(['diff', 'v1.json', 'v2.json'], { env });
    const fresh = await bpdiff(['diff', 'v1.json', 'v2.json'], { env: { ...env, BPDIFF_NO_CACHE: '1' } });
    expect(again.stdout).toBe(fresh.stdout);
    expect(files()).toEqual(grown);
  });
});
