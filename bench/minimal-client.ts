// The yardstick for the capture benchmarks: one capture by the smallest client that does the same
// work (initialize, launch, breakpoint, stop, stack, scopes, variables to the same depth, kill), with
// none of bpdiff's machinery (adapter selection, hooks, normalisation, report).
import { spawn } from 'node:child_process';
import net from 'node:net';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapConnection } from '../src/dap/connection.js';
import { killTree } from '../src/process/process-tree.js';
import { median } from './lib.js';

export { median };

export interface MinimalCaptureInput {
  executable: string;
  args: string[];
  env?: Record<string, string>;
  cwd: string;
  /** `stdio`, or the loopback port the adapter listens on (already in `args`). */
  port?: number;
  launch: Record<string, unknown>;
  breakpoint: { path: string; line: number };
  depth: number;
  /** Also time this many `threads` requests while stopped (per-request latency). */
  latencyProbes?: number;
}

export interface MinimalCaptureResult {
  ms: number;
  /** When the adapter was spawned, in ms since this process started (performance.now()). */
  spawnedAt: number;
  variables: number;
  /** Median round trip of a request while stopped, when asked for. */
  requestMs: number | null;
}

const WAIT = { step: 'bench', timeoutMs: 60_000 };

/** The adapter started in a process group of its own, and its DAP connection: its stdio, or `port`'s socket. */
export function startAdapter(
  executable: string,
  args: readonly string[],
  port: number | undefined,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): { pid: number; connection: () => Promise<DapConnection> } {
  const child = spawn(executable, args, { ...options, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.resume();
  const connection = async (): Promise<DapConnection> => {
    if (port === undefined) return new DapConnection(child.stdout, child.stdin, 'bench');
    child.stdout.resume();
    const socket = await connect(port);
    return new DapConnection(socket, socket, 'bench');
  };
  return { pid: child.pid!, connection };
}

export async function minimalCapture(input: MinimalCaptureInput): Promise<MinimalCaptureResult> {
  const t0 = performance.now();
  const { pid, connection: open } = startAdapter(input.executable, input.args, input.port, {
    cwd: input.cwd,
    env: { ...process.env, ...input.env },
  });
  try {
    const connection = await open();
    await connection.request(
      'initialize',
      {
        adapterID: 'bench',
        linesStartAt1: true,
        columnsStartAt1: true,
        pathFormat: 'path',
        supportsVariableType: true,
      },
      WAIT,
    );
    const launched = connection.request('launch', input.launch as DebugProtocol.LaunchRequestArguments, WAIT);
    await connection.waitForEvent((event) => event.event === 'initialized', WAIT);
    await connection.request(
      'setBreakpoints',
      { source: { path: input.breakpoint.path }, breakpoints: [{ line: input.breakpoint.line }] },
      WAIT,
    );
    await connection.request('setExceptionBreakpoints', { filters: [] }, WAIT);
    const since = connection.eventCount;
    await connection.request('configurationDone', {}, WAIT);
    await launched;
    const stopped = (await connection.waitForEvent((event) => event.event === 'stopped', {
      ...WAIT,
      since,
    })) as DebugProtocol.StoppedEvent;
    const threadId = stopped.body.threadId ?? 1;
    const frames = await connection.request('stackTrace', { threadId, startFrame: 0, levels: 5 }, WAIT);
    const frameId = frames!.stackFrames[0]!.id;
    const scopes = (await connection.request('scopes', { frameId }, WAIT))!.scopes.filter(
      (scope) => !scope.expensive && !/global|register/i.test(scope.name),
    );
    let count = 0;
    let level = scopes.map((scope) => ({ ref: scope.variablesReference, depth: -1 }));
    while (level.length > 0) {
      const answers = await Promise.all(
        level.map((node) => connection.request('variables', { variablesReference: node.ref }, WAIT)),
      );
      const next: Array<{ ref: number; depth: number }> = [];
      answers.forEach((answer, index) => {
        for (const variable of answer?.variables ?? []) {
          count++;
          if (variable.variablesReference > 0 && level[index]!.depth + 1 < input.depth)
            next.push({ ref: variable.variablesReference, depth: level[index]!.depth + 1 });
        }
      });
      level = next;
    }
    const ms = performance.now() - t0;
    let requestMs: number | null = null;
    if (input.latencyProbes) {
      const times: number[] = [];
      for (let i = 0; i < input.latencyProbes; i++) {
        const start = performance.now();
        await connection.request('threads', undefined, WAIT);
        times.push(performance.now() - start);
      }
      requestMs = median(times);
    }
    return { ms, spawnedAt: t0, variables: count, requestMs };
  } finally {
    killTree([pid], [pid]);
  }
}

export function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const attempt = (left: number): void => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve(socket));
      socket.once('error', (error) => (left > 0 ? setTimeout(() => attempt(left - 1), 50) : reject(error)));
    };
    attempt(100);
  });
}
