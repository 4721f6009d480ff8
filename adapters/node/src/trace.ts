// An optional trace of what the adapter does with the debuggee's processes, for diagnosing a session:
// BPDIFF_NODE_ADAPTER_TRACE=/path/trace.log (appended to; one line per step, with the adapter's pid).
import * as fs from 'node:fs';

const file = process.env.BPDIFF_NODE_ADAPTER_TRACE;

export function trace(message: string): void {
  if (!file) return;
  try {
    fs.appendFileSync(file, `${new Date().toISOString()} ${process.pid} ${message}\n`);
  } catch {
    // Tracing must never break the session.
  }
}
