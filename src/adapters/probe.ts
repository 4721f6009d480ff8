// A short question to a program (`python3 -c ...`, `go version -m`, `lldb --version`) through
// node:child_process, as builds are (run-build.ts, which adds their time limit and process group).
// Each probe is a `probe` phase in BPDIFF_TRACE.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { tracePhase } from '../trace/trace.js';
import { trackTree, untrackTree } from '../process/process-tree.js';

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
        untrackTree(child);
        resolve({ stdout: String(stdout), stderr: String(stderr), exitCode, failure });
      },
    );
    // A caller may stop waiting before the probe's own limit (a capture waits 2 s for an adapter's
    // version): the probe is one of bpdiff's processes, killed with what it started if bpdiff exits.
    if (child.pid !== undefined) trackTree(child).roots.add(child.pid);
    child.stdin?.end();
  });
}
