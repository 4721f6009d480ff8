// `--tolerance N` / `N%`: numbers this close compare as equal. A pair step (it needs both runs'
// values): where both values of a name are finite numbers within the tolerance and their texts
// differ, run B's text becomes run A's, so the spec's rule (different texts are `changed`) still
// holds, and a note says which names were taken as equal and what B really held.
import type { Tolerance } from '../core/types.js';
import { parseNumberText } from '../core/numbers.js';
import { setOwn } from '../core/own-record.js';

/** How many names the note lists before it counts the rest. */
const LISTED = 5;

export interface ToleranceResult {
  /** Run B's variables, with the values within the tolerance written as run A's. */
  variables: Record<string, string>;
  /** What was taken as equal, by name, with both texts. */
  within: Array<{ name: string; a: string; b: string }>;
}

export function withinTolerance(a: number, b: number, tolerance: Tolerance): boolean {
  const distance = Math.abs(a - b);
  if (tolerance.kind === 'absolute') return distance <= tolerance.amount;
  return distance <= (Math.abs(a) * tolerance.percent) / 100;
}

export function applyTolerance(
  variablesA: Readonly<Record<string, string>>,
  variablesB: Readonly<Record<string, string>>,
  tolerance: Tolerance | null,
): ToleranceResult {
  const within: ToleranceResult['within'] = [];
  if (tolerance === null) return { variables: { ...variablesB }, within };
  const variables: Record<string, string> = {};
  for (const [name, textB] of Object.entries(variablesB)) {
    const textA = Object.hasOwn(variablesA, name) ? variablesA[name]! : undefined;
    let next = textB;
    if (textA !== undefined && textA !== textB) {
      const a = parseNumberText(textA);
      const b = parseNumberText(textB);
      if (a?.kind === 'finite' && b?.kind === 'finite' && withinTolerance(a.value, b.value, tolerance)) {
        next = textA;
        within.push({ name, a: textA, b: textB });
      }
    }
    setOwn(variables, name, next);
  }
  return { variables, within };
}

export function describeTolerance(tolerance: Tolerance): string {
  return tolerance.kind === 'absolute' ? String(tolerance.amount) : `${tolerance.percent}%`;
}

/** "2 numbers within --tolerance 0.01 were compared as equal (B's value shown as A's): total is 10.004 in B, rate is 0.2001 in B" */
export function describeWithin(
  within: ToleranceResult['within'],
  tolerance: Tolerance,
  labels: { a: string; b: string },
): string {
  const listed = within
    .slice(0, LISTED)
    .map((entry) => `${entry.name} is ${entry.b} in ${labels.b} (${entry.a} in ${labels.a})`);
  const rest = within.length - listed.length;
  const count = within.length === 1 ? '1 number' : `${within.length} numbers`;
  return `${count} within --tolerance ${describeTolerance(tolerance)} ${within.length === 1 ? 'was' : 'were'} compared as equal (${labels.b}'s value shown as ${labels.a}'s): ${listed.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
}
