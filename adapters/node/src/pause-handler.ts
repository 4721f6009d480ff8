// Pauses: what each one is (a breakpoint, the entry, a condition that threw, an exception, a step, a
// pause the binding machinery or the entry search made, a step's pause in others' code, carried on:
// stepping.ts), and which one the client sees. Only one stop is shown at a time; a process
// that stops meanwhile stays paused, unreported, until the shown one goes on.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BreakpointBinder } from './breakpoint-binder.js';
import type { CallFrame, PausedEvent, RemoteObject } from './cdp-types.js';
import { READ_CONDITION_ERROR } from './conditions.js';
import type { EntryPoint } from './entry-point.js';
import { describeThrown } from './inspection.js';
import { OBJECT_GROUP, type BreakpointRecord, type NodeProcess, type PauseState } from './node-process.js';
import type { ExceptionReport, RuntimeHost, SessionState, StepKind, StopReport } from './runtime-types.js';
import { scriptUrlToPath } from './paths.js';
import { clearTraps, setTraps } from './program-traps.js';
import { MOST_PASSED, type StepFilter, type StepOn } from './stepping.js';
import { trace } from './trace.js';
import { errorSummary, typeName } from './value-format.js';

export class PauseHandler {
  private readonly heldStops: NodeProcess[] = [];
  private currentStop: NodeProcess | null = null;

  constructor(
    private readonly host: RuntimeHost,
    private readonly state: SessionState,
    private readonly binder: BreakpointBinder,
    private readonly entry: EntryPoint,
    private readonly stepping: StepFilter,
    private readonly inspector: { dropHandles(process: NodeProcess): void; prefetch(process: NodeProcess): void },
  ) {}

  /** The process whose stop the client sees, if any. */
  get shown(): NodeProcess | null {
    return this.currentStop;
  }

  async onPaused(process: NodeProcess, event: PausedEvent): Promise<void> {
    if (process.gone || this.state.disposed) return;
    const at = event.callFrames[0]?.location;
    trace(
      `paused ${process.pid}: ${event.reason} ${JSON.stringify(event.hitBreakpoints ?? [])} at ${at ? `${process.scripts.get(at.scriptId)?.url ?? at.scriptId}:${at.lineNumber + 1}:${at.columnNumber ?? 0}` : '?'}`,
    );
    const pause: PauseState = { event, stop: null };
    process.pause = pause;
    const command = process.lastCommand;
    process.lastCommand = null;
    const top = event.callFrames[0];
    const data = event.data ?? {};
    try {
      // The machinery's own pauses (binding breakpoints through source maps, looking for the entry).
      const binding = await this.binder.bindBeforeRun(process, event);
      const searching = this.entry.isSearchPause(process, event);
      const nearEntry = searching && (await this.entry.onSearchPause(process, event));
      if ((binding || searching) && !nearEntry) return await this.goOn(process, event);
      // Any other pause ends a wait for the program's next code: the traps go, and the step goes on from here.
      const traps = process.traps;
      if (traps !== null) {
        process.traps = null;
        await clearTraps(process, traps);
        if (process.step !== null) process.step.passed = 0;
      }
      const hits = (event.hitBreakpoints ?? []).filter((id) => !traps?.has(id));
      const records = hits
        .map((id) => process.records.get(id))
        .filter((record): record is BreakpointRecord => record !== undefined);
      const entry = nearEntry || this.entry.isEntry(process, event);
      // The main module's first statement may be a compiler's: the entry is the first of the user's.
      if (entry && records.length === 0 && top && !(await this.stepping.isMapped(process, top)))
        return await this.stepToEntry(process);
      let stop: StopReport;
      if (records.length > 0) {
        // The client hears that the breakpoint is bound (and where) before it hears of the stop.
        await Promise.all([...process.resolving]);
        const ids = [...new Set(records.map((record) => record.breakpoint.id))];
        const error =
          records.some((record) => record.breakpoint.condition !== undefined) && top
            ? await this.readConditionError(process, top)
            : undefined;
        if (error !== undefined) {
          this.host.output('important', `Breakpoint condition error: ${error}\n`);
          stop = {
            threadId: process.threadId,
            reason: 'exception',
            description: 'Breakpoint condition error',
            text: error,
            hitBreakpointIds: ids,
          };
        } else {
          stop = { threadId: process.threadId, reason: 'breakpoint', hitBreakpointIds: ids };
        }
      } else if (entry) {
        stop = { threadId: process.threadId, reason: 'entry' };
      } else if (event.reason === 'exception' || event.reason === 'promiseRejection') {
        const uncaught = data.uncaught === true;
        // With "all", exceptions Node throws and catches inside its own code are not the program's.
        if (!uncaught && isInternal(process, top)) return await this.goOn(process, event);
        const value = typeof data.type === 'string' ? (data as unknown as RemoteObject) : undefined;
        pause.exception = { value, uncaught };
        stop = {
          threadId: process.threadId,
          reason: 'exception',
          description: uncaught ? 'Paused on uncaught exception' : 'Paused on exception',
          text: describeThrown(value),
        };
      } else if (hits.length > 0) {
        // A breakpoint removed while this pause was on its way.
        return await this.goOn(process, event);
      } else {
        // A call the program counts passes with (pass-counts.ts) is no place of the user's: the step goes on.
        if (process.step !== null && top && this.binder.passes.inCall(process, scriptPath(process, top), top.location))
          return this.carryStep(process, 'again');
        const next = await this.stepping.next(process, event);
        if (next !== 'stop') return this.carryStep(process, next);
        stop = {
          threadId: process.threadId,
          reason: process.step?.toEntry === true ? 'entry' : (command ?? 'debugger statement'),
        };
      }
      if (process.pause !== pause) return;
      // The step left its function, which returned a value: the stop it came to shows it, in the caller,
      // or, where the caller is V8's own (Array.prototype.sort calling a comparator), in the next call
      // of the program's code it made, as deep as the one that returned (the comparator's next call).
      const returned = process.step?.returned;
      if (returned && process.step?.from && event.callFrames.length <= process.step.from.depth)
        pause.returned = returned;
      // Whatever the step came to is its end.
      process.step = null;
      pause.stop = stop;
      this.offerStop(process);
    } catch (error) {
      trace(`pause of ${process.pid} not handled: ${error instanceof Error ? error.message : String(error)}`);
      if (process.pause === pause && !process.gone) this.resumeQuietly(process);
    }
  }

