// The set-up half of one run's DAP conversation (DebugSession, debug-session.ts, is the other half:
// stops and steps): initialize, then launch or attach with the breakpoint, the entry's function
// breakpoints and the exception filters set, up to the launch response; and the breakpoints cleared
// again for a walk that steps from the start. The request order is debug-session.ts's opening comment.
import { CallbackStops, type CallbackStopsState } from './callbacks.js';
import { ReturnedReads } from './returned-reads.js';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { probesAtFirstStop, wrapCondition } from './conditions.js';
import {
  noBreak,
  updateBreakpoint,
  type BreakpointState,
  type NoBreak,
  type SessionBreakpoint,
} from './stop-outcome.js';
import { endedBeforeAttach, endWithin, type ProgramExit } from './program-end.js';
import { PROGRAM_END_LAG_MS, ProgramEvents } from './program-events.js';
import { nearestLinesWithCode } from './lines-with-code.js';
import { replAnswer, setToReach } from './reach-pass.js';
import { CpuReach } from './cpu-count.js';

/** How a walk that steps from the program's start stops there (a capture needs none of it). */
export interface SessionEntry {
  /** The program stops at its first line (the launch asks for it): that `entry` stop is a stop to read. */
  stopOnEntry?: boolean;
  /** Function breakpoints that stop the program where its own code starts (`main`). */
  functions?: readonly string[];
  /** No source breakpoint is set (the entry stops the program). */
  noSourceBreakpoint?: boolean;
}

export interface SessionOptions {
  connection: DapConnection;
  definition: AdapterDefinition;
  /** How long the program may run, in all, before it reaches the breakpoint. */
  runTimeoutMs: number;
  signal: AbortSignal;
  log: (line: string) => void;
  /** The request that starts the program (LaunchPlan.request). */
  request?: 'launch' | 'attach';
  /**
   * The end of the program, when the caller started it itself for an 'attach' (LaunchPlan.debuggee);
   * rejects when it could not be started. The exit status is taken from here, not from the adapter.
   */
  programExit?: Promise<ProgramExit>;
  /**
   * The run is let go from a stop (LiveRunStart.goingOn: the debugger and the program put on one CPU,
   * the definition's one_cpu). Given, a run whose adapter counts many passes before its first stop
   * (--hit N) also stops where the program's own code starts (the definition's locate.entry.functions),
   * calls it there and goes on: the passes are counted on one CPU (dlv: 0.2 ms a pass, 0.5-0.8 ms across two).
   */
  goingOn?: () => Promise<void>;
  /** The program's functions under the walk's folders, for an adapter whose callbacks are function breakpoints (hooks' callbackFunctions). */
  callbackFunctions?: (folders: readonly string[]) => Promise<string[]>;
}

/** Passes the adapter counts before the first stop from which the run stops at its entry first (goingOn): a stop and a pinning cost ~20 ms, a pass counted across two CPUs 0.3-0.6 ms more. */
const ENTRY_FOR_ONE_CPU_PASSES = 100;

/** A session up to its first stop: the steps that set it up (DebugSession goes on from there). */
export class SessionSetup {
  readonly breakpointState: BreakpointState = { id: undefined, verified: false, line: undefined, message: undefined };
  capabilities: DebugProtocol.Capabilities = {};
  protected readonly connection: DapConnection;
  protected readonly definition: AdapterDefinition;
  protected breakpoint: SessionBreakpoint | null = null;
  protected entry: SessionEntry = {};
  /** What the program does next: its stops and its end. */
  protected readonly events: ProgramEvents;
  /** The condition is evaluated by bpdiff at the first stop (condition.probe): the breakpoint is set without it until then. */
  protected probingCondition = false;
  /** Passes the adapter let go before the first stop (reach-pass.ts): that stop is pass passesSkipped + 1. */
  passesSkipped = 0;
  /** --hit N counted by the CPU from the first stop on (cpu-count.ts), where the adapter has a CPU count. */
  protected cpuReach: CpuReach | null = null;
  /** The entry's function breakpoints were set to call options.goingOn there before the passes are counted. */
  protected entryForOneCpu = false;
  private callbacks: CallbackStops | null = null;

