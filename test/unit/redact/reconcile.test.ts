// Captures redacted under two keys (src/redact/reconcile.ts): their markers are not compared, and a
// warning says so, instead of every secret being reported as changed.
import { describe, expect, it } from 'vitest';
import { reconcileRedaction } from '../../../src/redact/reconcile.js';
import { scrubCapture } from '../../../src/redact/capture.js';
import { Redactor } from '../../../src/redact/redactor.js';
import { buildComparison } from '../../../src/core/build-comparison.js';
import { makeCapture } from '../fixtures/captures.js';
import type { RunCapture } from '../../../src/core/types.js';

function keyed(side: 'a' | 'b', keyId: string | null | undefined, variables: Record<string, string>): RunCapture {
  const capture = makeCapture({ side, variables });
  return keyId === undefined ? capture : { ...capture, redaction: keyId === null ? null : { key_id: keyId } };
}

describe('reconcileRedaction', () => {
  it('leaves captures redacted under one key as they are', () => {
    const a = keyed('a', '0000aaaa', { password: '<redacted:111111>' });
    const b = keyed('b', '0000aaaa', { password: '<redacted:222222>' });
    expect(reconcileRedaction(a, b)).toEqual([a, b]);
    const old = keyed('b', undefined, { password: '<redacted:222222>' });
    expect(reconcileRedaction(a, old)).toEqual([a, old]);
  });

  it('makes every keyed marker `<redacted>` in both runs under different keys, and says how many values were not compared', () => {
    const a = keyed('a', '0000aaaa', { password: '<redacted:111111>', header: "'Bearer <redacted:333333>'", qty: '3' });
    const b = keyed('b', '0000bbbb', { password: '<redacted:222222>', header: "'Bearer <redacted:444444>'", qty: '4' });
    const [ra, rb] = reconcileRedaction(a, b);
    expect(ra.run.variables).toEqual({ password: '<redacted>', header: "'Bearer <redacted>'", qty: '3' });
    expect(rb.run.variables).toEqual({ password: '<redacted>', header: "'Bearer <redacted>'", qty: '4' });
    const warning =
      "secrets in A were redacted under another key than B's (set BPDIFF_REDACT_KEY to the key the baseline was recorded with to compare them): 2 values not compared";
    expect(ra.warnings).toEqual([warning]);
    expect(rb.warnings).toEqual([warning]);
    const result = buildComparison(ra, rb);
    expect(Object.keys(result.diff.changed)).toEqual(['qty']);
    expect(result.analysis_hints.join('\n')).toContain(`A and B: ${warning}`);
    // The inputs are not changed.
    expect(a.run.variables['password']).toBe('<redacted:111111>');
  });

  it('leaves a capture that was not redacted (null) as it is: it holds no keyed markers to reconcile', () => {
    const [ra] = reconcileRedaction(
      keyed('a', null, { token: '<redacted:111111>' }),
      keyed('b', '0000bbbb', { token: '<redacted:222222>' }),
    );
    expect(ra).toEqual(keyed('a', null, { token: '<redacted:111111>' }));
  });
});

describe('scrubCapture', () => {
  it('takes secrets out of the output tails, the reasons and the command, not the variables', () => {
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretArgs(['app', '--password', 'hunter22']);
    const capture: RunCapture = {
      ...makeCapture({ noBreak: { kind: 'exception', message: 'ValueError: bad password hunter22' } }),
      run: { ...makeCapture().run, command: 'python3 app.py --password hunter22', variables: { x: 'hunter22' } },
      output: { stdout_tail: 'token: abcd1234\n', stderr_tail: 'login with hunter22 failed\n', truncated: false },
      warnings: ['seen hunter22'],
    };
    const scrubbed = scrubCapture(capture, redactor);
    const marker = redactor.marker('hunter22');
    expect(scrubbed.output).toEqual({
      stdout_tail: `token: ${redactor.marker('abcd1234')}\n`,
      stderr_tail: `login with ${marker} failed\n`,
      truncated: false,
    });
    expect(scrubbed.no_break_reason).toEqual({ kind: 'exception', message: `ValueError: bad password ${marker}` });
    expect(scrubbed.run.command).toBe(`python3 app.py --password ${marker}`);
    expect(scrubbed.warnings).toEqual([`seen ${marker}`]);
    expect(scrubbed.run.variables).toEqual({ x: 'hunter22' });
  });
});
