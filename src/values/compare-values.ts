// Two runs' values at one stop, compared as the report will compare them: what lies under a container
// one run did not read is set aside (it is unknown there, not missing), so is what neither run could
// read (a type and an address only), and the pair steps apply (numbers within --tolerance are equal, a
// dict whose entries differ only in order is compared by key). The walks (a first divergence over
// hits, locate over lines) decide with it at every stop.
import type { Tolerance, VariableDiff } from '../core/types.js';
import { diffVariables } from '../core/diff-variables.js';
import { comparedValues } from '../core/unread.js';
import { applyPairSteps } from './pair-steps.js';
import type { CapturedValues } from './types.js';

export function compareValues(a: CapturedValues, b: CapturedValues, tolerance: Tolerance | null): VariableDiff {
  const compared = comparedValues(a, b);
  // The labels only name the runs in the notes, which a walk's verdict does not need.
  const valuesB = applyPairSteps(compared.a, compared.b, tolerance, { a: 'A', b: 'B' }).variables;
  return diffVariables(compared.a, valuesB);
}
