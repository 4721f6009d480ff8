// Where the program's own code starts, when the stop at its entry function's breakpoint is inside code
// inlined there: lldb binds `main` of a Rust program to the first instruction after its prologue,
// which is often the standard library's, inlined (`vec![...]`'s Box::new_uninit, at the library's
// boxed.rs). The stop's top frame is then that inlined function; the entry function's frame is below
// it. The walk takes the entry function's file for the user's (its folder and project), never the
// inlined code's: the standard library's folder taken for the user's made its lines steps of the walk.
import type { StackFrameSummary } from '../core/types.js';
import { functionName } from '../core/function-name.js';

/** How far down the stack the entry function's frame is looked for (inlined calls nest a few deep). */
export const ENTRY_LEVELS = 8;

/** Whether a frame is one of the entry functions (`main`, Go's `main.main`): by its name, or as the last part of a path (`crate::main`, Java's `Records.main`). */
export function isEntryFunction(name: string, functions: readonly string[]): boolean {
  const own = functionName(name);
  return functions.some((entry) => own === entry || own.endsWith(`::${entry}`) || own.endsWith(`.${entry}`));
}

/**
 * The entry function's frame below a stop's top frame that is not an entry function, with its file;
 * null when the top frame is one, or none with a source is found in the first frames.
 */
export function entryFrameBelow(
  frames: readonly StackFrameSummary[],
  functions: readonly string[],
): (StackFrameSummary & { file: string }) | null {
  const top = frames[0];
  if (top === undefined || functions.length === 0 || isEntryFunction(top.name, functions)) return null;
  for (const frame of frames.slice(1, ENTRY_LEVELS)) {
    if (isEntryFunction(frame.name, functions)) return frame.file === null ? null : { ...frame, file: frame.file };
  }
  return null;
}
