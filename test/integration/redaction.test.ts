// Redaction against both real Python adapters: a program with a password, a token from its environment, a JWT
// in a string and a private key in a nested dict, each changed between A and B. Every one is reported
// as changed, and none of the values appears in anything bpdiff writes: stdout, stderr, -o files in
// every format, saved captures; nor when a run fails or a condition fails with the secret in its message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validateComparison } from '../../src/core/schemas.js';
import { ROOT, describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';
import { describePythonAdapters } from './python-adapters.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/python');

interface Side {
  user: string;
  password: string;
  token: string;
}
const A: Side = { user: 'alice', password: 'hunter2-alpha', token: 'tok-alpha-1234567' };
const B: Side = { user: 'bob', password: 'hunter2-bravo', token: 'tok-bravo-7654321' };

/** What vault.py builds from its side's inputs, as the program does. */
function secretsOf(side: Side): string[] {
  const claims = Buffer.from(JSON.stringify({ sub: side.user }).replace(':', ': ')).toString('base64url');
  return [side.password, side.token, `eyJhbGciOiJIUzI1NiJ9.${claims}.c2ln-${side.user}`, `pk-${side.user}-0123456789`];
}
const SECRETS = [...secretsOf(A), ...secretsOf(B)];

const vault = (side: Side, ...extra: string[]): string[] => [
  'python3',
  'vault.py',
  '--user',
  side.user,
  '--password',
  side.password,
  ...extra,
];
const envFlags = ['--env-a', `API_TOKEN=${A.token}`, '--env-b', `API_TOKEN=${B.token}`];
/** A random key per invocation unless a test gives one. */
const NO_KEY = { BPDIFF_REDACT_KEY: '' };

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-redaction-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

/** Every text bpdiff wrote: its stdout and stderr, and every file under `folder`. */
function everything(runs: readonly BpdiffRun[], folder: string): string {
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    : [];
  return [...runs.flatMap((run) => [run.stdout, run.stderr]), ...files].join('\n');
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text, `${secret} was written`).not.toContain(secret);
}

