// Why a locate walk reached no line of the user's code, said as what to do about it: the code where
// the runs start has no source found (Java classes compiled elsewhere: --source-path; a binary built
// without -g), the function where the program's own code starts was never stopped in (a stripped
// binary: no debug information), or else the runs stopped only outside their folders (--from).
import type { BpdiffError } from '../errors.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { messages } from '../messages.js';
import type { WalkedRun } from './lines.js';

/**
 * The error for a walk that compared no step. `neverStopped`: neither run stopped at all before it
 * ended; `endings`: how each run ended, for the message of last resort.
 */
export function noCodeError(
  walks: readonly WalkedRun[],
  definition: AdapterDefinition,
  fromGiven: boolean,
  neverStopped: boolean,
  endings: string,
  /** Where the program's own code starts (the definition's locate.entry.functions, or the command's: go test's tests). */
  functions: readonly string[] = definition.locate?.entry?.functions ?? [],
): BpdiffError {
  const sourceless = [...new Set(walks.flatMap((walk) => walk.code.sourceless))];
  if (sourceless.length > 0)
    return messages.locateNoSource(sourceless, JSON.stringify(definition.launch).includes('${sourcePaths}'));
  if (!fromGiven && neverStopped && functions.length > 0) return messages.locateNoDebugInfo(functions);
  return messages.locateNoCode([...new Set(walks.flatMap((walk) => walk.code.userFiles()))], endings);
}
