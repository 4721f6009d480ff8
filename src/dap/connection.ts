// DAP messages -> typed calls. Every request resolves to its response body or rejects with an error
// that names the adapter and the step; every wait has a timeout. Events are kept from the moment the
// connection opens, so a wait that starts after its event arrived still sees it, within bounds: a
// program may print without end, and a walk over 100,000 hits (or a locate over every line) gets a
// `stopped` and a `continued` at each, so only the newest `output` events are kept, and of every other
// kind the first and the newest EVENTS_KEPT_PER_KIND (listeners see all). Positions never change.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError } from '../errors.js';
import { DapTransport } from './transport.js';
import type { Readable, Writable } from 'node:stream';
import type { RequestCommand, RequestMap, ResponseBody } from './requests.js';

export type {
  RequestCommand,
  RequestMap,
  ResponseBody,
  StreamedStep,
  StreamedSteps,
  StreamStepsArguments,
} from './requests.js';

export interface WaitOptions {
  /** What bpdiff was doing, for the error: "launch", "waiting for the breakpoint"... */
  step: string;
  timeoutMs: number;
  /** What the user can try when this wait times out. */
  hint?: string;
}

/** The adapter closed its connection (it crashed, or was killed) while a request or a wait was pending. */
export class AdapterClosedError extends BpdiffError {
  constructor(
    message: string,
    /** What ended, said short: `dlv ended during 'stackTrace' (it exited with code 2; its last words: panic: ...)`. */
    readonly ended: string,
    cause?: Error,
  ) {
    super('ADAPTER_FAILED', message, { cause });
    this.name = 'AdapterClosedError';
  }
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

/** An event with its position among every event received (0 for the first): positions never shift. */
interface Numbered {
  index: number;
  event: DebugProtocol.Event;
}

/**
 * The newest `output` events kept for late waits (an exit status dlv prints, a condition error lldb
 * prints): at least this many events, or this many characters of output, whichever is less. An
 * adapter may send output in events of 64 KB (the Node adapter does), hence a limit in characters too.
 */
export const OUTPUT_KEPT = { events: 200, chars: 256 * 1024 };

/**
 * Of each other kind of event (`stopped`, `continued`, `thread`...), the first one and the newest this
 * many are kept: a wait looks at events since a recent position, or for the first of its kind
 * (`initialized`, `process`). The memory of a long walk was growing by ~1.5 MB/s.
 */
export const EVENTS_KEPT_PER_KIND = 100;

/** How long a closed connection waits for its adapter process's end before failing what waits on it. */
const CLOSE_EXPLAINED_MS = 500;

export class DapConnection {
  private readonly transport: DapTransport;
  private seq = 1;
  private readonly pending = new Map<number, Pending>();
  /** The events kept (see EVENTS_KEPT_PER_KIND), in order; `received` counts all, dropped ones included. */
  private retained: Numbered[] = [];
  private retainedOutputs = 0;
  private retainedOutputChars = 0;
  /** How many events of each kind but `output` are kept. */
  private readonly retainedByKind = new Map<string, number>();
  /** The position of the first event of each kind: always kept. */
  private readonly firstOfKind = new Map<string, number>();
  private received = 0;
  private readonly waiters = new Set<EventWaiter>();
  private readonly listeners = new Set<EventListener>();
  private readonly closeWaiters = new Set<(error: Error) => void>();
  private closeError: Error | null = null;
  /** The adapter process's end (set by its starter): a close waits for it a little, so that its error says why. */
  private processEnded: Promise<unknown> | null = null;
  /** Sees every message sent (`out`) and received (`in`), before it is acted on (BPDIFF_TRACE). */
  tap: ((direction: 'in' | 'out', message: DebugProtocol.ProtocolMessage) => void) | null = null;

  constructor(
    input: Readable,
    output: Writable,
    /** Names the adapter in every error ("debugpy", "lldb-dap-19"...). */
    readonly adapterName: string,
    /** Explains why the adapter went away (its exit status and last stderr lines), when known. */
    private readonly describeExit: () => string = () => '',
    /** The newest `output` events kept; the buffer is trimmed back to this when it holds twice as much. */
    private readonly outputKept: { events: number; chars: number } = OUTPUT_KEPT,
    /** The newest events kept of each other kind (with the first of it), trimmed back to this at twice as many. */
    private readonly perKindKept: number = EVENTS_KEPT_PER_KIND,
  ) {
    this.transport = new DapTransport(input, output, {
      onMessage: (message) => this.dispatch(message),
      onClose: (error) => this.handleClose(error),
    });
  }

  /** Number of events received so far: pass it as `since` to wait only for later events. */
  get eventCount(): number {
    return this.received;
  }

  /** Events held for late waits and listeners (for tests and diagnostics): bounded under an output flood. */
  get retainedEventCount(): number {
    return this.retained.length;
  }

  get closed(): boolean {
    return this.closeError !== null;
  }

