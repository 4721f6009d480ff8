// Two captures whose secrets were redacted under different keys (a baseline recorded in CI under its
// BPDIFF_REDACT_KEY, compared with a run under a random key) cannot compare their markers: the same
// secret has another marker under each key. Rather than report every secret as changed, each marker
// becomes `<redacted>` in both runs, so they compare equal, and a warning says how many values were
// not compared and how to compare them. Pure: captures in, captures out.
import type { RunCapture } from '../core/types.js';
import { setOwn } from '../core/own-record.js';
import { KEYED_MARKER } from './shapes.js';

export function reconcileRedaction(captureA: RunCapture, captureB: RunCapture): [RunCapture, RunCapture] {
  const keyA = captureA.redaction?.key_id;
  const keyB = captureB.redaction?.key_id;
  // A null key id: a random key that made no marker, so there is nothing to reconcile.
  if (keyA === undefined || keyB === undefined || keyA === null || keyB === null || keyA === keyB)
    return [captureA, captureB];
  const names = new Set<string>();
  const unkey = (capture: RunCapture): RunCapture => {
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(capture.run.variables)) {
      const plain = value.replace(KEYED_MARKER, '<redacted>');
      if (plain !== value) names.add(name);
      setOwn(variables, name, plain);
    }
    return { ...capture, run: { ...capture.run, variables } };
  };
  const a = unkey(captureA);
  const b = unkey(captureB);
  if (names.size === 0) return [captureA, captureB];
  const warning =
    `secrets in ${captureA.run.label} were redacted under another key than ${captureB.run.label}'s ` +
    `(set BPDIFF_REDACT_KEY to the key the baseline was recorded with to compare them): ${names.size} ${names.size === 1 ? 'value' : 'values'} not compared`;
  return [
    { ...a, warnings: [...a.warnings, warning] },
    { ...b, warnings: [...b.warnings, warning] },
  ];
}
