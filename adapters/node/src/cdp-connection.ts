// One WebSocket connection to one Node process's inspector: typed commands that resolve to their
// result, typed events, and a close that fails every command still in flight.
import type * as net from 'node:net';
import WebSocket from 'ws';
import type { CdpEventName, CdpEvents, CdpMethod, CdpParams, CdpResult } from './cdp-types.js';

export class CdpError extends Error {
  constructor(
    readonly method: string,
    message: string,
    readonly code?: number,
  ) {
    super(`${method}: ${message}`);
    this.name = 'CdpError';
  }
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

type Listener<E extends CdpEventName> = (params: CdpEvents[E]) => void;

const COMMAND_TIMEOUT_MS = 15_000;
// A command that does nothing, sent only to carry a TCP acknowledgement (see acknowledge()).
const ACK_METHOD = 'Runtime.getIsolateId';
const MAX_IDLE_ACKS = 16;
// While the program runs and only the no-ops' own answers arrive, each is answered after a twentieth
// of the time the program has run (at least 1 ms); once that would be the kernel's own delayed ACK,
// 40 ms (after 0.8 s), no more.
const RUNNING_ACK_SPACING = 0.05;
const DELAYED_ACK_MS = 40;
// Commands after which the program runs until the next Debugger.paused.
const RUN_METHODS: ReadonlySet<string> = new Set([
  'Debugger.resume',
  'Debugger.stepOver',
  'Debugger.stepInto',
  'Debugger.stepOut',
]);

export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Array<(params: unknown) => void>>();
  private readonly closeListeners: Array<() => void> = [];
  private readonly ackIds = new Set<number>();
  private idleAcks = 0;
  /** When the last command went out or the last message other than a no-op's answer came in. */
  private idleSince = 0;
  private ackScheduled = false;
  /** Between a Debugger.resume (or step) and the next Debugger.paused. */
  private running = false;
  private closed = false;
  /** Messages written so far (commands and no-ops): a no-op is left out when a command went after what it answers. */
  private written = 0;
  /** The socket under the WebSocket, held corked until the end of the tick (see write()). */
  private corked: net.Socket | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.onMessage(data.toString()));
    socket.on('close', () => this.handleClose());
    socket.on('error', () => this.handleClose());
  }

  /** Connects to `ws://host:port/uuid`; rejects if the process went away first. */
  static connect(url: string, timeoutMs = 5_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`timed out connecting to ${url}`));
      }, timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(new CdpConnection(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send<M extends CdpMethod>(method: M, params: CdpParams<M>, timeoutMs = COMMAND_TIMEOUT_MS): Promise<CdpResult<M>> {
    if (this.closed) return Promise.reject(new CdpError(method, 'the inspector connection is closed'));
    const id = this.nextId++;
    this.idleAcks = 0;
    this.idleSince = performance.now();
    if (RUN_METHODS.has(method)) this.running = true;
    return new Promise<CdpResult<M>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CdpError(method, `no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject, timer });
      this.write(JSON.stringify({ id, method, params }), (error) => {
        if (error) this.failPending(id, new CdpError(method, error.message));
      });
    });
  }

  /**
   * Messages written in one tick (a step and the release of its pause's objects, the reads of a stop's
   * scopes, a no-op and a command) leave in one write: each write to a loopback socket costs a system
   * call that delivers the segment and wakes the debuggee, the largest part of the adapter's time per
   * step. The WebSocket library writes each frame on its own, so its socket is corked until the tick ends.
   */
  private write(text: string, done: (error?: Error) => void): void {
    this.written++;
    const raw = (this.socket as unknown as { _socket?: net.Socket })._socket;
    if (raw && this.corked === null && typeof raw.cork === 'function') {
      raw.cork();
      this.corked = raw;
      process.nextTick(() => {
        this.corked = null;
        raw.uncork();
      });
    }
    this.socket.send(text, done);
  }

  on<E extends CdpEventName>(event: E, listener: Listener<E>): void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as (params: unknown) => void);
    this.listeners.set(event, list);
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [id, pending] of this.pending)
      this.failPending(id, new CdpError(pending.method, 'the inspector connection closed'));
    for (const close of this.closeListeners.splice(0)) close();
  }

  close(): void {
    if (this.closed) return;
    this.socket.close();
    // Mark closed at once: the process may be gone, and nobody should wait for the handshake.
    this.handleClose();
  }

  /** Drops the TCP connection without the closing handshake (used when the process was killed). */
  terminate(): void {
    this.socket.terminate();
    this.handleClose();
  }

  private failPending(id: number, error: Error): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  /**
   * Node's inspector writes without TCP_NODELAY. When it has two messages to send in a row (an
   * evaluation's scriptParsed, then its result), the second waits until our delayed ACK of the first:
   * 40 ms. Sending anything carries that ACK at once. So while a command is outstanding, or the
   * program runs after a resume or step (Debugger.resumed, then Debugger.paused at the next hit, are
   * still to come), whatever arrives is answered (once per I/O turn) by a no-op command, a no-op's
   * own answer too: it may be the message just before Debugger.resumed (a no-op read in the pause's
   * message loop) or Debugger.paused (one read while the program runs), and no no-op sent before it
   * arrived acknowledges it (nor does one still on its way: the inspector may answer that one only at
   * the next pause). Left unanswered, it held the next message back 40 ms: a walk's stops got later
   * and later as the adapter got quicker and more no-ops landed there, and a program taking a few ms
   * between hits stopped 40 ms late at each. No-ops' answers in a row back off; while the program
   * runs, in step with the time it has run (a stop then comes at most a twentieth late), up to where
   * the kernel acknowledges as soon: then they stop, so a long run is left alone.
   */
  private acknowledge(wasAck: boolean): void {
    if (this.closed || (this.pending.size === 0 && !this.running) || this.ackScheduled) return;
    const now = performance.now();
    if (wasAck) this.idleAcks++;
    else {
      this.idleAcks = 0;
      this.idleSince = now;
    }
    const runningOnly = this.pending.size === 0;
    const runningGap = Math.max(1, Math.round((now - this.idleSince) * RUNNING_ACK_SPACING));
    if (wasAck && runningOnly && runningGap >= DELAYED_ACK_MS) return;
    this.ackScheduled = true;
    const written = this.written;
    const send = (): void => {
      this.ackScheduled = false;
      if (this.closed || (this.pending.size === 0 && !this.running)) return;
      // A command written since (the reads of a stop, answering its Debugger.paused) carried the ACK.
      if (this.written !== written) return;
      const id = this.nextId++;
      this.ackIds.add(id);
      this.write(JSON.stringify({ id, method: ACK_METHOD, params: {} }), () => undefined);
    };
    if (this.idleAcks <= MAX_IDLE_ACKS) setImmediate(send);
    else setTimeout(send, runningOnly ? runningGap : Math.min(20, 2 ** (this.idleAcks - MAX_IDLE_ACKS))).unref();
  }

  private onMessage(text: string): void {
    let message: {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { code?: number; message?: string };
    };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id === 'number' && this.ackIds.delete(message.id)) {
      this.acknowledge(true);
      return;
    }
    try {
      this.dispatch(message);
    } finally {
      this.acknowledge(false);
    }
  }

  private dispatch(message: {
    id?: number;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { code?: number; message?: string };
  }): void {
    if (typeof message.id === 'number') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error)
        pending.reject(new CdpError(pending.method, message.error.message ?? 'unknown error', message.error.code));
      else pending.resolve(message.result ?? {});
      return;
    }
    if (typeof message.method === 'string') {
      if (message.method === 'Debugger.paused') this.running = false;
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params ?? {});
    }
  }
}
