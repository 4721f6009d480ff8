// What a debug session reports for one run: each stop at the breakpoint, or why the program did not
// (or no longer) stop there.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { NoBreakReason, StackFrameSummary } from '../core/types.js';

export interface BreakpointState {
  id: number | undefined;
  verified: boolean;
  /** The line the adapter bound the breakpoint to, when it said. */
  line: number | undefined;
  message: string | undefined;
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

/** The breakpoint a session sets: its file (absolute), line and optional condition. */
export interface SessionBreakpoint {
  path: string;
  line: number;
  condition?: string | undefined;
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

/** A program that ended without stopping: unbound when the adapter never accepted the breakpoint. */
export function endedWithoutStop(breakpoint: BreakpointState, exitCode: number | null): NoBreakReason {
  if (!breakpoint.verified && breakpoint.message) return { kind: 'unbound', message: breakpoint.message };
  return { kind: 'exited', exit_code: exitCode };
}

export function updateBreakpoint(state: BreakpointState, reported: DebugProtocol.Breakpoint | undefined): void {
  if (!reported) return;
  if (reported.id !== undefined) state.id = reported.id;
  state.verified = reported.verified;
  if (reported.line !== undefined) state.line = reported.line;
  if (reported.message !== undefined) state.message = reported.message;
}