describePythonAdapters('redaction of secrets, through Python', (_adapter, runBpdiff) => {
  it('reports every changed secret as changed and writes none of them anywhere', async () => {
    const out = path.join(dir, 'outputs');
    fs.mkdirSync(out, { recursive: true });
    const base = ['--bp', 'vault.py:21', '--cwd', FIXTURES, ...envFlags];
    const live = await runBpdiff(
      [
        ...base,
        '-o',
        path.join(out, 'result.json'),
        '--save-captures',
        path.join(out, 'captures'),
        '--',
        ...vault(A),
        '--',
        ...vault(B),
      ],
      { env: NO_KEY },
    );
    expectClean(live);
    expect(live.exitCode, live.stderr).toBe(1);
    expect(live.stdout).toBe('');
    const doc = JSON.parse(fs.readFileSync(path.join(out, 'result.json'), 'utf8')) as NonNullable<BpdiffRun['doc']>;
    expect(validateComparison(doc).errors).toEqual([]);
    for (const name of ['password', 'api_token', 'jwt', "config['db']['private_key']", 'header', 'argv[4]']) {
      expect(doc.diff.changed[name], name).toBeDefined();
    }
    expect(doc.run_a.variables['password']).toMatch(/^<redacted:[0-9a-f]{6}>$/);
    expect(doc.run_a.variables['jwt']).toMatch(/^'<redacted:[0-9a-f]{6}>'$/);
    expect(doc.run_a.variables['header']).toMatch(/^'Bearer <redacted:[0-9a-f]{6}>'$/);
    expect(doc.run_a.variables["config['db']['host']"]).toBe("'localhost'");
    expect(doc.diff.unchanged).toContain('config');
    expect(doc.analysis_hints.join('\n')).toMatch(
      /values were redacted \(names that look secret, credential-shaped text\): .*password.*--no-redact shows them/,
    );
    expect(doc.run_a.command).toMatch(/--password <redacted:[0-9a-f]{6}>$/);
    const captureA = JSON.parse(fs.readFileSync(path.join(out, 'captures/capture-a.json'), 'utf8')) as {
      redaction: { key_id: string };
    };
    expect(captureA.redaction.key_id).toMatch(/^[0-9a-f]{8}$/);

    const text = await runBpdiff([...base, '--format', 'text', '--', ...vault(A), '--', ...vault(B)], { env: NO_KEY });
    expectClean(text);
    expect(text.stdout).toMatch(/password\n {2}± value change/);
    const markdown = await runBpdiff(
      [
        ...base,
        '--quiet',
        '--format',
        'markdown',
        '-o',
        path.join(out, 'result.md'),
        '--',
        ...vault(A),
        '--',
        ...vault(B),
      ],
      { env: NO_KEY },
    );
    expectClean(markdown);
    // The saved captures, in the other formats, without a debugger.
    const captures = ['diff', path.join(out, 'captures/capture-a.json'), path.join(out, 'captures/capture-b.json')];
    const github = await runBpdiff([...captures, '--format', 'github', '-o', path.join(out, 'result.github')], {
      env: NO_KEY,
    });
    const offline = await runBpdiff([...captures, '--format', 'text'], { env: NO_KEY });
    expect(offline.exitCode, offline.stderr).toBe(1);
    expect(offline.stdout).toContain("config['db']['private_key']");
    expect(fs.readFileSync(path.join(out, 'result.github'), 'utf8')).toContain('::error');

    expectNoSecret(everything([live, text, markdown, github, offline], out));
  });

  it('keeps secrets out of output tails and error messages when a run fails before the breakpoint', async () => {
    const out = path.join(dir, 'failing');
    const run = await runBpdiff(
      [
        '--bp',
        'vault.py:21',
        '--cwd',
        FIXTURES,
        '--format',
        'text',
        '--save-captures',
        out,
        // The token set as a shell line sets it: the run's environment, never its command's text.
        '--',
        'env',
        `API_TOKEN=${A.token}`,
        ...vault(A),
        '--',
        'env',
        `API_TOKEN=${B.token}`,
        ...vault(B, '--fail'),
      ],
      { env: NO_KEY },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    // The text output shows the last lines B printed, and why it did not stop, both redacted.
    expect(run.stdout).toMatch(/login failed for password <redacted:[0-9a-f]{6}>/);
    expect(run.stdout).toMatch(/cannot log in with <redacted:[0-9a-f]{6}>/);
    const captureB = JSON.parse(fs.readFileSync(path.join(out, 'capture-b.json'), 'utf8')) as {
      output: { stderr_tail: string };
      no_break_reason: { kind: string; message: string };
    };
    expect(captureB.no_break_reason.kind).toBe('exception');
    expect(captureB.output.stderr_tail).toMatch(/login failed for password <redacted:[0-9a-f]{6}>/);
    expectNoSecret(everything([run], out));
  });

  it('keeps secrets out of a condition error, in one run (a hint) and in both (the one-line error)', async () => {
    const numeric: Side = { ...A, password: '918273645546' };
    const one = await runBpdiff(
      [
        '--bp',
        'vault.py:21',
        '--condition',
        'int(password) > 0',
        '--cwd',
        FIXTURES,
        ...envFlags,
        '--',
        ...vault(numeric),
        '--',
        ...vault(B),
      ],
      { env: NO_KEY },
    );
    expectClean(one);
    expect(one.exitCode, one.stderr).toBe(1);
    expect(one.doc!.run_a.status).toBe('break');
    expect(one.doc!.run_b.status).toBe('no_break');
    expect(one.doc!.analysis_hints.join('\n')).toMatch(
      /invalid literal for int\(\) with base 10: '<redacted:[0-9a-f]{6}>'/,
    );
    const both = await runBpdiff(
      [
        '--bp',
        'vault.py:21',
        '--condition',
        'int(password) > 0',
        '--cwd',
        FIXTURES,
        ...envFlags,
        '--',
        ...vault(A),
        '--',
        ...vault(B),
      ],
      { env: NO_KEY },
    );
    expect(both.leftovers).toEqual([]);
    expect(both.exitCode, both.stderr).toBe(2);
    expect(both.stderr).toMatch(/^bpdiff: .*invalid literal for int\(\) with base 10: '<redacted:[0-9a-f]{6}>'/m);
    expectNoSecret(everything([one, both], path.join(dir, 'none')));
    expect(everything([one], path.join(dir, 'none'))).not.toContain(numeric.password);
  });

  it('--no-redact shows the values and says so on stderr', async () => {
    const run = await runBpdiff(
      [
        '--no-redact',
        '--quiet',
        '--bp',
        'vault.py:21',
        '--cwd',
        FIXTURES,
        ...envFlags,
        '--',
        ...vault(A),
        '--',
        ...vault(B),
      ],
      { env: NO_KEY },
    );
    expectClean(run);
    expect(run.stderr).toBe('bpdiff: --no-redact: values are shown as captured, secrets included');
    expect(run.doc!.diff.changed['password']).toEqual({ a: `'${A.password}'`, b: `'${B.password}'` });
    expect(run.doc!.run_b.variables['api_token']).toBe(`'${B.token}'`);
    // The texts the other tests look for are the program's own.
    const [, , jwt, key] = secretsOf(A);
    expect(run.doc!.run_a.variables['jwt']).toBe(`'${jwt}'`);
    expect(run.doc!.run_a.variables["config['db']['private_key']"]).toBe(`'${key}'`);
  });

  // Issue 22 item 11: with a random key per invocation, a capture's marker and a later run's differed, and a changed secret was "not compared".
  it('without BPDIFF_REDACT_KEY: a secret redacted in a capture and in a later live run has one marker, so a change is reported', async () => {
    const config = fs.mkdtempSync(path.join(dir, 'user-config-'));
    const env = { ...NO_KEY, XDG_CONFIG_HOME: config };
    const base = path.join(dir, 'stable-key-base.json');
    const captured = await runBpdiff(
      [
        'capture',
        '--quiet',
        '--bp',
        'vault.py:21',
        '--cwd',
        FIXTURES,
        '--env',
        `API_TOKEN=${A.token}`,
        '-o',
        base,
        '--',
        ...vault(A),
      ],
      { env },
    );
    expect(captured.exitCode, captured.stderr).toBe(0);
    expect(fs.statSync(path.join(config, 'bpdiff/redaction-key')).mode & 0o777).toBe(0o600);
    const live = (side: Side): Promise<BpdiffRun> =>
      runBpdiff(
        ['--quiet', '--baseline', base, '--cwd', FIXTURES, '--env', `API_TOKEN=${A.token}`, '--', ...vault(side)],
        { env },
      );
    const same = await live(A);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.doc!.run_a.variables['password']).toMatch(/^<redacted:[0-9a-f]{6}>$/);
    const changed = await live({ ...A, password: 'hunter2-charlie' });
    for (const run of [captured, same, changed]) expectClean(run);
    expect(changed.exitCode, changed.stderr).toBe(1);
    // The password, and its copy in argv (a `--password X` argument): both markers, both changed (argv's
    // summary is masked by its children's markers, so the change is reported once, at argv[4]).
    expect(Object.keys(changed.doc!.diff.changed)).toEqual(['argv[4]', 'password']);
    expect(changed.doc!.diff.changed['argv[4]']!.b).toMatch(/^<redacted:[0-9a-f]{6}>$/);
    expect(changed.doc!.analysis_hints.join('\n')).not.toMatch(/not compared/);
    expectNoSecret(everything([captured, same, changed], path.join(dir, 'none')) + fs.readFileSync(base, 'utf8'));
    expect(everything([changed], path.join(dir, 'none'))).not.toContain('hunter2-charlie');
  });

  it('gives the same markers under one BPDIFF_REDACT_KEY, and says when two captures were redacted under different keys', async () => {
    const args = (saveTo: string): string[] => [
      '--quiet',
      '--bp',
      'vault.py:21',
      '--cwd',
      FIXTURES,
      ...envFlags,
      '--save-captures',
      path.join(dir, saveTo),
      '--',
      ...vault(A),
      '--',
      ...vault(B),
    ];
    const first = await runBpdiff(args('key-1'), { env: { BPDIFF_REDACT_KEY: 'ci-secret-key' } });
    const second = await runBpdiff(args('key-2'), { env: { BPDIFF_REDACT_KEY: 'ci-secret-key' } });
    const random = await runBpdiff(args('key-random'), { env: NO_KEY });
    for (const run of [first, second, random]) expectClean(run);
    expect(second.doc!.run_a.variables['password']).toBe(first.doc!.run_a.variables['password']);
    expect(second.doc!.run_b.variables['jwt']).toBe(first.doc!.run_b.variables['jwt']);
    expect(random.doc!.run_a.variables['password']).not.toBe(first.doc!.run_a.variables['password']);

    // A baseline from the keyed run against a capture under a random key: secrets are not compared, and a hint says why.
    const mixed = await runBpdiff(
      ['diff', path.join(dir, 'key-1/capture-a.json'), path.join(dir, 'key-random/capture-a.json'), '--label-b', 'B'],
      { env: NO_KEY },
    );
    expect(mixed.exitCode, mixed.stderr).toBe(0);
    expect(mixed.doc!.diff.changed).toEqual({});
    // Not compared is never identical (issue 33): the secrets are in neither run's values nor counted unchanged, and the verdict says so.
    expect(mixed.doc!.run_a.variables).not.toHaveProperty('password');
    expect(mixed.doc!.diff.unchanged).not.toContain('password');
    expect(mixed.doc!.analysis_hints[0]).toMatch(
      /^No differences among the values compared: all \d+ are identical in A and B, but \d+ values could not be compared\.$/,
    );
    expect(mixed.doc!.analysis_hints.join('\n')).toMatch(
      /\d+ values could not be compared, neither counted as identical nor as changed \(.*password.*\): their secrets were redacted under another key in A than in B .* Set BPDIFF_REDACT_KEY to the key the baseline was recorded with/,
    );
    expect(mixed.doc!.analysis_hints.join('\n')).toMatch(
      /secrets in A were redacted under another key than B's \(set BPDIFF_REDACT_KEY to the key the baseline was recorded with to compare them\): \d+ values not compared/,
    );
    // The same two captures from one key compare equal, markers and all.
    const same = await runBpdiff(
      ['diff', path.join(dir, 'key-1/capture-a.json'), path.join(dir, 'key-2/capture-a.json')],
      { env: { BPDIFF_REDACT_KEY: 'ci-secret-key' } },
    );
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.doc!.run_a.variables['password']).toMatch(/^<redacted:[0-9a-f]{6}>$/);
    expectNoSecret(everything([first, second, random, mixed, same], path.join(dir, 'key-1')));
  });

  it('bpdiff check --ci fails on a baseline whose secrets were redacted under another key, and says what to do; --fail-on changed warns (issue 33)', async () => {
    const project = path.join(dir, 'check-keys');
    fs.mkdirSync(project, { recursive: true });
    fs.copyFileSync(path.join(FIXTURES, 'vault.py'), path.join(project, 'vault.py'));
    const config = {
      checks: {
        vault: { bp: 'vault.py:21', cmd: vault(A), env: { API_TOKEN: A.token }, baseline: '.bpdiff/vault.json' },
      },
    };
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), JSON.stringify(config));
    const recorded = await runBpdiff(['check', '--record', '--quiet'], {
      cwd: project,
      env: { BPDIFF_REDACT_KEY: 'ci-secret-key' },
    });
    expect(recorded.exitCode, recorded.stderr).toBe(0);
    // The fork's pull request: no key. Before, every secret compared equal: '::notice ... N variables identical', exit 0.
    const fork = await runBpdiff(['check', '--ci', '--quiet', '--format', 'github'], { cwd: project, env: NO_KEY });
    expectClean(fork);
    expect(fork.exitCode, fork.stderr).toBe(1);
    expect(fork.stderr).toMatch(
      /^bpdiff: check vault: \d+ values holding secrets could not be compared: the baseline's secrets were redacted under another key than this run's .* — give the job the key the baseline was recorded with, or re-record the baseline under this one \(bpdiff check vault -u\); --fail-on changed makes this a warning$/m,
    );
    expect(fork.stdout).toMatch(/^::warning .*title=bpdiff%3A secrets not compared::\d+ values could not be compared/m);
    expect(fork.stdout).toMatch(
      /^::notice .*::No differences at vault\.py:21: \d+ variables identical in baseline and B \(\d+ values not compared: see the warning\)\.$/m,
    );
    const warned = await runBpdiff(['check', '--ci', '--quiet', '--fail-on', 'changed'], { cwd: project, env: NO_KEY });
    expect(warned.exitCode, warned.stderr).toBe(0);
    expect(warned.stderr).toMatch(/^bpdiff: warning: check vault: \d+ values holding secrets could not be compared/m);
    // Under the key it was recorded with, the check compares them: exit 0, nothing said.
    const keyed = await runBpdiff(['check', '--ci', '--quiet'], {
      cwd: project,
      env: { BPDIFF_REDACT_KEY: 'ci-secret-key' },
    });
    expect(keyed.exitCode, keyed.stderr).toBe(0);
    expect(keyed.stderr).not.toMatch(/could not be compared/);
    expectNoSecret(everything([recorded, fork, warned, keyed], path.join(project, '.bpdiff')));
  });
});

