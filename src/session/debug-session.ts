// One run's DAP conversation, as named steps in the one request order that works for every adapter:
// initialize -> launch or attach (not awaited) -> `initialized` (before or after its response) ->
// setBreakpoints -> setExceptionBreakpoints -> configurationDone -> launch/attach response -> stops.
// Stops come one at a time (`nextStop`, or `stops()` as an async iterator): the caller reads the
// frame, then asks for the next one, or ends the session. Processes are not this layer's business:
// of a program the caller started itself (attach), the session only hears how it ended.
// The set-up steps (initialize, launch, breakpoints) are SessionSetup's (session-setup.ts).
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError } from '../errors.js';
import type { RequestMap, StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import { evaluateCondition, findConditionError, isFalseValue } from './conditions.js';
import {
  noBreak,
  type NoBreak,
  type StepKind,
  type SteppedStop,
  type StepOutcome,
  type StopDescription,
  type StopOutcome,
} from './stop-outcome.js';
import type { StackFrameSummary } from '../core/types.js';
import { stopPlace } from './passes.js';
import { SessionSetup } from './session-setup.js';
import { setPassBreakpoint } from './reach-pass.js';
import * as cpuCount from './cpu-count.js';
import { stoppedAt } from './stopped-at.js';

export type { SessionEntry, SessionOptions } from './session-setup.js';

const BREAKPOINT_REASONS = new Set(['breakpoint', 'function breakpoint', 'data breakpoint', 'instruction breakpoint']);
/** The frames of a stack a session keeps (a stop's stack, the capture's frames). */
export const FRAMES_KEPT = 5;

export class DebugSession extends SessionSetup {
  private ended: NoBreak | null = null;
  private lastThreadId: number | null = null;

  /** Step 3, repeated: the next stop at the breakpoint, or why there is none (the program ended, the time ran out, an exception, a condition that cannot be evaluated). Stops bpdiff did not ask for are let go. After a no_break, every later call returns the same no_break. */
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
    this.events.deadline = Date.now() + this.options.runTimeoutMs;
    await this.connection.request(
      'continue',
      { threadId },
      { step: 'continue after the breakpoint', timeoutMs: this.startMs },
    );
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

  /** The program will not run again (or, `hand_on`, not before the other run's reached its pass): the files its pass count was kept in are let go (cpu-count.ts). */
  async countDone(how: 'release' | 'hand_on' = 'release'): Promise<void> {
    if (!cpuCount.holdsFiles(this.connection)) return;
    const frameId = this.ended === null ? (await this.frames(1))[0]?.id : undefined;
    await cpuCount.letCountGo(this.connection, this.definition, how, this.startMs, frameId);
  }

  private async waitForStop(): Promise<StopOutcome> {
    const { connection, definition } = this;
    const breakpoint = this.breakpoint;
    if (breakpoint === null) throw new BpdiffError('INTERNAL', 'nextStop() called before launch()');
    const state = this.breakpointState;
    for (;;) {
      const next = await this.events.next('waiting for the breakpoint');
      if ('kind' in next) {
        await this.cpuReach?.atEnd(connection.adapterName);
        return next;
      }
      const stopped = next.stopped;
      const stop = describeStop(stopped);
      const threadId = stopped.threadId ?? (await this.events.firstThread());
      // A stop with no thread left: the program has gone (gdb's end by a signal it let pass).
      if (threadId === null) return this.events.gone();
      const trace = await connection.request(
        'stackTrace',
        { threadId, startFrame: 0, levels: FRAMES_KEPT },
        { step: 'stackTrace', timeoutMs: this.startMs },
      );
      const stackFrames = trace?.stackFrames ?? [];
      const frames = summariseFrames(stackFrames);
      const stopText = stop.description ?? '';

      if (
        breakpoint.condition !== undefined &&
        definition.condition.error_stop &&
        new RegExp(definition.condition.error_stop).test(stopText)
      ) {
        return noBreak({ kind: 'condition_error', message: stopped.text ?? stopText }, stop, null, state, frames);
      }
      // --hit N's pass, where the CPU counted to it: its signal's stop (or the pass before's: on to the breakpoint).
      const claim = (await this.cpuReach?.claims(stopped, stackFrames[0]?.id)) ?? false;
      const counted = claim === true;
      if (!claim && isEndingStop(stopped.reason)) {
        const end = await this.events.exceptionEnd(stopped, threadId, stop, frames);
        if (end === null) continue;
        return end;
      }
      // The entry stop of a run counted on one CPU (session-setup.ts): on to the breakpoint's pass.
      const atEntry = !claim && (await this.atEntryForOneCpu(stopped));
      const atBreakpoint =
        !atEntry &&
        claim !== 'go on' &&
        (counted ||
          BREAKPOINT_REASONS.has(stopped.reason) ||
          (state.id !== undefined && (stopped.hitBreakpointIds ?? []).includes(state.id)) ||
          (this.entry.stopOnEntry === true && stopped.reason === 'entry'));
      const top = stackFrames[0];
      if (!atBreakpoint || !top) {
        // A stop bpdiff did not ask for (entry, a pause, a step): let the program go on.
        await this.goOn(threadId, stopped.reason);
        continue;
      }
      if (breakpoint.condition !== undefined && this.probingCondition) {
        // The first stop of a breakpoint set without its condition: its error ends the run; else the
        // adapter tests it from now on, and this stop counts only when it holds here.
        this.probingCondition = false;
        const probed = await evaluateCondition(connection, definition, breakpoint.condition, top.id, this.startMs);
        if ('error' in probed)
          return noBreak({ kind: 'condition_error', message: probed.error }, stop, null, state, frames);
        await this.sendBreakpoint(breakpoint, true);
        if (isFalseValue(definition, probed.value)) {
          await connection.request(
            'continue',
            { threadId },
            { step: 'continue after the condition was false', timeoutMs: this.startMs },
          );
          continue;
        }
      } else if (breakpoint.condition !== undefined) {
        const conditionError = await findConditionError(
          connection,
          definition,
          breakpoint.condition,
          top.id,
          this.events.runStart,
          this.startMs,
        );
        if (conditionError !== null)
          return noBreak({ kind: 'condition_error', message: conditionError }, stop, null, state, frames);
      }
      // Pass 1 of a --hit N the CPU counts: armed here, and the program goes on to pass N.
      const skipped = await this.cpuReach?.atFirstStop(state.id, top.id, (passes) => this.countOn(passes));
      if (skipped !== undefined && skipped !== null) {
        this.passesSkipped = skipped;
        await connection.request('continue', { threadId }, { step: 'continue to pass N', timeoutMs: this.startMs });
        continue;
      }
      const place = stopPlace(threadId, stackFrames.slice(0, FRAMES_KEPT));
      return {
        kind: 'stopped',
        threadId,
        frameId: top.id,
        frames,
        top: { path: top.source?.path ?? null, line: top.line },
        stop,
        breakpoint: state,
        capabilities: this.capabilities,
        place,
      };
    }
  }

  /** One step (stepIn, next, stepOut) from the stop to the next one, wherever it is, or the program's end (exit, exception, signal): a walk's (src/walk/lines.ts). */
  async step(kind: StepKind, atStop?: () => void, returns = false): Promise<StepOutcome> {
    if (this.ended) return this.ended;
    const threadId = this.going('step');
    await this.connection.request(
      kind,
      {
        threadId,
        ...(this.capabilities.supportsSteppingGranularity ? { granularity: 'line' } : {}),
        // bpdiff's own: a return stops in the caller at once, the value returned shown (adapters/python).
        ...(returns ? { bpdiffReturns: true } : {}),
      },
      { step: kind, timeoutMs: this.startMs },
    );
    return this.stepEnd(kind, atStop);
  }

  /** bpdiffSteps (src/walk/lines-streamed.ts): `count` steps at once, then it stands on the last as after a step, or it ended. */
  async streamSteps(args: Omit<StreamStepsArguments, 'threadId'>): Promise<{ body: StreamedSteps; stop: StepOutcome }> {
    if (this.ended) return { body: { steps: [], ended: { exitCode: this.ended.exitCode } }, stop: this.ended };
    const body = await this.connection.request(
      'bpdiffSteps',
      { threadId: this.going('streamSteps'), ...args },
      { step: 'bpdiffSteps', timeoutMs: this.options.runTimeoutMs },
    );
    return { body, stop: await this.stepEnd('bpdiffSteps') };
  }

  /** bpdiffHits (src/walk/hits-streamed.ts): up to `count` hits at once, answered at the next stop (nextStop's: the last hit, else what ended the batch); `count` 0: the hit it stands on, no stop (null). */
  async streamHits(
    args: Omit<RequestMap['bpdiffHits'][0], 'threadId'>,
  ): Promise<{ body: RequestMap['bpdiffHits'][1]['body']; stop: StopOutcome | null }> {
    if (this.ended) return { body: { hits: [], ended: { exitCode: this.ended.exitCode } }, stop: this.ended };
    const body = await this.connection.request(
      'bpdiffHits',
      { threadId: args.count === 0 ? (this.lastThreadId ?? 0) : this.going('streamHits'), ...args },
      { step: 'bpdiffHits', timeoutMs: this.options.runTimeoutMs },
    );
    return { body, stop: args.count === 0 ? null : await this.nextStop() };
  }

  /**
   * On to the `count`th pass through path:line from where the thread stands, standing there as after
   * a step, or the program's end: a breakpoint set there for it, counted by the adapter where its
   * definition says its count is one of passes (reach-pass.ts; a count kept in the debuggee, rdbg's
   * and gdb's, is one per program and is not used), else by its stops, and removed before this
   * returns (a walk that steps must not stop at it again). The walk by effects' probes of a loop.
   */
  async runToPass(path: string, line: number, count: number): Promise<StepOutcome> {
    if (this.ended) return this.ended;
    const set = await setPassBreakpoint(this.connection, this.definition, path, line, count, this.startMs);
    const state = set.state;
    // Where the CPU can count the passes (cpu-count.ts), the debugger does not trap at each.
    let armed =
      this.definition.hit_count?.cpu_count !== undefined && state.verified && count > 1
        ? await cpuCount.armForWalk(
            this.connection,
            this.definition,
            { id: state.id, count, frameId: (await this.frames(1))[0]?.id, where: `${path}:${line}` },
            this.startMs,
          )
        : null;
    const counted = armed !== null;
    const reached = async (stopped: DebugProtocol.StoppedEvent['body']): Promise<cpuCount.CountClaim> => {
      if (armed === null || !cpuCount.isCountStop(armed, stopped)) return false;
      const [ours, frame] = [armed, (await this.frames(1, stopped.threadId))[0]?.id];
      armed = null;
      return cpuCount.claimAtSignal(this.connection, ours, frame, this.startMs);
    };
    try {
      for (let left = armed !== null ? 1 : count - set.skipped; ; left--) {
        const threadId = this.going('runToPass');
        await this.connection.request(
          'continue',
          { threadId },
          { step: 'continue to a pass', timeoutMs: this.startMs },
        );
        const outcome = await this.stepEnd(
          `pass ${count} of ${path}:${line}`,
          undefined,
          (stopped) =>
            BREAKPOINT_REASONS.has(stopped.reason) ||
            (state.id !== undefined && (stopped.hitBreakpointIds ?? []).includes(state.id)),
          reached,
        );
        if (outcome.kind === 'no_break' || left <= 1) return outcome;
      }
    } finally {
      if (armed !== null && !this.connection.closed) {
        const frame = this.ended === null ? (await this.frames(1))[0]?.id : undefined;
        const counted = await cpuCount.disarmCpuCount(this.connection, armed, frame, this.startMs);
        if (this.ended !== null) cpuCount.countAtEnd(armed, counted, this.connection.adapterName);
      }
      if (this.ended === null && !this.connection.closed) {
        await this.connection.request(
          'setBreakpoints',
          { source: { path }, breakpoints: [], lines: [], sourceModified: false },
          { step: 'removing the breakpoint of a pass', timeoutMs: this.startMs },
        );
        // Counted here, and stopped until the walk moves both runs on: the other may count in this program's files now.
        if (counted) await this.countDone('hand_on');
      } else if (!this.connection.closed) await this.countDone(); // ended short of the pass: it runs no more
    }
  }

  /** Lets the program go on from a stop bpdiff did not ask for. */
  private async goOn(threadId: number, reason: string): Promise<void> {
    const step = `continue after a '${reason}' stop`;
    await this.connection.request('continue', { threadId }, { step, timeoutMs: this.startMs });
  }

  /** The stopped thread, let go by a step (the run's --timeout given again). */
  private going(what: string): number {
    const threadId = this.lastThreadId;
    if (threadId === null) throw new BpdiffError('INTERNAL', `${what}() called while the program runs`);
    this.lastThreadId = null;
    this.events.deadline = Date.now() + this.options.runTimeoutMs;
    return threadId;
  }

  /** Where a step (or the step stream) left the program: its next stop, or its end. `atStop`: called as the stop's stackTrace is sent (requests sent with it: src/dap/prefetch.ts). */
  private async stepEnd(
    kind: string,
    atStop?: () => void,
    counts: (stopped: DebugProtocol.StoppedEvent['body']) => boolean = () => true,
    claims: (stopped: DebugProtocol.StoppedEvent['body']) => Promise<cpuCount.CountClaim> = async () => false,
  ): Promise<StepOutcome> {
    for (;;) {
      const next = await this.events.next(`waiting for the ${kind}`);
      if ('kind' in next) {
        this.ended = next;
        return next;
      }
      const stopped = next.stopped;
      const stop = describeStop(stopped);
      const stoppedThread = stopped.threadId ?? (await this.events.firstThread());
      if (stoppedThread === null) {
        this.ended = this.events.gone();
        return this.ended;
      }
      // A stop the caller makes of its own (the CPU count's signal) is one it asked for, though it looks like an end.
      const claimed = await claims(stopped);
      if (!claimed && isEndingStop(stopped.reason)) {
        const end = await this.events.exceptionEnd(stopped, stoppedThread, stop, []);
        if (end === null) continue;
        this.ended = end;
        return end;
      }
      if (claimed === 'go on' || (!claimed && !counts(stopped))) {
        // A stop the caller did not ask for (an entry, a pause), or the count's as the pass before starts: the program goes on.
        await this.goOn(stoppedThread, stopped.reason);
        continue;
      }
      const standing = await stoppedAt(
        this.connection,
        this.definition,
        {
          threadId: stoppedThread,
          timeoutMs: this.startMs,
          stop,
          noFrame: `stopped after a ${kind} but reports no frame`,
        },
        atStop,
      );
      this.lastThreadId = stoppedThread;
      return standing;
    }
  }

  /** Where the thread stopped last stands, as a step would say it (the top frame and the stack's depth). */
  async where(): Promise<SteppedStop> {
    const threadId = this.lastThreadId;
    if (threadId === null) throw new BpdiffError('INTERNAL', 'where() called while the program runs');
    return stoppedAt(this.connection, this.definition, {
      threadId,
      timeoutMs: this.startMs,
      stop: { reason: 'entry', description: null },
      noFrame: 'reports no frame where the program stopped',
    });
  }

  /** The frames of the thread stopped last, innermost first (at most `levels`), each with its DAP id to read it by. */
  async frames(levels: number, threadId = this.lastThreadId): Promise<Array<StackFrameSummary & { id: number }>> {
    if (threadId === null || threadId === undefined) return [];
    const trace = await this.connection.request(
      'stackTrace',
      { threadId, startFrame: 0, levels },
      { step: 'stackTrace', timeoutMs: this.startMs },
    );
    return (trace?.stackFrames ?? [])
      .slice(0, levels)
      .map((frame) => ({ id: frame.id, name: frame.name, file: frame.source?.path ?? null, line: frame.line }));
  }

  /** The stack of the thread stopped last, innermost first (at most `levels` frames). */
  async stack(levels = FRAMES_KEPT): Promise<StackFrameSummary[]> {
    return (await this.frames(levels)).map(({ name, file, line }) => ({ name, file, line }));
  }
}

/** A stop that ends the program: an exception, a signal, or a signal named as the reason itself (gdb's `SIGSEGV`). */
function isEndingStop(reason: string): boolean {
  return reason === 'exception' || reason === 'signal' || /^SIG[A-Z0-9]+$/.test(reason);
}

function describeStop(stopped: DebugProtocol.StoppedEvent['body']): StopDescription {
  return {
    reason: stopped.reason,
    description: [stopped.description, stopped.text].filter(Boolean).join(': ') || null,
  };
}

function summariseFrames(stackFrames: readonly DebugProtocol.StackFrame[]): StackFrameSummary[] {
  return stackFrames
    .slice(0, FRAMES_KEPT)
    .map((frame) => ({ name: frame.name, file: frame.source?.path ?? null, line: frame.line }));
}
