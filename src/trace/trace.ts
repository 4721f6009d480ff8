// BPDIFF_TRACE=FILE (or BPDIFF_TRACE=1: on stderr): where the time of an invocation goes, as JSON lines. Each line has `t`, the
// milliseconds since the process started (performance.now()), and either a `phase` of a run (args
// parsed, adapter chosen, hooks loaded, a probe, launch prepared, adapter spawn, initialize, launch,
// first stop, frame read, done) or a DAP `message` of a run (direction, command or event, seq).
// A message's body is written only when it is small and cannot hold a value of the program (never
// variables, evaluate, launch arguments, output), and every line passes through the invocation's
// redactor's `scrub` when one is set. Lines are written synchronously, so a stuck run's trace is
// complete up to the moment it got stuck. Off (every call a no-op) unless started.
import fs from 'node:fs';
import { BpdiffError } from '../errors.js';

/** A body longer than this (as JSON) is left out of the trace. */
export const MAX_TRACED_BODY = 400;

/** Messages whose bodies may hold the program's values, environment or output: never traced. */
const NO_BODY = new Set([
  'variables',
  'evaluate',
  'setVariable',
  'setExpression',
  'launch',
  'attach',
  'exceptionInfo',
  'output',
  'runInTerminal',
  'stackTrace',
  'scopes',
  'completions',
  'readMemory',
  'source',
]);

interface TraceWriter {
  /** Appends one line (its `t` is added). */
  write(record: Record<string, unknown>): void;
  close(): void;
}

/** A DAP message as the connection sees it (the fields the trace reads). */
export interface TracedMessage {
  seq?: number;
  type?: string;
  command?: string;
  event?: string;
  request_seq?: number;
  success?: boolean;
  arguments?: unknown;
  body?: unknown;
}

let writer: TraceWriter | null = null;
let scrub: ((text: string) => string) | null = null;

/** What BPDIFF_TRACE asks for: nothing (unset, empty or 0), stderr (1), or a file. */
export function traceTarget(value: string | undefined): 'stderr' | { file: string } | null {
  if (!value || value === '0') return null;
  return value === '1' ? 'stderr' : { file: value };
}

/** Starts tracing to stderr, or to a file (truncated); a file that cannot be opened throws. */
export function startTrace(target: 'stderr' | { file: string }): void {
  stopTrace();
  let fd = 2;
  if (target !== 'stderr') {
    try {
      fd = fs.openSync(target.file, 'w');
    } catch (error) {
      throw new BpdiffError(
        'BAD_OPTION',
        `BPDIFF_TRACE=${target.file}: cannot write the trace there (${(error as Error).message}) — give a file in a folder that exists, or 1 for stderr`,
        { cause: error },
      );
    }
  }
  let open = true;
  writer = {
    write(record) {
      if (!open) return;
      const line = JSON.stringify({ t: Math.round(performance.now() * 100) / 100, ...record });
      try {
        fs.writeSync(fd, `${scrub ? scrub(line) : line}\n`);
      } catch {
        // A full disk must not end the comparison.
      }
    },
    close() {
      if (!open) return;
      open = false;
      if (fd !== 2) fs.closeSync(fd);
    },
  };
}

/** Stops tracing and closes the file (no-op when not tracing). */
export function stopTrace(): void {
  writer?.close();
  writer = null;
  scrub = null;
}

/** Every line from now on passes through `fn` (the invocation's redactor). */
export function setTraceScrub(fn: ((text: string) => string) | null): void {
  scrub = fn;
}

export function tracing(): boolean {
  return writer !== null;
}

/** A phase of run `run` (null: of the invocation), with a few facts about it. */
export function tracePhase(run: string | null, phase: string, detail: Record<string, unknown> = {}): void {
  writer?.write({ run, phase, ...detail });
}

/** A DAP message of run `run`: `out` sent by bpdiff, `in` received from the adapter. */
export function traceMessage(run: string, direction: 'in' | 'out', message: TracedMessage): void {
  if (!writer) return;
  writer.write({ run, message: describeMessage(direction, message) });
}

/** The traced form of a message: never its values, a body only when small and harmless. Exported for tests. */
export function describeMessage(direction: 'in' | 'out', message: TracedMessage): Record<string, unknown> {
  const name = message.command ?? message.event ?? '?';
  const described: Record<string, unknown> = { dir: direction, type: message.type, name, seq: message.seq };
  if (message.request_seq !== undefined) described.request_seq = message.request_seq;
  if (message.success !== undefined) described.success = message.success;
  const payload = message.type === 'request' ? message.arguments : message.body;
  // Not even measured when it may hold values: a large variables response costs nothing to trace.
  if (payload !== undefined && !NO_BODY.has(name)) {
    const text = JSON.stringify(payload) ?? '';
    if (text.length <= MAX_TRACED_BODY) described.body = payload;
    else described.body_chars = text.length;
  }
  return described;
}
