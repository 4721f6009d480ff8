// One connected Node process of the debuggee: its inspector connection, the scripts it parsed, the
// CDP breakpoints that implement user breakpoints there, and its current pause.
import type { CdpConnection } from './cdp-connection.js';
import type { CallFrame, Location, PausedEvent, RemoteObject, ScriptParsedEvent } from './cdp-types.js';
import type { ScopeRead } from './inspection.js';
import type { StepKind, StopReport, UserBreakpoint } from './runtime-types.js';
import type { LoadedSourceMap, OriginalPosition } from './source-maps.js';

/** The object group of every value handed out during a pause, released when the pause ends. */
export const OBJECT_GROUP = 'bpdiff';

export interface BreakpointRecord {
  breakpoint: UserBreakpoint;
  kind: 'direct' | 'mapped';
  map?: LoadedSourceMap;
}

export interface PauseState {
  event: PausedEvent;
  /** What the client is told; null while the pause is being classified (or when it is not the program's). */
  stop: StopReport | null;
  exception?: { value: RemoteObject | undefined; uncaught: boolean };
  /** The top frame's scopes, read as the stop is shown (by scope object id), before the client asks. */
  scopeReads?: Map<string, Promise<ScopeRead | null>>;
  /** The value the function the step left returned, shown among the top frame's locals as `(return) NAME` (bpdiffReturns). */
  returned?: { name: string; value: RemoteObject };
}

/** The search for the program's entry in one process (stopOnEntry), as CDP breakpoint ids. */
export interface EntrySearch {
  /** The breakpoint on the bootloader's main-module hook (CommonJS main modules). */
  hook: string | null;
  /** V8's "before script execution" instrumentation (ES modules), in a process whose main script is the user's. */
  instrumentation: string | null;
  /** A breakpoint on each line of a main script whose source a loader gives Node (TypeScript). */
  lines: string[];
  /** The process's main script, as the bootloader reported it. */
  script: string;
  /** The breakpoint on the main module's first statement, once found. */
  breakpoint: string | null;
}

/** A step the client asked for, while the adapter carries it through code that is not the program's. */
export interface StepState {
  kind: StepKind;
  /** The step began in code that is not the program's (a stop in Node's internals): it stops anywhere. */
  fromOthers: boolean;
  /** Pauses in others' code this step went through without stopping. */
  passed: number;
  /** The adapter's own step, from the main module's first statement (a compiler's) to the user's code: the entry. */
  toEntry: boolean;
  /** Where the step began: a pause further along the same line of the same call goes on (stepping.ts). */
  from: StepOrigin | null;
  /** The client asked for the value a function returns when the step leaves it (bpdiff's bpdiffReturns). */
  returns: boolean;
  /** What the step's own function returned, seen at its return position (V8's callFrame.returnValue). */
  returned: { name: string; value: RemoteObject } | null;
}

/** A position in one call: its line (the source's, through a source map), column, the stack's depth and the function's own position. */
export interface StepOrigin {
  line: string;
  column: number;
  depth: number;
  functionAt: string;
}

export class NodeProcess {
  readonly scripts = new Map<string, ScriptParsedEvent>();
  /** CDP breakpoint id -> the user breakpoint it implements. */
  readonly records = new Map<string, BreakpointRecord>();
  /** User breakpoint id -> its CDP breakpoint ids in this process. */
  readonly bound = new Map<number, string[]>();
  /** Script URL -> its loaded source map, for scripts whose map was read. */
  readonly mappedScripts = new Map<string, LoadedSourceMap>();
  hookBreakpointId: string | null = null;
  instrumented = false;
  /** The id V8 gave the instrumentation breakpoint, to remove it by. */
  instrumentationBreakpointId: string | null = null;
  pause: PauseState | null = null;
  lastCommand: 'step' | 'pause' | null = null;
  entry: EntrySearch | null = null;
  step: StepState | null = null;
  /** The breakpoints a step waits at for the program's next code, past others' (program-traps.ts); null: none. */
  traps: Set<string> | null = null;
  /** The blackbox patterns set in V8, joined ('' for none). */
  blackboxed = '';
  /**
   * Generated locations where a mapped breakpoint sits on a `return`: V8 breaks there after the
   * returned expression, which in minified output is the closing brace, mapped to the next line.
   * The original position of the expression's last character is the right one.
   */
  readonly returnLocations = new Map<string, OriginalPosition>();
  /** Breakpoint resolutions still being mapped back to original lines. */
  readonly resolving = new Set<Promise<void>>();
  announced = false;
  gone = false;
  /** Settles once the bootloader went on past its wait for the debugger. */
  readonly released: Promise<void>;
  /** Called when the bootloader's mark arrives. */
  markReleased: () => void = () => undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly threadId: number,
    readonly pid: number,
    readonly name: string,
    readonly cdp: CdpConnection,
  ) {
    this.released = new Promise((resolve) => (this.markReleased = resolve));
  }

  /** Breakpoint changes for one process run one after another, never interleaved. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The current pause, for requests that need one. */
  paused(): PauseState {
    if (!this.pause) throw new Error(`thread ${this.threadId} is not paused`);
    return this.pause;
  }
}

/**
 * The generated column a frame's position is mapped back by. At its function's return position (V8
 * holds the value returned) V8 stands after the returned expression: in one-line generated code (tsx,
 * minified output) that is the closing brace, which maps to the line after the `return`; the character
 * before it maps to the `return`'s own line, as a breakpoint's return location does (breakpoint-binder.ts).
 */
export function mappedColumn(frame: CallFrame): number {
  const column = frame.location.columnNumber ?? 0;
  return frame.returnValue !== undefined && column > 0 ? column - 1 : column;
}

export function locationKey(location: Location): string {
  return `${location.scriptId}:${location.lineNumber}:${location.columnNumber ?? 0}`;
}