  /** Stops in calls back from the library into `folders` from the next step or run on (callbacks.ts), or none (null); `frame`: the top frame's id, asked only when the adapter is told. Answers whether they are on, with the adapter's answer (callbacks.ts stepRequest reads it). */
  stopInCallbacks(
    folders: readonly string[] | null,
    frame: () => Promise<number | undefined>,
  ): Promise<CallbackStopsState> {
    this.callbacks ??= new CallbackStops(
      this.connection,
      this.definition,
      this.startMs,
      this.options.callbackFunctions,
    );
    return this.callbacks.set(folders, frame);
  }

  private returnedReads: ReturnedReads | null = null;

  /** The values functions return, where the adapter's repl watches for them (returned-reads.ts; none elsewhere). */
  get returns(): ReturnedReads {
    return (this.returnedReads ??= new ReturnedReads(this.connection, this.definition, this.startMs));
  }

  constructor(protected readonly options: SessionOptions) {
    this.connection = options.connection;
    this.definition = options.definition;
    this.events = new ProgramEvents(
      options.connection,
      options.definition,
      options,
      this.breakpointState,
      () => this.capabilities,
    );
  }

  protected get startMs(): number {
    return this.definition.timeouts.start * 1000;
  }

  /** Step 1: initialize; the capabilities are kept for the later steps. */
  async initialize(): Promise<DebugProtocol.Capabilities> {
    try {
      return await this.requestCapabilities();
    } catch (error) {
      // An adapter in (or attached to) a program that could not start: say so, not that the connection closed.
      const exit = this.options.programExit ? await endWithin(this.options.programExit, PROGRAM_END_LAG_MS) : null;
      if (exit) throw endedBeforeAttach(this.connection.adapterName, exit);
      throw error;
    }
  }

  private async requestCapabilities(): Promise<DebugProtocol.Capabilities> {
    const name = this.connection.adapterName;
    this.capabilities =
      (await this.connection.request(
        'initialize',
        {
          clientID: 'bpdiff',
          clientName: 'bpdiff',
          adapterID: this.definition.id,
          pathFormat: 'path',
          linesStartAt1: true,
          columnsStartAt1: true,
          supportsVariableType: true,
          supportsVariablePaging: true,
          supportsRunInTerminalRequest: false,
          supportsStartDebuggingRequest: false,
          supportsMemoryReferences: false,
          supportsProgressReporting: false,
          supportsInvalidatedEvent: false,
          locale: 'en',
        },
        { step: 'initialize', timeoutMs: this.startMs, hint: `check that ${name} starts on its own` },
      )) ?? {};
    return this.capabilities;
  }

