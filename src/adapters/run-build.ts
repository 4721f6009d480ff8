// Building the program before it is debugged (`cargo build`, `go build`, `go test -c`): one time
// limit, one way to stop a build, one way to say why it failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError, BuildTimeoutError, interrupted } from '../errors.js';
import { killTree } from '../process/process-tree.js';
import { processTempRoot } from '../process/temp-root.js';
import type { BuildsOnce, LaunchContext } from './hooks.js';
import { memoAsync } from './memo.js';
import { runEnvironment } from './run-env.js';

/** A build that runs longer than this says so on stderr, and again every BUILD_PROGRESS_EVERY_MS. */
export const BUILD_PROGRESS_AFTER_MS = 2000;
export const BUILD_PROGRESS_EVERY_MS = 5000;

/** A build's floor: a cold build of a real project takes minutes, far more than a run's --timeout. */
export const MIN_BUILD_TIMEOUT_SECONDS = 600;
/** How many of a failed build's last lines its error shows (`go: errors parsing go.mod:` needs the next one). */
const FAILURE_LINES = 5;
/** setTimeout fires at once above this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface BuildStep {
  /** How messages name the build: `cargo build`, `go build`, `go test -c`. */
  label: string;
  file: string;
  args: string[];
  cwd: string;
  /** The build's whole environment: nothing is added to it. */
  env: Record<string, string>;
  /** Picks the line that says what went wrong (a compiler's first error); without one, or when it finds none, the output's last lines are shown. */
  firstError?: (output: string) => string | null;
}

export interface BuildOutput {
  stdout: string;
  stderr: string;
  /** The build's wall time. */
  ms: number;
}

export type BuildContext = Pick<LaunchContext, 'spec' | 'options' | 'signal' | 'log' | 'track'>;

/**
 * A build whose output a later start of the same program can use again (`inputs`: everything the
 * build depends on but the sources, which a comparison does not change): made once per comparison
 * where the run has the comparison's builds, into `dir`, a folder of the comparison's; else now,
 * into the run's own folder. A walk by effects starts both programs again at each restart, and each
 * start of `go run` built it again (0.6-1.4 s of a 10 s locate, CPU the two runs compete for).
 */
export function buildOnce<T>(
  context: Pick<LaunchContext, 'builds' | 'tempDir'>,
  inputs: unknown,
  build: (dir: string) => Promise<T>,
): Promise<T> {
  if (!context.builds) return build(context.tempDir);
  // The run's own folder (its TMPDIR, in an environment among the inputs) is new at every start: the same build all the same.
  const key = JSON.stringify(inputs).replaceAll(JSON.stringify(context.tempDir).slice(1, -1), '<run>');
  return context.builds.once(key, build);
}

/** The builds of one comparison (BuildsOnce); dispose() removes their folder when the comparison ends. */
export class Builds implements BuildsOnce {
  // A build that failed (or was interrupted) is forgotten: the next start builds again, and says why it fails.
  private made = memoAsync<unknown>();
  private dir: string | null = null;

  once<T>(key: string, build: (dir: string) => Promise<T>): Promise<T> {
    return this.made(key, () => {
      this.dir ??= fs.mkdtempSync(path.join(processTempRoot(), 'builds-'));
      return build(fs.mkdtempSync(path.join(this.dir, 'build-')));
    }) as Promise<T>;
  }

