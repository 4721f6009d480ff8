// examples/ci: the pull-request check of the example workflow, run as the workflow runs it. A git
// repository holds examples/ci/project on `main`; the checkout is a clone of it, where a pull request is
// a branch on top of `main`; then the workflow's own last two steps run, as written in
// bpdiff-pr-check.yml: the base branch as a `git worktree` beside the checkout, and
// examples/ci/check-pr.sh, which records the baselines in the base and compares the pull request with
// them (with the built bpdiff, and bpdiff's folder where the workflow installs it).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BIN, EXAMPLES, ROOT, describeWithTool, leftoverProcesses } from './helpers.js';

const CI = path.join(EXAMPLES, 'ci');
const SCRIPT = path.join(CI, 'check-pr.sh');
const WORKFLOW = path.join(CI, 'bpdiff-pr-check.yml');
const debugpyInstalled = fs.existsSync('/usr/lib/python3/dist-packages/debugpy');

/** The one-line `run:` of the workflow's step named `name`. */
function workflowStep(name: string): string {
  const workflow = fs.readFileSync(WORKFLOW, 'utf8');
  const step = new RegExp(String.raw`- name: ${name}\n(?:(?!\s+- name:).*\n)*?\s+run: (.+)\n`).exec(workflow);
  expect(step, `the workflow's step "${name}"`).not.toBeNull();
  return step![1]!;
}

interface Annotation {
  level: string;
  file: string;
  line: number;
  title: string;
  message: string;
}

interface CheckRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  annotations: Annotation[];
  summary: string;
  leftovers: string[];
}

/** GitHub's escaping of a workflow command, undone. */
function unescape(text: string): string {
  return text.replaceAll('%3A', ':').replaceAll('%2C', ',').replaceAll('%0A', '\n').replaceAll('%0D', '\r').replaceAll('%25', '%');
}

