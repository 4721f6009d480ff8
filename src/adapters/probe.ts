// A short question to a program (`python3 -c ...`, `go version -m`, `lldb --version`) through
// node:child_process, as builds are (run-build.ts, which adds their time limit and process group).
// Each probe is a `probe` phase in BPDIFF_TRACE.
import { execFile, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { tracePhase } from '../trace/trace.js';

export interface ProbeOptions {
  cwd: string;
  /** The child's whole environment (nothing of bpdiff's own is added). */
  env?: Record<string, string>;
  timeoutMs: number;
}

export interface ProbeResult {
  stdout: string;
  stderr: string;
  /** Null when the program did not start, was killed or timed out. */
  exitCode: number | null;
  /** Why it failed (did not start, exit code, timeout), on one line; null when it exited with 0. */
  failure: string | null;
}

/**
 * The probes still running. A caller may stop waiting for one before its own time limit (a capture
 * waits 2 s for an adapter's version): whatever is left when bpdiff exits is killed then, not left
 * behind to finish alone.
 */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killRunning(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Runs `file args` to its end with stdin closed; never rejects. */
export function runProbe(file: string, args: readonly string[], options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      {
        cwd: options.cwd,
        ...(options.env ? { env: options.env } : {}),
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        const failure = !error
          ? null
          : error.killed
            ? `timed out after ${options.timeoutMs} ms`
            : typeof error.code === 'number'
              ? `exit code ${error.code}`
              : (error.message.split('\n')[0] ?? 'it did not start');
        tracePhase(null, 'probe', {
          command: `${path.basename(file)} ${args[0] ?? ''}`.trim(),
          ms: Math.round((performance.now() - started) * 10) / 10,
          exit_code: exitCode,
        });
        running.delete(child);
        resolve({ stdout: String(stdout), stderr: String(stderr), exitCode, failure });
      },
    );
    running.add(child);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.on('exit', killRunning);
    }
    child.stdin?.end();
  });
}
