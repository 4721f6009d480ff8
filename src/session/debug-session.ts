// One run's DAP conversation, as named steps in the one request order that works for every adapter:
// initialize -> launch or attach (not awaited) -> `initialized` (before or after its response) ->
// setBreakpoints -> setExceptionBreakpoints -> configurationDone -> launch/attach response -> stops.
// Stops come one at a time (`nextStop`, or `stops()` as an async iterator): the caller reads the
// frame, then asks for the next one, or ends the session. Processes are not this layer's business:
// of a program the caller started itself (attach), the session only hears how it ended.
import os from 'node:os';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError, interrupted } from '../errors.js';
import type { DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { findConditionError, wrapCondition } from './conditions.js';
import { noBreak, type BreakpointState, type NoBreak, type SessionBreakpoint, type StopOutcome } from './stop-outcome.js';
import { endedBeforeAttach, endWithin, exitCodeOfSignal, type ProgramExit } from './program-end.js';
import type { NoBreakReason } from '../core/types.js';
import { stopPlace } from './passes.js';
import { nearestLinesWithCode } from './lines-with-code.js';

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
}

/**
 * How long the end of a program the caller started may lag behind the adapter's word that it ended
 * (`terminated`, a closed connection): the adapter sees pydevd's socket close as the process exits.
 */
const PROGRAM_END_LAG_MS = 2000;

const BREAKPOINT_REASONS = new Set(['breakpoint', 'function breakpoint', 'data breakpoint', 'instruction breakpoint']);
const FRAMES_KEPT = 5;

export class DebugSession {
  readonly breakpointState: BreakpointState = { id: undefined, verified: false, line: undefined, message: undefined };
  capabilities: DebugProtocol.Capabilities = {};
  private readonly connection: DapConnection;
  private readonly definition: AdapterDefinition;
  private breakpoint: SessionBreakpoint | null = null;
  /** Events before this index have been looked at. */
  private cursor = 0;
  /** Index of the first event after configurationDone (output since then may explain a stop). */
  private runStart = 0;
  private deadline = 0;
  private exitCode: number | null = null;
  private ended: NoBreak | null = null;
  private lastThreadId: number | null = null;

  constructor(private readonly options: SessionOptions) {
    this.connection = options.connection;
    this.definition = options.definition;
  }

  private get startMs(): number {
    return this.definition.timeouts.start * 1000;
  }