  dispose(): void {
    this.made = memoAsync<unknown>();
    if (this.dir !== null) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

/** `BPDIFF_BUILD_TIMEOUT` seconds (the run's env wins over bpdiff's), else the longer of 600 s and --timeout. */
export function buildTimeoutSeconds(context: Pick<LaunchContext, 'spec' | 'options'>): number {
  const fromEnv = Number(runEnvironment(context.spec).BPDIFF_BUILD_TIMEOUT);
  return Number.isFinite(fromEnv) && fromEnv > 0
    ? fromEnv
    : Math.max(MIN_BUILD_TIMEOUT_SECONDS, context.options.run.timeout_seconds);
}

/**
 * Runs one build step under the build time limit. The build gets a process group of its own, killed
 * whole on timeout and on Ctrl-C, so no compiler it started outlives it. Throws BUILD_TIMEOUT (with
 * `seconds`), BUILD_FAILED (with what went wrong) or INTERRUPTED.
 */
export async function runBuild(context: BuildContext, step: BuildStep): Promise<BuildOutput> {
  if (context.signal.aborted) throw interrupted();
  const seconds = buildTimeoutSeconds(context);
  context.log(`building: ${[path.basename(step.file), ...step.args].join(' ')}`);
  const started = performance.now();
  const child = startBuild(step);
  const pid = child.pid;
  if (pid !== undefined) context.track(pid);
  let timedOut = false;
  const stop = (): void => {
    if (pid !== undefined) killBuild(pid);
  };
  const timer = setTimeout(
    () => {
      timedOut = true;
      stop();
    },
    Math.min(seconds * 1000, MAX_TIMER_MS),
  );
  context.signal.addEventListener('abort', stop, { once: true });
  // A build that takes more than two seconds says it is still going, every few seconds, so a cold
  // `go run` or `cargo run` does not look stuck.
  let ticker: NodeJS.Timeout | undefined;
  const firstTick = setTimeout(() => {
    const say = (): void => context.log(`still building (${Math.round((performance.now() - started) / 1000)} s)`);
    say();
    ticker = setInterval(say, BUILD_PROGRESS_EVERY_MS);
    ticker.unref();
  }, BUILD_PROGRESS_AFTER_MS);
  firstTick.unref();
  let result: BuildEnd;
  try {
    result = await child.ended;
  } finally {
    clearTimeout(timer);
    clearTimeout(firstTick);
    if (ticker) clearInterval(ticker);
    context.signal.removeEventListener('abort', stop);
  }
  const ms = Math.round(performance.now() - started);
  if (context.signal.aborted) throw interrupted();
  if (timedOut) {
    throw new BuildTimeoutError(
      `${step.label} did not finish within ${seconds} s — build it once by hand (a warm build is fast), or set BPDIFF_BUILD_TIMEOUT=SECONDS`,
      seconds,
    );
  }
  const { stdout, stderr } = result;
  if (result.failed !== null) {
    const summary = summariseBuildOutput(stderr.trim() ? stderr : stdout, step.firstError) ?? result.failed;
    throw new BpdiffError(
      'BUILD_FAILED',
      `${step.label} failed in ${step.cwd}: ${summary} — run "${step.label}" there to see the whole message`,
    );
  }
  return { stdout, stderr, ms };
}

/** How a build ended: its output (without the last newline) and, when it failed, how (`exit code 2`), else null. */
interface BuildEnd {
  stdout: string;
  stderr: string;
  failed: string | null;
}

/** The most of each of a build's output streams kept: the rest is read and dropped (cargo's JSON messages are far smaller). */
const MAX_BUILD_OUTPUT_BYTES = 256 * 1024 * 1024;

/**
 * Starts the build in a process group of its own (detached, so that killBuild reaches every compiler
 * it started), with its own environment only and an empty stdin, its output collected. node:child_process
 * does all a build needs: execa, which did this before, was a tenth of the bundle for this one call.
 */
function startBuild(step: BuildStep): { pid: number | undefined; ended: Promise<BuildEnd> } {
  const child = spawn(step.file, step.args, {
    cwd: step.cwd,
    env: step.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const collect = (stream: NodeJS.ReadableStream): (() => string) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      if (size >= MAX_BUILD_OUTPUT_BYTES) return;
      chunks.push(chunk);
      size += chunk.length;
    });
    return () =>
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\r?\n$/, '');
  };
  const stdout = collect(child.stdout!);
  const stderr = collect(child.stderr!);
  const ended = new Promise<BuildEnd>((resolve) => {
    // A build that could not start (no such program) has an error and no exit status.
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ stdout: stdout(), stderr: stderr(), failed: `it did not start (${error.code ?? error.message})` }),
    );
    child.once('close', (code, signal) =>
      resolve({
        stdout: stdout(),
        stderr: stderr(),
        failed: code === 0 ? null : signal !== null ? `it was killed by ${signal}` : `exit code ${code}`,
      }),
    );
  });
  return { pid: child.pid, ended };
}

/** What went wrong, on one line: the line `firstError` picks, else the output's last lines. Null for no output. */
export function summariseBuildOutput(output: string, firstError?: (output: string) => string | null): string | null {
  // Without colours, even when CARGO_TERM_COLOR or the like asks for them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the ANSI colour codes this removes
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const picked = firstError?.(text);
  if (picked) return picked.trim();
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.length > 0 ? lines.slice(-FAILURE_LINES).join(' | ') : null;
}

/** The build's process group, then anything of its session that left the group. */
function killBuild(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
  killTree([pid], [pid]);
}
