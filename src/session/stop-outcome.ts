// What a debug session reports for one run: each stop at the breakpoint, or why the program did not
// (or no longer) stop there.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { NoBreakReason, StackFrameSummary } from '../core/types.js';
import type { StopPlace } from './passes.js';

export interface BreakpointState {
  id: number | undefined;
  verified: boolean;
  /** The line the adapter bound the breakpoint to, when it said. */
  line: number | undefined;
  message: string | undefined;
  /** The adapter said it may verify the breakpoint later (DAP `reason: 'pending'`: its code is not loaded yet), not that it refuses the line. */
  pending?: boolean;
  /** The nearest lines with code above and below, when the adapter refused the line itself (lines-with-code.ts). */
  nearby?: number[];
}

/** What the adapter says of the breakpoint now (a setBreakpoints answer, a `breakpoint` event), over what it said before. */
export function updateBreakpoint(state: BreakpointState, reported: DebugProtocol.Breakpoint | undefined): void {
  if (!reported) return;
  if (reported.id !== undefined) state.id = reported.id;
  state.verified = reported.verified;
  if (reported.line !== undefined) state.line = reported.line;
  if (reported.message !== undefined) state.message = reported.message;
  state.pending = reported.reason === 'pending';
}

export interface StopDescription {
  reason: string;
  description: string | null;
}

export interface StoppedAtBreakpoint {
  kind: 'stopped';
  threadId: number;
  frameId: number;
  frames: StackFrameSummary[];
  top: { path: string | null; line: number };
  stop: StopDescription;
  breakpoint: BreakpointState;
  capabilities: DebugProtocol.Capabilities;
  /** Where the stop is, with the frames' instruction addresses: whether it starts a pass through the line (passes.ts). */
  place: StopPlace;
}

export interface NoBreak {
  kind: 'no_break';
  reason: NoBreakReason;
  stop: StopDescription | null;
  exitCode: number | null;
  breakpoint: BreakpointState;
  frames: StackFrameSummary[];
}

export type StopOutcome = StoppedAtBreakpoint | NoBreak;

/** How a walk moves the program on by one step. */
export type StepKind = 'stepIn' | 'next' | 'stepOut';

/** Where a step stopped: the top frame only (a walk reads its locals), and how deep the stack is when the adapter says. */
export interface SteppedStop {
  kind: 'stopped';
  threadId: number;
  frameId: number;
  top: { path: string | null; line: number; name: string };
  /** The number of frames on the stack (DAP `totalFrames`), or null when the adapter does not say. */
  depth: number | null;
  /**
   * The frame that called this one, where it stands, for an adapter whose totalFrames is not the
   * stack's depth (dlv): a call of the same function is told from a jump back in it by its caller, and,
   * where the caller is the same function (a recursion), by the stack's depth, counted then.
   */
  caller?: { name: string; line: number; depth: number | null } | null;
  stop: StopDescription;
}

export type StepOutcome = SteppedStop | NoBreak;

/** The breakpoint a session sets: its file (absolute), line and optional condition. */
export interface SessionBreakpoint {
  path: string;
  line: number;
  condition?: string | undefined;
  /** The DAP hitCondition the breakpoint is set with: the adapter counts the passes before the one asked for (src/run/reach-pass.ts). */
  hitCondition?: string | undefined;
  /** The condition the breakpoint is set with in place of the user's: it counts the passes in the debuggee (hit_count.condition; src/session/reach-pass.ts). */
  countingCondition?: string | undefined;
  /** The pass through the line the first stop is to be (--hit N, --from FILE:LINE:N): the adapter counts the passes before it where it can. */
  reachPass?: number | undefined;
}

export function noBreak(
  reason: NoBreakReason,
  stop: StopDescription | null,
  exitCode: number | null,
  breakpoint: BreakpointState,
  frames: StackFrameSummary[] = [],
): NoBreak {
  return { kind: 'no_break', reason, stop, exitCode, breakpoint, frames };
}
