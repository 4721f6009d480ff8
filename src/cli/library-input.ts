// A command's flags as the library's input (src/library): a live command's (compare, capture, locate)
// capture options and call values by their snake_case names, per-run values shared or in their run's
// object; `bpdiff diff`'s, checked by the library's own check before anything is read.
import { declarationsFor, snakeCase } from '../options/declarations.js';
import { checkDiffInput } from '../library/diff-captures.js';
import type { RawArgv } from './yargs-run.js';

/** A live command's flags as the library's input (src/library): values as typed, checked there. */
export type LibraryInput = Record<string, unknown>;

/**
 * The library's input from the flags of `command` (compare, capture or locate), as typed (the library
 * checks every value, with the same messages): the capture options and the call's own values by their
 * snake_case names, each per-run option's shared value at the top and each run's own in its run
 * object, the commands in the runs.
 */
export function libraryInput(
  raw: RawArgv,
  command: 'compare' | 'capture' | 'locate',
  runs: Record<string, string[]>,
): LibraryInput {
  const input: LibraryInput = {};
  for (const [key, argv] of Object.entries(runs)) input[key] = { command: argv };
  for (const declaration of declarationsFor(command)) {
    const value = raw[declaration.flag];
    if (value === undefined) continue;
    if (declaration.target || declaration.call) input[snakeCase(declaration.flag)] = value;
    else if (declaration.run) {
      const holder =
        declaration.run.side === null ? input : (input[`run_${declaration.run.side}`] as LibraryInput | undefined);
      if (holder !== undefined) holder[declaration.run.key] = value;
    }
  }
  return input;
}

/** `bpdiff diff`: diffCaptures()'s input (the value options, --label-a/--label-b as label_a/label_b, --fail-on, --max-output-bytes). */
function diffInput(raw: RawArgv): LibraryInput {
  const input: LibraryInput = {};
  for (const declaration of declarationsFor('diff')) {
    if (raw[declaration.flag] === undefined) continue;
    if (declaration.target || declaration.run || declaration.call)
      input[snakeCase(declaration.flag)] = raw[declaration.flag];
  }
  return input;
}

export function checkedDiffInput(raw: RawArgv): LibraryInput {
  const input = diffInput(raw);
  checkDiffInput(input);
  return input;
}
