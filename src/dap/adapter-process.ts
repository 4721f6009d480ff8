// Starting a debug adapter in a session of its own and connecting to it over stdio or loopback TCP, or
// running a JavaScript adapter inside bpdiff's own process (`in_process`).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { PassThrough, type Duplex, type Readable, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { BpdiffError } from '../errors.js';
import { DapConnection } from './connection.js';
import { describeEnd, OutputTail } from './output-tail.js';
import { markerEnv, type RunMarker } from '../process/process-tree.js';
import { reapIfKilled } from '../process/reaper.js';
import { setNiceness } from '../process/niceness.js';
import { importAtRunTime } from '../run-time-import.js';

export interface AdapterStart {
  name: string;
  executable: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  transport: 'stdio' | 'server';
  /** For a server adapter that prints its port: group 1 is the port. */
  portPattern?: string;
  timeoutMs: number;
  /** Called with each process bpdiff must kill at the end (the adapter itself, at once). */
  track: (pid: number) => void;
  signal: AbortSignal;
  /**
   * The run's marker (trackTree's `marker`), put in the adapter's environment: the debuggees of every
   * built-in adapter inherit it, so that killRun finds a daemon that left the run's sessions.
   */
  marker?: RunMarker;
  /** The definition's `in_process` module: the adapter runs in this process, nothing is spawned. */
  inProcess?: string;
  /** The niceness the adapter runs at (and all it starts: process/niceness.ts); absent: bpdiff's own. */
  niceness?: number;
}

export interface RunningAdapter {
  connection: DapConnection;
  /** The adapter's process; null for an adapter run in bpdiff's own process. */
  process: ChildProcess | null;
  pid: number | null;
  /** The adapter's own stdout/stderr (for a server adapter, where dlv puts the debuggee's output). */
  stdout: OutputTail;
  stderr: OutputTail;
  /**
   * The adapter process's end, once its output is read (it never resolves for an in-process adapter):
   * for an adapter that is the program (rdbg), the program's end.
   */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Ends an in-process adapter's session (its programs are killed, its connections closed). An adapter
   * process is killed with the run's process tree instead (killRun); for it this does nothing.
   */
  close(): void;
}

/** What an `in_process` module exports (adapters/node/src/in-process.ts is one). */
export interface InProcessAdapterModule {
  startDapSession(
    input: Readable,
    output: Writable,
    options: { env: Readonly<Record<string, string | undefined>>; cwd: string },
  ): { dispose(): void };
}

/** How long an adapter's output may trail its exit (a child it left running may hold its pipes open). */
const OUTPUT_DRAIN_MS = 300;

export async function startAdapter(start: AdapterStart): Promise<RunningAdapter> {
  if (start.inProcess) return startInProcess(start, start.inProcess);
  // A port bpdiff picks: for a server adapter that does not say its own, and for any adapter whose
  // arguments ask for one (Perl::LanguageServer's debuggee connects back to it).
  const wantsPort =
    (start.transport === 'server' && !start.portPattern) || start.args.some((arg) => arg.includes('${port}'));
  const port = wantsPort ? await freeLoopbackPort() : null;
  const args = start.args.map((arg) => (port === null ? arg : arg.replaceAll('${port}', String(port))));
  const child = spawn(start.executable, args, {
    cwd: start.cwd,
    env: { ...process.env, ...start.env, ...markerEnv(start.marker) },
    // A session of its own: the adapter and what it starts can be found and killed as one tree.
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const spawned = await new Promise<number>((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid!));
    child.once('error', (error) =>
      reject(
        new BpdiffError(
          'ADAPTER_MISSING',
          `cannot start ${start.name} (${start.executable}): ${error.message} — check that it is installed`,
          { cause: error },
        ),
      ),
    );
  });
  start.track(spawned);
  if (start.niceness !== undefined) setNiceness(spawned, start.niceness);
  const stdout = new OutputTail();
  const stderr = new OutputTail();
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  let end: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      end = { code, signal };
      // Its output (a program's last lines, when the adapter is the program) may trail its exit a little.
      const timer = setTimeout(() => resolve({ code, signal }), OUTPUT_DRAIN_MS);
      child.once('close', () => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
  });
  const describeExit = (): string => describeEnd(end, stderr);

  const close = (): void => undefined;
  if (start.transport === 'stdio') {
    const connection = new DapConnection(child.stdout!, child.stdin!, start.name, describeExit);
    connection.explainCloseBy(ended);
    return { connection, process: child, pid: spawned, stdout, stderr, ended, close };
  }

  // Server: find the port (given, or printed by the adapter), then connect; the adapter's stdout
  // then carries the debuggee's output.
  const portFound = port ?? (await waitForPort(child, new RegExp(start.portPattern!), start, describeExit));
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk.toString('utf8')));
  const socket = await connectWithRetry(portFound, start, describeExit, child);
  const connection = new DapConnection(socket, socket, start.name, describeExit);
  connection.explainCloseBy(ended);
  return { connection, process: child, pid: spawned, stdout, stderr, ended, close };
}

/**
 * An adapter that lives in its program (transport `debuggee-fd`): DAP on bpdiff's end of the socket
 * the program got as its DEBUGGEE_DAP_FD. The program is the run's to start and kill (its pid is
 * tracked as a session of its own); closing the socket tells the adapter the client is gone.
 */
