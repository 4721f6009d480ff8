// How a debug session hears the program: its next stop, or its end (it exited, the adapter went away
// with the program it attached to, the time ran out, an uncaught exception or a signal), with the
// exit status however the adapter tells it. DebugSession says what a stop means; this says what came.
import os from 'node:os';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError, interrupted } from '../errors.js';
import type { DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { NoBreakReason, StackFrameSummary } from '../core/types.js';
import { noBreak, type BreakpointState, type NoBreak, type StopDescription } from './stop-outcome.js';
import { endWithin, exitCodeOfSignal, type ProgramExit } from './program-end.js';
import { LongLived } from '../core/long-lived.js';

/**
 * How long the end of a program the caller started may lag behind the adapter's word that it ended
 * (`terminated`, a closed connection): the adapter sees pydevd's socket close as the process exits.
 */
export const PROGRAM_END_LAG_MS = 2000;

export interface ProgramEventOptions {
  /** How long the program may run, in all, before its next stop. */
  runTimeoutMs: number;
  signal: AbortSignal;
  /** The end of a program the caller started itself (an 'attach'): its exit status comes from here. */
  programExit?: Promise<ProgramExit>;
}

export class ProgramEvents {
  /** Events before this index have been looked at. */
  cursor = 0;
  /** Index of the first event after configurationDone (output since then may explain a stop). */
  runStart = 0;
  /** When the program's time to its next stop runs out (a Date.now() time). */
  deadline = 0;
  private exitCode: number | null = null;
  /** The program's exit (a program the caller started), raced at every stop. */
  private programEnd: LongLived<ProgramExit> | null = null;

  constructor(
    private readonly connection: DapConnection,
    private readonly definition: AdapterDefinition,
    private readonly options: ProgramEventOptions,
    private readonly state: BreakpointState,
    /** The adapter's capabilities, once it said them (initialize): `exceptionInfo` is asked only of an adapter that has it. */
    private readonly capabilitiesOf: () => DebugProtocol.Capabilities,
  ) {}

  private get startMs(): number {
    return this.definition.timeouts.start * 1000;
  }

  /**
   * The next `stopped` event, or the program's end as a no_break (it exited, the adapter went away with
   * the program it attached to, the time ran out). `step` names the wait in a timeout's message.
   */
  async next(step: string): Promise<{ stopped: DebugProtocol.StoppedEvent['body'] } | NoBreak> {
    const { connection, definition } = this;
    const state = this.state;
    const { programExit } = this.options;
    // Raced at every stop of a walk: without a reaction left on the program's exit each time (core/long-lived.ts).
    if (programExit && this.programEnd === null) this.programEnd = new LongLived(programExit);
    const programEnd = this.programEnd;
    const remaining = this.deadline - Date.now();
    let next: DebugProtocol.Event | { programExit: ProgramExit };
    try {
      const event = connection.waitForEvent(
        (e) => e.event === 'stopped' || e.event === 'exited' || e.event === 'terminated',
        { step, timeoutMs: Math.max(remaining, 1), since: this.cursor },
      );
      next = await raceAbort(
        programEnd ? programEnd.race(event, (exit) => ({ programExit: exit })) : event,
        this.options.signal,
      );
    } catch (error) {
      if (error instanceof BpdiffError && error.code === 'ADAPTER_TIMEOUT') {
        return noBreak({ kind: 'timeout', seconds: this.options.runTimeoutMs / 1000, phase: 'run' }, null, null, state);
      }
      // An adapter may go away as the program it attached to ends: then that end is the outcome.
      const exit =
        programExit && !(error instanceof BpdiffError && error.code === 'INTERRUPTED')
          ? await endWithin(programExit, PROGRAM_END_LAG_MS)
          : null;
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
      const body = (event as DebugProtocol.ExitedEvent).body as DebugProtocol.ExitedEvent['body'] & {
        signal?: unknown;
      };
      // `terminated` normally follows at once, but some adapters dawdle (debugpy: seconds) and the
      // program has ended either way: wait only a moment for it.
      await connection
        .waitForEvent((e) => e.event === 'terminated', {
          step: 'waiting for terminated',
          timeoutMs: 300,
          since: this.cursor,
        })
        .catch(() => undefined);
      return this.exited(body.exitCode, typeof body.signal === 'string' ? body.signal : null);
    }
    if (event.event === 'terminated') {
      if (this.exitCode === null && definition.exit_code_output)
        this.exitCode = await this.exitCodeFromOutput(definition.exit_code_output);
      return noBreak(endedWithoutStop(state, this.exitCode), null, this.exitCode, state);
    }
    return { stopped: (event as DebugProtocol.StoppedEvent).body };
  }

  /**
   * An exception or a signal stop: the program's end as a no_break (its message), or null when the
   * definition lets such an exception go (debugpy's SystemExit: the exit code is what counts) and the
   * program was let go on.
   */
  async exceptionEnd(
    stopped: DebugProtocol.StoppedEvent['body'],
    threadId: number,
    stop: StopDescription,
    frames: StackFrameSummary[],
  ): Promise<NoBreak | null> {
    const { definition } = this;
    // gdb names the signal as the reason itself, with no description.
    const named =
      /^SIG[A-Z0-9]+$/.test(stopped.reason) && !(stop.description ?? '').includes(stopped.reason)
        ? stopped.reason
        : null;
    const fallback = named ? [named, stop.description].filter(Boolean).join(': ') : (stop.description ?? '');
    let message = await this.describeException(threadId, fallback);
    for (const pattern of definition.exception_strip ?? []) message = message.replace(new RegExp(pattern, 'g'), '');
    if ((definition.exception_continue ?? []).some((pattern) => new RegExp(pattern).test(message))) {
      await this.connection.request(
        'continue',
        { threadId },
        { step: `continue after '${message}'`, timeoutMs: this.startMs },
      );
      return null;
    }
    const signal = /\b(SIG[A-Z]+)\b/.exec(message);
    const reason: NoBreakReason = signal
      ? { kind: 'signal', signal: signal[1]!, message }
      : { kind: 'exception', message };
    return noBreak(reason, stop, null, this.state, frames);
  }

  /** The program ended with `exitCode`, or was killed by `signal` (named by the adapter, or read from the exit code). */
  private exited(exitCode: number | null, signal: string | null): NoBreak {
    const state = this.state;
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
    const matches = (event: DebugProtocol.Event): boolean =>
      event.event === 'output' && regex.test((event as DebugProtocol.OutputEvent).body.output);
    await connection
      .request(
        'disconnect',
        { terminateDebuggee: true },
        { step: 'disconnect (asking for the exit status)', timeoutMs: this.startMs },
      )
      .catch(() => undefined);
    const said = await connection
      .waitForEvent(matches, { step: 'waiting for the exit status', timeoutMs: 300, since: this.runStart })
      .catch(() => null);
    const code = said ? Number(regex.exec((said as DebugProtocol.OutputEvent).body.output)?.[1]) : Number.NaN;
    return Number.isInteger(code) ? code : null;
  }

  private async describeException(threadId: number, fallback: string): Promise<string> {
    if (this.capabilitiesOf().supportsExceptionInfoRequest) {
      try {
        const info = await this.connection.request(
          'exceptionInfo',
          { threadId },
          { step: 'exceptionInfo', timeoutMs: this.startMs },
        );
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

  /** The first thread the adapter lists, or null when it lists none (the program has gone). */
  async firstThread(): Promise<number | null> {
    const threads = await this.connection.request('threads', undefined, { step: 'threads', timeoutMs: this.startMs });
    return threads?.threads?.[0]?.id ?? null;
  }

  /** A stop after which the adapter lists no thread: the program has gone, how it is not said. */
  gone(): NoBreak {
    return noBreak(endedWithoutStop(this.state, null), null, null, this.state);
  }
}

/** The signal an adapter's exit code stands for, in the adapter's way of saying it (AdapterDefinition.exit_code_signals). */
export function signalOfExitCode(code: number | null, style: AdapterDefinition['exit_code_signals']): string | null {
  if (code === null || style === undefined) return null;
  const number = style === '256-n' ? 256 - code : code - 128;
  if (number < 1 || number > 31) return null;
  return Object.entries(os.constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}

/**
 * A program that ended without stopping: unbound when the adapter refused the breakpoint; a breakpoint
 * still pending (its code never loaded: a Java class the program did not reach) is a program that
 * ended without reaching it, with its exit code and output, not a line the debugger refused.
 */
function endedWithoutStop(breakpoint: BreakpointState, exitCode: number | null): NoBreakReason {
  if (!breakpoint.verified && breakpoint.message && !breakpoint.pending)
    return {
      kind: 'unbound',
      message: breakpoint.message,
      ...(breakpoint.nearby && breakpoint.nearby.length > 0 ? { nearest: breakpoint.nearby } : {}),
    };
  return breakpoint.verified || breakpoint.id === undefined
    ? { kind: 'exited', exit_code: exitCode }
    : { kind: 'exited', exit_code: exitCode, never_bound: true };
}

export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // `promise` is always listened to, also when the signal was aborted before the race: a wait given up
  // and left unheard (a spare pair's wait for its stop, its adapter then killed) rejected with no one to
  // hear it, and bpdiff ended as a crash (intake/crash-guard.ts).
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(interrupted());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
