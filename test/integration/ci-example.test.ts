// examples/ci: the two workflows, their steps run as the workflows write them. A git repository holds
// examples/ci/project on `main`; the checkout is a clone of it, where a pull request is a branch on
// top of `main`; `bpdiff` on PATH is the built bin (where the workflow's install step puts it).
// - bpdiff-pr-check.yml, with the baselines committed (.bpdiff/baselines): `bpdiff check --ci` on the
//   pull request, and a change accepted as a developer does it, with `bpdiff check -u` and a commit.
// - bpdiff-base-branch.yml, without: the base branch as a `git worktree` beside the checkout, and
//   examples/ci/check-pr.sh, which records the baselines in the base and compares the pull request.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workflowStep as readWorkflowStep } from '../support/install-lines.js';
import { BIN, EXAMPLES, ROOT, describeWithTool, leftoverProcesses } from './helpers.js';

const CI = path.join(EXAMPLES, 'ci');
const SCRIPT = path.join(CI, 'check-pr.sh');
const COMMITTED = path.join(CI, 'bpdiff-pr-check.yml');
const BASE_BRANCH = path.join(CI, 'bpdiff-base-branch.yml');
const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');

/** The `run:` of the workflow's step named `name` (one line, or a block). */
function workflowStep(workflow: string, name: string): string {
  const run = readWorkflowStep(workflow, name);
  expect(run, `the step "${name}" of ${path.basename(workflow)}`).toBeDefined();
  return run!;
}

interface Annotation {
  level: string;
  file: string;
  line: number;
  title: string;
  message: string;
}

interface StepRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  annotations: Annotation[];
  summary: string;
  leftovers: string[];
}

/** GitHub's escaping of a workflow command, undone. */
function unescape(text: string): string {
  return text
    .replaceAll('%3A', ':')
    .replaceAll('%2C', ',')
    .replaceAll('%0A', '\n')
    .replaceAll('%0D', '\r')
    .replaceAll('%25', '%');
}

/** The `::level file=F,line=L,title=T::message` lines of the output (properties in any order, some optional). */
function annotations(stdout: string): Annotation[] {
  const found: Annotation[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
    if (!match) continue;
    const properties = Object.fromEntries(
      match[2]!.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    );
    found.push({
      level: match[1]!,
      file: unescape(properties.file ?? ''),
      line: Number(properties.line ?? 0),
      title: unescape(properties.title ?? ''),
      message: unescape(match[3]!),
    });
  }
  return found;
}

let root: string;
let repo: string;
/** A folder with `bpdiff` in it: the built bin, as the workflow's install step puts it on PATH. */
let binDir: string;

async function git(...args: string[]): Promise<string> {
  return gitIn(repo, ...args);
}

async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  const identity = [
    '-c',
    'user.name=bpdiff test',
    '-c',
    'user.email=test@bpdiff.invalid',
    '-c',
    'commit.gpgsign=false',
  ];
  const { stdout } = await execa('git', [...identity, ...args], { cwd });
  return stdout;
}

/** Edits a file of the pull request's branch in place; the breakpoints' lines must stay where they are. */
function edit(file: string, from: string, to: string): void {
  const full = path.join(repo, file);
  const text = fs.readFileSync(full, 'utf8');
  expect(text).toContain(from);
  const edited = text.replace(from, to);
  expect(edited.split('\n')).toHaveLength(text.split('\n').length);
  fs.writeFileSync(full, edited);
}

/** The pull request: a branch `pr` off `main` with `change` applied and committed. */
async function pullRequest(change: () => void): Promise<void> {
  await git('checkout', '-q', '-b', 'pr');
  change();
  await git('commit', '-q', '-am', 'the pull request');
}

/** The redaction key examples/ci/project's baselines were recorded with (a team's own is a repository secret). */
const EXAMPLE_REDACT_KEY = 'bpdiff-example-ci-key';

