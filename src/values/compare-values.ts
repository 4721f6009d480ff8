// Two runs' values at one stop, compared as the report will compare them: what lies under a container
// one run did not read is set aside (it is unknown there, not missing), and numbers within --tolerance
// are equal. The walks (a first divergence over hits, locate over lines) decide with it at every stop.
import type { Tolerance, VariableDiff } from '../core/types.js';
import { diffVariables } from '../core/diff-variables.js';
import { setAsideNames, unreadCounterparts, withoutNames } from '../core/unread.js';
import { applyTolerance } from './tolerance.js';
import type { CapturedValues } from './types.js';

export function compareValues(a: CapturedValues, b: CapturedValues, tolerance: Tolerance | null): VariableDiff {
  const setAside = unreadCounterparts(a, b);
  const valuesA = withoutNames(a.variables, setAsideNames(setAside, 'a'));
  const valuesB = applyTolerance(valuesA, withoutNames(b.variables, setAsideNames(setAside, 'b')), tolerance).variables;
  return diffVariables(valuesA, valuesB);
}
