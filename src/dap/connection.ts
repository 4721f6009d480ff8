// DAP messages -> typed calls. Every request resolves to its response body or rejects with an error
// that names the adapter and the step; every wait has a timeout. Events are kept from the moment the
// connection opens, so a wait that starts after its event arrived still sees it.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError } from '../errors.js';
import { DapTransport } from './transport.js';
import type { Readable, Writable } from 'node:stream';

/** The requests bpdiff sends, with their argument and response types. */
export interface RequestMap {
  initialize: [DebugProtocol.InitializeRequestArguments, DebugProtocol.InitializeResponse];
  launch: [DebugProtocol.LaunchRequestArguments, DebugProtocol.LaunchResponse];
  setBreakpoints: [DebugProtocol.SetBreakpointsArguments, DebugProtocol.SetBreakpointsResponse];
  setExceptionBreakpoints: [DebugProtocol.SetExceptionBreakpointsArguments, DebugProtocol.SetExceptionBreakpointsResponse];
  configurationDone: [DebugProtocol.ConfigurationDoneArguments, DebugProtocol.ConfigurationDoneResponse];
  threads: [undefined, DebugProtocol.ThreadsResponse];
  stackTrace: [DebugProtocol.StackTraceArguments, DebugProtocol.StackTraceResponse];
  scopes: [DebugProtocol.ScopesArguments, DebugProtocol.ScopesResponse];
  variables: [DebugProtocol.VariablesArguments, DebugProtocol.VariablesResponse];
  evaluate: [DebugProtocol.EvaluateArguments, DebugProtocol.EvaluateResponse];
  exceptionInfo: [DebugProtocol.ExceptionInfoArguments, DebugProtocol.ExceptionInfoResponse];
  continue: [DebugProtocol.ContinueArguments, DebugProtocol.ContinueResponse];
  disconnect: [DebugProtocol.DisconnectArguments, DebugProtocol.DisconnectResponse];
}
export type RequestCommand = keyof RequestMap;
export type ResponseBody<C extends RequestCommand> = RequestMap[C][1]['body'];

export interface WaitOptions {
  /** What bpdiff was doing, for the error: "launch", "waiting for the breakpoint"... */
  step: string;
  timeoutMs: number;
  /** What the user can try when this wait times out. */
  hint?: string;
}

/** The adapter answered a request with `success: false`. */
export class DapRequestError extends BpdiffError {
  constructor(
    readonly command: string,
    readonly adapterMessage: string,
    adapterName: string,
  ) {
    super('ADAPTER_FAILED', `${adapterName} refused '${command}': ${adapterMessage}`);
  }
}

interface Pending {
  command: string;
  resolve(response: DebugProtocol.Response): void;
  reject(error: Error): void;
}

interface EventWaiter {
  predicate(event: DebugProtocol.Event): boolean;
  resolve(event: DebugProtocol.Event): void;
}

type EventListener = (event: DebugProtocol.Event) => void;

export class DapConnection {
  private readonly transport: DapTransport;
  private seq = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly events: DebugProtocol.Event[] = [];
  private readonly waiters = new Set<EventWaiter>();
  private readonly listeners = new Set<EventListener>();
  private readonly closeWaiters = new Set<(error: Error) => void>();
  private closeError: Error | null = null;

  constructor(
    input: Readable,
    output: Writable,
    /** Names the adapter in every error ("debugpy", "lldb-dap-19"...). */
    readonly adapterName: string,
    /** Explains why the adapter went away (its exit status and last stderr lines), when known. */
    private readonly describeExit: () => string = () => '',
  ) {
    this.transport = new DapTransport(input, output, {
      onMessage: (message) => this.dispatch(message),
      onClose: (error) => this.handleClose(error),
    });
  }

  /** Number of events received so far: pass it as `since` to wait only for later events. */
  get eventCount(): number {
    return this.events.length;
  }

  get closed(): boolean {
    return this.closeError !== null;
  }

  request<C extends RequestCommand>(command: C, args: RequestMap[C][0], options: WaitOptions): Promise<ResponseBody<C>> {
    if (this.closeError) return Promise.reject(this.closedError(options.step));
    const seq = this.seq++;
    const answer = new Promise<DebugProtocol.Response>((resolve, reject) => {
      this.pending.set(seq, { command, resolve, reject });
    });
    const message: DebugProtocol.Request = { seq, type: 'request', command, arguments: args };
    this.transport.send(message);
    return this.withTimeout(answer, options, () => this.pending.delete(seq)).then((response) => {
      if (!response.success) {
        throw new DapRequestError(command, describeErrorResponse(response), this.adapterName);
      }
      return response.body as ResponseBody<C>;
    });
  }

