// A breakpoint as a user writes it, `FILE:LINE` and an optional condition, checked the same way
// whichever front door it came in by.
import type { Breakpoint } from '../core/types.js';
import { messages } from '../messages.js';

/** Debuggers keep line numbers in 32 bits (lldb wraps 2^32 to 0): no source file is longer anyway. */
const MAX_LINE = 2 ** 31 - 1;

/** `FILE:LINE`, split on the last colon so `C:\src\x.py:3` keeps its drive letter. */
export function parseBreakpoint(value: string | null, condition: string | null, flag = 'bp'): Breakpoint {
  if (value === null) throw messages.missingBreakpoint();
  if (value.trim() === '') throw messages.emptyBreakpoint(flag);
  const colon = value.lastIndexOf(':');
  if (colon === -1) throw messages.breakpointWithoutColon(value, flag);
  const file = value.slice(0, colon);
  const lineText = value.slice(colon + 1);
  if (file.trim() === '') throw messages.breakpointWithoutFile(value, flag);
  if (!/^\d+$/.test(lineText) || Number(lineText) < 1 || Number(lineText) > MAX_LINE) {
    throw messages.badBreakpointLine(value, lineText, flag);
  }
  const breakpoint: Breakpoint = { file, line: Number(lineText) };
  if (condition !== null) {
    if (condition.trim() === '') throw messages.emptyCondition();
    breakpoint.condition = condition;
  }
  return breakpoint;
}
