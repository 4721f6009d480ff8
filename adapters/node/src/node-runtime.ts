// The engine under the DAP layer, and what the session calls. Its parts: the command and its processes'
// end (debuggee.ts), connecting each Node process of its tree and letting it run once the client is
// configured (process-connector.ts), breakpoints (breakpoint-binder.ts), the program's entry
// (entry-point.ts), pauses and steps (pause-handler.ts, stepping.ts), and what a pause shows
// (frame-inspector.ts).
import * as fs from 'node:fs';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BreakpointBinder } from './breakpoint-binder.js';
import { Debuggee, type RootExit } from './debuggee.js';
import { EntryPoint } from './entry-point.js';
import { FrameInspector } from './frame-inspector.js';
import type { ChildFilter } from './inspection.js';
import type { LaunchPlan } from './launch-config.js';
import { PauseHandler } from './pause-handler.js';
import { ProcessConnector } from './process-connector.js';
import { ADAPTER_TMPDIR_ENV, findBootloader, ReportPipe } from './process-tree.js';
import {
  usesSourceMaps,
  type AdapterEnvironment,
  type BreakpointSpec,
  type ExceptionReport,
  type RuntimeHost,
  type SessionState,
  type StepKind,
  type UserBreakpoint,
} from './runtime-types.js';
import { SourceMapCache } from './source-maps.js';
import { StepFilter } from './stepping.js';

export class NodeRuntime {
  private readonly state: SessionState = { plan: null, disposed: false, detached: false, ended: false };
  private pipe: ReportPipe | null = null;
  private readonly maps = new SourceMapCache();
  private readonly debuggee: Debuggee;
  private readonly connector: ProcessConnector;
  private readonly binder: BreakpointBinder;
  private readonly entry: EntryPoint;
  private readonly inspector: FrameInspector;
  private readonly pauses: PauseHandler;

  constructor(
    private readonly host: RuntimeHost,
    private readonly environment: AdapterEnvironment,
  ) {
    const bootloader = findBootloader();
    this.debuggee = new Debuggee(host, this.state, environment, bootloader);
    this.binder = new BreakpointBinder(host, this.state, this.maps, bootloader, environment.cwd);
    this.entry = new EntryPoint(this.maps, bootloader, () => usesSourceMaps(this.state));
    this.inspector = new FrameInspector(this.state, this.maps);
    const stepping = new StepFilter(
      bootloader,
      () => this.binder.filesInNodeModules(),
      this.maps,
      () => usesSourceMaps(this.state),
    );
    this.pauses = new PauseHandler(host, this.state, this.binder, this.entry, stepping, this.inspector);
    this.connector = new ProcessConnector(
      host,
      this.state,
      { binder: this.binder, entry: this.entry, pauses: this.pauses, inspector: this.inspector },
      this.debuggee.known,
    );
  }

  // ---- launching and configuration ---------------------------------------------------------------

  /** Spawns the command; resolves with the root pid once it runs. */
  async launch(plan: LaunchPlan): Promise<number> {
    if (this.state.plan) throw new Error('this session already launched a program');
    this.state.plan = plan;
    let cwdStat: fs.Stats;
    try {
      cwdStat = fs.statSync(plan.cwd);
    } catch {
      throw new Error(`the working directory ${plan.cwd} does not exist`);
    }
    if (!cwdStat.isDirectory()) throw new Error(`the working directory ${plan.cwd} is not a directory`);
    if (plan.stopOnEntry) this.entry.want();
    this.pipe = new ReportPipe(
      (report) => this.connector.background('a process report', this.connector.onReport(report)),
      this.environment.env[ADAPTER_TMPDIR_ENV],
    );
    this.binder.passes.attach(this.pipe.dir);
    return this.debuggee.spawn(plan, this.pipe.path, (exit) =>
      this.connector.background("the program's exit", this.onRootExit(exit)),
    );
  }

