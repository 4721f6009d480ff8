// bpdiff check's output put together (src/output/check-summary.ts): one check as it is, several with
// a verdict line each, a missing or obsolete baseline said in every format, GitHub's limit over all.
import { describe, expect, it } from 'vitest';
import {
  combineChecks,
  describeBaselineChange,
  type CheckContext,
  type CheckOutcome,
} from '../../../src/output/check-summary.js';
import { writeGithub } from '../../../src/output/format-github.js';
import { writeMarkdown } from '../../../src/output/format-markdown.js';
import { writeJson } from '../../../src/output/format-json.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

const same = buildReport([
  makeCapture({ label: 'baseline', variables: PRICING_V1 }),
  makeCapture({ side: 'b', variables: PRICING_V1 }),
]);
const changed = buildReport([
  makeCapture({ label: 'baseline', variables: { rate: '0.15', n: '1' } }),
  makeCapture({ side: 'b', label: 'feature/x', variables: { rate: '0.2', n: '1', tax: '5.1' } }),
]);
/** What the run says beside the checks: these obsolete baselines (not failing unless asked), the accept command of examples/ci. */
function context(obsolete: string[] = [], failOnObsolete = false): CheckContext {
  return {
    obsolete,
    failOnObsolete,
    accept: (name) => ({ command: `bpdiff check -u ${name}`, commit: '.bpdiff/baselines/' }),
  };
}
const missing: CheckOutcome = {
  name: 'new',
  kind: 'no_baseline',
  baseline: '.bpdiff/baselines/new.json',
  at: { file: 'src/p.py', line: 7 },
};

