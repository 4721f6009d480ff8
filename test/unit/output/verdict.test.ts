import { describe, expect, it } from 'vitest';
import { writeMarkdown } from '../../../src/output/format-markdown.js';
import { writeSideBySide } from '../../../src/output/format-side-by-side.js';
import { writeText } from '../../../src/output/format-text.js';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture } from '../fixtures/captures.js';

// bpdiff locate's stop at the point where the runs part ways by what a line returned: the values there
// are alike, and no writer may end on "no differences" (the walk's verdict is that they differ).
const returned = {
  hints: ["the runs part ways at fmt.js:2 in fmt() (step 3): fmt() returns '6' in A and '0006' in B"],
  context: [],
  parted: true,
};
const alike = () =>
  buildReport([makeCapture({ variables: { x: '6' } }), makeCapture({ side: 'b', variables: { x: '6' } })], {
    lead: returned,
  });

describe("the writers' verdict after a walk", () => {
  it('a walk that found the runs part ways, the values there alike: said as such, not "no differences"', () => {
    const report = alike();
    expect(report.exitCode).toBe(1);
    const words = 'the runs part ways; the variables there are alike (1 variable identical)';
    expect(writeText(report, { color: false }).trimEnd().split('\n').at(-1)).toBe(words);
    expect(writeSideBySide(report, { color: false }).trimEnd().split('\n').at(-1)).toBe(words);
    expect(writeMarkdown(report).split('\n')[0]).toBe(`### ❌ bpdiff at \`pricing.py:34\`: ${words}`);
  });

  it('a walk whose runs could not be debugged (exit 2): the comparison\'s own words, not "the runs part ways"', () => {
    const report = buildReport(
      [
        makeCapture({ noBreak: { kind: 'error', message: 'could not be debugged' } }),
        makeCapture({ side: 'b', noBreak: { kind: 'error', message: 'could not be debugged' } }),
      ],
      { lead: { hints: ['the walk ended before its first step: ...'], context: [], parted: true } },
    );
    expect(report.exitCode).toBe(2);
    expect(writeText(report, { color: false }).trimEnd().split('\n').at(-1)).toBe(
      'neither A nor B stopped at the breakpoint: nothing compared',
    );
  });

  it('with values that differ there: the counts', () => {
    const report = buildReport(
      [makeCapture({ variables: { x: '6' } }), makeCapture({ side: 'b', variables: { x: '7' } })],
      { lead: returned },
    );
    expect(writeText(report, { color: false }).trimEnd().split('\n').at(-1)).toBe(
      'the runs part ways; there: 1 changed, 0 unchanged, 0 only in A, 0 only in B',
    );
  });

  it('a walk that found the runs alike, and a comparison: "no differences" as ever', () => {
    const same = buildReport(
      [makeCapture({ variables: { x: '6' } }), makeCapture({ side: 'b', variables: { x: '6' } })],
      {
        lead: { hints: ['no divergence in 3 steps: both runs ended'], context: [] },
      },
    );
    expect(same.exitCode).toBe(0);
    expect(writeText(same, { color: false }).trimEnd().split('\n').at(-1)).toBe(
      'no differences (1 variable identical)',
    );
    const plain = buildReport([
      makeCapture({ variables: { x: '6' } }),
      makeCapture({ side: 'b', variables: { x: '6' } }),
    ]);
    expect(writeSideBySide(plain, { color: false }).trimEnd().split('\n').at(-1)).toBe(
      'no differences (1 variable identical)',
    );
  });
});