  /** Step 1: initialize; the capabilities are kept for the later steps. */
  async initialize(): Promise<DebugProtocol.Capabilities> {
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

  /**
   * Step 2: launch the program (or attach to the one the caller started) with the breakpoint set, up
   * to the response. Returns a no_break when the adapter refused the condition itself (dlv parses it
   * here): the program need not run.
   */
  async launch(launch: Record<string, unknown>, breakpoint: SessionBreakpoint): Promise<NoBreak | null> {
    const { connection } = this;
    const { programExit, request = 'launch' } = this.options;
    this.breakpoint = breakpoint;
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
      ? { step: 'waiting for the program to connect', timeoutMs: this.startMs, hint: 'check that the command runs on its own' }
      : { step: 'waiting for the initialized event', timeoutMs: launchMs, hint: 'check that the command runs on its own' };
    await Promise.race([
      connection.waitForEvent((event) => event.event === 'initialized', initialized),
      launched.then(() => new Promise(() => undefined)),
      ...(programExit ? [programExit.then((exit) => Promise.reject(endedBeforeAttach(connection.adapterName, exit)))] : []),
    ]);
    if (launchError) throw launchError;

    const refused = await this.setBreakpoint(breakpoint);
    if (refused) return refused;
    await this.setExceptionFilters();
    this.cursor = connection.eventCount;
    this.runStart = this.cursor;
    if (this.capabilities.supportsConfigurationDoneRequest !== false) {
      await connection.request('configurationDone', {}, { step: 'configurationDone', timeoutMs: this.startMs });
    }
    await launched;
    this.deadline = Date.now() + this.options.runTimeoutMs;
    this.options.log(`${connection.adapterName}: program running, waiting for ${breakpoint.path}:${breakpoint.line}`);
    return null;
  }

  private async setBreakpoint(breakpoint: SessionBreakpoint): Promise<NoBreak | null> {
    const { connection, definition } = this;
    const wrapped = breakpoint.condition === undefined ? undefined : wrapCondition(definition, breakpoint.condition);
    const source = { path: breakpoint.path };
    const asked = { line: breakpoint.line, ...(wrapped !== undefined ? { condition: wrapped } : {}) };
    const set = await connection.request('setBreakpoints', { source, breakpoints: [asked], lines: [breakpoint.line], sourceModified: false }, { step: 'setBreakpoints', timeoutMs: this.startMs });
    const state = this.breakpointState;
    updateBreakpoint(state, set?.breakpoints?.[0]);
    const refused = definition.condition.error_unverified;
    if (breakpoint.condition !== undefined && !state.verified && state.message && refused && new RegExp(refused).test(state.message)) {
      return noBreak({ kind: 'condition_error', message: state.message }, null, null, state);
    }
    // Refused outright, with the adapter's reason (dlv: no statement on the line): which lines near it have code.
    if (!state.verified && state.message) {
      const nearby = await nearestLinesWithCode(connection, source, asked, this.startMs);
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

  private async setExceptionFilters(): Promise<void> {
    const supported = new Set((this.capabilities.exceptionBreakpointFilters ?? []).map((filter) => filter.filter));
    await this.connection.request(
      'setExceptionBreakpoints',
      { filters: this.definition.exception_filters.filter((filter) => supported.has(filter)) },
      { step: 'setExceptionBreakpoints', timeoutMs: this.startMs },
    );
  }

  /**
   * Step 3, repeated: the next stop at the breakpoint, or why there is none (the program ended, the
   * time ran out, an exception, a condition that cannot be evaluated). Stops bpdiff did not ask for
   * are let go. After a no_break, every later call returns the same no_break.
   */
  async nextStop(): Promise<StopOutcome> {
    if (this.ended) return this.ended;
    const outcome = await this.waitForStop();
    if (outcome.kind === 'no_break') this.ended = outcome;
    else this.lastThreadId = outcome.threadId;
    return outcome;
  }

  /** Lets the program run on from the current stop. */
  async continue(): Promise<void> {
    if (this.lastThreadId === null || this.ended) return;
    const threadId = this.lastThreadId;
    this.lastThreadId = null;
    // The next stop has the run's --timeout again (a walk over many hits).
    this.deadline = Date.now() + this.options.runTimeoutMs;
    await this.connection.request('continue', { threadId }, { step: 'continue after the breakpoint', timeoutMs: this.startMs });
  }

  /** Every stop at the breakpoint, the program let go between them, ending with the first no_break. */
  async *stops(): AsyncGenerator<StopOutcome, void, void> {
    for (;;) {
      const outcome = await this.nextStop();
      yield outcome;
      if (outcome.kind === 'no_break') return;
      await this.continue();
    }
  }

  /** Ends the debug session (the program with it). Failure is not an error: the run layer kills what is left. */
  async disconnect(): Promise<void> {
    if (this.connection.closed) return;
    await this.connection.request('disconnect', { terminateDebuggee: true }, { step: 'disconnect', timeoutMs: 1000 }).catch(() => undefined);
  }

  private async waitForStop(): Promise<StopOutcome> {
    const { connection, definition } = this;
    const breakpoint = this.breakpoint;
    if (breakpoint === null) throw new BpdiffError('INTERNAL', 'nextStop() called before launch()');
    const state = this.breakpointState;
    const { programExit } = this.options;
    const programEnd = programExit?.then((exit) => ({ programExit: exit }));
    for (;;) {
      const remaining = this.deadline - Date.now();
      let next: DebugProtocol.Event | { programExit: ProgramExit };
      try {
        const event = connection.waitForEvent((e) => e.event === 'stopped' || e.event === 'exited' || e.event === 'terminated', {
          step: 'waiting for the breakpoint',
          timeoutMs: Math.max(remaining, 1),
          since: this.cursor,
        });
        next = await raceAbort(programEnd ? Promise.race([event, programEnd]) : event, this.options.signal);
      } catch (error) {
        if (error instanceof BpdiffError && error.code === 'ADAPTER_TIMEOUT') {
          return noBreak({ kind: 'timeout', seconds: this.options.runTimeoutMs / 1000, phase: 'run' }, null, null, state);
        }
        // An adapter may go away as the program it attached to ends: then that end is the outcome.
        const exit = programExit && !(error instanceof BpdiffError && error.code === 'INTERRUPTED') ? await endWithin(programExit, PROGRAM_END_LAG_MS) : null;
        if (exit) return this.programEnded(exit);
        throw error;
      }
      if ('programExit' in next) return this.programEnded(next.programExit);
      const event = next;
      this.cursor = connection.indexOfEvent(event) + 1;

      if (programExit && (event.event === 'exited' || event.event === 'terminated')) {
        // The adapter attached to the program: the exit status is its parent's to tell (debugpy's is none).
        const exit = await endWithin(programExit, PROGRAM_END_LAG_MS);
        return exit ? this.programEnded(exit) : noBreak(endedWithoutStop(state, null), null, null, state);
      }
      if (event.event === 'exited') {
        const body = (event as DebugProtocol.ExitedEvent).body as DebugProtocol.ExitedEvent['body'] & { signal?: unknown };
        // `terminated` normally follows at once, but some adapters dawdle (debugpy: seconds) and the
        // program has ended either way: wait only a moment for it.
        await connection
          .waitForEvent((e) => e.event === 'terminated', { step: 'waiting for terminated', timeoutMs: 300, since: this.cursor })
          .catch(() => undefined);
        return this.exited(body.exitCode, typeof body.signal === 'string' ? body.signal : null);
      }
      if (event.event === 'terminated') {
        if (this.exitCode === null && definition.exit_code_output) this.exitCode = await this.exitCodeFromOutput(definition.exit_code_output);
        return noBreak(endedWithoutStop(state, this.exitCode), null, this.exitCode, state);
      }

      const stopped = (event as DebugProtocol.StoppedEvent).body;
      const stop = { reason: stopped.reason, description: [stopped.description, stopped.text].filter(Boolean).join(': ') || null };
      const threadId = stopped.threadId ?? (await this.firstThread());
      const trace = await connection.request('stackTrace', { threadId, startFrame: 0, levels: FRAMES_KEPT }, { step: 'stackTrace', timeoutMs: this.startMs });
      const stackFrames = trace?.stackFrames ?? [];
      const frames = stackFrames.slice(0, FRAMES_KEPT).map((frame) => ({ name: frame.name, file: frame.source?.path ?? null, line: frame.line }));
      const stopText = stop.description ?? '';

      if (breakpoint.condition !== undefined && definition.condition.error_stop && new RegExp(definition.condition.error_stop).test(stopText)) {
        return noBreak({ kind: 'condition_error', message: stopped.text ?? stopText }, stop, null, state, frames);
      }
      if (stopped.reason === 'exception' || stopped.reason === 'signal') {
        let message = await this.describeException(threadId, stopText);
        for (const pattern of definition.exception_strip ?? []) message = message.replace(new RegExp(pattern, 'g'), '');
        if ((definition.exception_continue ?? []).some((pattern) => new RegExp(pattern).test(message))) {
          await connection.request('continue', { threadId }, { step: `continue after '${message}'`, timeoutMs: this.startMs });
          continue;
        }
        const signal = /\b(SIG[A-Z]+)\b/.exec(message);
        const reason: NoBreakReason = signal ? { kind: 'signal', signal: signal[1]!, message } : { kind: 'exception', message };
        return noBreak(reason, stop, null, state, frames);
      }
      const atBreakpoint = BREAKPOINT_REASONS.has(stopped.reason) || (state.id !== undefined && (stopped.hitBreakpointIds ?? []).includes(state.id));
      const top = stackFrames[0];
      if (!atBreakpoint || !top) {
        // A stop bpdiff did not ask for (entry, a pause, a step): let the program go on.
        await connection.request('continue', { threadId }, { step: `continue after a '${stopped.reason}' stop`, timeoutMs: this.startMs });
        continue;
      }
      if (breakpoint.condition !== undefined) {
        const conditionError = await findConditionError(connection, definition, breakpoint.condition, top.id, this.runStart, this.startMs);
        if (conditionError !== null) return noBreak({ kind: 'condition_error', message: conditionError }, stop, null, state, frames);
      }
      return {
        kind: 'stopped',
        threadId,
        frameId: top.id,
        frames,
        top: { path: top.source?.path ?? null, line: top.line },
        stop,
        breakpoint: state,
        capabilities: this.capabilities,
        place: stopPlace(threadId, stackFrames.slice(0, FRAMES_KEPT)),
      };
    }
  }

  /** The program ended with `exitCode`, or was killed by `signal` (named by the adapter, or read from the exit code). */
  private exited(exitCode: number | null, signal: string | null): NoBreak {
    const state = this.breakpointState;
    this.exitCode = exitCode;
    const killedBy = signal ?? signalOfExitCode(exitCode, this.definition.exit_code_signals);
    if (killedBy !== null) {
      // Named from the exit code only: say which code, since a program may also exit with it.
      const message = signal !== null ? '' : `${this.connection.adapterName} reports exit code ${exitCode}`;
      return noBreak({ kind: 'signal', signal: killedBy, message }, null, exitCode, state);
    }
    return noBreak(endedWithoutStop(state, exitCode), null, exitCode, state);
  }

  /**
   * The end of a program the caller started, told as when the adapter starts the program: a signal as
   * the exit code the adapter would give (exit_code_signals), so that captures read the same.
   */
  private programEnded(exit: ProgramExit): NoBreak {
    const code = exit.code ?? (exit.signal ? exitCodeOfSignal(exit.signal, this.definition.exit_code_signals) : null);
    return this.exited(code, code === null ? exit.signal : null);
  }

  /** The exit code an adapter without `exited` events prints when the client disconnects from the ended program (dlv). */
  private async exitCodeFromOutput(pattern: string): Promise<number | null> {
    const { connection } = this;
    const regex = new RegExp(pattern);
    const matches = (event: DebugProtocol.Event): boolean => event.event === 'output' && regex.test((event as DebugProtocol.OutputEvent).body.output);
    await connection.request('disconnect', { terminateDebuggee: true }, { step: 'disconnect (asking for the exit status)', timeoutMs: this.startMs }).catch(() => undefined);
    const said = await connection.waitForEvent(matches, { step: 'waiting for the exit status', timeoutMs: 300, since: this.runStart }).catch(() => null);
    const code = said ? Number(regex.exec((said as DebugProtocol.OutputEvent).body.output)?.[1]) : Number.NaN;
    return Number.isInteger(code) ? code : null;
  }

  private async describeException(threadId: number, fallback: string): Promise<string> {
    if (this.capabilities.supportsExceptionInfoRequest) {
      try {
        const info = await this.connection.request('exceptionInfo', { threadId }, { step: 'exceptionInfo', timeoutMs: this.startMs });
        if (info) {
          const description = info.description ?? info.details?.message ?? '';
          const id = info.exceptionId ?? info.details?.typeName ?? '';
          const text = id && description && !description.startsWith(id) ? `${id}: ${description}` : description || id;
          if (text) return text.trim();
        }
      } catch {
        // The stop's own description is the next best thing.
      }
    }
    return fallback || 'an exception';
  }

  private async firstThread(): Promise<number> {
    const threads = await this.connection.request('threads', undefined, { step: 'threads', timeoutMs: this.startMs });
    const first = threads?.threads?.[0];
    if (!first) throw new BpdiffError('ADAPTER_FAILED', `${this.connection.adapterName} stopped but reports no thread`);
    return first.id;
  }
}

/** The signal an adapter's exit code stands for, in the adapter's way of saying it (AdapterDefinition.exit_code_signals). */
export function signalOfExitCode(code: number | null, style: AdapterDefinition['exit_code_signals']): string | null {
  if (code === null || style === undefined) return null;
  const number = style === '256-n' ? 256 - code : code - 128;
  if (number < 1 || number > 31) return null;
  return Object.entries(os.constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}

/** A program that ended without stopping: unbound when the adapter never accepted the breakpoint. */
function endedWithoutStop(breakpoint: BreakpointState, exitCode: number | null): NoBreakReason {
  if (!breakpoint.verified && breakpoint.message) return { kind: 'unbound', message: breakpoint.message, ...(breakpoint.nearby && breakpoint.nearby.length > 0 ? { nearest: breakpoint.nearby } : {}) };
  return { kind: 'exited', exit_code: exitCode };
}

function updateBreakpoint(state: BreakpointState, reported: DebugProtocol.Breakpoint | undefined): void {
  if (!reported) return;
  if (reported.id !== undefined) state.id = reported.id;
  state.verified = reported.verified;
  if (reported.line !== undefined) state.line = reported.line;
  if (reported.message !== undefined) state.message = reported.message;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(interrupted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(interrupted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
