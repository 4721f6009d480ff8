// Regression checks in CI, on the real adapters: one-run captures, baselines recorded in one
// checkout and checked in another, the config file and `bpdiff check`, --tolerance, --fail-on and
// the pull-request formats; and every bad input as one line, exit 2.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, expect, it } from 'vitest';
import { validateCapture, validateComparison } from '../../src/core/schemas.js';
import { EXAMPLES, describeWithTool, onPath, runBpdiff, type BpdiffRun, type ComparisonDoc } from './helpers.js';
import { expectRefusal } from '../support/built-bin.js';
import { describePythonAdapters } from './python-adapters.js';

const PRICING = path.join(EXAMPLES, 'python/pricing');
const CART = path.join(EXAMPLES, 'node/cart-cjs');
const pythonInstalled = onPath('python3');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-baselines-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const BP = ['--bp', 'pricing.py:34', '--condition', 'item.qty > 3'];
const RUN = ['python3', 'pricing.py', '10'];

function expectClean(run: BpdiffRun): void {
  expect(run.leftovers, `processes left behind:\n${run.leftovers.join('\n')}`).toEqual([]);
  if (run.doc) expect(validateComparison(run.doc).errors).toEqual([]);
}

/** A copy of one version of the pricing example at `where` (another checkout of the project). */
function checkout(version: 'v1' | 'v2', where: string): string {
  const dir = path.join(tmp, where);
  fs.cpSync(path.join(PRICING, version), dir, { recursive: true });
  return dir;
}