describeWithTool('a credential a cut or a path would show in part (issue 34)', 'python3', onPath('python3'), () => {
  const token = `ghp_${'LoNg'.repeat(9)}`;
  it('a value cut at --max-value-length keeps nothing of a token it shortens; a token after _ in a path is redacted in an error', async () => {
    fs.writeFileSync(
      path.join(dir, 'glued.py'),
      [
        `token = "ghp_" + "LoNg" * 9`,
        `glued = "x" * 40 + token`,
        `named = "nothere_" + token + ".py"`,
        `print(len(glued), len(named))`,
        '',
      ].join('\n'),
    );
    const captured = await runBpdiff(
      ['capture', '--bp', 'glued.py:4', '--max-value-length', '50', '--', 'python3', 'glued.py'],
      { cwd: dir, env: NO_KEY },
    );
    expect(captured.exitCode, captured.stderr).toBe(0);
    const variables = (JSON.parse(captured.stdout) as { run: { variables: Record<string, string> } }).run.variables;
    // Cut where the token began: the 40 x's kept, nothing of `ghp_`.
    expect(variables['glued']).toBe(`'${'x'.repeat(40)}…`);
    // Whole before the cut, after `_`: redacted as a token.
    expect(variables['named']).toMatch(/^'nothere_<redacted:[0-9a-f]{6}>\.…$/);
    expect(captured.stdout + captured.stderr).not.toContain('ghp_LoNg');
    const missing = await runBpdiff(['diff', `nothere_${token}.py`, 'other.json'], { cwd: dir, env: NO_KEY });
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(
      /^bpdiff: run capture nothere_<redacted:[0-9a-f]{6}>\.py does not exist — check the path$/m,
    );
    expect(missing.stderr).not.toContain('LoNg');
  });
});
