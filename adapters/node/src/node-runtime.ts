// The engine under the DAP layer: runs the command with the bootloader in NODE_OPTIONS, connects to
// every Node process of its tree over the inspector protocol, lets each run once the client is
// configured, and owns the cleanup of every process it started. Breakpoints (breakpoint-binder.ts),
// pauses (pause-handler.ts) and what a pause shows (frame-inspector.ts) are its parts.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BreakpointBinder } from './breakpoint-binder.js';
import { CdpConnection } from './cdp-connection.js';
import type { PauseOnExceptionsState } from './cdp-types.js';
import { FrameInspector } from './frame-inspector.js';
import type { ChildFilter } from './inspection.js';
import type { LaunchPlan } from './launch-config.js';
import { NodeProcess } from './node-process.js';
import { PauseHandler } from './pause-handler.js';
import {
  ADAPTER_TMPDIR_ENV,
  FIFO_ENV,
  findBootloader,
  rememberProcess,
  ReportPipe,
  signalTree,
  withBootloader,
  type KnownProcess,
  type ProcessReport,
} from './process-tree.js';
import type { AdapterEnvironment, BreakpointSpec, ExceptionReport, RuntimeHost, SessionState, StepKind, UserBreakpoint } from './runtime-types.js';
import { SourceMapCache } from './source-maps.js';
import { trace } from './trace.js';

// Lines the inspector prints on stderr of every process it opens in; not the program's output.
const INSPECTOR_NOISE =
  /^(?:Debugger listening on ws:\/\/\S+|Debugger ending on ws:\/\/\S+|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector|Debugger attached\.|Waiting for the debugger to disconnect\.\.\.)\r?\n/gm;

const RELEASED_CHECK = `globalThis[Symbol.for('bpdiff.released')] === true`;

export class NodeRuntime {
  private readonly state: SessionState = { plan: null, disposed: false, detached: false, ended: false };
  private child: ChildProcess | null = null;
  private rootPid: number | undefined;
  private pipe: ReportPipe | null = null;
  private readonly bootloader = findBootloader();
  private readonly known: KnownProcess[] = [];
  private readonly processes = new Map<number, NodeProcess>();
  private readonly waiting: NodeProcess[] = [];
  private nextThreadId = 1;
  private exceptionState: PauseOnExceptionsState = 'none';
  private configured = false;
  private configuredWaiters: Array<() => void> = [];
  private readonly maps = new SourceMapCache();
  private readonly binder: BreakpointBinder;
  private readonly inspector: FrameInspector;
  private readonly pauses: PauseHandler;

  constructor(
    private readonly host: RuntimeHost,
    private readonly environment: AdapterEnvironment,
  ) {
    this.binder = new BreakpointBinder(host, this.state, this.maps, this.bootloader, environment.cwd);
    this.inspector = new FrameInspector(this.state, this.maps);
    this.pauses = new PauseHandler(host, this.state, this.binder, (process) => this.inspector.dropHandles(process));
  }

  // ---- launching ---------------------------------------------------------------------------------

  /**
   * A step nobody awaits (a process report, the program's exit, a release, a pause): one that fails
   * (its process vanished mid-step) is traced, never left to reject unhandled, which would end the
   * process the adapter runs in: bpdiff's own, when it runs the adapter inside it.
   */
  private background(step: string, work: Promise<unknown>): void {
    work.catch((error: unknown) => trace(`${step} failed: ${error instanceof Error ? error.message : String(error)}`));
  }

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