describeWithTool('baselines and checks through Python', 'python3', pythonInstalled, () => {
  const main = checkout('v1', 'main');
  const copy = checkout('v1', 'elsewhere/copy-of-main');
  const branch = checkout('v2', 'branch');
  const baseline = path.join(tmp, 'baseline.json');

  it('bpdiff capture writes one portable capture, and diffing two captures equals the live comparison', async () => {
    const captured = await runBpdiff(['capture', ...BP, '--env', 'REGION=eu', '-o', baseline, '--', ...RUN], {
      cwd: main,
    });
    expect(captured.exitCode, captured.stderr).toBe(0);
    expect(captured.leftovers).toEqual([]);
    const capture = JSON.parse(fs.readFileSync(baseline, 'utf8')) as Record<string, unknown>;
    expect(validateCapture(capture).errors).toEqual([]);
    expect(capture['resolved_file']).toBe('pricing.py');
    expect(capture['cwd']).toBe(main);
    expect(capture['env_names']).toEqual(['REGION']);
    expect(JSON.stringify(capture)).not.toContain('eu"');
    expect((capture['run'] as { label: string; variables: Record<string, string> }).variables['rate']).toBe('0.1');

    const other = path.join(tmp, 'branch.json');
    expect((await runBpdiff(['capture', ...BP, '--cwd', branch, '-o', other, '--', ...RUN])).exitCode).toBe(0);
    const offline = await runBpdiff(['diff', baseline, other]);
    const live = await runBpdiff([...BP, '--cwd-a', main, '--cwd-b', branch, '--', ...RUN, '--', ...RUN]);
    expectClean(live);
    expect(offline.exitCode, offline.stderr).toBe(1);
    expect(offline.doc!.diff).toEqual(live.doc!.diff);
    expect(offline.doc!.diff.changed).toEqual({ rate: { a: '0.1', b: '1.0' }, line_total: { a: '108.0', b: '0.0' } });
    expect(offline.doc!.context).toContain(`ran in ${main}, with REGION set`);
  });

  it('a baseline recorded in one checkout compares equal with a copy of it elsewhere, and finds the change on a branch', async () => {
    const same = await runBpdiff(['--baseline', baseline, '--', ...RUN], { cwd: copy });
    expectClean(same);
    expect(same.exitCode, same.stderr).toBe(0);
    expect(same.doc!.run_a.label).toBe('baseline');
    expect(same.doc!.breakpoint).toEqual({ file: 'pricing.py', line: 34, condition: 'item.qty > 3' });
    expect(same.doc!.diff.changed).toEqual({});

    const changed = await runBpdiff(['--baseline', baseline, ...BP, '--format', 'text', '--', ...RUN], { cwd: branch });
    expect(changed.exitCode, changed.stderr).toBe(1);
    expect(changed.stdout).toContain('rate');
    expect(changed.stdout).toMatch(/- baseline\s+0\.1/);
  });

  it('a baseline follows its line when --bp moves it in the same file, and says so', async () => {
    const moved = checkout('v1', 'moved');
    const source = path.join(moved, 'pricing.py');
    fs.writeFileSync(source, `# a comment added above\n${fs.readFileSync(source, 'utf8')}`);
    const run = await runBpdiff(
      ['--baseline', baseline, '--bp', 'pricing.py:35', '--condition', 'item.qty > 3', '--', ...RUN],
      { cwd: moved },
    );
    expectClean(run);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.doc!.run_b.location).toEqual({ file: 'pricing.py', line: 35 });
    expect(run.doc!.analysis_hints.join('\n')).toContain(
      'the baseline was captured at line 34 of pricing.py; the live run stops at line 35, as its --bp says',
    );
  });

  it('--ignore, --normalize and --tolerance hold for baselines, and say what they did', async () => {
    const tolerant = await runBpdiff(
      ['--baseline', baseline, '--tolerance', '0.95', '--ignore', 'line_total', '--', ...RUN],
      { cwd: branch },
    );
    expectClean(tolerant);
    expect(tolerant.exitCode, tolerant.stderr).toBe(0);
    expect(tolerant.doc!.run_b.variables['rate']).toBe('0.1');
    expect(tolerant.doc!.run_b.variables).not.toHaveProperty('line_total');
    expect(tolerant.doc!.analysis_hints.join('\n')).toContain(
      "1 number within --tolerance 0.95 was compared as equal (B's value shown as baseline's): rate is 1.0 in B (0.1 in baseline)",
    );
    expect(tolerant.doc!.analysis_hints.join('\n')).toContain("left out by --ignore 'line_total'");

    const relative = await runBpdiff(
      ['--baseline', baseline, '--tolerance', '5%', '--normalize', '^108\\.0$=>about 100', '--', ...RUN],
      { cwd: branch },
    );
    expect(relative.exitCode, relative.stderr).toBe(1);
    expect(Object.keys(relative.doc!.diff.changed).sort()).toEqual(['line_total', 'rate']);
    expect(relative.doc!.diff.changed['line_total']).toEqual({ a: 'about 100', b: '0.0' });
  });

  it("bpdiff check records and checks the config file's named checks, with its defaults under the command line", async () => {
    const project = checkout('v1', 'project');
    const config = {
      ignore: ['order*'],
      checks: {
        bulk: { bp: 'pricing.py:34', condition: 'item.qty > 3', cmd: RUN, baseline: '.bpdiff/bulk.json' },
        first: { bp: 'pricing.py:34', cmd: RUN, baseline: '.bpdiff/first.json' },
      },
    };
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), JSON.stringify(config));
    const recorded = await runBpdiff(['check', '--record'], { cwd: project });
    expect(recorded.exitCode, recorded.stderr).toBe(0);
    expect(recorded.stdout).toMatch(/^check bulk: baseline written: \.bpdiff\/bulk\.json \(\d+ variables\)$/m);
    expect(recorded.leftovers).toEqual([]);

    const clean = await runBpdiff(['check'], { cwd: project });
    expect(clean.exitCode, clean.stderr).toBe(0);
    // The config is named first, once the checks' input was accepted (a refusal below stays one line).
    expect(clean.stderr.split('\n')[0]).toBe(
      `bpdiff: using the options of ${path.join(project, 'bpdiff.config.json')}`,
    );
    const both = JSON.parse(clean.stdout) as {
      checks: Record<string, { diff: { changed: object }; run_a: { variables: Record<string, string> } }>;
    };
    expect(Object.keys(both.checks)).toEqual(['bulk', 'first']);
    expect(both.checks['bulk']!.run_a.variables).not.toHaveProperty('order');
    expect(both.checks['first']!.run_a.variables['item.qty']).toBe('2');

    // The branch's code in the project: the bulk check fails, the first item (qty 2, no discount) does not.
    fs.copyFileSync(path.join(branch, 'pricing.py'), path.join(project, 'pricing.py'));
    const github = await runBpdiff(['check', 'bulk', '--format', 'github'], { cwd: project });
    expect(github.exitCode, github.stderr).toBe(1);
    const errors = github.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(errors.map((line) => /^::error file=([^,]+),line=(\d+),title=([^:]+)::/.exec(line)?.slice(1, 3))).toEqual([
      ['pricing.py', '34'],
      ['pricing.py', '34'],
    ]);
    expect(github.stdout).toContain('rate is 0.1 in baseline and 1.0 in B');

    const markdown = await runBpdiff(['check', '--format', 'markdown', '--fail-on', 'never'], { cwd: project });
    expect(markdown.exitCode, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain('## check `bulk`');
    expect(markdown.stdout).toContain('| <code>rate</code> | <code>0.1</code> | <code>1.0</code> |');

    // Two formats at once: annotations on stdout, the markdown summary in a file, and --summary beside.
    const summary = path.join(tmp, 'summary.md');
    const again = path.join(tmp, 'again.md');
    const twice = await runBpdiff(
      ['check', 'bulk', '--format', 'markdown', '-o', summary, '--format', 'github', '--summary', again],
      { cwd: project },
    );
    expect(twice.exitCode, twice.stderr).toBe(1);
    expect(twice.stdout).toMatch(/^::error file=pricing\.py,line=34,/);
    expect(fs.readFileSync(summary, 'utf8')).toContain('| <code>rate</code> | <code>0.1</code> | <code>1.0</code> |');
    expect(fs.readFileSync(again, 'utf8')).toBe(fs.readFileSync(summary, 'utf8'));
    expectRefusal(
      await runBpdiff(['check', 'bulk', '--format', 'text', '--format', 'github'], { cwd: project }),
      /text and github would all go to stdout/,
    );

    const changedOnly = await runBpdiff(['check', 'first', '--fail-on', 'changed'], { cwd: project });
    expect(changedOnly.exitCode, changedOnly.stderr).toBe(0);
  });

  it('bpdiff check says how to accept a change, ends its text with a tally, writes JUnit XML, one JSON shape, and fails on an obsolete baseline when asked', async () => {
    const project = checkout('v1', 'reviewed');
    const config = {
      checks: {
        bulk: { bp: 'pricing.py:34', condition: 'item.qty > 3', cmd: RUN },
        first: { bp: 'pricing.py:34', cmd: RUN },
      },
    };
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), JSON.stringify(config));
    expect((await runBpdiff(['check', '--record'], { cwd: project })).exitCode).toBe(0);
    fs.copyFileSync(path.join(branch, 'pricing.py'), path.join(project, 'pricing.py'));

    const text = await runBpdiff(['check', '--format', 'text', '--color', 'never'], { cwd: project });
    expect(text.exitCode, text.stderr).toBe(1);
    expect(text.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      'to accept: `bpdiff check -u bulk`, then commit `.bpdiff/baselines/`',
      'checks: 1 failed, 1 passed, 2 total',
    ]);

    const report = path.join(tmp, 'bpdiff-junit.xml');
    const junit = await runBpdiff(['check', '--format', 'junit', '-o', report], { cwd: project });
    expect(junit.exitCode, junit.stderr).toBe(1);
    // A JUnit reader's view of it (Python's XML parser): one test case per check, the changes in the failure.
    const read = await execa(
      'python3',
      [
        '-c',
        'import sys, xml.etree.ElementTree as E\nfor case in E.parse(sys.argv[1]).getroot().iter("testcase"):\n    failure = case.find("failure")\n    print(case.get("name"), repr(None if failure is None else failure.text))',
        report,
      ],
      { reject: false },
    );
    expect(read.stderr).toBe('');
    expect(read.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^bulk '.*rate: 0\.1 -> 1\.0 \(up 0\.9, 10x\).*\\n\\nto accept: `bpdiff check -u bulk`, then commit `\.bpdiff\/baselines\/`'$/,
      ),
      'first None',
    ]);

    // One check or two: the same JSON shape.
    const one = await runBpdiff(['check', 'bulk'], { cwd: project });
    expect(one.exitCode, one.stderr).toBe(1);
    const shape = JSON.parse(one.stdout) as Record<string, unknown>;
    expect(Object.keys(shape)).toEqual(['checks', 'no_baseline', 'recorded', 'obsolete_baselines']);
    expect(Object.keys(shape['checks'] as object)).toEqual(['bulk']);

    // An obsolete baseline: a warning, and a failure with --fail-on-obsolete or "fail_on_obsolete" in the config.
    fs.copyFileSync(path.join(PRICING, 'v1', 'pricing.py'), path.join(project, 'pricing.py'));
    fs.writeFileSync(path.join(project, '.bpdiff/baselines/gone.json'), '{}');
    const warned = await runBpdiff(['check'], { cwd: project });
    expect(warned.exitCode, warned.stderr).toBe(0);
    expect((JSON.parse(warned.stdout) as { obsolete_baselines: string[] }).obsolete_baselines).toEqual([
      '.bpdiff/baselines/gone.json',
    ]);
    const failed = await runBpdiff(['check', '--fail-on-obsolete', '--format', 'text'], { cwd: project });
    expect(failed.exitCode, failed.stderr).toBe(1);
    expect(failed.stderr).toContain('bpdiff: error: .bpdiff/baselines/gone.json is an obsolete baseline');
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toBe(
      'checks: 0 failed, 2 passed, 2 total; 1 obsolete baseline (failing: --fail-on-obsolete)',
    );
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), JSON.stringify({ ...config, fail_on_obsolete: true }));
    expect((await runBpdiff(['check'], { cwd: project })).exitCode).toBe(1);
  });

  it('refuses bad input in one line, exit 2, writing nothing', async () => {
    const notCapture = path.join(tmp, 'not-a-capture.json');
    fs.writeFileSync(notCapture, '{"hello": 1}');
    expectRefusal(
      await runBpdiff(['--baseline', notCapture, '--', ...RUN], { cwd: main }),
      /not-a-capture\.json is not a run capture/,
    );
    const otherVersion = path.join(tmp, 'other-version.json');
    fs.writeFileSync(
      otherVersion,
      JSON.stringify({
        ...JSON.parse(fs.readFileSync(baseline, 'utf8')),
        $schema: 'https://bpdiff.dev/schemas/run-capture.v9.schema.json',
      }),
    );
    expectRefusal(
      await runBpdiff(['--baseline', otherVersion, '--', ...RUN], { cwd: main }),
      /is a run capture of another schema version \(https:\/\/bpdiff\.dev\/schemas\/run-capture\.v9\.schema\.json/,
    );
    expectRefusal(
      await runBpdiff(['--baseline', baseline, '--bp', 'prices.py:34', '--condition', 'item.qty > 3', '--', ...RUN], {
        cwd: main,
      }),
      /the baseline .*baseline\.json was captured at pricing\.py:34 if item\.qty > 3, not at prices\.py:34 if item\.qty > 3/,
    );
    expectRefusal(
      await runBpdiff(['--baseline', baseline, '--bp', 'pricing.py:34', '--', ...RUN], { cwd: main }),
      /was captured at pricing\.py:34 if item\.qty > 3, not at pricing\.py:34 —/,
    );
    expectRefusal(
      await runBpdiff(['--baseline', baseline, '--', ...RUN, '--', ...RUN], { cwd: main }),
      /--baseline takes one command \(the live run\), 2 were given/,
    );
    expectRefusal(
      await runBpdiff([...BP, '--tolerance', 'lots', '--', ...RUN, '--', ...RUN], { cwd: main }),
      /--tolerance/,
    );
    expectRefusal(
      await runBpdiff([...BP, '--fail-on', 'sometimes', '--', ...RUN, '--', ...RUN], { cwd: main }),
      /--fail-on/,
    );
    expectRefusal(
      await runBpdiff(['capture', ...BP, '--', ...RUN, '--', ...RUN], { cwd: main }),
      /bpdiff capture takes one command, 2 were given/,
    );

    const project = path.join(tmp, 'bad-config');
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, 'bpdiff.config.json'),
      '{"depth": 2, "checks": {"x": {"bp": "a.py:1", "cmd": ["python3"], "baseline": "b.json", "dpeth": 1}}}',
    );
    expectRefusal(
      await runBpdiff(['check', 'x'], { cwd: project }),
      /bpdiff\.config\.json: "checks\.x\.dpeth" is not a key of a bpdiff config — did you mean "depth"\?/,
    );
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), '{"depth": "deep"}');
    expectRefusal(
      await runBpdiff([...BP, '--', ...RUN, '--', ...RUN], { cwd: project }),
      /bpdiff\.config\.json: \/depth: must be integer/,
    );
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), '{"depth": 2');
    expectRefusal(await runBpdiff(['check'], { cwd: project }), /bpdiff\.config\.json: is not valid JSON/);
    fs.writeFileSync(
      path.join(project, 'bpdiff.config.json'),
      '{"checks": {"x": {"bp": "a.py:1", "cmd": ["python3"], "baseline": "b.json"}}}',
    );
    expectRefusal(await runBpdiff(['check', 'y'], { cwd: project }), /has no check named "y" — run one of: x/);
    expectRefusal(await runBpdiff(['check', 'x'], { cwd: project }), /breakpoint file a\.py does not exist/);
    expect(fs.readdirSync(project)).toEqual(['bpdiff.config.json']);
  });
});

