// Drives the compiled Node adapter (dist/adapters/node/src/main.js) with @vscode/debugadapter-testsupport's
// DebugClient. Every event is recorded from the start (DebugClient's own waitForEvent loses events
// that arrive before it is called), and every process a run started is remembered so a test can
// assert that none is left behind.
import type { ChildProcess } from 'node:child_process';
import { waitAllGone } from '../support/dap-test-helpers.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { isAlive, sessionMembers } from '../../src/process/process-tree.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The bundle that adapters/node/adapter.json starts (npm run build makes it from adapters/node/src/main.ts).
export const ADAPTER = path.join(REPO, 'dist', 'adapters', 'node', 'main.mjs');
export const FIXTURES = path.join(REPO, 'test', 'node-adapter', 'fixtures');
export const EXAMPLES = path.join(REPO, 'examples');

export interface BreakpointSpec {
  path: string;
  line: number;
  condition?: string;
  hitCondition?: string;
}

export interface RunOptions {
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  stdinFile?: string | null;
  breakpoints?: BreakpointSpec[];
  exceptionFilters?: string[];
  /** Stop at the first statement of the program's own code (a `stopped` event with reason `entry`). */
  stopOnEntry?: boolean;
  /** How long the program may run before it stops or ends. */
  timeoutMs?: number;
}

export interface RunResult {
  setBreakpoints: DebugProtocol.SetBreakpointsResponse[];
  /** The stop, or null when the program ended first. */
  stopped: DebugProtocol.StoppedEvent | null;
  exitCode: number | null;
}

export class AdapterSession {
  readonly dc: DebugClient;
  readonly events: DebugProtocol.Event[] = [];
  /** The root pid (process event), every Node process named in a thread, every session member seen. */
  readonly pids = new Set<number>();
  rootPid: number | undefined;
  private waiters: Array<() => void> = [];

  private constructor(adapter: string) {
    this.dc = new DebugClient('node', adapter, 'node');
  }

  static async start(adapter: string = ADAPTER): Promise<AdapterSession> {
    const session = new AdapterSession(adapter);
    session.dc.defaultTimeout = 30_000;
    await session.dc.start();
    for (const name of ['initialized', 'output', 'stopped', 'exited', 'terminated', 'breakpoint', 'thread', 'process', 'continued']) {
      session.dc.on(name, (event: DebugProtocol.Event) => session.record(event));
    }
    // An adapter a test ended (its stdin closed, SIGTERM) may not have exited yet when the next request
    // is written: the write then fails with EPIPE, which must fail that request only, never the test
    // run (DebugClient listens for no error on the pipes).
    const child = session.adapterProcess;
    child?.stdin?.on('error', () => undefined);
    child?.stdout?.on('error', () => undefined);
    return session;
  }

  get adapterProcess(): ChildProcess | null {
    return (this.dc as unknown as { _adapterProcess: ChildProcess | null })._adapterProcess;
  }

  private record(event: DebugProtocol.Event): void {
    this.events.push(event);
    if (event.event === 'process') {
      const pid = (event as DebugProtocol.ProcessEvent).body.systemProcessId;
      if (pid !== undefined) {
        this.rootPid = pid;
        this.pids.add(pid);
      }
    }
    if (event.event === 'thread' && (event as DebugProtocol.ThreadEvent).body.reason === 'started') void this.collectThreadPids();
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Thread names are `node <pid> <script>`: remember every pid while the process is alive. */
  async collectThreadPids(): Promise<DebugProtocol.Thread[]> {
    try {
      const { body } = await this.dc.threadsRequest();
      for (const thread of body.threads) {
        const match = /^node (\d+)\b/.exec(thread.name);
        if (match) this.pids.add(Number(match[1]));
      }
      return body.threads;
    } catch {
      return [];
    }
  }

  /** Also remembers every process of the debuggee's session (shells, npm children...). */
  snapshotSession(): void {
    if (this.rootPid !== undefined) for (const pid of sessionMembers(this.rootPid)) this.pids.add(pid);
  }

