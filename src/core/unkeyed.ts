// A value whose secret was redacted under another key in each run (a baseline recorded in CI under
// its BPDIFF_REDACT_KEY, checked in a fork's pull request, which gets no secrets and so no key):
// src/redact/reconcile.ts writes each such marker `<redacted>` in both runs, since the two markers of
// one secret differ. Whether the secret changed is unknown: such a value is neither unchanged nor
// changed. It is left out of the diff (never counted as identical) and said, with what to do.
// Pure: captures in, captures out.
import type { RunCapture } from './types.js';
import { without } from './unread.js';

/** The marker reconcile.ts leaves where two keys' markers stood. */
export const UNKEYED_MARKER = '<redacted>';

/** The captures without the values that hold an unkeyed marker in either run, and their names (run A's order, then B's). */
export function setAsideUnkeyed(
  captureA: RunCapture,
  captureB: RunCapture,
): { captures: [RunCapture, RunCapture]; names: string[] } {
  if (captureA.run.status !== 'break' || captureB.run.status !== 'break')
    return { captures: [captureA, captureB], names: [] };
  const names = new Set<string>();
  for (const capture of [captureA, captureB])
    for (const [name, value] of Object.entries(capture.run.variables))
      if (value.includes(UNKEYED_MARKER)) names.add(name);
  if (names.size === 0) return { captures: [captureA, captureB], names: [] };
  return { captures: [without(captureA, names), without(captureB, names)], names: [...names] };
}
