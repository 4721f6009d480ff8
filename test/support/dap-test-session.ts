// A DAP session for the tests of bpdiff's own adapters (adapters/node/test, adapters/java/test), over
// @vscode/debugadapter-testsupport's DebugClient. Every event is recorded from the start (DebugClient's
// own waitForEvent loses events that arrive before it is called), and every process a run started is
// remembered so a test can assert that none is left behind. Each adapter's helpers add what differs:
// its launch arguments, how its threads name their processes, how it shows locals.
import type { ChildProcess } from 'node:child_process';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { isAlive, sessionMembers } from '../../src/process/process-tree.js';
import { waitAllGone } from './dap-test-helpers.js';

export interface BreakpointSpec {
  path: string;
  line: number;
  condition?: string;
  hitCondition?: string;
}

export interface BaseRunOptions {
  command: string[];
  cwd: string;
  /** Environment changes (null: the variable removed, where the adapter takes that). */
  env?: Record<string, string | null>;
  stdinFile?: string | null;
  breakpoints?: BreakpointSpec[];
  /** Function breakpoints by name (`main`, `Loop.square`), for adapters that take them. */
  functionBreakpoints?: string[];
  exceptionFilters?: string[];
  /** How long the program may run before it stops or ends; 0: return once it runs. */
  timeoutMs?: number;
}

export interface RunResult {
  setBreakpoints: DebugProtocol.SetBreakpointsResponse[];
  /** The stop, or null when the program ended first. */
  stopped: DebugProtocol.StoppedEvent | null;
  exitCode: number | null;
}

const RECORDED = [
  'initialized',
  'output',
  'stopped',
  'exited',
  'terminated',
  'breakpoint',
  'thread',
  'process',
  'continued',
];

export abstract class DapTestSession<Options extends BaseRunOptions> {
  readonly events: DebugProtocol.Event[] = [];
  /** The root pid (process event), every process named in a thread, every session member seen. */
  readonly pids = new Set<number>();
  rootPid: number | undefined;
  private waiters: Array<() => void> = [];

  protected constructor(
    readonly dc: DebugClient,
    private readonly adapterID: string,
  ) {}

  /** Starts the adapter and records its events. */
  protected async open(): Promise<void> {
    this.dc.defaultTimeout = 30_000;
    await this.dc.start();
    for (const name of RECORDED) this.dc.on(name, (event: DebugProtocol.Event) => this.record(event));
    // An adapter a test ended (its stdin closed, SIGTERM) may not have exited yet when the next request
    // is written: the write then fails with EPIPE, which must fail that request only, never the test
    // run (DebugClient listens for no error on the pipes).
    const child = this.adapterProcess;
    child?.stdin?.on('error', () => undefined);
    child?.stdout?.on('error', () => undefined);
  }

  /** The launch request's arguments each adapter adds for these options. */
  protected abstract launchExtras(options: Options): Record<string, unknown>;

  private launchArguments(options: Options): DebugProtocol.LaunchRequestArguments {
    return {
      command: options.command,
      cwd: options.cwd,
      ...(options.env ? { env: options.env } : {}),
      ...(options.stdinFile !== undefined ? { stdinFile: options.stdinFile } : {}),
      ...this.launchExtras(options),
    } as DebugProtocol.LaunchRequestArguments;
  }

  /** What the adapter's helpers do on each event after it is recorded. */
  protected onEvent(_event: DebugProtocol.Event): void {}

  /** What the adapter's helpers do once a run has stopped. */
  protected async onStopped(): Promise<void> {}

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
    this.onEvent(event);
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Also remembers every process of the debuggee's session (shells, build tools, their children). */
  snapshotSession(): void {
    if (this.rootPid !== undefined) for (const pid of sessionMembers(this.rootPid)) this.pids.add(pid);
  }