  /** The first recorded event (from index `since`) matching, waiting for it up to `timeoutMs`. */
  async waitFor<E extends DebugProtocol.Event>(match: (event: DebugProtocol.Event) => boolean, timeoutMs = 30_000, since = 0): Promise<E> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(since).find(match);
      if (found) return found as E;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no matching event within ${timeoutMs} ms; events: ${this.events.map((event) => event.event).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Continues the stopped thread, then its next stop, or null when the program ended instead. */
  async continueToNext(threadId: number): Promise<DebugProtocol.StoppedEvent | null> {
    const since = this.events.length;
    await this.dc.continueRequest({ threadId });
    const event = await this.waitFor((candidate) => candidate.event === 'stopped' || candidate.event === 'terminated', 30_000, since);
    return event.event === 'stopped' ? (event as DebugProtocol.StoppedEvent) : null;
  }

  output(category?: string): string {
    return this.events
      .filter((event): event is DebugProtocol.OutputEvent => event.event === 'output')
      .filter((event) => category === undefined || event.body.category === category)
      .map((event) => event.body.output)
      .join('');
  }

  /** The request order that works for every adapter: initialize, launch (not awaited), initialized, configuration, configurationDone. */
  async run(options: RunOptions): Promise<RunResult> {
    const since = this.events.length;
    await this.dc.initializeRequest({ adapterID: 'node', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true, supportsVariableType: true, supportsVariablePaging: true });
    const launched = this.dc.launchRequest({
      command: options.command,
      cwd: options.cwd,
      ...(options.env ? { env: options.env } : {}),
      ...(options.stdinFile !== undefined ? { stdinFile: options.stdinFile } : {}),
      ...(options.stopOnEntry !== undefined ? { stopOnEntry: options.stopOnEntry } : {}),
    } as DebugProtocol.LaunchRequestArguments);
    launched.catch(() => undefined);
    await this.waitFor((event) => event.event === 'initialized', 30_000, since);
    const byFile = new Map<string, BreakpointSpec[]>();
    for (const breakpoint of options.breakpoints ?? []) byFile.set(breakpoint.path, [...(byFile.get(breakpoint.path) ?? []), breakpoint]);
    const setBreakpoints: DebugProtocol.SetBreakpointsResponse[] = [];
    for (const [file, list] of byFile) {
      setBreakpoints.push(
        await this.dc.setBreakpointsRequest({
          source: { path: file },
          breakpoints: list.map((breakpoint) => ({
            line: breakpoint.line,
            ...(breakpoint.condition !== undefined ? { condition: breakpoint.condition } : {}),
            ...(breakpoint.hitCondition !== undefined ? { hitCondition: breakpoint.hitCondition } : {}),
          })),
        }),
      );
    }
    await this.dc.setExceptionBreakpointsRequest({ filters: options.exceptionFilters ?? [] });
    const running = this.events.length;
    await this.dc.configurationDoneRequest();
    await launched;
    const end = await this.waitFor((event) => event.event === 'stopped' || event.event === 'terminated', options.timeoutMs ?? 60_000, running);
    this.snapshotSession();
    if (end.event === 'stopped') return { setBreakpoints, stopped: end as DebugProtocol.StoppedEvent, exitCode: null };
    const exited = this.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited');
    return { setBreakpoints, stopped: null, exitCode: exited ? exited.body.exitCode : null };
  }

  async topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
    const { body } = await this.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 });
    await this.collectThreadPids();
    const frame = body.stackFrames[0];
    if (!frame) throw new Error('no stack frame');
    return frame;
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    return (await this.dc.scopesRequest({ frameId })).body.scopes;
  }

  async children(variablesReference: number, args: Partial<DebugProtocol.VariablesArguments> = {}): Promise<DebugProtocol.Variable[]> {
    return (await this.dc.variablesRequest({ variablesReference, ...args })).body.variables;
  }

  /** name -> variable, for the non-expensive scopes of a frame (inner scopes win). */
  async locals(frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
    const found = new Map<string, DebugProtocol.Variable>();
    for (const scope of await this.scopes(frameId)) {
      if (scope.expensive) continue;
      for (const variable of await this.children(scope.variablesReference)) if (!found.has(variable.name)) found.set(variable.name, variable);
    }
    return found;
  }

  async evaluate(expression: string, frameId: number, context = 'watch'): Promise<DebugProtocol.EvaluateResponse['body']> {
    return (await this.dc.evaluateRequest({ expression, frameId, context })).body;
  }

  /** Disconnects (killing the debuggee), stops the adapter and waits until every process is gone. */
  async finish(args: DebugProtocol.DisconnectArguments = { terminateDebuggee: true }): Promise<void> {
    this.snapshotSession();
    const adapter = this.adapterProcess;
    const alive = adapter !== null && adapter.exitCode === null && adapter.signalCode === null && adapter.stdin?.writable === true;
    if (alive) {
      // A request to an adapter that has gone never gets an answer: do not wait for one forever.
      await Promise.race([this.dc.disconnectRequest(args).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    (this.dc as unknown as { stopAdapter(): void }).stopAdapter();
    await this.assertAllGone();
  }

  async assertAllGone(timeoutMs = 5_000): Promise<void> {
    await waitAllGone(this.pids, () => (this.rootPid !== undefined ? sessionMembers(this.rootPid) : []), isAlive, timeoutMs);
  }
}

export { byName, lineOf, mustGet } from '../support/dap-test-helpers.js';