describeWithTool(
  'a cloned repository never makes bpdiff check write or read outside it (issue 34)',
  'python3',
  pythonInstalled,
  () => {
    /** A repository with the pricing example and one check, `line`, at `.bpdiff/baselines/line.json` unless `baseline` says otherwise. */
    const repository = (where: string, baseline?: string): string => {
      const dir = checkout('v1', where);
      fs.mkdirSync(path.join(dir, '.git'));
      fs.writeFileSync(
        path.join(dir, 'bpdiff.config.json'),
        JSON.stringify({ checks: { line: { bp: 'pricing.py:34', cmd: RUN, ...(baseline ? { baseline } : {}) } } }),
      );
      return dir;
    };
    const outside = path.join(tmp, 'outside');
    fs.mkdirSync(outside, { recursive: true });
    const link = (target: string, name: string): void => {
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.symlinkSync(target, name);
    };

    it('a dangling link, a link to an outside file, a linked .bpdiff and ../../escape.json: refused in one line, exit 2, nothing written', async () => {
      const dangling = repository('contain-dangling');
      link(path.join(outside, 'created.json'), path.join(dangling, '.bpdiff/baselines/line.json'));
      expectRefusal(
        await runBpdiff(['check'], { cwd: dangling }),
        new RegExp(
          `^bpdiff: the baseline of check "line", \\.bpdiff/baselines/line\\.json, is a symlink \\(to ${outside}/created\\.json\\): bpdiff writes and reads baselines only at a real path inside ${dangling} — replace the link`,
        ),
      );
      expect(fs.existsSync(path.join(outside, 'created.json'))).toBe(false);

      const linked = repository('contain-linked');
      fs.writeFileSync(path.join(outside, 'bashrc'), 'export KEPT=1\n');
      link(path.join(outside, 'bashrc'), path.join(linked, '.bpdiff/baselines/line.json'));
      expectRefusal(
        await runBpdiff(['check', '-u'], { cwd: linked }),
        /the baseline of check "line", \.bpdiff\/baselines\/line\.json, is a symlink \(to .*bashrc\)/,
      );
      expect(fs.readFileSync(path.join(outside, 'bashrc'), 'utf8')).toBe('export KEPT=1\n');

      const folder = repository('contain-folder');
      link(outside, path.join(folder, '.bpdiff'));
      expectRefusal(
        await runBpdiff(['check'], { cwd: folder }),
        /^bpdiff: the baselines folder, \.bpdiff\/baselines, is reached through the symlink .*contain-folder\/\.bpdiff \(to .*outside\)/,
      );

      const escape = repository('contain-escape/repo', '../../escape.json');
      expectRefusal(
        await runBpdiff(['check'], { cwd: escape }),
        new RegExp(
          `^bpdiff: the baseline of check "line", ${path.join(tmp, 'escape.json')}, is outside ${escape} \\(the folder of bpdiff\\.config\\.json, or its repository\\)`,
        ),
      );
      expect(fs.existsSync(path.join(tmp, 'escape.json'))).toBe(false);
      expect(fs.readdirSync(outside).sort()).toEqual(['bashrc']);
    });

    it('a baseline linked to /etc/passwd is refused as a link, not parsed; a committed baseline inside is checked as before', async () => {
      const passwd = repository('contain-passwd');
      link('/etc/passwd', path.join(passwd, '.bpdiff/baselines/line.json'));
      const refused = await runBpdiff(['check', '--ci'], { cwd: passwd });
      expectRefusal(
        refused,
        /^bpdiff: the baseline of check "line", \.bpdiff\/baselines\/line\.json, is a symlink \(to \/etc\/passwd\)/,
      );
      expect(refused.stderr).not.toContain('root:');
      const clean = repository('contain-clean');
      // Not under CI (a CI runner sets it): a check without a baseline records it.
      const recorded = await runBpdiff(['check'], { cwd: clean, env: { CI: '' } });
      expect(recorded.exitCode, recorded.stderr).toBe(0);
      expect(recorded.stderr).toContain(
        'check line had no baseline: this run was recorded as its baseline in .bpdiff/baselines/line.json',
      );
      expect((await runBpdiff(['check', '--ci'], { cwd: clean })).exitCode).toBe(0);
    });

    it('a baseline that cannot be written names the check\'s baseline and what to do, not "-o FILE"', async () => {
      const readOnly = repository('contain-read-only');
      expect((await runBpdiff(['check', '--record'], { cwd: readOnly })).exitCode).toBe(0);
      const file = path.join(readOnly, '.bpdiff/baselines/line.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"10"', '"11"'));
      fs.chmodSync(file, 0o444);
      const updated = await runBpdiff(['check', '-u'], { cwd: readOnly });
      expect(updated.exitCode).toBe(2);
      expect(updated.stderr.trim().split('\n').at(-1)).toBe(
        'bpdiff: cannot write the baseline of check "line", .bpdiff/baselines/line.json: it is read-only — bpdiff will not replace a file you protected: make it writable (chmod u+w .bpdiff/baselines/line.json) to re-record it',
      );
      const blocked = repository('contain-blocked');
      fs.writeFileSync(path.join(blocked, '.bpdiff'), '');
      expectRefusal(
        await runBpdiff(['check'], { cwd: blocked }),
        new RegExp(
          `^bpdiff: the baselines folder, \\.bpdiff/baselines, cannot be written: ${blocked}/\\.bpdiff is not a folder — check the path`,
        ),
      );
    });
  },
);

