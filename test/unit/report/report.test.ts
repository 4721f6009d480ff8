import { describe, expect, it } from 'vitest';
import { buildReport } from '../../../src/report/report.js';
import { makeCapture, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

const same = [makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V1 })] as const;
const changed = [makeCapture({ variables: PRICING_V1 }), makeCapture({ side: 'b', variables: PRICING_V2 })] as const;
const appeared = [makeCapture({ variables: { x: '1' } }), makeCapture({ side: 'b', variables: { x: '1', y: '2' } })] as const;
const missed = [makeCapture({ variables: { x: '1' } }), makeCapture({ side: 'b', noBreak: { kind: 'exited', exit_code: 0 } })] as const;
const failed = [makeCapture({ variables: { x: '1' } }), makeCapture({ side: 'b', noBreak: { kind: 'error', message: 'debugpy exited' } })] as const;

describe('the exit status and --fail-on', () => {
  it.each([
    ['any', [0, 1, 1, 1, 2]],
    ['changed', [0, 1, 0, 0, 2]],
    ['never', [0, 0, 0, 0, 2]],
  ] as const)('--fail-on %s', (failOn, codes) => {
    expect([same, changed, appeared, missed, failed].map((captures) => buildReport(captures, { failOn }).exitCode)).toEqual(codes);
  });
});