  request<C extends RequestCommand>(
    command: C,
    args: RequestMap[C][0],
    options: WaitOptions,
  ): Promise<ResponseBody<C>> {
    if (this.closeError) return Promise.reject(this.closedError(options.step));
    const seq = this.seq++;
    const answer = new Promise<DebugProtocol.Response>((resolve, reject) => {
      this.pending.set(seq, { command, resolve, reject });
    });
    const message: DebugProtocol.Request = { seq, type: 'request', command, arguments: args };
    this.tap?.('out', message);
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
  waitForEvent(
    predicate: (event: DebugProtocol.Event) => boolean,
    options: WaitOptions & { since?: number },
  ): Promise<DebugProtocol.Event>;
  waitForEvent(
    predicate: (event: DebugProtocol.Event) => boolean,
    options: WaitOptions & { since?: number },
  ): Promise<DebugProtocol.Event> {
    for (const { event } of this.retainedSince(options.since ?? 0)) {
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

  /** Position of a received event that is still kept (-1 otherwise), so a later wait can start after it. */
  indexOfEvent(event: DebugProtocol.Event): number {
    // From the end: the event asked about is almost always one just received.
    for (let i = this.retained.length - 1; i >= 0; i--)
      if (this.retained[i]!.event === event) return this.retained[i]!.index;
    return -1;
  }

  /** The events received since position `index` that are still kept: all but the older `output` ones. */
  eventsSince(index: number): readonly DebugProtocol.Event[] {
    return this.retainedSince(index).map(({ event }) => event);
  }

  /**
   * Every event from now on, after the ones already received that are still kept (all but older
   * `output` events): register before the program runs to see all of its output.
   */
  onEvent(listener: EventListener): void {
    for (const { event } of this.retained) listener(event);
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
        const limit =
          options.timeoutMs >= 1000 ? `${Math.round(options.timeoutMs / 100) / 10} s` : `${options.timeoutMs} ms`;
        const hint = options.hint ? `; ${options.hint}` : '';
        reject(
          new BpdiffError(
            'ADAPTER_TIMEOUT',
            `${this.adapterName} did not answer during '${options.step}' within ${limit}${hint}`,
          ),
        );
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
    this.tap?.('in', message);
    if (message.type === 'response') {
      const response = message as DebugProtocol.Response;
      const pending = this.pending.get(response.request_seq);
      if (pending) {
        this.pending.delete(response.request_seq);
        pending.resolve(response);
      }
    } else if (message.type === 'event') {
      const event = message as DebugProtocol.Event;
      this.keep(event);
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

  private keep(event: DebugProtocol.Event): void {
    const index = this.received++;
    this.retained.push({ index, event });
    if (event.event !== 'output') {
      if (!this.firstOfKind.has(event.event)) this.firstOfKind.set(event.event, index);
      const count = (this.retainedByKind.get(event.event) ?? 0) + 1;
      this.retainedByKind.set(event.event, count);
      // Trimmed in one pass once a kind holds twice its share, so a long walk costs O(1) per event.
      if (count >= 2 * this.perKindKept + 1) this.trim();
      return;
    }
    this.retainedOutputs++;
    this.retainedOutputChars += outputLength(event);
    // Trimmed in one pass once twice the limit is held, so a flood costs O(1) per event.
    if (this.retainedOutputs >= 2 * this.outputKept.events || this.retainedOutputChars >= 2 * this.outputKept.chars)
      this.trim();
  }

  /** Back to the newest events of each kind (and the first of every kind but `output`), in one pass from the newest. */
  private trim(): void {
    let events = 0;
    let chars = 0;
    let full = false;
    const byKind = new Map<string, number>();
    const kept: Numbered[] = [];
    for (let i = this.retained.length - 1; i >= 0; i--) {
      const item = this.retained[i]!;
      const kind = item.event.event;
      if (kind === 'output') {
        const length = outputLength(item.event);
        // The newest one always stays, however long.
        full ||= events >= this.outputKept.events || (events > 0 && chars + length > this.outputKept.chars);
        if (full) continue;
        events++;
        chars += length;
      } else {
        const count = byKind.get(kind) ?? 0;
        if (count >= this.perKindKept && this.firstOfKind.get(kind) !== item.index) continue;
        byKind.set(kind, count + 1);
      }
      kept.push(item);
    }
    this.retained = kept.reverse();
    this.retainedOutputs = events;
    this.retainedOutputChars = chars;
    this.retainedByKind.clear();
    for (const [kind, count] of byKind) this.retainedByKind.set(kind, count);
  }

  /** Kept events at positions >= `index` (found by binary search: positions only grow). */
  private retainedSince(index: number): Numbered[] {
    let low = 0;
    let high = this.retained.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.retained[mid]!.index < index) low = mid + 1;
      else high = mid;
    }
    return this.retained.slice(low);
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
    this.tap?.('out', response);
    this.transport.send(response);
  }

  /**
   * The adapter process's end: when the connection closes, the requests and waits it fails are failed
   * once the process has ended and its last stderr is read (at most CLOSE_EXPLAINED_MS later), so that
   * their error gives its exit status and last words (the connection's close often comes first).
   */
  explainCloseBy(ended: Promise<unknown>): void {
    this.processEnded = ended;
  }

  private handleClose(error?: Error): void {
    if (this.closeError) return;
    this.closeError = error ?? new Error('connection closed');
    const fail = (): void => {
      for (const [, pending] of this.pending) pending.reject(this.closedError(`'${pending.command}'`));
      this.pending.clear();
      for (const waiter of this.closeWaiters) waiter(this.closeError!);
      this.closeWaiters.clear();
    };
    if (this.processEnded === null) return fail();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_EXPLAINED_MS);
    });
    void Promise.race([this.processEnded, late]).then(() => {
      clearTimeout(timer);
      fail();
    });
  }

  private closedError(step: string): BpdiffError {
    const why = this.describeExit();
    const when = `during ${step}${why ? ` (${why})` : ''}`;
    return new AdapterClosedError(
      `${this.adapterName} closed the connection ${when}; run again with --sequential, or check that the adapter works on its own`,
      `${this.adapterName} ended ${when}`,
      this.closeError ?? undefined,
    );
  }
}

function outputLength(event: DebugProtocol.Event): number {
  const output: unknown = (event as DebugProtocol.OutputEvent).body?.output;
  return typeof output === 'string' ? output.length : 0;
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