describe("bpdiff check's output", () => {
  it('one check compared: its output as it is', () => {
    const text = writeMarkdown(same);
    expect(combineChecks([{ name: 'line', kind: 'compared', report: same, text }], 'markdown', context())).toBe(text);
  });

  it('markdown: one verdict line per check first, then each check', () => {
    const outcomes: CheckOutcome[] = [
      { name: 'line', kind: 'compared', report: same, text: writeMarkdown(same) },
      { name: 'total', kind: 'compared', report: changed, text: writeMarkdown(changed) },
      missing,
    ];
    const text = combineChecks(outcomes, 'markdown', context(['.bpdiff/baselines/old.json']));
    expect(text.split('\n').slice(0, 7)).toEqual([
      '### ❌ bpdiff check: 2 of 3 checks failed',
      '',
      '- ✅ <code>line</code>: no differences (7 variables identical)',
      '- ❌ <code>total</code>: 1 changed, 1 unchanged, 0 only in baseline, 1 only in feature/x',
      '- ❌ <code>new</code>: check new has no baseline (.bpdiff/baselines/new.json does not exist) — record it with bpdiff check new -u, and commit it',
      '- ⚠️ .bpdiff/baselines/old.json is an obsolete baseline: no check refers to it — bpdiff check -u removes it',
      '',
    ]);
    expect(text).toContain('## check `total`\n\n### ❌ bpdiff at `pricing.py:34`');
    expect(combineChecks(outcomes.slice(0, 1), 'markdown', context(['x.json'])).split('\n')[0]).toBe(
      '### ✅ bpdiff check: the check passed',
    );
  });

  it('github: each missing or obsolete baseline is an annotation, and the limit holds over every check', () => {
    const text = combineChecks(
      [
        {
          name: 'total',
          kind: 'compared',
          report: changed,
          text: writeGithub(changed, { color: false, combined: true }),
        },
        missing,
      ],
      'github',
      context(['.bpdiff/baselines/old.json']),
    );
    expect(text.split('\n').filter((line) => line.startsWith('::'))).toEqual([
      '::error file=pricing.py,line=34,title=bpdiff%3A rate changed::rate is 0.15 in baseline and 0.2 in feature/x (up 0.05, +33.3%25).',
      '::error file=pricing.py,line=34,title=bpdiff%3A only in feature/x::Only in feature/x (1): tax = 5.1.',
      '::error file=src/p.py,line=7,title=bpdiff%3A check new has no baseline::check new has no baseline (.bpdiff/baselines/new.json does not exist) — record it with bpdiff check new -u, and commit it',
      '::warning file=.bpdiff/baselines/old.json,title=bpdiff%3A obsolete baseline::.bpdiff/baselines/old.json is an obsolete baseline: no check refers to it — bpdiff check -u removes it',
      '::notice file=pricing.py,line=34,title=bpdiff%3A to accept check total::to accept: `bpdiff check -u total`, then commit `.bpdiff/baselines/`',
      '::notice file=src/p.py,line=7,title=bpdiff%3A to accept check new::to accept: `bpdiff check -u new`, then commit `.bpdiff/baselines/`',
    ]);
    const many = Array.from({ length: 12 }, (_, index): CheckOutcome => ({ ...missing, name: `c${index}` }));
    expect(
      combineChecks(many, 'github', context())
        .split('\n')
        .filter((line) => line.startsWith('::error')),
    ).toHaveLength(10);
  });

  it('json: one shape whatever the number of checks: the documents by check name, and what is missing, recorded or obsolete beside them', () => {
    const json = JSON.parse(
      combineChecks(
        [{ name: 'line', kind: 'compared', report: same, text: writeJson(same) }, missing],
        'json',
        context(['.bpdiff/baselines/old.json']),
      ),
    ) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['checks', 'no_baseline', 'recorded', 'obsolete_baselines']);
    expect(json['no_baseline']).toEqual({ new: '.bpdiff/baselines/new.json' });
    expect(json['obsolete_baselines']).toEqual(['.bpdiff/baselines/old.json']);
    // One check alone: the same shape, not the check's document bare.
    const alone = JSON.parse(
      combineChecks([{ name: 'line', kind: 'compared', report: same, text: writeJson(same) }], 'json', context()),
    ) as Record<string, unknown>;
    expect(alone).toEqual({
      checks: { line: JSON.parse(writeJson(same)) },
      no_baseline: {},
      recorded: {},
      obsolete_baselines: [],
    });
  });

  it('text: each failing check says how to accept it, and the output ends with the tally', () => {
    const outcomes: CheckOutcome[] = [
      { name: 'line', kind: 'compared', report: same, text: 'LINE\n' },
      { name: 'total', kind: 'compared', report: changed, text: 'TOTAL\n' },
      missing,
      { name: 'fresh', kind: 'recorded', baseline: '.bpdiff/baselines/fresh.json', at: { file: 'src/p.py', line: 9 } },
    ];
    const lines = combineChecks(outcomes, 'text', context(['.bpdiff/baselines/old.json']))
      .trimEnd()
      .split('\n');
    expect(lines.slice(-3)).toEqual([
      'to accept: `bpdiff check -u total`, then commit `.bpdiff/baselines/`',
      'to accept: `bpdiff check -u new`, then commit `.bpdiff/baselines/`',
      'checks: 2 failed, 1 passed, 1 recorded, 4 total; 1 obsolete baseline',
    ]);
    expect(combineChecks(outcomes.slice(0, 1), 'text', context()).trimEnd().split('\n')).toEqual([
      'LINE',
      '',
      'checks: 0 failed, 1 passed, 1 total',
    ]);
    expect(combineChecks(outcomes.slice(1, 2), 'text', context()).trimEnd().split('\n').slice(-2)).toEqual([
      'to accept: `bpdiff check -u total`, then commit `.bpdiff/baselines/`',
      'checks: 1 failed, 0 passed, 1 total',
    ]);
    expect(
      combineChecks(outcomes.slice(0, 1), 'text', context(['x.json'], true))
        .trimEnd()
        .split('\n')
        .at(-1),
    ).toBe('checks: 0 failed, 1 passed, 1 total; 1 obsolete baseline (failing: --fail-on-obsolete)');
  });

  it('markdown: a failing check says how to accept it, the command as code; an obsolete baseline fails the verdict with --fail-on-obsolete', () => {
    const text = combineChecks(
      [{ name: 'total', kind: 'compared', report: changed, text: writeMarkdown(changed) }],
      'markdown',
      context(),
    );
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      'to accept: <code>bpdiff check -u total</code>, then commit <code>.bpdiff/baselines/</code>',
    );
    expect(
      combineChecks(
        [{ name: 'line', kind: 'compared', report: same, text: writeMarkdown(same) }],
        'markdown',
        context(['x.json'], true),
      ).split('\n')[0],
    ).toBe('### ❌ bpdiff check: 1 obsolete baseline (--fail-on-obsolete)');
  });

  it('junit: one test case per check, the changes and how to accept them in the failure, XML-escaped', () => {
    const tricky = buildReport([
      makeCapture({ label: 'baseline', variables: { name: '"<a & b>"' } }),
      makeCapture({ side: 'b', variables: { name: "'<c>'\u0001" } }),
    ]);
    const xml = combineChecks(
      [
        { name: 'line', kind: 'compared', report: same, text: '' },
        { name: 'name', kind: 'compared', report: tricky, text: '' },
        missing,
      ],
      'junit',
      context(['old.json'], true),
    );
    expect(xml.split('\n').slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="bpdiff check" tests="4" failures="3" errors="0">',
      '  <testsuite name="bpdiff check" tests="4" failures="3" errors="0" skipped="0">',
    ]);
    expect(xml).toContain('    <testcase name="line" classname="bpdiff check" file="pricing.py" line="34"/>');
    expect(xml).toContain(
      'name: &quot;&lt;a &amp; b&gt;&quot; -&gt; &apos;&lt;c&gt;&apos;\n\nto accept: `bpdiff check -u name`, then commit `.bpdiff/baselines/`</failure>',
    );
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('<testcase name="new" classname="bpdiff check" file="src/p.py" line="7">');
    expect(xml).toContain('<testcase name="obsolete baseline old.json" classname="bpdiff check" file="old.json">');
  });

  it("a check whose line moved in the live run's copy says which line it is now and how to update the config, and is annotated there", () => {
    const moved = buildReport([
      makeCapture({ label: 'baseline', variables: { rate: '0.1' } }),
      makeCapture({ side: 'b', breakpoint: { file: 'pricing.py', line: 70 }, variables: { rate: '1.0' } }),
    ]);
    const outcome: CheckOutcome = {
      name: 'line',
      kind: 'compared',
      report: moved,
      text: 'LINE\n',
      at: { file: 'pricing.py', line: 34 },
    };
    const said =
      'check line: its line pricing.py:34 is line 70 now — update its "bp" to "pricing.py:70" in bpdiff.config.json';
    const withConfig = { ...context(), config: 'bpdiff.config.json' };
    expect(combineChecks([outcome], 'text', withConfig).split('\n')).toContain(said);
    expect(combineChecks([outcome], 'markdown', withConfig)).toContain(said.replace('—', '—'));
    const github = combineChecks([outcome], 'github', withConfig).split('\n');
    expect(github).toContain(`::notice file=pricing.py,line=70,title=bpdiff%3A check line%3A its line moved::${said}`);
    expect(github).toContain(
      '::notice file=pricing.py,line=70,title=bpdiff%3A to accept check line::to accept: `bpdiff check -u line`, then commit `.bpdiff/baselines/`',
    );
    // The config already names the live run's line: nothing to say.
    expect(combineChecks([{ ...outcome, at: { file: 'pricing.py', line: 70 } }], 'text', withConfig)).not.toContain(
      'update its',
    );
  });

  it('says what changed in a re-recorded baseline, one line each', () => {
    expect(describeBaselineChange(changed)).toEqual(['rate: 0.15 -> 0.2 (up 0.05, +33.3%)', '+ tax = 5.1']);
    expect(describeBaselineChange(same)).toEqual([]);
  });
});
