import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

const same = [makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })] as const;
const changed = [makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V2 })] as const;
const appeared = [
  makeCapture({ variables: { x: '1' } }),
  makeCapture({ side: 'b', variables: { x: '1', y: '2' } }),
] as const;
const missed = [
  makeCapture({ variables: { x: '1' } }),
  makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 0 } }),
] as const;
const failed = [
  makeCapture({ variables: { x: '1' } }),
  makeCapture({ side: 'b', noBreak: { kind: 'error', message: 'debugpy exited' } }),
] as const;

describe('the exit status and --fail-on', () => {
  it.each([
    ['any', [0, 1, 1, 1, 2]],
    ['changed', [0, 1, 0, 0, 2]],
    ['never', [0, 0, 0, 0, 2]],
  ] as const)('--fail-on %s', (failOn, codes) => {
    expect(
      [same, changed, appeared, missed, failed].map((captures) => buildReport(captures, { failOn }).exitCode),
    ).toEqual(codes);
  });
});

describe('the hints say the exit status the report has (issue 33: "Nothing was compared ... (exit 1)" from a run that exited 0)', () => {
  const empty = [makeCapture({ variables: {} }), makeCapture({ side: 'b', variables: {} })] as const;
  const nothing = (report: ReturnType<typeof buildReport>): string =>
    report.document.analysis_hints.find((hint) => hint.startsWith('Nothing was compared'))!;

  it('two stops that read no variable: exit 1, and the hint says exit 1', () => {
    const report = buildReport(empty);
    expect(report.exitCode).toBe(1);
    expect(nothing(report)).toMatch(/so this is no pass \(exit 1\)\./);
  });

  it.each(['never', 'changed'] as const)('--fail-on %s makes it 0: the hint does not claim exit 1', (failOn) => {
    const report = buildReport(empty, { failOn });
    expect(report.exitCode).toBe(0);
    expect(nothing(report)).not.toMatch(/exit 1/);
    expect(nothing(report)).toMatch(/the exit status, 0, comes from --fail-on or the walk/);
  });

  it('after a walk, its finding decides, and the hint agrees: agreed 0, parted 1 (the last stop read nothing either way)', () => {
    const agreed = buildReport(empty, {
      lead: { hints: ['no divergence in 29 steps: both runs ended'], context: [], parted: false },
    });
    expect(agreed.exitCode).toBe(0);
    expect(nothing(agreed)).not.toMatch(/exit 1/);
    const parted = buildReport(same, { lead: { hints: ['the runs part ways at f.go:5'], context: [], parted: true } });
    expect(parted.exitCode).toBe(1);
  });
});