  private async onRootExit({ exitCode, signal }: RootExit): Promise<void> {
    if (this.state.disposed) return;
    // The program has ended: nothing it started may outlive it.
    this.debuggee.kill();
    for (const process of this.connector.processes.values()) process.cdp.terminate();
    // The client sees the end only once it has let the program run.
    await this.connector.whenConfigured();
    if (this.state.disposed || this.state.ended) return;
    this.state.ended = true;
    this.host.exited(exitCode, signal);
    this.host.terminated();
  }

  configurationDone(): void {
    this.connector.configurationDone();
  }

  threads(): DebugProtocol.Thread[] {
    return this.connector.threads();
  }

  // ---- breakpoints and exceptions ------------------------------------------------------------------

  setBreakpoints(file: string, specs: BreakpointSpec[]): Promise<UserBreakpoint[]> {
    return this.binder.setBreakpoints(file, specs, this.connector.processes.values());
  }

  /** Called once the client has the setBreakpoints response: later changes become `breakpoint` events. */
  announce(breakpoints: UserBreakpoint[]): void {
    this.binder.announce(breakpoints);
  }

  setExceptionFilters(filters: string[]): void {
    this.connector.setExceptionFilters(filters);
  }

  // ---- execution -----------------------------------------------------------------------------------

  continue(threadId: number): Promise<void> {
    return this.pauses.continue(this.connector.processFor(threadId));
  }

  step(threadId: number, kind: StepKind, returns = false): Promise<void> {
    return this.pauses.step(this.connector.processFor(threadId), kind, returns);
  }

  pause(threadId: number): Promise<void> {
    return this.pauses.pause(this.connector.processFor(threadId));
  }

  exceptionInfo(threadId: number): ExceptionReport {
    return this.pauses.exceptionInfo(this.connector.processFor(threadId));
  }

  // ---- stack, scopes, variables --------------------------------------------------------------------

  stackTrace(
    threadId: number,
    startFrame = 0,
    levels = 0,
  ): Promise<{ frames: DebugProtocol.StackFrame[]; total: number }> {
    return this.inspector.stackTrace(this.connector.processFor(threadId), startFrame, levels);
  }

  source(sourceReference: number): Promise<string> {
    return this.inspector.source(sourceReference);
  }

  scopes(frameId: number): DebugProtocol.Scope[] {
    return this.inspector.scopes(frameId);
  }

  variables(reference: number, filter: ChildFilter): Promise<DebugProtocol.Variable[]> {
    return this.inspector.variables(reference, filter);
  }

  evaluate(
    expression: string,
    frameId: number | undefined,
    context: string | undefined,
  ): Promise<DebugProtocol.Variable> {
    const fallback = this.pauses.shown ?? [...this.connector.processes.values()].find((each) => each.announced);
    return this.inspector.evaluate(expression, frameId, context, fallback);
  }

  // ---- ending ------------------------------------------------------------------------------------

  /** Asks the program to stop (SIGTERM), then kills what is left after a grace period. */
  async terminate(graceMs = 2000): Promise<void> {
    if (this.state.ended) return;
    await this.debuggee.terminate(graceMs);
  }

  /**
   * Ends the session. With terminate (the default for a launch) every process is killed BEFORE its
   * inspector socket closes: closing the socket of a paused process would let it run on.
   * Synchronous so it also serves exit and signal handlers.
   */
  dispose(terminate = true): void {
    if (this.state.disposed) return;
    this.state.disposed = true;
    const processes = this.connector.processes.values();
    if (terminate) {
      this.debuggee.kill();
    } else {
      this.state.detached = true;
      // Leave every process running: paused ones resume, ones still waiting for configurationDone go.
      for (const process of this.connector.processes.values()) {
        if (process.pause) void process.cdp.send('Debugger.resume', {}).catch(() => undefined);
        void process.cdp.send('Runtime.runIfWaitingForDebugger', {}).catch(() => undefined);
      }
    }
    for (const process of processes) {
      if (terminate) process.cdp.terminate();
      else process.cdp.close();
    }
    this.pipe?.close();
    this.pipe = null;
    this.maps.dispose();
    this.connector.dispose();
  }
}
