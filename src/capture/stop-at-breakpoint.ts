// The request order that works for every adapter, up to the moment the program stops at the
// breakpoint (or ends, or runs out of time):
// initialize -> launch (not awaited) -> `initialized` (before or after the launch response) ->
// setBreakpoints -> setExceptionBreakpoints -> configurationDone -> launch response -> wait.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError } from '../errors.js';
import { DapRequestError, type DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { NoBreakReason, StackFrameSummary } from '../core/types.js';

export interface StopRequest {
  connection: DapConnection;
  definition: AdapterDefinition;
  launch: Record<string, unknown>;
  breakpointPath: string;
  line: number;
  condition: string | undefined;
  /** How long the program may run before it reaches the breakpoint. */
  runTimeoutMs: number;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Told the adapter's capabilities as soon as `initialize` answers. */
  onCapabilities?: (capabilities: DebugProtocol.Capabilities) => void;
}

export interface BreakpointState {
  id: number | undefined;
  verified: boolean;
  /** The line the adapter bound the breakpoint to, when it said. */
  line: number | undefined;
  message: string | undefined;
}

export type StopOutcome =
  | {
      kind: 'stopped';
      threadId: number;
      frameId: number;
      frames: StackFrameSummary[];
      top: { path: string | null; line: number };
      stop: { reason: string; description: string | null };
      breakpoint: BreakpointState;
      capabilities: DebugProtocol.Capabilities;
    }
  | {
      kind: 'no_break';
      reason: NoBreakReason;
      stop: { reason: string; description: string | null } | null;
      exitCode: number | null;
      breakpoint: BreakpointState;
      frames: StackFrameSummary[];
    };

const BREAKPOINT_REASONS = new Set(['breakpoint', 'function breakpoint', 'data breakpoint', 'instruction breakpoint']);
const FRAMES_KEPT = 5;

export async function stopAtBreakpoint(request: StopRequest): Promise<StopOutcome> {
  const { connection, definition } = request;
  const name = connection.adapterName;
  const startMs = definition.timeouts.start * 1000;
  const launchMs = definition.timeouts.launch * 1000;

  const capabilities =
    (await connection.request(
      'initialize',
      {
        clientID: 'bpdiff',
        clientName: 'bpdiff',
        adapterID: definition.id,
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
      { step: 'initialize', timeoutMs: startMs, hint: `check that ${name} starts on its own` },
    )) ?? {};
  request.onCapabilities?.(capabilities);

  // The launch is not awaited: debugpy answers it only after configurationDone.
  const launched = connection.request('launch', request.launch as DebugProtocol.LaunchRequestArguments, {
    step: 'launch',
    timeoutMs: launchMs,
    hint: 'the program may take long to start or build; a larger --timeout does not cover this step, check the command runs on its own',
  });
  let launchError: unknown = null;
  launched.catch((error: unknown) => {
    launchError = error;
  });

  await Promise.race([
    connection.waitForEvent((event) => event.event === 'initialized', {
      step: 'waiting for the initialized event',
      timeoutMs: launchMs,
      hint: 'check that the command runs on its own',
    }),
    launched.then(() => new Promise(() => undefined)),
  ]);
  if (launchError) throw launchError;

  const breakpoint: BreakpointState = { id: undefined, verified: false, line: undefined, message: undefined };
  const wrapped = request.condition === undefined ? undefined : wrapCondition(definition, request.condition);
  const set = await connection.request(
    'setBreakpoints',
    {
      source: { path: request.breakpointPath },
      breakpoints: [{ line: request.line, ...(wrapped !== undefined ? { condition: wrapped } : {}) }],
      lines: [request.line],
      sourceModified: false,
    },
    { step: 'setBreakpoints', timeoutMs: startMs },
  );
  updateBreakpoint(breakpoint, set?.breakpoints?.[0]);
  const refused = definition.condition.error_unverified;
  if (request.condition !== undefined && !breakpoint.verified && breakpoint.message && refused && new RegExp(refused).test(breakpoint.message)) {
    // The adapter refused the condition itself (dlv parses it here): the program need not run.
    return noBreak({ kind: 'condition_error', message: breakpoint.message }, null, null, breakpoint);
  }
  // Later `breakpoint` events (a module loaded, the line moved) update what the adapter said.
  connection.onEvent((event) => {
    if (event.event !== 'breakpoint') return;
    const body = (event as DebugProtocol.BreakpointEvent).body;
    if (body.breakpoint.id !== undefined && body.breakpoint.id === breakpoint.id) updateBreakpoint(breakpoint, body.breakpoint);
  });

  const supportedFilters = new Set((capabilities.exceptionBreakpointFilters ?? []).map((filter) => filter.filter));
  await connection.request(
    'setExceptionBreakpoints',
    { filters: definition.exception_filters.filter((filter) => supportedFilters.has(filter)) },
    { step: 'setExceptionBreakpoints', timeoutMs: startMs },
  );
  let cursor = connection.eventCount;
  const runStart = cursor;
  if (capabilities.supportsConfigurationDoneRequest !== false) {
    await connection.request('configurationDone', {}, { step: 'configurationDone', timeoutMs: startMs });
  }
  await launched;
  request.log(`${name}: program running, waiting for ${request.breakpointPath}:${request.line}`);

  const deadline = Date.now() + request.runTimeoutMs;
  let exitCode: number | null = null;
  for (;;) {
    const remaining = deadline - Date.now();
    let event: DebugProtocol.Event;
    try {
      event = await raceAbort(
        connection.waitForEvent((e) => e.event === 'stopped' || e.event === 'exited' || e.event === 'terminated', {
          step: 'waiting for the breakpoint',
          timeoutMs: Math.max(remaining, 1),
          since: cursor,
        }),
        request.signal,
      );
    } catch (error) {
      if (error instanceof BpdiffError && error.code === 'ADAPTER_TIMEOUT') {
        return noBreak({ kind: 'timeout', seconds: request.runTimeoutMs / 1000, phase: 'run' }, null, null, breakpoint);
      }
      throw error;
    }
    cursor = connection.indexOfEvent(event) + 1;

    if (event.event === 'exited') {
      exitCode = (event as DebugProtocol.ExitedEvent).body.exitCode;
      // `terminated` normally follows at once, but some adapters dawdle (debugpy: seconds) and the
      // program has ended either way: wait only a moment for it.
      await connection
        .waitForEvent((e) => e.event === 'terminated', { step: 'waiting for terminated', timeoutMs: 300, since: cursor })
        .catch(() => undefined);
      return noBreak(endedWithoutStop(breakpoint, exitCode), null, exitCode, breakpoint);
    }
    if (event.event === 'terminated') {
      if (exitCode === null && definition.exit_code_output) exitCode = await exitCodeFromOutput(connection, definition.exit_code_output, runStart, startMs);
      return noBreak(endedWithoutStop(breakpoint, exitCode), null, exitCode, breakpoint);
    }

    const stopped = (event as DebugProtocol.StoppedEvent).body;
    const stop = { reason: stopped.reason, description: [stopped.description, stopped.text].filter(Boolean).join(': ') || null };
    const threadId = stopped.threadId ?? (await firstThread(connection, startMs));
    const frames = await connection.request('stackTrace', { threadId, startFrame: 0, levels: FRAMES_KEPT }, { step: 'stackTrace', timeoutMs: startMs });
    const stackFrames = frames?.stackFrames ?? [];
    const summaries = stackFrames.slice(0, FRAMES_KEPT).map((frame) => ({ name: frame.name, file: frame.source?.path ?? null, line: frame.line }));
    const stopText = stop.description ?? '';

    if (request.condition !== undefined && definition.condition.error_stop && new RegExp(definition.condition.error_stop).test(stopText)) {
      return noBreak({ kind: 'condition_error', message: stopped.text ?? stopText }, stop, null, breakpoint, summaries);
    }
    if (stopped.reason === 'exception' || stopped.reason === 'signal') {
      let message = await describeException(connection, threadId, capabilities, stopText, startMs);
      for (const pattern of definition.exception_strip ?? []) message = message.replace(new RegExp(pattern, 'g'), '');
      if ((definition.exception_continue ?? []).some((pattern) => new RegExp(pattern).test(message))) {
        await connection.request('continue', { threadId }, { step: `continue after '${message}'`, timeoutMs: startMs });
        continue;
      }
      const signal = /\b(SIG[A-Z]+)\b/.exec(message);
      const reason: NoBreakReason = signal ? { kind: 'signal', signal: signal[1]!, message } : { kind: 'exception', message };
      return noBreak(reason, stop, null, breakpoint, summaries);
    }
    const atBreakpoint =
      BREAKPOINT_REASONS.has(stopped.reason) || (breakpoint.id !== undefined && (stopped.hitBreakpointIds ?? []).includes(breakpoint.id));
    const top = stackFrames[0];
    if (!atBreakpoint || !top) {
      // A stop bpdiff did not ask for (entry, a pause, a step): let the program go on.
      await connection.request('continue', { threadId }, { step: `continue after a '${stopped.reason}' stop`, timeoutMs: startMs });
      continue;
    }

    if (request.condition !== undefined) {
      const conditionError = await findConditionError(connection, definition, request.condition, top.id, runStart, startMs);
      if (conditionError !== null) return noBreak({ kind: 'condition_error', message: conditionError }, stop, null, breakpoint, summaries);
    }
    return {
      kind: 'stopped',
      threadId,
      frameId: top.id,
      frames: summaries,
      top: { path: top.source?.path ?? null, line: top.line },
      stop,
      breakpoint,
      capabilities,
    };
  }
}

function noBreak(
  reason: NoBreakReason,
  stop: { reason: string; description: string | null } | null,
  exitCode: number | null,
  breakpoint: BreakpointState,
  frames: StackFrameSummary[] = [],
): StopOutcome {
  return { kind: 'no_break', reason, stop, exitCode, breakpoint, frames };
}

/** A program that ended without stopping: unbound when the adapter never accepted the breakpoint. */
function endedWithoutStop(breakpoint: BreakpointState, exitCode: number | null): NoBreakReason {
  if (!breakpoint.verified && breakpoint.message) return { kind: 'unbound', message: breakpoint.message };
  return { kind: 'exited', exit_code: exitCode };
}

/** The exit code an adapter without `exited` events prints when the client disconnects from the ended program (dlv). */
async function exitCodeFromOutput(connection: DapConnection, pattern: string, since: number, timeoutMs: number): Promise<number | null> {
  const regex = new RegExp(pattern);
  const matches = (event: DebugProtocol.Event): boolean => event.event === 'output' && regex.test((event as DebugProtocol.OutputEvent).body.output);
  await connection.request('disconnect', { terminateDebuggee: true }, { step: 'disconnect (asking for the exit status)', timeoutMs }).catch(() => undefined);
  const said = await connection.waitForEvent(matches, { step: 'waiting for the exit status', timeoutMs: 300, since }).catch(() => null);
  const code = said ? Number(regex.exec((said as DebugProtocol.OutputEvent).body.output)?.[1]) : Number.NaN;
  return Number.isInteger(code) ? code : null;
}

function updateBreakpoint(state: BreakpointState, reported: DebugProtocol.Breakpoint | undefined): void {
  if (!reported) return;
  if (reported.id !== undefined) state.id = reported.id;
  state.verified = reported.verified;
  if (reported.line !== undefined) state.line = reported.line;
  if (reported.message !== undefined) state.message = reported.message;
}

export function wrapCondition(definition: AdapterDefinition, condition: string): string {
  const wrap = definition.condition.wrap;
  if (!wrap) return condition;
  return wrap.replaceAll('${conditionJson}', JSON.stringify(condition)).replaceAll('${condition}', condition);
}

/** The condition's error, if the adapter stopped because the condition failed rather than held. */
async function findConditionError(
  connection: DapConnection,
  definition: AdapterDefinition,
  condition: string,
  frameId: number,
  since: number,
  timeoutMs: number,
): Promise<string | null> {
  const { error_output: errorOutput, error_probe: probe } = definition.condition;
  // A probe naming `${condition}` evaluates the condition again in the stopped frame: an adapter
  // that stops on a condition it cannot evaluate (lldb) refuses it here too, with the reason. This
  // does not depend on when the adapter's own complaint (an `output` event) arrives: lldb-dap may
  // send it after the `stopped` event.
  const reevaluates = probe !== undefined && /\$\{condition(Json)?\}/.test(probe);
  if (probe && reevaluates) {
    const expression = probe.replaceAll('${conditionJson}', JSON.stringify(condition)).replaceAll('${condition}', condition);
    try {
      await connection.request('evaluate', { expression, frameId, context: 'watch' }, { step: 'checking the condition', timeoutMs });
    } catch (error) {
      if (error instanceof DapRequestError) return error.adapterMessage.trim().split('\n')[0]!.trim();
      throw error;
    }
  }
  if (errorOutput) {
    const pattern = new RegExp(errorOutput);
    const said = connection.eventsSince(since).find((event) => event.event === 'output' && pattern.test((event as DebugProtocol.OutputEvent).body.output));
    if (said) return (said as DebugProtocol.OutputEvent).body.output.trim();
  }
  if (probe && !reevaluates) {
    const result = await connection.request('evaluate', { expression: probe, frameId, context: 'watch' }, { step: 'checking the condition', timeoutMs });
    const value = result?.result ?? '';
    if (!(definition.condition.probe_ok ?? []).includes(value)) return unquote(value);
  }
  return null;
}

async function describeException(
  connection: DapConnection,
  threadId: number,
  capabilities: DebugProtocol.Capabilities,
  fallback: string,
  timeoutMs: number,
): Promise<string> {
  if (capabilities.supportsExceptionInfoRequest) {
    try {
      const info = await connection.request('exceptionInfo', { threadId }, { step: 'exceptionInfo', timeoutMs });
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

async function firstThread(connection: DapConnection, timeoutMs: number): Promise<number> {
  const threads = await connection.request('threads', undefined, { step: 'threads', timeoutMs });
  const first = threads?.threads?.[0];
  if (!first) throw new BpdiffError('ADAPTER_FAILED', `${connection.adapterName} stopped but reports no thread`);
  return first.id;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new BpdiffError('INTERRUPTED', 'interrupted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new BpdiffError('INTERRUPTED', 'interrupted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** 'text' or "text" as an adapter shows a string value -> text. */
function unquote(value: string): string {
  const match = /^(['"])([\s\S]*)\1$/.exec(value.trim());
  return match ? match[2]! : value;
}
