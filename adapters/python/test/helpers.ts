// Drives bpdiff's own Python adapter (adapters/python) at the DAP level, as bpdiff will: the
// program is started with the adapter's folder first on PYTHONPATH and BPDIFF_DAP_FD=3, its fd 3 one
// end of a socket pair (Node's stdio 'pipe' at index 3), DAP on the other end. Every event is kept
// from the start; every wait is timed and says what it waited for; every program a test started is
// killed at the end (killAll) and tests can assert that none is left.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapTransport } from '../../../src/dap/transport.js';
import { isAlive } from '../../../src/process/process-tree.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const LIGHT = path.join(ROOT, 'adapters', 'python');
export const FIXTURES = path.join(ROOT, 'adapters', 'python', 'test', 'fixtures');

/**
 * The interpreters the adapter supports that this machine has: `python3` on PATH, and pyenv's, each by
 * version. Each is started as the file it is (sys.executable), not through a version manager's shim on
 * PATH, which bpdiff passes over too (interpreter.ts): pyenv's bash shim cost ~90 ms of CPU a start,
 * and these tests start hundreds of programs.
 */
export function pythons(): Array<{ name: string; executable: string }> {
  const found = new Map<string, string>();
  const candidates = [
    'python3',
    ...['3.8', '3.9', '3.10', '3.11', '3.12', '3.13'].flatMap((version) => pyenvVersions(version)),
  ];
  for (const candidate of candidates) {
    const facts = factsOf(candidate);
    if (facts && !found.has(facts.version) && Number(facts.version.split('.')[1]) >= 8)
      found.set(facts.version, facts.executable || candidate);
  }
  return [...found].map(([version, executable]) => ({ name: `Python ${version}`, executable }));
}

function pyenvVersions(prefix: string): string[] {
  const root = path.join(process.env.HOME ?? '/root', '.pyenv', 'versions');
  try {
    return fs
      .readdirSync(root)
      .filter((name) => name === prefix || name.startsWith(`${prefix}.`))
      .map((name) => path.join(root, name, 'bin', 'python'));
  } catch {
    return [];
  }
}

const facts = new Map<string, { version: string; executable: string } | null>();
function factsOf(executable: string): { version: string; executable: string } | null {
  if (!facts.has(executable)) {
    let found: { version: string; executable: string } | null = null;
    try {
      const [version, real] = execFileSync(
        executable,
        ['-c', 'import sys; print("%d.%d" % sys.version_info[:2]); print(sys.executable)'],
        { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] },
      )
        .trim()
        .split('\n');
      if (version) found = { version, executable: real ?? '' };
    } catch {
      found = null;
    }
    facts.set(executable, found);
  }
  return facts.get(executable)!;
}

const started = new Set<ChildProcess>();

export interface StartOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Read from the program's stdout and stderr (kept in `stdout` / `stderr`). */
  keepOutput?: boolean;
}

