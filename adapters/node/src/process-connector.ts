// The debuggee's Node processes as the bootloader reports them: each connected over the inspector
// protocol, its debugger enabled, its breakpoints, exception state and entry search set, and let run
// once the client is configured (configurationDone). One thread per connected process.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BreakpointBinder } from './breakpoint-binder.js';
import { CdpConnection } from './cdp-connection.js';
import type { PauseOnExceptionsState } from './cdp-types.js';
import { delay } from './debuggee.js';
import type { EntryPoint } from './entry-point.js';
import type { FrameInspector } from './frame-inspector.js';
import { NodeProcess } from './node-process.js';
import type { PauseHandler } from './pause-handler.js';
import { rememberProcess, type KnownProcess, type ProcessReport } from './process-tree.js';
import type { RuntimeHost, SessionState } from './runtime-types.js';
import { trace } from './trace.js';

/** The name of the script the bootloader compiles once it goes on (the mark that it was let run). */
const RELEASED_MARK = 'bpdiff-released';

/** The runtime's parts a connected process is handed to. */
export interface ProcessParts {
  binder: BreakpointBinder;
  entry: EntryPoint;
  pauses: PauseHandler;
  inspector: FrameInspector;
}

export class ProcessConnector {
  readonly processes = new Map<number, NodeProcess>();
  private readonly waiting: NodeProcess[] = [];
  private nextThreadId = 1;
  private exceptionState: PauseOnExceptionsState = 'none';
  private configured = false;
  private configuredWaiters: Array<() => void> = [];

  constructor(
    private readonly host: RuntimeHost,
    private readonly state: SessionState,
    private readonly parts: ProcessParts,
    /** Every reported process, to kill at the end. */
    private readonly known: KnownProcess[],
  ) {}

  /**
   * A step nobody awaits (a process report, a release, a pause): one that fails (its process vanished
   * mid-step) is traced, never left to reject unhandled, which would end the process the adapter runs
   * in: bpdiff's own, when it runs the adapter inside it.
   */
  background(step: string, work: Promise<unknown>): void {
    work.catch((error: unknown) => trace(`${step} failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  whenConfigured(): Promise<void> {
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

  /** The session ends: nobody waits for configurationDone any more. */
  dispose(): void {
    for (const waiter of this.configuredWaiters.splice(0)) waiter();
  }

  /**
   * Lets a waiting process run. Node drops a runIfWaitingForDebugger that arrives before the
   * bootloader calls inspector.waitForDebugger(), so it is repeated until the bootloader's mark (a
   * script it compiles once it goes on) shows the process went on.
   */
  private async release(process: NodeProcess): Promise<void> {
    for (let attempt = 0; attempt < 100 && !process.gone && !this.state.disposed; attempt++) {
      try {
        await process.cdp.send('Runtime.runIfWaitingForDebugger', {});
      } catch {
        return; // The process is gone.
      }
      const running = await Promise.race([
        process.released.then(() => true),
        delay(Math.min(50, 2 + attempt * 2)).then(() => false),
      ]);
      trace(`release ${process.pid}: attempt ${attempt}, running=${String(running)}`);
      if (running) return;
    }
  }

  private threadName(report: ProcessReport): string {
    let script = report.script;
    const plan = this.state.plan;
    if (script && plan) {
      const relative = path.relative(plan.cwd, script);
      if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) script = relative;
    }
    return `node ${report.pid} ${script}`.trim();
  }

  async onReport(report: ProcessReport): Promise<void> {
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
    const { binder, entry, pauses } = this.parts;
    const process = new NodeProcess(this.nextThreadId++, report.pid, this.threadName(report), cdp);
    this.processes.set(process.threadId, process);
    // Scripts without a URL or a source map (one per evaluation, so one per watch at every stop) are
    // not kept: what is read of a script is its URL and source map, and a frame has the same URL.
    cdp.on('Debugger.scriptParsed', (script) => {
      if (script.url === RELEASED_MARK) process.markReleased();
      else if (script.url !== '' || script.sourceMapURL) process.scripts.set(script.scriptId, script);
    });
    cdp.on('Debugger.breakpointResolved', ({ breakpointId, location }) => {
      const resolving = binder.onResolved(process, breakpointId, location).catch(() => undefined);
      process.resolving.add(resolving);
      void resolving.finally(() => process.resolving.delete(resolving));
    });
    cdp.on('Debugger.paused', (event) => this.background('a pause', pauses.onPaused(process, event)));
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
        process.serial(() => binder.bindAll(process)),
        entry.prepare(process, report.script),
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
    this.parts.inspector.forget(process);
    const waiting = this.waiting.indexOf(process);
    if (waiting >= 0) this.waiting.splice(waiting, 1);
    if (process.announced && !this.state.disposed) this.host.threadExited(process.threadId);
    this.parts.pauses.forget(process);
  }

  processFor(threadId: number): NodeProcess {
    const process = this.processes.get(threadId);
    if (!process || process.gone) throw new Error(`thread ${threadId} does not exist (the process may have exited)`);
    return process;
  }

  threads(): DebugProtocol.Thread[] {
    return [...this.processes.values()]
      .filter((process) => process.announced)
      .map((process) => ({ id: process.threadId, name: process.name }));
  }

  setExceptionFilters(filters: string[]): void {
    this.exceptionState = filters.includes('all') ? 'all' : filters.includes('uncaught') ? 'uncaught' : 'none';
    for (const process of this.processes.values()) {
      void process.cdp.send('Debugger.setPauseOnExceptions', { state: this.exceptionState }).catch(() => undefined);
    }
  }
}