  /** Resolves with the first event (received since index `since`) that matches. */
  waitForEvent<E extends DebugProtocol.Event>(
    predicate: (event: DebugProtocol.Event) => event is E,
    options: WaitOptions & { since?: number },
  ): Promise<E>;
  waitForEvent(predicate: (event: DebugProtocol.Event) => boolean, options: WaitOptions & { since?: number }): Promise<DebugProtocol.Event>;
  waitForEvent(predicate: (event: DebugProtocol.Event) => boolean, options: WaitOptions & { since?: number }): Promise<DebugProtocol.Event> {
    for (let i = options.since ?? 0; i < this.events.length; i++) {
      const event = this.events[i]!;
      if (predicate(event)) return Promise.resolve(event);
    }
    if (this.closeError) return Promise.reject(this.closedError(options.step));
    let waiter: EventWaiter | undefined;
    const found = new Promise<DebugProtocol.Event>((resolve) => {
      waiter = { predicate, resolve };
      this.waiters.add(waiter);
    });
    return this.withTimeout(found, options, () => waiter && this.waiters.delete(waiter));
  }

  /** Position of a received event, so a later wait can start after it. */
  indexOfEvent(event: DebugProtocol.Event): number {
    return this.events.lastIndexOf(event);
  }

  eventsSince(index: number): readonly DebugProtocol.Event[] {
    return this.events.slice(index);
  }

  /** Every event, the ones already received first. */
  onEvent(listener: EventListener): void {
    for (const event of this.events) listener(event);
    this.listeners.add(listener);
  }

  close(): void {
    this.transport.close();
  }

  private withTimeout<T>(promise: Promise<T>, options: WaitOptions, cancel: () => void): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cancel();
        const limit = options.timeoutMs >= 1000 ? `${Math.round(options.timeoutMs / 100) / 10} s` : `${options.timeoutMs} ms`;
        const hint = options.hint ? `; ${options.hint}` : '';
        reject(new BpdiffError('ADAPTER_TIMEOUT', `${this.adapterName} did not answer during '${options.step}' within ${limit}${hint}`));
      }, options.timeoutMs);
      timer.unref();
    });
    const closed = new Promise<never>((_, reject) => {
      const onClose = (): void => reject(this.closedError(options.step));
      this.closeWaiters.add(onClose);
      void promise.finally(() => this.closeWaiters.delete(onClose)).catch(() => undefined);
    });
    return Promise.race([promise, timeout, closed]).finally(() => clearTimeout(timer));
  }

  private dispatch(message: DebugProtocol.ProtocolMessage): void {
    if (message.type === 'response') {
      const response = message as DebugProtocol.Response;
      const pending = this.pending.get(response.request_seq);
      if (pending) {
        this.pending.delete(response.request_seq);
        pending.resolve(response);
      }
    } else if (message.type === 'event') {
      const event = message as DebugProtocol.Event;
      this.events.push(event);
      for (const listener of this.listeners) listener(event);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(event)) {
          this.waiters.delete(waiter);
          waiter.resolve(event);
        }
      }
    } else if (message.type === 'request') {
      this.answerReverseRequest(message as DebugProtocol.Request);
    }
  }

  // bpdiff runs every debuggee itself with its output captured, so it never opens a terminal, and it
  // follows one debuggee per adapter: refusing says so instead of leaving the adapter waiting.
  private answerReverseRequest(request: DebugProtocol.Request): void {
    const reasons: Record<string, string> = {
      runInTerminal: 'bpdiff runs the debuggee without a terminal; configure the adapter to use its internal console',
      startDebugging: 'bpdiff follows one debuggee per run and does not start child debug sessions',
    };
    const response: DebugProtocol.Response = {
      seq: this.seq++,
      type: 'response',
      request_seq: request.seq,
      command: request.command,
      success: false,
      message: reasons[request.command] ?? `bpdiff does not support the reverse request '${request.command}'`,
    };
    this.transport.send(response);
  }

  private handleClose(error?: Error): void {
    if (this.closeError) return;
    this.closeError = error ?? new Error('connection closed');
    for (const [, pending] of this.pending) pending.reject(this.closedError(`'${pending.command}'`));
    this.pending.clear();
    for (const waiter of this.closeWaiters) waiter(this.closeError);
    this.closeWaiters.clear();
  }

  private closedError(step: string): BpdiffError {
    const why = this.describeExit();
    return new BpdiffError(
      'ADAPTER_FAILED',
      `${this.adapterName} closed the connection during ${step}${why ? ` (${why})` : ''}; run again with --sequential, or check that the adapter works on its own`,
      { cause: this.closeError ?? undefined },
    );
  }
}

/** The adapter's own words for a failed request, with `{variables}` of its error format filled in. */
export function describeErrorResponse(response: DebugProtocol.Response): string {
  const body = response.body as { error?: DebugProtocol.Message } | undefined;
  const error = body?.error;
  if (error?.format) {
    return error.format.replace(/\{(\w+)\}/g, (whole, name: string) => error.variables?.[name] ?? whole);
  }
  return response.message ?? 'no reason given';
}
