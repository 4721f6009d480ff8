// bpdiff check's output put together (src/output/check-summary.ts): one check as it is, several with
// a verdict line each, a missing or obsolete baseline said in every format, GitHub's limit over all.
import { describe, expect, it } from 'vitest';
import { combineChecks, describeBaselineChange, type CheckOutcome } from '../../../src/output/check-summary.js';
import { writeGithub } from '../../../src/output/format-github.js';
import { writeMarkdown } from '../../../src/output/format-markdown.js';
import { writeJson } from '../../../src/output/format-json.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1 } from '../fixtures/captures.js';

const same = buildReport([makeCapture({ label: 'baseline', variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })]);
const changed = buildReport([makeCapture({ label: 'baseline', variables: { rate: '0.15', n: '1' } }), makeCapture({ side: 'b', label: 'feature/x', variables: { rate: '0.2', n: '1', tax: '5.1' } })]);
const missing: CheckOutcome = { name: 'new', kind: 'no_baseline', baseline: '.bpdiff/baselines/new.json', at: { file: 'src/p.py', line: 7 } };

describe("bpdiff check's output", () => {
  it('one check compared: its output as it is', () => {
    const text = writeMarkdown(same);
    expect(combineChecks([{ name: 'line', kind: 'compared', report: same, text }], 'markdown', [])).toBe(text);
  });

  it('markdown: one verdict line per check first, then each check', () => {
    const outcomes: CheckOutcome[] = [
      { name: 'line', kind: 'compared', report: same, text: writeMarkdown(same) },
      { name: 'total', kind: 'compared', report: changed, text: writeMarkdown(changed) },
      missing,
    ];
    const text = combineChecks(outcomes, 'markdown', ['.bpdiff/baselines/old.json']);
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
    expect(combineChecks(outcomes.slice(0, 1), 'markdown', ['x.json']).split('\n')[0]).toBe('### ✅ bpdiff check: the check passed');
  });

  it('github: each missing or obsolete baseline is an annotation, and the limit holds over every check', () => {
    const text = combineChecks([{ name: 'total', kind: 'compared', report: changed, text: writeGithub(changed, { color: false, combined: true }) }, missing], 'github', ['.bpdiff/baselines/old.json']);
    expect(text.split('\n').filter((line) => line.startsWith('::'))).toEqual([
      '::error file=pricing.py,line=34,title=bpdiff%3A rate changed::rate is 0.15 in baseline and 0.2 in feature/x (up 0.05, +33.3%25).',
      '::error file=pricing.py,line=34,title=bpdiff%3A only in feature/x::Only in feature/x (1): tax = 5.1.',
      '::error file=src/p.py,line=7,title=bpdiff%3A check new has no baseline::check new has no baseline (.bpdiff/baselines/new.json does not exist) — record it with bpdiff check new -u, and commit it',
      '::warning file=.bpdiff/baselines/old.json,title=bpdiff%3A obsolete baseline::.bpdiff/baselines/old.json is an obsolete baseline: no check refers to it — bpdiff check -u removes it',
    ]);
    const many = Array.from({ length: 12 }, (_, index): CheckOutcome => ({ ...missing, name: `c${index}` }));
    expect(combineChecks(many, 'github', []).split('\n').filter((line) => line.startsWith('::error'))).toHaveLength(10);
  });

  it('json: the documents by check name, and what is missing or obsolete beside them', () => {
    const json = JSON.parse(combineChecks([{ name: 'line', kind: 'compared', report: same, text: writeJson(same) }, missing], 'json', ['.bpdiff/baselines/old.json'])) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['checks', 'no_baseline', 'obsolete_baselines']);
    expect(json['no_baseline']).toEqual({ new: '.bpdiff/baselines/new.json' });
  });

  it('says what changed in a re-recorded baseline, one line each', () => {
    expect(describeBaselineChange(changed)).toEqual(['rate: 0.15 -> 0.2 (up 0.05, +33.3%)', '+ tax = 5.1']);
    expect(describeBaselineChange(same)).toEqual([]);
  });
});
