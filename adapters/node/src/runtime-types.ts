// What the runtime and the DAP layer exchange, and the session state the runtime's parts share.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { HitCondition } from './conditions.js';
import type { LaunchPlan } from './launch-config.js';

/** A breakpoint as the client asks for it (line 1-based). */
export interface BreakpointSpec {
  line: number;
  condition?: string;
  hitCondition?: string;
}

export interface UserBreakpoint {
  id: number;
  path: string;
  /** The path and its real path: scripts may be reported under either. */
  variants: string[];
  line: number;
  condition: string | undefined;
  hitCondition: HitCondition | undefined;
  /** Why the breakpoint is never bound (a hit condition that does not parse), said as its message. */
  invalid: string | undefined;
  verified: boolean;
  boundLine: number | undefined;
  /** Set once the client has seen the breakpoint (in a setBreakpoints response); only then do changes become events. */
  announced: boolean;
}

export interface StopReport {
  threadId: number;
  reason: string;
  description?: string;
  text?: string;
  hitBreakpointIds?: number[];
}

export interface ExceptionReport {
  exceptionId: string;
  description: string;
  breakMode: DebugProtocol.ExceptionBreakMode;
  details: DebugProtocol.ExceptionDetails;
}

export type OutputCategory = 'stdout' | 'stderr' | 'important' | 'console';

/** Where the adapter runs: its own process (main.ts), or inside its client's (in-process.ts). */
export interface AdapterEnvironment {
  /** The environment the program starts from (the launch's `env` goes over it). */
  env: Readonly<Record<string, string | undefined>>;
  /** The folder a launch's relative `cwd` is resolved against. */
  cwd: string;
}

/** What the runtime tells the DAP layer. */
export interface RuntimeHost {
  output(category: OutputCategory, text: string): void;
  processStarted(pid: number, name: string): void;
  threadStarted(threadId: number): void;
  threadExited(threadId: number): void;
  stopped(stop: StopReport): void;
  breakpointChanged(breakpoint: UserBreakpoint): void;
  /** `signal`: the signal that killed the program, when one did (exitCode is then 128 + its number). */
  exited(exitCode: number, signal: NodeJS.Signals | null): void;
  terminated(): void;
}

export type StepKind = 'over' | 'into' | 'out';

/** Owned by NodeRuntime, read by its parts. */
export interface SessionState {
  plan: LaunchPlan | null;
  /** The session has ended (disconnect, adapter exit): nothing more reaches the client. */
  disposed: boolean;
  /** disconnect with terminateDebuggee false: processes run on, and new ones are left alone. */
  detached: boolean;
  /** exited and terminated have been sent. */
  ended: boolean;
}

/** Source maps are used unless the launch said `sourceMaps: false`. */
export function usesSourceMaps(state: SessionState): boolean {
  return state.plan?.sourceMaps ?? true;
}