/** The `::level file=F,line=L,title=T::message` lines of the output (properties in any order, some optional). */
function annotations(stdout: string): Annotation[] {
  const found: Annotation[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line);
    if (!match) continue;
    const properties = Object.fromEntries(match[2]!.split(',').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
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

async function git(...args: string[]): Promise<string> {
  return gitIn(repo, ...args);
}

async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  const identity = ['-c', 'user.name=bpdiff test', '-c', 'user.email=test@bpdiff.invalid', '-c', 'commit.gpgsign=false'];
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

/** The workflow's last two steps, as it writes them: the base as a worktree beside the checkout, then the script. */
async function checkPr(): Promise<CheckRun> {
  await execa('bash', ['-c', workflowStep('Check out the base branch beside it')], { cwd: repo, env: { BASE_REF: 'main' } });
  // Where the workflow installs bpdiff: this repository (the script is its examples/ci/check-pr.sh).
  const runnerTemp = path.join(root, 'runner-temp');
  fs.mkdirSync(runnerTemp);
  fs.symlinkSync(ROOT, path.join(runnerTemp, 'bpdiff'));
  const summary = path.join(root, 'summary.md');
  const mark = randomUUID();
  const result = await execa('bash', ['-c', workflowStep('Compare the pull request with its base')], {
    cwd: repo,
    env: { RUNNER_TEMP: runnerTemp, BPDIFF: `${process.execPath} ${BIN}`, BPDIFF_SUMMARY: summary, BPDIFF_TEST_MARK: mark },
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

function expectClean(run: CheckRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  // Every line of stdout is a workflow command or bpdiff's one-line count after a check's errors.
  for (const line of run.stdout.split('\n').filter(Boolean)) expect(line).toMatch(/^::(error|warning|notice) |^bpdiff at /);
}

describeWithTool('examples/ci: the pull-request check', 'python3-debugpy', debugpyInstalled, () => {
  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-ci-'));
    const upstream = path.join(root, 'upstream');
    fs.cpSync(path.join(CI, 'project'), upstream, { recursive: true, filter: (source) => path.basename(source) !== '.bpdiff' });
    await gitIn(upstream, 'init', '-q', '-b', 'main');
    await gitIn(upstream, 'add', '-A');
    await gitIn(upstream, 'commit', '-q', '-m', 'the base branch');
    // The workflow's checkout: a clone, with the base branch as origin/main.
    await gitIn(root, 'clone', '-q', upstream, 'repo');
    repo = path.join(root, 'repo');
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the workflow checks out the history, installs debugpy and bpdiff, and calls this script', () => {
    const workflow = fs.readFileSync(WORKFLOW, 'utf8');
    expect(workflow).toMatch(/^on:\n {2}pull_request:$/m);
    expect(workflow).toMatch(/fetch-depth: 0/);
    expect(workflow).toMatch(/apt-get install -y -qq python3-debugpy/);
    expect(workflowStep('Check out the base branch beside it')).toBe('git worktree add --detach ../base "origin/$BASE_REF"');
    expect(workflowStep('Compare the pull request with its base')).toBe(`bash "$RUNNER_TEMP/bpdiff/${path.relative(ROOT, SCRIPT)}" ../base .`);
  });

  it('passes a pull request that changes nothing: exit 0 and a notice per check', async () => {
    const run = await checkPr();
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    const notices = run.annotations.filter((a) => a.level === 'notice');
    expect(notices.map((a) => `${a.file}:${a.line}`)).toEqual(['src/pricing.py:30', 'src/pricing.py:34']);
    expect(notices[0]!.message).toMatch(/^No differences at src\/pricing\.py:30 if sku == 'mug'/);
    expect(run.summary).toContain('## check `line`');
    expect(run.summary.match(/\*\*No differences\*\*/g)).toHaveLength(2);
    // The baselines were recorded in the base's worktree; nothing was written into the pull request's.
    expect(fs.readdirSync(path.join(root, 'base/.bpdiff')).sort()).toEqual(['line.json', 'total.json']);
    expect(fs.existsSync(path.join(repo, '.bpdiff'))).toBe(false);
    expect(await git('status', '--porcelain')).toBe('');
  });

  it('fails a pull request that changes the discount: exit 1, an error annotation per changed variable, both values in the summary', async () => {
    await pullRequest(() => edit('src/pricing.py', 'return 0.15', 'return 0.2'));
    const run = await checkPr();
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(1);
    const errors = run.annotations.filter((a) => a.level === 'error');
    const discount = errors.find((a) => a.title === 'bpdiff: discount changed');
    expect(discount).toMatchObject({ file: 'src/pricing.py', line: 30 });
    expect(discount!.message).toMatch(/^discount is 0\.15 in baseline and 0\.2 in B/);
    expect(errors.map((a) => a.title)).toEqual(expect.arrayContaining(['bpdiff: line_total changed', 'bpdiff: total changed']));
    expect(errors.find((a) => a.title === 'bpdiff: total changed')).toMatchObject({ file: 'src/pricing.py', line: 34, message: expect.stringMatching(/60\.3 in baseline and 58\.14 in B/) });
    // The variables left out (started_at) or normalised (quote_id) by the config differ in every run and are not reported.
    expect(errors.map((a) => a.title).join('\n')).not.toMatch(/started_at|quote_id/);
    expect(run.annotations.filter((a) => a.level === 'notice')).toEqual([]);
    expect(run.summary).toMatch(/^\| <code>discount<\/code> \| <code>0\.15<\/code> \| <code>0\.2<\/code> \|$/m);
    expect(run.summary).toMatch(/^\| <code>total<\/code> \| <code>60\.3<\/code> \| <code>58\.14<\/code> \|$/m);
  });

  it('passes a refactor within the tolerance, and names a check new in the pull request', async () => {
    await pullRequest(() => {
      // The same price computed another way: the floats differ in their last bits only.
      edit('src/pricing.py', 'line_total = qty * unit_price * (1 - discount)', 'line_total = qty * unit_price - qty * unit_price * discount');
      const config = JSON.parse(fs.readFileSync(path.join(repo, 'bpdiff.config.json'), 'utf8')) as { checks: Record<string, unknown> };
      config.checks.shipping = { bp: 'src/pricing.py:32', cmd: ['python3', 'src/pricing.py', '3'], baseline: '.bpdiff/shipping.json' };
      fs.writeFileSync(path.join(repo, 'bpdiff.config.json'), JSON.stringify(config, null, 2));
    });
    const run = await checkPr();
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.annotations.filter((a) => a.level === 'error')).toEqual([]);
    expect(run.annotations.map((a) => a.title)).toEqual(['bpdiff: new check', 'bpdiff: no differences', 'bpdiff: no differences']);
    expect(run.annotations[0]!.message).toBe('check shipping is new in this pull request: the base branch has no baseline for it');
    expect(run.summary).not.toContain('shipping');
  });

  it('follows a check whose line the pull request moved, and warns when a breakpoint line reads otherwise', async () => {
    await pullRequest(() => {
      // A line added above both breakpoints: check "line" follows it, check "total" does not.
      const file = path.join(repo, 'src/pricing.py');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('def price_cart(cart):\n', 'def price_cart(cart):\n    """The total of a cart."""\n'));
      edit('bpdiff.config.json', '"src/pricing.py:30"', '"src/pricing.py:31"');
    });
    const run = await checkPr();
    expectClean(run);
    // Check "line" compares its baseline's line 30 with the pull request's line 31: equal, and said.
    expect(run.annotations.filter((a) => a.level === 'error' && a.title.includes('check line'))).toEqual([]);
    expect(run.summary).toContain('check `line`');
    expect(run.summary).toContain('the baseline was captured at line 30 of src/pricing.py; the live run stops at line 31, as its --bp says');
    const warning = run.annotations.find((a) => a.level === 'warning');
    expect(warning).toMatchObject({ file: 'src/pricing.py', line: 34, title: 'bpdiff: check total: line 34 changed' });
    expect(warning!.message).toContain('reads "return total" on the base branch and "total = round(subtotal + shipping + tax, 2)" in this pull request');
    // Check "total" was compared too and, one statement early, differs.
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.summary).toMatch(/^\| <code>total<\/code> \|/m);
  });
});