export class LightSession {
  readonly events: DebugProtocol.Event[] = [];
  stdout = '';
  stderr = '';
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The program's end with all of its stdout and stderr read ('close': its pipes closed too; `exit` may come before the last of them). */
  outputRead: Promise<void>;
  private readonly transport: DapTransport;
  private seq = 1;
  private readonly pending = new Map<number, (response: DebugProtocol.Response) => void>();
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(readonly child: ChildProcess) {
    const socket = child.stdio[3] as Socket;
    socket.on('error', () => undefined);
    this.transport = new DapTransport(socket, socket, {
      onMessage: (message) => this.receive(message),
      onClose: () => {
        this.closed = true;
        for (const resolve of this.pending.values())
          resolve({
            seq: 0,
            type: 'response',
            request_seq: 0,
            command: '',
            success: false,
            message: 'connection closed',
          });
        this.pending.clear();
        this.wake();
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.outputRead = new Promise((resolve) => child.once('close', () => resolve()));
  }

  static start(python: string, args: string[], options: StartOptions = {}): LightSession {
    const env: Record<string, string | undefined> = { ...process.env, ...options.env };
    env.PYTHONPATH = [LIGHT, ...(env.PYTHONPATH ? [env.PYTHONPATH] : [])].join(path.delimiter);
    env.BPDIFF_DAP_FD = '3';
    const child = spawn(python, args, {
      cwd: options.cwd ?? FIXTURES,
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    started.add(child);
    child.once('exit', () => started.delete(child));
    return new LightSession(child);
  }

  private receive(message: DebugProtocol.ProtocolMessage): void {
    if (message.type === 'response') {
      const response = message as DebugProtocol.Response;
      const resolve = this.pending.get(response.request_seq);
      this.pending.delete(response.request_seq);
      resolve?.(response);
    } else if (message.type === 'event') {
      this.events.push(message as DebugProtocol.Event);
      this.wake();
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Sends a request; resolves to its response (success or not) within `timeoutMs`. */
  request<R extends DebugProtocol.Response = DebugProtocol.Response>(
    command: string,
    args: unknown = {},
    timeoutMs = 20_000,
  ): Promise<R> {
    const seq = this.seq++;
    return new Promise<R>((resolve, reject) => {
      if (this.closed) return reject(new Error(`'${command}': the connection to the light adapter is closed`));
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(
          new Error(
            `no answer to '${command}' within ${timeoutMs} ms; events so far: ${this.events.map((event) => event.event).join(', ')}; stderr: ${this.stderr}`,
          ),
        );
      }, timeoutMs);
      this.pending.set(seq, (response) => {
        clearTimeout(timer);
        resolve(response as R);
      });
      this.transport.send({ seq, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  }

  /** The body of a request that must succeed. */
  async ok<B = unknown>(command: string, args: unknown = {}, timeoutMs = 20_000): Promise<B> {
    const response = await this.request(command, args, timeoutMs);
    if (!response.success) throw new Error(`'${command}' failed: ${response.message}`);
    return response.body as B;
  }

  /** The first event from index `since` on matching `match`, waiting up to `timeoutMs`. */
  async waitFor<E extends DebugProtocol.Event>(
    match: (event: DebugProtocol.Event) => boolean,
    since = 0,
    timeoutMs = 20_000,
  ): Promise<E> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(since).find(match);
      if (found) return found as E;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed)
        throw new Error(
          `no matching event within ${timeoutMs} ms (events: ${this.events.map((event) => event.event).join(', ')}); stderr: ${this.stderr}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next stop (or null once the program ended) after event index `since`. */
  async nextStop(since: number, timeoutMs = 30_000): Promise<DebugProtocol.StoppedEvent | null> {
    const event = await this.waitFor(
      (candidate) => candidate.event === 'stopped' || candidate.event === 'terminated',
      since,
      timeoutMs,
    );
    return event.event === 'stopped' ? (event as DebugProtocol.StoppedEvent) : null;
  }

  /** initialize, attach, breakpoints, exception filters, configurationDone: the order bpdiff uses. */
  async configure(
    breakpoints: Record<string, Array<number | DebugProtocol.SourceBreakpoint>>,
    options: { filters?: string[]; attach?: Record<string, unknown> } = {},
  ): Promise<DebugProtocol.Breakpoint[][]> {
    await this.ok('initialize', {
      adapterID: 'python',
      linesStartAt1: true,
      columnsStartAt1: true,
      pathFormat: 'path',
    });
    const attached = this.request('attach', { valueTimeout: 2, maxChildren: 100, ...options.attach });
    await this.waitFor((event) => event.event === 'initialized');
    if (!(await attached).success) throw new Error('attach failed');
    const set: DebugProtocol.Breakpoint[][] = [];
    for (const [file, lines] of Object.entries(breakpoints)) {
      const body = await this.ok<DebugProtocol.SetBreakpointsResponse['body']>('setBreakpoints', {
        source: { path: file },
        breakpoints: lines.map((line) => (typeof line === 'number' ? { line } : line)),
      });
      set.push(body.breakpoints);
    }
    await this.ok('setExceptionBreakpoints', { filters: options.filters ?? ['uncaught'] });
    return set;
  }

  /** configurationDone, then the first stop (null when the program ended without one). */
  async run(timeoutMs = 30_000): Promise<DebugProtocol.StoppedEvent | null> {
    const since = this.events.length;
    await this.ok('configurationDone');
    return this.nextStop(since, timeoutMs);
  }

  /** Resumes with `command` (continue, next, stepIn, stepOut), then the next stop or null. */
  async resume(command: string, threadId: number): Promise<DebugProtocol.StoppedEvent | null> {
    const since = this.events.length;
    await this.ok(command, { threadId });
    return this.nextStop(since);
  }

  async frames(threadId: number): Promise<DebugProtocol.StackFrame[]> {
    return (
      await this.ok<DebugProtocol.StackTraceResponse['body']>('stackTrace', { threadId, startFrame: 0, levels: 50 })
    ).stackFrames;
  }

  /** The stack's depth as stackTrace counts it (its totalFrames), asked with one frame. */
  async totalFrames(threadId: number): Promise<number> {
    return (
      (await this.ok<DebugProtocol.StackTraceResponse['body']>('stackTrace', { threadId, startFrame: 0, levels: 1 }))
        .totalFrames ?? 0
    );
  }

  async variables(variablesReference: number, extra: Record<string, unknown> = {}): Promise<DebugProtocol.Variable[]> {
    return (await this.ok<DebugProtocol.VariablesResponse['body']>('variables', { variablesReference, ...extra }))
      .variables;
  }

  /** name -> value text of the top frame's Locals. */
  async locals(threadId: number, scope = 'Locals'): Promise<Record<string, string>> {
    const [top] = await this.frames(threadId);
    const scopes = (await this.ok<DebugProtocol.ScopesResponse['body']>('scopes', { frameId: top!.id })).scopes;
    const chosen = scopes.find((candidate) => candidate.name === scope)!;
    return Object.fromEntries(
      (await this.variables(chosen.variablesReference)).map((variable) => [variable.name, variable.value]),
    );
  }

  async evaluate(expression: string, threadId: number): Promise<DebugProtocol.EvaluateResponse> {
    const [top] = await this.frames(threadId);
    return this.request<DebugProtocol.EvaluateResponse>('evaluate', { expression, frameId: top!.id, context: 'watch' });
  }

  /** Ends the session as bpdiff does (disconnect, terminateDebuggee) and waits for the program's end. */
  async end(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.closed && this.child.exitCode === null && this.child.signalCode === null) {
      await this.request('disconnect', { terminateDebuggee: true }, 5000).catch(() => undefined);
    }
    return withTimeout(this.exit, 10_000, `the program (pid ${this.child.pid}) did not end after disconnect`);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Kills every program a test started that is still running 3 s after the test (one ending on its own
 * gets that long); returns the pids that had to be killed.
 */
export async function killAll(): Promise<number[]> {
  const alive: number[] = [];
  const deadline = Date.now() + 3000;
  while (started.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const child of started) {
    if (child.pid !== undefined && isAlive(child.pid)) {
      alive.push(child.pid);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  started.clear();
  return alive;
}