  async continue(process: NodeProcess): Promise<void> {
    if (!process.pause) return;
    this.leavePause(process);
    await this.stepping.end(process);
    await process.cdp.send('Debugger.resume', {});
  }

  async step(process: NodeProcess, kind: StepKind, returns = false): Promise<void> {
    const top = process.paused().event.callFrames[0];
    await this.stepping.begin(process, kind, false, returns);
    // At a generator's `yield`, out to the caller: V8 would step on to where the generator resumes.
    const out = kind === 'out' || (top !== undefined && (await this.stepping.outAtYield(process, top)));
    this.leavePause(process);
    process.lastCommand = 'step';
    const method = out ? 'Debugger.stepOut' : kind === 'over' ? 'Debugger.stepOver' : 'Debugger.stepInto';
    await process.cdp.send(method, {});
  }

  async pause(process: NodeProcess): Promise<void> {
    if (process.pause) return;
    process.lastCommand = 'pause';
    await process.cdp.send('Debugger.pause', {});
  }

  exceptionInfo(process: NodeProcess): ExceptionReport {
    const { stop, exception } = process.paused();
    if (stop?.description === 'Breakpoint condition error') {
      const [name = 'Error'] = (stop.text ?? '').split(':');
      return {
        exceptionId: name,
        description: stop.text ?? '',
        breakMode: 'always',
        details: { message: stop.text ?? '', typeName: name },
      };
    }
    if (!exception) throw new Error(`thread ${process.threadId} is not stopped on an exception`);
    const value = exception.value;
    const typeNameOf = value
      ? value.type === 'object'
        ? (value.className ?? 'Object')
        : typeName(value)
      : 'undefined';
    const text = describeThrown(value);
    const details: DebugProtocol.ExceptionDetails = { message: text, typeName: typeNameOf, fullTypeName: typeNameOf };
    if (value?.subtype === 'error' && value.description) {
      details.stackTrace = value.description.slice(errorSummary(value.description).length).replace(/^\n/, '');
    }
    return {
      exceptionId: typeNameOf,
      description: text,
      breakMode: exception.uncaught ? 'unhandled' : 'always',
      details,
    };
  }

  /** A process that ended: its stop, shown or held, goes with it. */
  forget(process: NodeProcess): void {
    this.unhold(process);
    if (this.currentStop === process) this.passStopOn();
  }