    this.pipe = new ReportPipe((report) => this.background('a process report', this.onReport(report)), this.environment.env[ADAPTER_TMPDIR_ENV]);
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.environment.env)) if (value !== undefined) env[name] = value;
    for (const [name, value] of Object.entries(plan.env)) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
    delete env[ADAPTER_TMPDIR_ENV]; // the adapter's, not the program's
    env[FIFO_ENV] = this.pipe.path;
    env.NODE_OPTIONS = withBootloader(env.NODE_OPTIONS, this.bootloader);

    let stdin: number | 'ignore' = 'ignore';
    if (plan.stdinFile) {
      try {
        stdin = fs.openSync(plan.stdinFile, 'r');
      } catch (error) {
        throw new Error(`cannot open the stdin file ${plan.stdinFile}: ${(error as Error).message}`);
      }
    }
    const [file, ...args] = plan.command as [string, ...string[]];
    const child = spawn(file, args, { cwd: plan.cwd, env, detached: true, stdio: [stdin, 'pipe', 'pipe'] });
    this.child = child;
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const hint = code === 'ENOENT' ? ` (is '${file}' installed and on PATH?)` : '';
      throw new Error(`cannot run '${file}': ${(error as Error).message}${hint}`);
    } finally {
      if (typeof stdin === 'number') fs.closeSync(stdin);
    }
    child.on('error', () => undefined);
    this.rootPid = child.pid;
    const pid = child.pid!;
    this.host.processStarted(pid, plan.command.join(' '));
    const drained = [this.forward(child.stdout!, 'stdout'), this.forward(child.stderr!, 'stderr')];
    child.once('exit', (code, signal) => this.background('the program\'s exit', this.onRootExit(code, signal, drained)));
    return pid;
  }

  private forward(stream: NodeJS.ReadableStream, category: 'stdout' | 'stderr'): Promise<void> {
    const decoder = new StringDecoder('utf8');
    const emit = (text: string): void => {
      const shown = category === 'stderr' ? text.replace(INSPECTOR_NOISE, '') : text;
      if (shown !== '' && !this.state.disposed) this.host.output(category, shown);
    };
    stream.on('data', (chunk: Buffer) => emit(decoder.write(chunk)));
    return new Promise((resolve) => {
      stream.once('end', () => {
        emit(decoder.end());
        resolve();
      });
      stream.once('close', () => resolve());
      stream.once('error', () => resolve());
    });
  }

  private async onRootExit(code: number | null, signal: NodeJS.Signals | null, drained: Array<Promise<void>>): Promise<void> {
    const exitCode = code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0);
    // Output still in the pipes arrives first; a leftover child holding them open does not delay us long.
    await Promise.race([Promise.all(drained), delay(300)]);
    if (this.state.disposed) return;
    // The program has ended: nothing it started may outlive it.
    signalTree(this.rootPid, this.known, 'SIGKILL');
    for (const process of this.processes.values()) process.cdp.terminate();
    // The client sees the end only once it has let the program run.
    await this.whenConfigured();
    if (this.state.disposed || this.state.ended) return;
    this.state.ended = true;
    this.host.exited(exitCode, code === null ? signal : null);
    this.host.terminated();
  }

  private whenConfigured(): Promise<void> {
    if (this.configured) return Promise.resolve();
    return new Promise((resolve) => this.configuredWaiters.push(resolve));
  }

  configurationDone(): void {
    trace(`configurationDone, ${this.waiting.length} process(es) waiting`);
    if (this.configured) return;
    this.configured = true;
    for (const process of this.waiting.splice(0)) this.background('releasing a process', this.release(process));
    for (const waiter of this.configuredWaiters.splice(0)) waiter();
  }

  /**
   * Lets a waiting process run. Node drops a runIfWaitingForDebugger that arrives before the
   * bootloader calls inspector.waitForDebugger(), so it is repeated until the bootloader's mark shows
   * the process went on.
   */
  private async release(process: NodeProcess): Promise<void> {
    for (let attempt = 0; attempt < 100 && !process.gone && !this.state.disposed; attempt++) {
      try {
        await process.cdp.send('Runtime.runIfWaitingForDebugger', {});
        const { result } = await process.cdp.send('Runtime.evaluate', { expression: RELEASED_CHECK, returnByValue: true, silent: true });
        trace(`release ${process.pid}: attempt ${attempt}, running=${String(result.value)}`);
        if (result.value === true) return;
      } catch {
        return; // The process is gone.
      }
      await delay(Math.min(50, 2 + attempt * 2));
    }
  }

  // ---- processes ---------------------------------------------------------------------------------

  private threadName(report: ProcessReport): string {
    let script = report.script;
    const plan = this.state.plan;
    if (script && plan) {
      const relative = path.relative(plan.cwd, script);
      if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) script = relative;
    }
    return `node ${report.pid} ${script}`.trim();
  }

  private async onReport(report: ProcessReport): Promise<void> {
    trace(`process reported: ${JSON.stringify(report)}`);
    if (this.state.disposed || this.state.detached) return;
    const known = rememberProcess(report.pid);
    if (known) this.known.push(known);
    let cdp: CdpConnection;
    try {
      cdp = await CdpConnection.connect(report.url);
    } catch {
      return; // The process ended before we could connect: nothing to debug.
    }
    if (this.state.disposed || this.state.detached) {
      cdp.terminate();
      return;
    }
    const process = new NodeProcess(this.nextThreadId++, report.pid, this.threadName(report), cdp);
    this.processes.set(process.threadId, process);
    // Scripts without a URL or a source map (one per evaluation, so one per watch at every stop) are
    // not kept: what is read of a script is its URL and source map, and a frame has the same URL.
    cdp.on('Debugger.scriptParsed', (script) => {
      if (script.url !== '' || script.sourceMapURL) process.scripts.set(script.scriptId, script);
    });
    cdp.on('Debugger.breakpointResolved', ({ breakpointId, location }) => {
      const resolving = this.binder.onResolved(process, breakpointId, location).catch(() => undefined);
      process.resolving.add(resolving);
      void resolving.finally(() => process.resolving.delete(resolving));
    });
    cdp.on('Debugger.paused', (event) => this.background('a pause', this.pauses.onPaused(process, event)));
    // The process is about to exit and waits for us to let go.
    cdp.on('NodeRuntime.waitingForDisconnect', () => cdp.close());
    cdp.onClose(() => this.onProcessGone(process));
    trace(`connected to ${report.pid}`);
    try {
      await cdp.send('Debugger.enable', {});
      trace(`debugger enabled in ${report.pid}`);
      await Promise.all([
        cdp.send('NodeRuntime.notifyWhenWaitingForDisconnect', { enabled: true }).catch(() => undefined),
        cdp.send('Debugger.setPauseOnExceptions', { state: this.exceptionState }),
        process.serial(() => this.binder.bindAll(process)),
      ]);
    } catch {
      if (cdp.isClosed) return;
    }
    if (process.gone) return;
    process.announced = true;
    trace(`process ${process.pid} ready as thread ${process.threadId}`);
    this.host.threadStarted(process.threadId);
    if (this.configured) await this.release(process);
    else this.waiting.push(process);
  }

  private onProcessGone(process: NodeProcess): void {
    if (process.gone) return;
    process.gone = true;
    process.pause = null;
    this.processes.delete(process.threadId);
    this.inspector.forget(process);
    const waiting = this.waiting.indexOf(process);
    if (waiting >= 0) this.waiting.splice(waiting, 1);
    if (process.announced && !this.state.disposed) this.host.threadExited(process.threadId);
    this.pauses.forget(process);
  }

  private processFor(threadId: number): NodeProcess {
    const process = this.processes.get(threadId);
    if (!process || process.gone) throw new Error(`thread ${threadId} does not exist (the process may have exited)`);
    return process;
  }

  threads(): DebugProtocol.Thread[] {
    return [...this.processes.values()].filter((process) => process.announced).map((process) => ({ id: process.threadId, name: process.name }));
  }

  // ---- breakpoints and exceptions ------------------------------------------------------------------

  setBreakpoints(file: string, specs: BreakpointSpec[]): Promise<UserBreakpoint[]> {
    return this.binder.setBreakpoints(file, specs, this.processes.values());
  }

  /** Called once the client has the setBreakpoints response: later changes become `breakpoint` events. */
  announce(breakpoints: UserBreakpoint[]): void {
    this.binder.announce(breakpoints);
  }

  setExceptionFilters(filters: string[]): void {
    this.exceptionState = filters.includes('all') ? 'all' : filters.includes('uncaught') ? 'uncaught' : 'none';
    for (const process of this.processes.values()) {
      void process.cdp.send('Debugger.setPauseOnExceptions', { state: this.exceptionState }).catch(() => undefined);
    }
  }

  // ---- execution -----------------------------------------------------------------------------------

  continue(threadId: number): Promise<void> {
    return this.pauses.continue(this.processFor(threadId));
  }

  step(threadId: number, kind: StepKind): Promise<void> {
    return this.pauses.step(this.processFor(threadId), kind);
  }

  pause(threadId: number): Promise<void> {
    return this.pauses.pause(this.processFor(threadId));
  }

  exceptionInfo(threadId: number): ExceptionReport {
    return this.pauses.exceptionInfo(this.processFor(threadId));
  }

  // ---- stack, scopes, variables --------------------------------------------------------------------

  stackTrace(threadId: number, startFrame = 0, levels = 0): Promise<{ frames: DebugProtocol.StackFrame[]; total: number }> {
    return this.inspector.stackTrace(this.processFor(threadId), startFrame, levels);
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

  evaluate(expression: string, frameId: number | undefined, context: string | undefined): Promise<DebugProtocol.Variable> {
    const fallback = this.pauses.shown ?? [...this.processes.values()].find((each) => each.announced);
    return this.inspector.evaluate(expression, frameId, context, fallback);
  }

  // ---- ending ------------------------------------------------------------------------------------

  /** Asks the program to stop (SIGTERM), then kills what is left after a grace period. */
  async terminate(graceMs = 2000): Promise<void> {
    if (this.rootPid === undefined || this.state.ended) return;
    signalTree(this.rootPid, this.known, 'SIGTERM');
    const exited = new Promise<void>((resolve) => {
      if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    await Promise.race([exited, delay(graceMs)]);
    signalTree(this.rootPid, this.known, 'SIGKILL');
  }

  /**
   * Ends the session. With terminate (the default for a launch) every process is killed BEFORE its
   * inspector socket closes: closing the socket of a paused process would let it run on.
   * Synchronous so it also serves exit and signal handlers.
   */
  dispose(terminate = true): void {
    if (this.state.disposed) return;
    this.state.disposed = true;
    if (terminate) {
      signalTree(this.rootPid, this.known, 'SIGKILL');
    } else {
      this.state.detached = true;
      // Leave every process running: paused ones resume, ones still waiting for configurationDone go.
      for (const process of this.processes.values()) {
        if (process.pause) void process.cdp.send('Debugger.resume', {}).catch(() => undefined);
        void process.cdp.send('Runtime.runIfWaitingForDebugger', {}).catch(() => undefined);
      }
    }
    for (const process of this.processes.values()) {
      if (terminate) process.cdp.terminate();
      else process.cdp.close();
    }
    this.pipe?.close();
    this.pipe = null;
    this.maps.dispose();
    for (const waiter of this.configuredWaiters.splice(0)) waiter();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
