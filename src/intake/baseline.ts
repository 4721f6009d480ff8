// A baseline: a stored run capture standing in for run A (`--baseline FILE`, the library's `baseline`,
// a check's baseline). It must be a capture of this schema, taken in the file (and with the condition)
// the live run is given; the line may have moved. Without a breakpoint of its own the live run takes
// the baseline's.
import { describeBreakpoint } from '../core/describe.js';
import type { Breakpoint, RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';
import { readCapture } from './read-capture.js';

export interface LoadedBaseline {
  capture: RunCapture;
  /** How the baseline is named in messages: its file, or "the baseline". */
  name: string;
  /** Where the live run stops: the baseline's own breakpoint, or the line `given` moved it to in the same file. */
  breakpoint: Breakpoint;
  /** Said in the hints when the live run stops at another line than the baseline's. */
  note?: string;
}

/** `baseline`: a file (relative to `base`) or a capture object; `given`: the live run's breakpoint, when it has one. */
export function loadBaseline(baseline: string | RunCapture, base: string, given: Breakpoint | null): LoadedBaseline {
  const capture = typeof baseline === 'string' ? readCapture(baseline, base) : checkedCapture(baseline);
  const name = typeof baseline === 'string' ? baseline : 'the baseline';
  const stored = capture.breakpoint;
  if (given === null) return { capture, name, breakpoint: { ...stored } };
  // The line may move (lines added above it since the baseline); the file and the condition may not.
  if (given.file !== stored.file || (given.condition ?? null) !== (stored.condition ?? null)) {
    throw messages.baselineOtherBreakpoint(name, describeBreakpoint(stored), describeBreakpoint(given));
  }
  if (given.line === stored.line) return { capture, name, breakpoint: { ...stored } };
  return { capture, name, breakpoint: { ...given }, note: `the baseline was captured at line ${stored.line} of ${stored.file}; the live run stops at line ${given.line}, as its --bp says` };
}

/** A capture given as an object (the library's, or a tool's JSON): checked as a file's would be. */
export function checkedCapture(given: unknown, name = 'baseline'): RunCapture {
  const outcome = validateCapture(given);
  if (!outcome.ok) throw new BpdiffError('NOT_A_CAPTURE', `${name} is not a run capture (${outcome.errors.slice(0, 3).join('; ')}) — pass what capture() returned, or a file bpdiff capture wrote`);
  return given as RunCapture;
}
