// `--baseline FILE`: a stored run capture stands in for run A. It must be a capture of this schema,
// taken in the file (and with the condition) the live run is given; the line may have moved. Without
// --bp the live run takes the baseline's breakpoint.
import { describeBreakpoint } from '../core/describe.js';
import type { Breakpoint, RunCapture } from '../core/types.js';
import { readCapture } from './command-diff.js';
import { messages } from './messages.js';
import type { CompareArgs } from './parse-args.js';

export interface LoadedBaseline {
  capture: RunCapture;
  /** Where the live run stops: the baseline's own breakpoint, or the line --bp moved it to in the same file. */
  breakpoint: Breakpoint;
  /** Said in the hints when the live run stops at another line than the baseline's. */
  note?: string;
}

export function loadBaseline(file: string, cwd: string, args: Pick<CompareArgs, 'breakpoints'>): LoadedBaseline {
  const capture = readCapture(file, cwd);
  const stored = capture.breakpoint;
  const given = args.breakpoints?.b ?? null;
  if (given === null) return { capture, breakpoint: { ...stored } };
  // The line may move (lines added above it since the baseline); the file and the condition may not.
  if (given.file !== stored.file || (given.condition ?? null) !== (stored.condition ?? null)) {
    throw messages.baselineOtherBreakpoint(file, describeBreakpoint(stored), describeBreakpoint(given));
  }
  if (given.line === stored.line) return { capture, breakpoint: { ...stored } };
  return { capture, breakpoint: { ...given }, note: `the baseline was captured at line ${stored.line} of ${stored.file}; the live run stops at line ${given.line}, as its --bp says` };
}