describeWithTool('the library API through Python', 'python3', pythonInstalled, () => {
  it("runs the README's example (examples/library/compare.mjs)", async () => {
    const { execa } = await import('execa');
    const result = await execa('node', [path.join(EXAMPLES, 'library/compare.mjs')], {
      cwd: path.dirname(EXAMPLES),
      reject: false,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.split('\n')).toEqual([
      "1 { line_total: { a: '108.0', b: '0.0' }, rate: { a: '0.1', b: '1.0' } }",
      'line_total is 108.0 in A and 0.0 in B (down 108, -100%).',
    ]);
  });

  it('checks its options as the CLI does', async () => {
    const { compare } = await import('../../src/index.js');
    await expect(
      compare({ bp: 'pricing.py:34', depth: -1, run_a: { command: ['python3'] }, run_b: { command: ['python3'] } }),
    ).rejects.toThrow('--depth "-1" is not a whole number from 0 up');
    await expect(
      compare({ bp: 'pricing.py', run_a: { command: ['python3'] }, run_b: { command: ['python3'] } }),
    ).rejects.toThrow('has no line number');
    // Refused before anything starts, not after both runs.
    await expect(
      compare({
        bp: 'pricing.py:34',
        fail_on: 'all' as 'any',
        run_a: { command: ['python3'] },
        run_b: { command: ['python3'] },
      }),
    ).rejects.toThrow('--fail-on "all" is not one of any, changed, never');
    const { diffCaptures } = await import('../../src/index.js');
    await expect(diffCaptures({} as never, {} as never, { max_output_bytes: 10 })).rejects.toThrow(
      '--max-output-bytes "10" is not a whole number from 1024 up',
    );
  });

  it('passes its progress lines through the redactor, as the CLI passes its stderr', async () => {
    const { compare } = await import('../../src/index.js');
    const secret = 'sekrit-value-123456';
    const folder = path.join(tmp, secret);
    fs.cpSync(path.join(PRICING, 'v1'), folder, { recursive: true });
    const lines: string[] = [];
    const run = { command: ['python3', 'pricing.py', '10'], cwd: folder, env: { API_TOKEN: secret } };
    const outcome = await compare({ bp: 'pricing.py:34', run_a: run, run_b: run, log: (line) => lines.push(line) });
    expect(outcome.exit_code).toBe(0);
    expect(lines.filter((line) => line.includes('waiting for'))).toHaveLength(2);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    expect(lines.some((line) => /<redacted:[0-9a-f]{6}>\/pricing\.py:34/.test(line))).toBe(true);
  });

  it('throws its errors with their secrets redacted, as the CLI prints its error line', async () => {
    const { compare, capture } = await import('../../src/index.js');
    const secret = 'sekrit-value-654321';
    const missing = path.join(tmp, 'no', secret);
    const run = { command: ['python3', 'pricing.py', '10'], cwd: missing, env: { API_TOKEN: secret } };
    const errors = [
      await compare({
        bp: 'pricing.py:34',
        run_a: run,
        run_b: { command: ['python3', 'pricing.py', '10'], cwd: path.join(PRICING, 'v1') },
      }).catch((error: Error) => error),
      await capture({ bp: 'pricing.py:34', run }).catch((error: Error) => error),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(
        /^the working directory of run [A-Za-z]+ does not exist: .*\/no\/<redacted:[0-9a-f]{6}> — check --cwd(-[ab])? \(run(_[ab])?\.cwd\)$/,
      );
      expect(String((error as Error).stack)).not.toContain(secret);
    }
    // With no_redact, as --no-redact: the message as it is.
    const plain = await compare({ bp: 'pricing.py:34', no_redact: true, run_a: run, run_b: run }).catch(
      (error: Error) => error,
    );
    expect((plain as Error).message).toContain(secret);
    await expect(compare({ bp: 'pricing.py:34', run_a: undefined as never, run_b: run })).rejects.toThrow(
      'run_a is missing',
    );
  });
});

describeWithTool('a baseline through the Node adapter', 'node', true, () => {
  it('records a capture of v1 and checks v2 against it', async () => {
    const file = path.join(tmp, 'cart.json');
    expect(
      (
        await runBpdiff([
          'capture',
          '--bp',
          'cart.js:31',
          '--cwd',
          path.join(CART, 'v1'),
          '-o',
          file,
          '--',
          'node',
          'checkout.js',
        ])
      ).exitCode,
    ).toBe(0);
    const same = await runBpdiff(['--baseline', file, '--cwd', path.join(CART, 'v1'), '--', 'node', 'checkout.js']);
    expectClean(same);
    expect(same.exitCode, same.stderr).toBe(0);
    const changed = await runBpdiff(['--baseline', file, '--cwd', path.join(CART, 'v2'), '--', 'node', 'checkout.js']);
    expectClean(changed);
    expect(changed.exitCode, changed.stderr).toBe(1);
    expect(changed.doc!.diff.changed['discount']).toEqual({ a: '224', b: '220' });
    expect(changed.doc!.diff.changed['net']).toEqual({ a: '1270', b: '1274' });
  });
});

describePythonAdapters('a baseline follows its line (issue 22 item 9)', (adapter, runBpdiff) => {
  /** v1 of the pricing example with a docstring of 36 lines added to price(), above the breakpoint's line 34. */
  function withDocstring(dir: string): void {
    const file = path.join(dir, 'pricing.py');
    const docstring = [
      '    """',
      ...Array.from({ length: 34 }, (_, i) => `    Line ${i} of a docstring the fix added.`),
      '    """',
    ];
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(lines.indexOf('def price(order):') + 1, 0, ...docstring);
    fs.writeFileSync(file, lines.join('\n'));
  }

  it('a check recorded before 36 lines were added above its line stops at that line after: exit 0, and says so', async () => {
    const project = checkout('v1', `follow-${adapter.id}/project`);
    const config = {
      checks: { line: { bp: 'pricing.py:34', condition: 'item.qty > 3', cmd: RUN, baseline: '.bpdiff/line.json' } },
    };
    fs.writeFileSync(path.join(project, 'bpdiff.config.json'), JSON.stringify(config));
    expect((await runBpdiff(['check', '-u'], { cwd: project })).exitCode).toBe(0);
    const recorded = JSON.parse(fs.readFileSync(path.join(project, '.bpdiff/line.json'), 'utf8')) as {
      source_lines: { count: number; hashes: string };
    };
    expect(recorded.source_lines.count).toBe(
      fs.readFileSync(path.join(project, 'pricing.py'), 'utf8').trimEnd().split('\n').length,
    );
    expect(recorded.source_lines.hashes).toMatch(/^([0-9a-f]{8})+$/);

    withDocstring(project);
    const run = await runBpdiff(['check'], { cwd: project });
    // bpdiff check's one JSON shape: the check's document under its name.
    const checked = {
      ...run,
      doc: (JSON.parse(run.stdout) as { checks: Record<string, ComparisonDoc> }).checks['line']!,
    };
    expectClean(checked);
    expect(checked.exitCode, checked.stderr).toBe(0);
    expect(checked.doc.run_b.location).toEqual({ file: 'pricing.py', line: 70 });
    expect(checked.doc.diff.changed).toEqual({});
    expect(checked.doc.analysis_hints, checked.doc.analysis_hints.join('\n')).toContain(
      "B: the baseline was captured at line 34 of pricing.py; that line is line 70 in B's copy (lines above it were added or removed), so B stops at line 70",
    );
    // How to update the config: the line the check's breakpoint is now.
    const text = await runBpdiff(['check', '--format', 'text', '--color', 'never'], { cwd: project });
    expect(text.stdout.split('\n')).toContain(
      'check line: its line pricing.py:34 is line 70 now — update its "bp" to "pricing.py:70" in bpdiff.config.json',
    );

    const direct = await runBpdiff(['--baseline', '.bpdiff/line.json', '--', ...RUN], { cwd: project });
    expectClean(direct);
    expect(direct.exitCode, direct.stderr).toBe(0);
    expect(direct.doc!.run_b.location.line).toBe(70);
  });

  it("a line deleted since is an error that says so; a condition failing at a line that is not the baseline's blames the line", async () => {
    const project = checkout('v1', `follow-${adapter.id}/deleted`);
    const baseline = path.join(project, 'line.json');
    expect((await runBpdiff(['capture', ...BP, '-o', baseline, '--', ...RUN], { cwd: project })).exitCode).toBe(0);
    withDocstring(project);
    const moved = await runBpdiff(
      ['--baseline', baseline, '--bp', 'pricing.py:40', '--condition', 'item.qty > 3', '--', ...RUN],
      { cwd: project },
    );
    expect(moved.exitCode, moved.stderr).toBe(2);
    expect(moved.stderr).toMatch(
      /^bpdiff: the condition "item\.qty > 3" cannot be evaluated in B at pricing\.py:40 \(NameError: name 'item' is not defined\): line 40 of pricing\.py in B's copy reads otherwise than line 34, where the baseline was captured \("Line 9 of a docstring the fix added\."\), so the condition may be right and the line wrong — /m,
    );

    const file = path.join(project, 'pricing.py');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('        total += line_total\n', ''));
    const deleted = await runBpdiff(['--baseline', baseline, '--', ...RUN], { cwd: project });
    expect(deleted.exitCode).toBe(2);
    expect(deleted.stderr).toMatch(
      /^bpdiff: line 34 of pricing\.py, where the baseline .*line\.json was captured, was deleted in the live run's copy of the file/m,
    );
  });
});
