// Ctrl-C, SIGTERM and SIGHUP (the terminal closed) while runs are live, for the CLI's commands and the
// MCP server: abort the library's call, wait for it to kill everything and remove its temp folders,
// then exit 130 / 143 / 129. A second signal means the user will not wait for the clean-up.
import { messages } from '../messages.js';
import type { IoDeps, Io } from './io.js';

type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export type Guarded<T> = { kind: 'done'; value: T } | { kind: 'interrupted'; exitCode: number };

/** `work` with the stop signals turned into an abort; its error is thrown unless a signal came first. */
export async function withStopSignals<T>(
  io: Io,
  deps: IoDeps,
  work: (signal: AbortSignal) => Promise<T>,
  stopped?: string,
): Promise<Guarded<T>> {
  const signals = deps.signals ?? process;
  const forceExit = deps.forceExit ?? ((code: number) => process.exit(code));
  const controller = new AbortController();
  let interruptedBy: StopSignal | null = null;
  const onSignal = (signal: StopSignal) => () => {
    if (interruptedBy !== null) forceExit(SIGNAL_EXIT[signal]);
    interruptedBy = signal;
    controller.abort();
  };
  const handlers = (Object.keys(SIGNAL_EXIT) as StopSignal[]).map((signal) => [signal, onSignal(signal)] as const);
  for (const [signal, handler] of handlers) signals.on(signal, handler);
  let result: { ok: true; value: T } | { ok: false; error: unknown };
  try {
    result = { ok: true, value: await work(controller.signal) };
  } catch (error) {
    result = { ok: false, error };
  } finally {
    for (const [signal, handler] of handlers) signals.off(signal, handler);
  }
  if (interruptedBy !== null) {
    io.stderr(`bpdiff: ${messages.interrupted(interruptedBy, stopped)}\n`);
    return { kind: 'interrupted', exitCode: SIGNAL_EXIT[interruptedBy] };
  }
  if (!result.ok) throw result.error;
  return { kind: 'done', value: result.value };
}
