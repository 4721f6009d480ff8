// The adapter as a library: a DAP session over any pair of streams, for a client that runs the adapter
// inside its own process (bpdiff: adapter.json's `in_process`), or for main.ts, which gives it its
// stdio. Each call is a session of its own; several may run in one process at once.
import type { Readable, Writable } from 'node:stream';
import { logger, Logger } from '@vscode/debugadapter';
import { NodeDebugSession } from './node-debug-session.js';
import type { AdapterEnvironment } from './runtime-types.js';

export interface DapSessionOptions extends AdapterEnvironment {
  /**
   * The session owns the process (main.ts): it exits after `disconnect`, as a DAP adapter over stdio
   * does. Otherwise the session ends, and the process lives on.
   */
  ownsProcess?: boolean;
  /** Every message in and out, to this file (BPDIFF_NODE_ADAPTER_LOG). */
  logFile?: string;
}

export interface DapSessionHandle {
  /** Ends the session now: its programs are killed and its connections closed. Synchronous. */
  dispose(): void;
}

export function startDapSession(input: Readable, output: Writable, options: DapSessionOptions): DapSessionHandle {
  const session = new NodeDebugSession({ env: options.env, cwd: options.cwd });
  // In server mode, @vscode/debugadapter never calls process.exit (on disconnect, or when the input
  // closes): the client's process is not the session's to end.
  session.setRunAsServer(!options.ownsProcess);
  session.start(input, output);
  // After start (which makes the logger): nothing below Stop is logged, and in server mode the logger
  // would write to the console, which is the client's stdout.
  logger.setup(Logger.LogLevel.Stop, options.logFile ?? false);
  return { dispose: () => session.disposeNow() };
}
