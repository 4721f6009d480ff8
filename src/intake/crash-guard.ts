// A command's work guarded against a crash outside its own await chain: an exception thrown in an
// event handler or timer, or a promise rejected with no one to see it. Node's default for either is
// to print a stack and exit 1, which a CI job reads as "the runs differ". Guarded, the command ends
// as any other internal error does (run-cli.ts: one line on stderr, exit 2), and the processes of its
// runs, which no clean-up will reach, are killed by the reaper once bpdiff exits (process/reaper.ts).
import { reapEverythingAtExit } from '../process/reaper.js';
import { tracePhase } from '../trace/trace.js';

/** Where a crash is heard of (process, or a stand-in in tests). */
export interface CrashSource {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
  off(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown;
}

/** What a crash is thrown as: its own message and the place it came from, on one line. */
export class CrashError extends Error {
  constructor(override readonly cause: unknown) {
    super(crashMessage(cause));
    this.name = 'CrashError';
  }
}

/** `work()`'s value, or a CrashError as soon as something crashes while it runs. */
export async function guardCrashes<T>(work: () => Promise<T>, source: CrashSource = process): Promise<T> {
  let onCrash: (error: unknown) => void = () => undefined;
  const crashed = new Promise<never>((_, reject) => {
    onCrash = (error) => {
      reapEverythingAtExit();
      // The whole stack, for a trace (BPDIFF_TRACE) sent with the report.
      tracePhase(null, 'crashed', { stack: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      reject(new CrashError(error));
    };
  });
  source.on('uncaughtException', onCrash);
  source.on('unhandledRejection', onCrash);
  try {
    return await Promise.race([work(), crashed]);
  } finally {
    source.off('uncaughtException', onCrash);
    source.off('unhandledRejection', onCrash);
  }
}

function crashMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  // The first frame of the stack that names a file: where to look, for whoever reads the report.
  const frame =
    error instanceof Error ? error.stack?.split('\n').find((line) => /^\s+at .*:\d+:\d+\)?$/.test(line)) : undefined;
  const where = frame?.trim().replace(/^at /, '');
  return `a crash outside the command's own steps: ${message}${where ? ` (at ${where})` : ''}`;
}