  /** Step 2: launch the program (or attach to the one the caller started) with the breakpoint set, up to the response. Returns a no_break when the adapter refused the condition itself (dlv parses it here): the program need not run. */
  async launch(
    launch: Record<string, unknown>,
    breakpoint: SessionBreakpoint,
    entry: SessionEntry = {},
  ): Promise<NoBreak | null> {
    const { connection } = this;
    const { programExit, request = 'launch' } = this.options;
    this.breakpoint = breakpoint;
    this.entry = entry;
    const launchMs = this.definition.timeouts.launch * 1000;
    // Not awaited: debugpy answers it only after configurationDone.
    const launched = connection.request(request, launch as DebugProtocol.LaunchRequestArguments, {
      step: request,
      timeoutMs: launchMs,
      hint: 'the program may take long to start or build; a larger --timeout does not cover this step, check the command runs on its own',
    });
    let launchError: unknown = null;
    launched.catch((error: unknown) => {
      launchError = error;
    });
    // A program started by the caller connects to the adapter as it starts (its code waits for
    // configurationDone): the adapter's start time bounds that, and an end before it means it never will.
    const initialized = programExit
      ? {
          step: 'waiting for the program to connect',
          timeoutMs: this.startMs,
          hint: 'check that the command runs on its own',
        }
      : {
          step: 'waiting for the initialized event',
          timeoutMs: launchMs,
          hint: 'check that the command runs on its own',
        };
    await Promise.race([
      connection.waitForEvent((event) => event.event === 'initialized', initialized),
      launched.then(() => new Promise(() => undefined)),
      ...(programExit
        ? [programExit.then((exit) => Promise.reject(endedBeforeAttach(connection.adapterName, exit)))]
        : []),
    ]);
    if (launchError) throw launchError;

    const refused = entry.noSourceBreakpoint ? null : await this.setBreakpoint(breakpoint);
    if (refused) return refused;
    if (entry.functions && entry.functions.length > 0) await this.setFunctionBreakpoints(entry.functions);
    else if (
      this.options.goingOn &&
      this.passesSkipped >= ENTRY_FOR_ONE_CPU_PASSES &&
      // Where the CPU counts (gdb, lldb-dap), nothing traps at each pass; and their function
      // breakpoints' stops do not all say so (lldb-dap's reason is 'breakpoint'): none is set there.
      this.definition.hit_count?.cpu_count === undefined
    ) {
      const functions = this.definition.locate?.entry?.functions ?? [];
      if (functions.length > 0) {
        await this.setFunctionBreakpoints(functions);
        this.entryForOneCpu = true;
      }
    }
    await this.setExceptionFilters();
    this.events.cursor = connection.eventCount;
    this.events.runStart = this.events.cursor;
    if (this.capabilities.supportsConfigurationDoneRequest !== false) {
      await connection.request('configurationDone', {}, { step: 'configurationDone', timeoutMs: this.startMs });
    }
    await launched;
    this.events.deadline = Date.now() + this.options.runTimeoutMs;
    const target = entry.noSourceBreakpoint
      ? entry.functions && entry.functions.length > 0
        ? `the entry function ${entry.functions.join(' or ')}`
        : 'the first line of the program'
      : `${breakpoint.path}:${breakpoint.line}`;
    this.options.log(`${connection.adapterName}: program running, waiting for ${target}`);
    return null;
  }

  private async setBreakpoint(breakpoint: SessionBreakpoint): Promise<NoBreak | null> {
    const { connection, definition } = this;
    this.probingCondition = breakpoint.condition !== undefined && probesAtFirstStop(definition);
    // --hit N, --from FILE:LINE:N: set so that the adapter counts the passes before N where it can.
    // The CPU counts them where it can (cpu-count.ts): the breakpoint is set plain, armed at its first stop.
    const byCpu = CpuReach.applies(definition, breakpoint.reachPass, breakpoint.condition);
    const where = `${breakpoint.path}:${breakpoint.line}`;
    this.cpuReach = byCpu ? new CpuReach(connection, definition, breakpoint.reachPass!, where, this.startMs) : null;
    const reach = await setToReach(
      definition,
      byCpu ? { ...breakpoint, reachPass: undefined } : breakpoint,
      this.probingCondition,
      this.breakpointState,
      (asked) => this.sendBreakpoint(asked, !this.probingCondition),
      (expression) => replAnswer(this.connection, expression, this.startMs),
    );
    this.passesSkipped = reach.skipped;
    const state = this.breakpointState;
    const refused = definition.condition.error_unverified;
    if (
      breakpoint.condition !== undefined &&
      !state.verified &&
      state.message &&
      refused &&
      new RegExp(refused).test(state.message)
    ) {
      return noBreak({ kind: 'condition_error', message: state.message }, null, null, state);
    }
    // Refused outright (dlv: no statement on the line), not pending (code not loaded yet, as bpdiff's
    // Java adapter says; the lines around would be pending too): which lines near it have code.
    if (!state.verified && state.message && !state.pending) {
      const nearby = await nearestLinesWithCode(
        connection,
        { path: breakpoint.path },
        this.sourceBreakpoint(reach.asked, !this.probingCondition),
        this.startMs,
      );
      updateBreakpoint(state, nearby.restored);
      state.nearby = nearby.lines;
    }
    // Later `breakpoint` events (a module loaded, the line moved) update what the adapter said.
    connection.onEvent((event) => {
      if (event.event !== 'breakpoint') return;
      const body = (event as DebugProtocol.BreakpointEvent).body;
      if (body.breakpoint.id !== undefined && body.breakpoint.id === state.id) updateBreakpoint(state, body.breakpoint);
    });
    return null;
  }