export function programAdapter(
  name: string,
  socket: Duplex,
  pid: number | null,
  describeExit: () => string,
): RunningAdapter {
  socket.on('error', () => undefined); // a program that died: the connection reports it
  const connection = new DapConnection(socket, socket, name, describeExit);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    socket.once('close', () => resolve({ code: null, signal: null })),
  );
  return {
    connection,
    process: null,
    pid,
    stdout: new OutputTail(),
    stderr: new OutputTail(),
    ended,
    close: () => socket.destroy(),
  };
}

/**
 * A JavaScript adapter in this process: DAP over a pair of in-memory streams, with the environment an
 * adapter process would have had (the run's marker included, so its debuggees carry it). Its debuggees
 * are found as any adapter's are, through `process` events and the marker; close() ends the session.
 */
async function startInProcess(start: AdapterStart, file: string): Promise<RunningAdapter> {
  let module: Partial<InProcessAdapterModule>;
  try {
    module = await importAtRunTime<Partial<InProcessAdapterModule>>(pathToFileURL(file).href);
  } catch (error) {
    throw new BpdiffError(
      'ADAPTER_MISSING',
      `cannot load ${start.name} from ${file}: ${(error as Error).message.split('\n')[0]} — build bpdiff (npm run build), or give the adapter's executable with --adapter-path`,
      { cause: error },
    );
  }
  if (typeof module.startDapSession !== 'function') {
    throw new BpdiffError(
      'ADAPTER_CONFIG',
      `${file} (the in_process module of ${start.name}) exports no startDapSession function — check the definition's adapter.in_process`,
    );
  }
  // Its debuggees outlive a killed bpdiff unless someone outside bpdiff kills them.
  if (start.marker) reapIfKilled(start.marker);
  const toAdapter = new PassThrough();
  const fromAdapter = new PassThrough();
  let endedBy = '';
  const session = module.startDapSession(toAdapter, fromAdapter, {
    env: { ...process.env, ...start.env, ...markerEnv(start.marker) },
    cwd: start.cwd,
  });
  const connection = new DapConnection(
    fromAdapter,
    toAdapter,
    start.name,
    () => endedBy || 'its in-process session ended',
  );
  const close = (): void => {
    if (endedBy) return;
    endedBy = 'bpdiff ended its in-process session';
    session.dispose();
    toAdapter.end();
    fromAdapter.end();
  };
  return {
    connection,
    process: null,
    pid: null,
    stdout: new OutputTail(),
    stderr: new OutputTail(),
    ended: new Promise(() => undefined),
    close,
  };
}

function waitForPort(
  child: ChildProcess,
  pattern: RegExp,
  start: AdapterStart,
  describeExit: () => string,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      // The port line is short: keep only the end of what came before it (a chatty adapter).
      seen = seen.slice(-4096) + chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) {
        finish();
        resolve(Number(match[1]));
      }
    };
    const timer = setTimeout(() => {
      finish();
      reject(
        new BpdiffError(
          'ADAPTER_TIMEOUT',
          `${start.name} did not say which port it listens on within ${start.timeoutMs / 1000} s (expected output matching ${pattern.source}) — check that '${start.executable}' runs on its own`,
        ),
      );
    }, start.timeoutMs);
    const onExit = (): void => {
      finish();
      reject(
        new BpdiffError(
          'ADAPTER_FAILED',
          `${start.name} exited before it listened for a connection (${describeExit()}) — run '${start.executable}' by hand to see why`,
        ),
      );
    };
    const finish = (): void => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
  });
}

async function connectWithRetry(
  port: number,
  start: AdapterStart,
  describeExit: () => string,
  child: ChildProcess,
): Promise<net.Socket> {
  const deadline = Date.now() + start.timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new BpdiffError('ADAPTER_FAILED', `${start.name} exited before bpdiff could connect (${describeExit()})`);
    }
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect({ host: '127.0.0.1', port });
        socket.once('connect', () => {
          socket.setNoDelay(true);
          resolve(socket);
        });
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() > deadline) {
        throw new BpdiffError(
          'ADAPTER_TIMEOUT',
          `cannot connect to ${start.name} on 127.0.0.1:${port} within ${start.timeoutMs / 1000} s — check that nothing else uses the port`,
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * The last ports this process handed out, oldest first: the kernel may give a port just closed
 * again. Only the recent ones: a long-lived process (the MCP server, the library) would otherwise
 * run out of ports to give.
 */
const handedOut = new Set<number>();
const REMEMBERED_PORTS = 256;

/**
 * A loopback port free right now (the kernel's choice), none of the last ones this process handed
 * out, for a server adapter given `${port}`: each run asks for its own. Another process may still
 * take it before the adapter binds it, which is why the built-in adapters pick their own ports and
 * say them (dlv's port_pattern, debugpy's event: DebuggeeCommand.listening).
 */
export async function freeLoopbackPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        server.close(() => resolve(port));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      if (handedOut.size > REMEMBERED_PORTS) handedOut.delete(handedOut.values().next().value!);
      return port;
    }
  }
}
