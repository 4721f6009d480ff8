// `--baseline FILE`: a stored run capture stands in for run A. It must be a capture of this schema,
// taken at the breakpoint the live run is given (or the live run takes the baseline's breakpoint).
import { describeBreakpoint } from '../core/describe.js';
import type { Breakpoint, RunCapture } from '../core/types.js';
import { readCapture } from './command-diff.js';
import { messages } from './messages.js';
import type { CompareArgs } from './parse-args.js';

export interface LoadedBaseline {
  capture: RunCapture;
  /** Where the live run stops: the baseline's own breakpoint. */
  breakpoint: Breakpoint;
}

export function loadBaseline(file: string, cwd: string, args: Pick<CompareArgs, 'breakpoints'>): LoadedBaseline {
  const capture = readCapture(file, cwd);
  const stored = capture.breakpoint;
  const given = args.breakpoints?.b ?? null;
  if (given !== null && !sameBreakpoint(given, stored)) {
    throw messages.baselineOtherBreakpoint(file, describeBreakpoint(stored), describeBreakpoint(given));
  }
  return { capture, breakpoint: { ...stored } };
}

function sameBreakpoint(a: Breakpoint, b: Breakpoint): boolean {
  return a.file === b.file && a.line === b.line && (a.condition ?? null) === (b.condition ?? null);
}