  /** The first recorded event (from index `since`) matching, waiting for it up to `timeoutMs`. */
  async waitFor<E extends DebugProtocol.Event>(
    match: (event: DebugProtocol.Event) => boolean,
    timeoutMs = 30_000,
    since = 0,
  ): Promise<E> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(since).find(match);
      if (found) return found as E;
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(
          `no matching event within ${timeoutMs} ms; events: ${this.events.map((event) => event.event).join(', ')}; output:\n${this.output()}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next stop after the events from `since` on (a continue, a step), or null when the program ended instead. */
  async nextStop(since: number): Promise<DebugProtocol.StoppedEvent | null> {
    const event = await this.waitFor(
      (candidate) => candidate.event === 'stopped' || candidate.event === 'terminated',
      30_000,
      since,
    );
    return event.event === 'stopped' ? (event as DebugProtocol.StoppedEvent) : null;
  }

  /** Continues the stopped thread, then its next stop, or null when the program ended instead. */
  async continueToNext(threadId: number): Promise<DebugProtocol.StoppedEvent | null> {
    const since = this.events.length;
    await this.dc.continueRequest({ threadId });
    return this.nextStop(since);
  }

  output(category?: string): string {
    return this.events
      .filter((event): event is DebugProtocol.OutputEvent => event.event === 'output')
      .filter((event) => category === undefined || event.body.category === category)
      .map((event) => event.body.output)
      .join('');
  }

  /** The request order that works for every adapter: initialize, launch (not awaited), initialized, configuration, configurationDone, then the first stop or the end. */
  async run(options: Options): Promise<RunResult> {
    const since = this.events.length;
    await this.dc.initializeRequest({
      adapterID: this.adapterID,
      pathFormat: 'path',
      linesStartAt1: true,
      columnsStartAt1: true,
      supportsVariableType: true,
      supportsVariablePaging: true,
    });
    const launched = this.dc.launchRequest(this.launchArguments(options));
    launched.catch(() => undefined);
    await this.waitFor((event) => event.event === 'initialized', 30_000, since);
    const byFile = new Map<string, BreakpointSpec[]>();
    for (const breakpoint of options.breakpoints ?? [])
      byFile.set(breakpoint.path, [...(byFile.get(breakpoint.path) ?? []), breakpoint]);
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
    if (options.functionBreakpoints)
      await this.dc.setFunctionBreakpointsRequest({
        breakpoints: options.functionBreakpoints.map((name) => ({ name })),
      });
    await this.dc.setExceptionBreakpointsRequest({ filters: options.exceptionFilters ?? [] });
    const running = this.events.length;
    await this.dc.configurationDoneRequest();
    await launched;
    if (options.timeoutMs === 0) return { setBreakpoints, stopped: null, exitCode: null };
    const end = await this.waitFor(
      (event) => event.event === 'stopped' || event.event === 'terminated',
      options.timeoutMs ?? 60_000,
      running,
    );
    this.snapshotSession();
    if (end.event === 'stopped') {
      await this.onStopped();
      return { setBreakpoints, stopped: end as DebugProtocol.StoppedEvent, exitCode: null };
    }
    const exited = this.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited');
    return { setBreakpoints, stopped: null, exitCode: exited ? exited.body.exitCode : null };
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    return (await this.dc.scopesRequest({ frameId })).body.scopes;
  }

  async children(
    variablesReference: number,
    args: Partial<DebugProtocol.VariablesArguments> = {},
  ): Promise<DebugProtocol.Variable[]> {
    return (await this.dc.variablesRequest({ variablesReference, ...args })).body.variables;
  }

  async evaluate(
    expression: string,
    frameId: number,
    context = 'watch',
  ): Promise<DebugProtocol.EvaluateResponse['body']> {
    return (await this.dc.evaluateRequest({ expression, frameId, context })).body;
  }

  /** Disconnects (killing the debuggee), stops the adapter and waits until every process is gone. */
  async finish(args: DebugProtocol.DisconnectArguments = { terminateDebuggee: true }): Promise<void> {
    this.snapshotSession();
    const adapter = this.adapterProcess;
    const alive =
      adapter !== null && adapter.exitCode === null && adapter.signalCode === null && adapter.stdin?.writable === true;
    if (alive) {
      // A request to an adapter that has gone never gets an answer: do not wait for one forever.
      await Promise.race([
        this.dc.disconnectRequest(args).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 5_000)),
      ]);
    }
    (this.dc as unknown as { stopAdapter(): void }).stopAdapter();
    await this.assertAllGone();
  }

  async assertAllGone(timeoutMs = 5_000): Promise<void> {
    await waitAllGone(
      this.pids,
      () => (this.rootPid !== undefined ? sessionMembers(this.rootPid) : []),
      isAlive,
      timeoutMs,
    );
  }
}
