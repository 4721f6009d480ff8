// The value steps that need both runs' values: --tolerance (tolerance.ts) and the order of a dict's
// entries (entry-order.ts). Each writes run B's text as run A's where the two mean the same, so the
// comparison, the first-divergence walk and every writer see one verdict; the notes say what was
// taken as equal, with what B really held.
import type { Tolerance } from '../core/types.js';
import { applyTolerance, describeWithin } from './tolerance.js';
import { applyEntryOrder, describeReordered } from './entry-order.js';

export interface PairResult {
  /** Run B's variables, as compared. */
  variables: Record<string, string>;
  /** What run B's capture says about it (empty when nothing was taken as equal). */
  notes: string[];
}

export function applyPairSteps(
  variablesA: Readonly<Record<string, string>>,
  variablesB: Readonly<Record<string, string>>,
  tolerance: Tolerance | null,
  labels: { a: string; b: string },
): PairResult {
  const tolerated = applyTolerance(variablesA, variablesB, tolerance);
  const ordered = applyEntryOrder(variablesA, tolerated.variables);
  const notes: string[] = [];
  if (tolerance !== null && tolerated.within.length > 0)
    notes.push(describeWithin(tolerated.within, tolerance, labels));
  if (ordered.reordered.length > 0) notes.push(describeReordered(ordered.reordered, labels));
  return { variables: ordered.variables, notes };
}
