// GitHub attaches an annotation to a file named from the repository's root. bpdiff runs wherever a
// workflow's step is (a project in a folder of the repository, check-pr.sh's config folder), so
// `--format github` names the runs' files from the root of the repository holding its working folder:
// a check against its baseline, a check with none under --ci, the base-branch comparison of
// examples/ci/check-pr.sh, and a live comparison with --cwd-a/-b. Before, each was named from the
// folder bpdiff ran in (`price.py`), which is no file of the pull request's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, EXAMPLES } from './helpers.js';

let root: string;
let repo: string;
let project: string;

const PROGRAM = (rate: string): string => `import sys\nrate = ${rate}\ntotal = rate * int(sys.argv[1])\nprint(total)\n`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-annotations-'));
  repo = path.join(root, 'repo');
  project = path.join(repo, 'services', 'pricing');
  fs.mkdirSync(project, { recursive: true });
  await execa('git', ['init', '-q', repo]);
  fs.writeFileSync(path.join(project, 'price.py'), PROGRAM('0.5'));
  fs.writeFileSync(
    path.join(project, 'bpdiff.config.json'),
    JSON.stringify({ checks: { price: { bp: 'price.py:4', cmd: ['python3', 'price.py', '4'] } } }),
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function bpdiff(args: string[], cwd: string) {
  return execa('node', [BIN, ...args], { cwd, reject: false, stdin: 'ignore', env: { CI: '' } });
}

/** `level file:line title` of each workflow command on stdout. */
function annotations(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((line) => /^::(\w+) file=([^,]+),line=(\d+),title=([^:]+)::/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1]} ${match[2]}:${match[3]} ${match[4]!.replaceAll('%3A', ':')}`);
}

describe('annotations name files from the repository root', () => {
  it('bpdiff check in a folder of the repository: a missing baseline under --ci, then a change and how to accept it', async () => {
    const missing = await bpdiff(['check', '-q', '--ci', '--format', 'github'], project);
    expect(missing.exitCode).toBe(1);
    expect(annotations(missing.stdout)).toEqual([
      'error services/pricing/price.py:4 bpdiff: check price has no baseline',
      'notice services/pricing/price.py:4 bpdiff: to accept check price',
    ]);
    expect((await bpdiff(['check', '-q'], project)).exitCode).toBe(0);
    fs.writeFileSync(path.join(project, 'price.py'), PROGRAM('0.25'));
    try {
      const changed = await bpdiff(['check', '-q', '--format', 'github'], project);
      expect(changed.exitCode).toBe(1);
      expect(annotations(changed.stdout)).toEqual([
        'error services/pricing/price.py:4 bpdiff: rate changed',
        'error services/pricing/price.py:4 bpdiff: total changed',
        'notice services/pricing/price.py:4 bpdiff: to accept check price',
      ]);
      // JUnit's test case names the same file, for the dashboards that link it.
      const junit = await bpdiff(['check', '-q', '--format', 'junit'], project);
      expect(junit.stdout).toContain(
        '<testcase name="price" classname="bpdiff check" file="services/pricing/price.py" line="4">',
      );
    } finally {
      fs.writeFileSync(path.join(project, 'price.py'), PROGRAM('0.5'));
      fs.rmSync(path.join(project, '.bpdiff'), { recursive: true, force: true });
    }
  });

  it("check-pr.sh (no committed baseline: the base branch's run is the baseline), its config in a folder", async () => {
    const base = path.join(root, 'base');
    fs.cpSync(repo, base, { recursive: true });
    fs.writeFileSync(path.join(project, 'price.py'), PROGRAM('0.25'));
    try {
      const run = await execa('bash', [path.join(EXAMPLES, 'ci', 'check-pr.sh'), base, repo], {
        cwd: repo,
        reject: false,
        stdin: 'ignore',
        env: {
          BPDIFF: `${process.execPath} ${BIN}`,
          BPDIFF_CONFIG: 'services/pricing/bpdiff.config.json',
          BPDIFF_SUMMARY: '/dev/null',
          CI: '',
        },
      });
      expect(run.exitCode).toBe(1);
      expect(annotations(run.stdout)).toEqual([
        'error services/pricing/price.py:4 bpdiff: rate changed',
        'error services/pricing/price.py:4 bpdiff: total changed',
      ]);
    } finally {
      fs.writeFileSync(path.join(project, 'price.py'), PROGRAM('0.5'));
    }
  });

  it('a live comparison with --cwd-a/-b run in a folder of the repository names run B’s copy from the root', async () => {
    for (const [side, rate] of [
      ['v1', '0.5'],
      ['v2', '0.75'],
    ] as const) {
      fs.mkdirSync(path.join(project, side), { recursive: true });
      fs.writeFileSync(path.join(project, side, 'price.py'), PROGRAM(rate));
    }
    const live = await bpdiff(
      [
        '-q',
        '--format',
        'github',
        '--bp',
        'price.py:4',
        '--cwd-a',
        'v1',
        '--cwd-b',
        'v2',
        '--',
        'python3',
        'price.py',
        '4',
        '--',
        'python3',
        'price.py',
        '4',
      ],
      project,
    );
    expect(live.exitCode).toBe(1);
    expect(annotations(live.stdout)).toEqual([
      'error services/pricing/v2/price.py:4 bpdiff: rate changed',
      'error services/pricing/v2/price.py:4 bpdiff: total changed',
    ]);
  });
});