/** A command line run in the checkout as the workflow's shell runs it, with bpdiff on PATH. */
async function shell(command: string, env: Record<string, string> = {}): Promise<StepRun> {
  const summary = path.join(root, `summary-${randomUUID()}.md`);
  const mark = randomUUID();
  const result = await execa('bash', ['-e', '-c', command], {
    cwd: repo,
    // CI as a test runner sets it or not: each step says what it means.
    // The workflow's BPDIFF_REDACT_KEY secret: the one examples/ci/project's committed baselines were recorded with.
    env: {
      PATH: `${binDir}:${process.env['PATH']}`,
      CI: '',
      GITHUB_STEP_SUMMARY: summary,
      BPDIFF_TEST_MARK: mark,
      BPDIFF_REDACT_KEY: EXAMPLE_REDACT_KEY,
      ...env,
    },
    reject: false,
    timeout: 300_000,
    stdin: 'ignore',
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: result.stdout,
    stderr: result.stderr,
    annotations: annotations(result.stdout),
    summary: fs.existsSync(summary) ? fs.readFileSync(summary, 'utf8') : '',
    leftovers: await leftoverProcesses(mark),
  };
}

function expectClean(run: StepRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  // Every line of stdout is a workflow command or bpdiff's one-line count after a check's errors.
  for (const line of run.stdout.split('\n').filter(Boolean))
    expect(line).toMatch(/^::(error|warning|notice) |^bpdiff at /);
}

/** The example project as `main` of an upstream repository (with its committed baselines, or without), and its clone. */
async function setUp(withBaselines: boolean): Promise<void> {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-ci-'));
  binDir = path.join(root, 'bin');
  fs.mkdirSync(binDir);
  fs.writeFileSync(path.join(binDir, 'bpdiff'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {
    mode: 0o755,
  });
  const upstream = path.join(root, 'upstream');
  fs.cpSync(path.join(CI, 'project'), upstream, {
    recursive: true,
    filter: (source) => withBaselines || path.basename(source) !== '.bpdiff',
  });
  await gitIn(upstream, 'init', '-q', '-b', 'main');
  await gitIn(upstream, 'add', '-A');
  await gitIn(upstream, 'commit', '-q', '-m', 'the base branch');
  // The workflow's checkout: a clone, with the base branch as origin/main.
  await gitIn(root, 'clone', '-q', upstream, 'repo');
  repo = path.join(root, 'repo');
}

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the workflows, as files', () => {
  it("install a pinned bpdiff once, with a time limit, one run per branch at a time, the redaction key from a secret and the branch as the run's name", () => {
    for (const workflow of [COMMITTED, BASE_BRANCH]) {
      const text = fs.readFileSync(workflow, 'utf8');
      expect(text).toMatch(/^on:\n {2}pull_request:$/m);
      expect(text).not.toMatch(/your-org|BPDIFF_REPOSITORY|npm run build|npm ci/);
      // What the published repository has: its main branch (or a commit), never a tag made elsewhere.
      expect(text).toMatch(/^ {6}BPDIFF_VERSION: (main|[0-9a-f]{40})$/m);
      expect(text).not.toMatch(/v\d+\.\d+\.\d+/);
      // The packed bpdiff cached by the commit the version names, in the runner's temporary folder; the install stops at a failing pack (bash -e, a step of its own line).
      expect(workflowStep(workflow, 'Find the commit of the pinned bpdiff')).toContain(
        'git ls-remote https://github.com/bpdiff/bpdiff.git "$BPDIFF_VERSION"',
      );
      expect(text).toMatch(
        /- name: Cache the packed bpdiff\n {8}uses: actions\/cache@v4\n {8}with:\n {10}path: \$\{\{ env\.BPDIFF_PACK \}\}\n {10}key: bpdiff-pack-\$\{\{ env\.BPDIFF_COMMIT \}\}$/m,
      );
      const install = workflowStep(workflow, 'Install bpdiff').split('\n');
      expect(install).toContain(
        '  npm pack --loglevel=error --pack-destination "$BPDIFF_PACK" "git+https://github.com/bpdiff/bpdiff.git#$BPDIFF_COMMIT"',
      );
      expect(install).toContain('npm install -g --no-audit --no-fund "$BPDIFF_PACK"/bpdiff-*.tgz');
      expect(install.join('\n')).not.toContain('$(npm pack');
      expect(text).toMatch(/^ {4}timeout-minutes: \d+$/m);
      // Superseded runs of a pull request are cancelled; a push to main never is (each run its own group).
      expect(text).toMatch(
        /^concurrency:\n {2}group: bpdiff-\$\{\{ github\.workflow \}\}-\$\{\{ github\.head_ref \|\| github\.run_id \}\}\n {2}cancel-in-progress: \$\{\{ github\.event_name == 'pull_request' \}\}$/m,
      );
      expect(text).toMatch(/^ {6}BPDIFF_REDACT_KEY: \$\{\{ secrets\.BPDIFF_REDACT_KEY \}\}$/m);
      expect(text).toMatch(/^ {6}BPDIFF_LABEL: \$\{\{ github\.head_ref/m);
      // The branch's name reaches bpdiff through the environment, never spliced into a script.
      expect(text).not.toMatch(/run: .*\$\{\{/);
      expect(text).toMatch(/apt-get install -y -qq python3-debugpy/);
    }
    expect(workflowStep(COMMITTED, 'Check against the committed baselines')).toBe(
      'bpdiff check --ci --label-b "$BPDIFF_LABEL" --format github --summary "$GITHUB_STEP_SUMMARY"',
    );
    expect(fs.readFileSync(BASE_BRANCH, 'utf8')).toMatch(/fetch-depth: 0/);
    expect(workflowStep(BASE_BRANCH, 'Check out the base branch beside it')).toBe(
      'git worktree add --detach ../base "origin/$BASE_REF"',
    );
    expect(workflowStep(BASE_BRANCH, 'Compare the pull request with its base')).toBe(
      `bash "$BPDIFF_HOME/${path.relative(ROOT, SCRIPT)}" ../base .`,
    );
  });
});

describeWithTool('examples/ci: committed baselines (bpdiff-pr-check.yml)', 'python3-debugpy', debugpyInstalled, () => {
  beforeEach(() => setUp(true));
  const check = (): Promise<StepRun> =>
    shell(workflowStep(COMMITTED, 'Check against the committed baselines'), { BPDIFF_LABEL: 'pr' });

  it('passes the base, fails a pull request that changes the discount, and passes it once the change is accepted with bpdiff check -u', async () => {
    const clean = await check();
    expectClean(clean);
    expect(clean.exitCode, clean.stderr).toBe(0);
    expect(clean.annotations.map((a) => `${a.level} ${a.file}:${a.line}`)).toEqual([
      'notice src/pricing.py:30',
      'notice src/pricing.py:34',
    ]);
    expect(clean.summary.split('\n').slice(0, 4)).toEqual([
      '### ✅ bpdiff check: all 2 checks passed',
      '',
      '- ✅ <code>line</code>: no differences (20 variables identical)',
      '- ✅ <code>total</code>: no differences (23 variables identical)',
    ]);

    await pullRequest(() => edit('src/pricing.py', 'return 0.15', 'return 0.2'));
    const failed = await check();
    expectClean(failed);
    expect(failed.exitCode, failed.stderr).toBe(1);
    const errors = failed.annotations.filter((a) => a.level === 'error');
    expect(errors.find((a) => a.title === 'bpdiff: discount changed')).toMatchObject({
      file: 'src/pricing.py',
      line: 30,
      message: 'discount is 0.15 in baseline and 0.2 in pr (up 0.05, +33.3%).',
    });
    expect(errors.find((a) => a.title === 'bpdiff: total changed')).toMatchObject({
      file: 'src/pricing.py',
      line: 34,
      message: expect.stringMatching(/60\.3 in baseline and 58\.14 in pr/),
    });
    // The variables left out (started_at) or normalised (quote_id) by the config differ in every run and are not reported.
    expect(errors.map((a) => a.title).join('\n')).not.toMatch(/started_at|quote_id/);
    expect(failed.summary).toContain(
      '- ❌ <code>line</code>: 2 changed, 18 unchanged, 0 only in baseline, 0 only in pr',
    );
    expect(failed.summary).toMatch(
      /^\| <code>discount<\/code> \| <code>0\.15<\/code> \| <code>0\.2<\/code> \| up 0\.05, \+33\.3% \|$/m,
    );
    // How to accept it, where the reviewer looks: a notice at each failing check's line, and in the summary.
    expect(
      failed.annotations.filter((a) => a.level === 'notice').map((a) => `${a.file}:${a.line} ${a.message}`),
    ).toEqual([
      'src/pricing.py:30 to accept: `bpdiff check -u line`, then commit `.bpdiff/baselines/`',
      'src/pricing.py:34 to accept: `bpdiff check -u total`, then commit `.bpdiff/baselines/`',
    ]);
    expect(failed.summary).toContain(
      'to accept: <code>bpdiff check -u line</code>, then commit <code>.bpdiff/baselines/</code>',
    );

    // The author accepts the change as the README says: bpdiff check -u, then commit the baselines.
    const accepted = await shell('bpdiff check -q -u');
    expect(accepted.exitCode, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain(
      'check line: baseline updated: .bpdiff/baselines/line.json\n  discount: 0.15 -> 0.2 (up 0.05, +33.3%)\n',
    );
    expect(accepted.stdout).toContain('check total: baseline updated: .bpdiff/baselines/total.json\n');
    // What the reviewer reads: the baseline's diff is the change itself, and the hash of the source
    // line the pull request edited (the baseline keeps its file's line hashes to follow its line).
    const diff = await git('diff', '-U0', '--', '.bpdiff/baselines/line.json');
    const changedLines = diff.split('\n').filter((line) => /^[-+] /.test(line));
    expect(changedLines.filter((line) => !line.includes('"hashes": '))).toEqual([
      '-      "discount": "0.15",',
      '-      "line_total": "30.599999999999998",',
      '+      "discount": "0.2",',
      '+      "line_total": "28.8",',
    ]);
    expect(changedLines.filter((line) => line.includes('"hashes": ')).map((line) => line[0])).toEqual(['-', '+']);
    await git('commit', '-q', '-am', 'accept the new discount');
    const passed = await check();
    expectClean(passed);
    expect(passed.exitCode, passed.stderr).toBe(0);
    expect(passed.annotations.filter((a) => a.level !== 'notice')).toEqual([]);
    // -u on a program that did not change changes no file.
    expect((await shell('bpdiff check -q -u')).stdout).toBe(
      'check line: baseline unchanged: .bpdiff/baselines/line.json\ncheck total: baseline unchanged: .bpdiff/baselines/total.json',
    );
    expect(await git('status', '--porcelain')).toBe('');
  });

  it('fails a check whose baseline was not committed, writes nothing, and reports a baseline no check refers to', async () => {
    await pullRequest(() => {
      const file = path.join(repo, 'bpdiff.config.json');
      const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { checks: Record<string, unknown> };
      config.checks.shipping = { bp: 'src/pricing.py:32', cmd: ['python3', 'src/pricing.py', '3'] };
      // "total" renamed: its baseline is obsolete, and the renamed check has none.
      config.checks.order_total = config.checks.total;
      delete config.checks.total;
      fs.writeFileSync(file, JSON.stringify(config, null, 2));
    });
    const run = await check();
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const missing = run.annotations.filter((a) => a.level === 'error');
    expect(missing.map((a) => [a.title, a.file, a.line])).toEqual([
      ['bpdiff: check shipping has no baseline', 'src/pricing.py', 32],
      ['bpdiff: check order_total has no baseline', 'src/pricing.py', 34],
    ]);
    expect(missing[0]!.message).toBe(
      'check shipping has no baseline (.bpdiff/baselines/shipping.json does not exist) — record it with bpdiff check shipping -u, and commit it',
    );
    expect(run.annotations.find((a) => a.level === 'warning')).toMatchObject({
      file: '.bpdiff/baselines/total.json',
      title: 'bpdiff: obsolete baseline',
    });
    expect(run.summary).toContain(
      '- ⚠️ .bpdiff/baselines/total.json is an obsolete baseline: no check refers to it — bpdiff check -u removes it',
    );
    expect(await git('status', '--porcelain')).toBe('');

    // Locally (no CI), the first run of a check records its baseline; -u removes the obsolete one.
    const local = await shell('bpdiff check -q shipping');
    expect(local.exitCode, local.stderr).toBe(0);
    expect(local.stderr).toContain(
      'check shipping had no baseline: this run was recorded as its baseline in .bpdiff/baselines/shipping.json — review it and commit it',
    );
    const updated = await shell('bpdiff check -q -u');
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.stdout).toContain(
      'check order_total: baseline written: .bpdiff/baselines/order_total.json (23 variables)',
    );
    expect(updated.stdout).toContain(
      'removed the obsolete baseline .bpdiff/baselines/total.json (no check refers to it)',
    );
    expect(fs.readdirSync(path.join(repo, '.bpdiff/baselines')).sort()).toEqual([
      'line.json',
      'order_total.json',
      'shipping.json',
    ]);
  });
});

describeWithTool(
  'examples/ci: the base branch (bpdiff-base-branch.yml, check-pr.sh)',
  'python3-debugpy',
  debugpyInstalled,
  () => {
    beforeEach(() => setUp(false));

    /** The workflow's last two steps, as it writes them: the base as a worktree beside the checkout, then the script. */
    async function checkPr(): Promise<StepRun> {
      await execa('bash', ['-c', workflowStep(BASE_BRANCH, 'Check out the base branch beside it')], {
        cwd: repo,
        env: { BASE_REF: 'main' },
      });
      // Where the workflow's install step finds check-pr.sh: this repository.
      return shell(workflowStep(BASE_BRANCH, 'Compare the pull request with its base'), {
        BPDIFF_HOME: ROOT,
        BPDIFF_SUMMARY: path.join(root, 'summary.md'),
        BPDIFF_LABEL_A: 'main',
        BPDIFF_LABEL: 'pr',
        CI: 'true',
      }).then((run) => ({
        ...run,
        summary: fs.existsSync(path.join(root, 'summary.md'))
          ? fs.readFileSync(path.join(root, 'summary.md'), 'utf8')
          : '',
      }));
    }

    it('passes a pull request that changes nothing: exit 0 and a notice per check', async () => {
      const run = await checkPr();
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
      const notices = run.annotations.filter((a) => a.level === 'notice');
      expect(notices.map((a) => `${a.file}:${a.line}`)).toEqual(['src/pricing.py:30', 'src/pricing.py:34']);
      expect(notices[0]!.message).toMatch(
        /^No differences at src\/pricing\.py:30 if sku == 'mug': 20 variables identical in main and pr/,
      );
      expect(run.summary).toContain('## check `line`');
      expect(run.summary.match(/^- ✅ /gm)).toHaveLength(2);
      // The baselines were recorded in the base's worktree; nothing was written into the pull request's.
      expect(fs.readdirSync(path.join(root, 'base/.bpdiff/baselines')).sort()).toEqual(['line.json', 'total.json']);
      expect(fs.existsSync(path.join(repo, '.bpdiff'))).toBe(false);
      expect(await git('status', '--porcelain')).toBe('');
    });

    it('fails a pull request that changes the discount: exit 1, an error annotation per changed variable, both values in the summary', async () => {
      await pullRequest(() => edit('src/pricing.py', 'return 0.15', 'return 0.2'));
      const run = await checkPr();
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(1);
      const errors = run.annotations.filter((a) => a.level === 'error');
      expect(errors.find((a) => a.title === 'bpdiff: discount changed')).toMatchObject({
        file: 'src/pricing.py',
        line: 30,
        message: expect.stringMatching(/^discount is 0\.15 in main and 0\.2 in pr/),
      });
      expect(errors.map((a) => a.title)).toEqual(
        expect.arrayContaining(['bpdiff: line_total changed', 'bpdiff: total changed']),
      );
      expect(run.annotations.filter((a) => a.level === 'notice')).toEqual([]);
      expect(run.summary).toMatch(
        /^\| <code>total<\/code> \| <code>60\.3<\/code> \| <code>58\.14<\/code> \| down 2\.16, -3\.6% \|$/m,
      );
    });

    it('passes a refactor within the tolerance, and names a check new in the pull request', async () => {
      await pullRequest(() => {
        // The same price computed another way: the floats differ in their last bits only.
        edit(
          'src/pricing.py',
          'line_total = qty * unit_price * (1 - discount)',
          'line_total = qty * unit_price - qty * unit_price * discount',
        );
        const config = JSON.parse(fs.readFileSync(path.join(repo, 'bpdiff.config.json'), 'utf8')) as {
          checks: Record<string, unknown>;
        };
        config.checks.shipping = { bp: 'src/pricing.py:32', cmd: ['python3', 'src/pricing.py', '3'] };
        fs.writeFileSync(path.join(repo, 'bpdiff.config.json'), JSON.stringify(config, null, 2));
      });
      const run = await checkPr();
      expectClean(run);
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
      expect(run.annotations.map((a) => a.title)).toEqual([
        'bpdiff: new check',
        'bpdiff: no differences',
        'bpdiff: no differences',
      ]);
      expect(run.annotations[0]!.message).toBe(
        'check shipping is new in this pull request: the base branch has no baseline for it',
      );
      expect(run.summary).not.toContain('shipping');
    });

    it('follows a check whose line the pull request moved, and warns when a breakpoint line reads otherwise', async () => {
      await pullRequest(() => {
        // A line added above both breakpoints: check "line" follows it, check "total" does not.
        const file = path.join(repo, 'src/pricing.py');
        fs.writeFileSync(
          file,
          fs
            .readFileSync(file, 'utf8')
            .replace('def price_cart(cart):\n', 'def price_cart(cart):\n    """The total of a cart."""\n'),
        );
        edit('bpdiff.config.json', '"src/pricing.py:30"', '"src/pricing.py:31"');
      });
      const run = await checkPr();
      expectClean(run);
      // Check "line" compares its baseline's line 30 with the pull request's line 31: equal, and said.
      expect(run.annotations.filter((a) => a.level === 'error' && a.title.includes('check line'))).toEqual([]);
      expect(run.summary).toContain('check `line`');
      expect(run.summary).toContain(
        'the baseline was captured at line 30 of src/pricing.py; the live run stops at line 31, as its --bp says',
      );
      const warning = run.annotations.find((a) => a.level === 'warning');
      expect(warning).toMatchObject({
        file: 'src/pricing.py',
        line: 34,
        title: 'bpdiff: check total: line 34 changed',
      });
      expect(warning!.message).toContain(
        'reads "return total" on the base branch and "total = round(subtotal + shipping + tax, 2)" in this pull request',
      );
      // Check "total": the baseline's line 34 is followed into the pull request's copy of the file (line 35,
      // the same statement one line down), so the two runs are compared at the same statement and agree.
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.summary).toContain('- ✅ <code>total</code>: no differences (23 variables identical)');
      expect(run.summary).toMatch(/\| pr \| <code>python3 src\/pricing\.py 12<\/code> \| at src\/pricing\.py:35 \|/);
    });
  },
);