  private resumeQuietly(process: NodeProcess): void {
    process.pause = null;
    void process.cdp.send('Debugger.resume', {}).catch(() => undefined);
  }

  /**
   * A pause that is not the program's to show: the process goes on as it went, running, or in the
   * step under way (which a breakpoint hit on the way would have ended: V8 drops a step at any pause).
   */
  private async goOn(process: NodeProcess, event: PausedEvent): Promise<void> {
    if (process.step === null) return this.resumeQuietly(process);
    const next = await this.stepping.next(process, event);
    if (next !== 'stop') return this.carryStep(process, next);
    // A script about to run (instrumentation) stands at its first line, which is the program's: the step's end.
    process.step = null;
    if (process.pause) {
      process.pause.stop = { threadId: process.threadId, reason: 'step' };
      this.offerStop(process);
    }
  }

  /** From the main module's first statement, a compiler's, on to the first position of the user's code: the entry. */
  private async stepToEntry(process: NodeProcess): Promise<void> {
    await this.stepping.begin(process, 'into', true);
    this.carryStep(process, 'into');
  }

  /** A step carried on from a pause in others' code (stepping.ts), or given up: the program runs on. */
  private carryStep(process: NodeProcess, how: Exclude<StepOn, 'stop'>): void {
    process.pause = null;
    if (how === 'resume') {
      void this.runToProgram(process);
      return;
    }
    process.lastCommand = 'step';
    const method =
      how === 'out'
        ? 'Debugger.stepOut'
        : how === 'again' && process.step?.kind === 'over'
          ? 'Debugger.stepOver'
          : 'Debugger.stepInto';
    void process.cdp.send(method, {}).catch(() => undefined);
  }

  /**
   * A step MOST_PASSED pauses deep in others' code: the program runs to its next code, trapped
   * (program-traps.ts), where the step goes on; where nothing could be trapped, the step is given up.
   */
  private async runToProgram(process: NodeProcess): Promise<void> {
    process.lastCommand = 'step';
    if (process.traps === null) {
      const traps = await setTraps(process, this.stepping.programScripts(process)).catch(() => new Set<string>());
      if (traps.size > 0) process.traps = traps;
      else {
        trace(`step of ${process.pid} given up after ${MOST_PASSED} pauses in others' code`);
        process.step = null;
      }
    }
    await process.cdp.send('Debugger.resume', {}).catch(() => undefined);
  }

  private async readConditionError(process: NodeProcess, frame: CallFrame): Promise<string | undefined> {
    try {
      const { result } = await process.cdp.send('Debugger.evaluateOnCallFrame', {
        callFrameId: frame.callFrameId,
        expression: READ_CONDITION_ERROR,
        returnByValue: true,
        silent: true,
      });
      return typeof result.value === 'string' ? result.value : undefined;
    } catch {
      return undefined;
    }
  }

  private offerStop(process: NodeProcess): void {
    if (this.state.disposed || this.state.ended) return;
    if (this.currentStop === null || this.currentStop.gone || this.currentStop.pause?.stop == null) {
      this.currentStop = process;
      this.inspector.prefetch(process);
      this.host.stopped(process.pause!.stop!);
    } else if (this.currentStop !== process && !this.heldStops.includes(process)) {
      this.heldStops.push(process);
    }
  }

  private passStopOn(): void {
    this.currentStop = null;
    while (this.heldStops.length > 0) {
      const next = this.heldStops.shift()!;
      if (next.gone || !next.pause?.stop) continue;
      this.currentStop = next;
      this.inspector.prefetch(next);
      this.host.stopped(next.pause.stop);
      return;
    }
  }

  private unhold(process: NodeProcess): void {
    const held = this.heldStops.indexOf(process);
    if (held >= 0) this.heldStops.splice(held, 1);
  }

  private leavePause(process: NodeProcess): void {
    process.pause = null;
    // The handles given out during the pause are void.
    this.inspector.dropHandles(process);
    void process.cdp.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined);
    this.forget(process);
  }
}

function scriptPath(process: NodeProcess, frame: CallFrame): string | null {
  return scriptUrlToPath(process.scripts.get(frame.location.scriptId)?.url ?? frame.url);
}

function isInternal(process: NodeProcess, frame: CallFrame | undefined): boolean {
  if (!frame) return true;
  const url = process.scripts.get(frame.location.scriptId)?.url ?? frame.url;
  return url === '' || url.startsWith('node:');
}