  /** From where the program stands: the breakpoint set again to let the adapter count the next `passes` - 1 passes where it can; answers how many it lets go. */
  protected async countOn(passes: number): Promise<number> {
    const breakpoint = this.breakpoint;
    if (breakpoint === null) return 0;
    const reach = await setToReach(
      this.definition,
      { ...breakpoint, reachPass: passes },
      false,
      this.breakpointState,
      (asked) => this.sendBreakpoint(asked, true),
      (expression) => replAnswer(this.connection, expression, this.startMs),
    );
    return reach.skipped;
  }

  /** setBreakpoints for the one breakpoint, with its condition or without; what the adapter answered goes to breakpointState. */
  protected async sendBreakpoint(breakpoint: SessionBreakpoint, withCondition: boolean): Promise<void> {
    const asked = this.sourceBreakpoint(breakpoint, withCondition);
    const set = await this.connection.request(
      'setBreakpoints',
      { source: { path: breakpoint.path }, breakpoints: [asked], lines: [breakpoint.line], sourceModified: false },
      { step: 'setBreakpoints', timeoutMs: this.startMs },
    );
    updateBreakpoint(this.breakpointState, set?.breakpoints?.[0]);
  }

  /** The breakpoint as setBreakpoints asks for it, with its condition wrapped for the adapter or without. */
  private sourceBreakpoint(breakpoint: SessionBreakpoint, withCondition: boolean): DebugProtocol.SourceBreakpoint {
    const wrapped =
      breakpoint.countingCondition ??
      (breakpoint.condition === undefined || !withCondition
        ? undefined
        : wrapCondition(this.definition, breakpoint.condition));
    return {
      line: breakpoint.line,
      ...(wrapped !== undefined ? { condition: wrapped } : {}),
      ...(breakpoint.hitCondition !== undefined ? { hitCondition: breakpoint.hitCondition } : {}),
    };
  }

  /** Breakpoints on functions by name (a walk's entry: `main`, `main.main`); what the adapter answers is not checked: a stop says whether one bound. */
  private async setFunctionBreakpoints(names: readonly string[]): Promise<void> {
    await this.connection.request(
      'setFunctionBreakpoints',
      { breakpoints: names.map((name) => ({ name })) },
      { step: 'setFunctionBreakpoints', timeoutMs: this.startMs },
    );
  }

  /**
   * A stop at the entry's function breakpoints set for one CPU, told by DAP's reason for it (dlv gives
   * it), not at the breakpoint's pass too: the run is put on one CPU, the function breakpoints taken
   * away, and true (the caller lets it go on).
   */
  protected async atEntryForOneCpu(stopped: DebugProtocol.StoppedEvent['body']): Promise<boolean> {
    const id = this.breakpointState.id;
    if (!this.entryForOneCpu || stopped.reason !== 'function breakpoint') return false;
    if (id !== undefined && (stopped.hitBreakpointIds ?? []).includes(id)) return false;
    this.entryForOneCpu = false;
    await this.options.goingOn?.();
    await this.connection.request(
      'setFunctionBreakpoints',
      { breakpoints: [] },
      { step: 'clearing the entry function breakpoints', timeoutMs: this.startMs },
    );
    return true;
  }

  /** Removes every breakpoint bpdiff set (a walk that steps from its start must not stop at them again). */
  async clearBreakpoints(): Promise<void> {
    const { connection, breakpoint, entry } = this;
    if (breakpoint !== null && !entry.noSourceBreakpoint) {
      await connection.request(
        'setBreakpoints',
        { source: { path: breakpoint.path }, breakpoints: [], lines: [], sourceModified: false },
        { step: 'clearing the breakpoint', timeoutMs: this.startMs },
      );
    }
    if (entry.functions && entry.functions.length > 0)
      await connection.request(
        'setFunctionBreakpoints',
        { breakpoints: [] },
        { step: 'clearing the function breakpoints', timeoutMs: this.startMs },
      );
  }

  private async setExceptionFilters(): Promise<void> {
    const supported = new Set((this.capabilities.exceptionBreakpointFilters ?? []).map((filter) => filter.filter));
    const filters = this.definition.exception_filters.filter((filter) => supported.has(filter));
    await this.connection.request(
      'setExceptionBreakpoints',
      { filters },
      { step: 'setExceptionBreakpoints', timeoutMs: this.startMs },
    );
  }
}
