// The library's front door: compare two runs, capture one, diff two captures, read a config file.
// The options are the CLI's, by their names in snake_case, checked by the one options module, so a
// mistake reads as it would on the command line (a BpdiffError with the same one-line message).
import { randomBytes } from 'node:crypto';
import { captureOptions, readOptionValue } from './options/read-options.js';
import { findDeclaration } from './options/declarations.js';
import type { CaptureOptionInput } from './options/declarations.js';
import { parseBreakpoint } from './cli/parse-args.js';
import { runSpec } from './core/run-spec.js';
import { buildReport, type FailOn } from './report/report.js';
import { validateCapture } from './core/schemas.js';
import { BpdiffError } from './errors.js';
import { capturedFilePath } from './capture/capture-document.js';
import { readSourceLine } from './cli/source-line.js';
import { isDirectory } from './cli/read-input.js';
import { messages } from './cli/messages.js';
import { distinctLabels, prepareCapture } from './capture/prepare-capture.js';
import { Redactor } from './redact/redactor.js';
import { reconcileRedaction } from './redact/reconcile.js';
import type { CaptureOptions, ComparisonResult, RunCapture, RunSide, RunSpec } from './core/types.js';

/** One run: its command (argv), and optionally where and with what it runs. */
export interface RunInput {
  command: string[];
  /** Working directory (default: the process's). */
  cwd?: string;
  env?: Record<string, string>;
  label?: string;
  /** A file fed to the program's stdin (default: empty). */
  stdin_file?: string;
}

export interface CallOptions {
  /** Aborting it kills every adapter and debuggee of the call before the promise settles. */
  signal?: AbortSignal;
  /** Progress lines (what the CLI writes on stderr). */
  log?: (line: string) => void;
}

export interface CompareInput extends CaptureOptionInput, CallOptions {
  /** `FILE:LINE`; a relative FILE is found in each run's cwd. */
  bp: string;
  condition?: string;
  /** Run B's own breakpoint (`FILE:LINE`), when its line differs. */
  bp_b?: string;
  run_a: RunInput;
  run_b: RunInput;
  /** When `exit_code` is 1 (default `any`, as --fail-on). */
  fail_on?: FailOn;
  /** As --max-output-bytes: unchanged parts folded so the result fits (default: no bound). */
  max_output_bytes?: number;
}

export interface ComparisonOutcome {
  result: ComparisonResult;
  captures: [RunCapture, RunCapture];
  /** The CLI's exit status for it: 0 same, 1 different (per fail_on), 2 a run could not be debugged. */
  exit_code: 0 | 1 | 2;
}

export interface CaptureInput extends CaptureOptionInput, CallOptions {
  bp: string;
  condition?: string;
  run: RunInput;
}

/**
 * Redaction is on by default for the library too (--no-redact: `no_redact: true`): one redactor per
 * call, keyed by BPDIFF_REDACT_KEY when it is set, else by one random key for the whole process (so
 * captures of two calls compare), with the call's --redact names and the secrets its
 * runs are given (secret-looking env values and `--password X` arguments).
 */
let processKey: string | undefined;

/** A run as the redactor needs it: its words and environment, whose secrets it learns. */
export interface RunSecrets {
  command: readonly string[];
  env?: Record<string, string>;
}

/** One call's redactor (undefined with `noRedact`): its --redact names and its runs' secrets. */
export function callRedactor(noRedact: boolean, names: readonly string[], runs: readonly RunSecrets[]): Redactor | undefined {
  if (noRedact) return undefined;
  processKey ??= randomBytes(32).toString('hex');
  const redactor = new Redactor({ key: process.env['BPDIFF_REDACT_KEY'] || processKey });
  redactor.addNames(names);
  // A run given wrongly is refused later, with the CLI's message; here it only adds no secrets.
  for (const run of runs) {
    if (typeof run !== 'object' || run === null) continue;
    if (run.env) redactor.addSecretEnv(run.env);
    if (Array.isArray(run.command)) redactor.addSecretArgs(run.command);
  }
  return redactor;
}

function redactorFor(options: CaptureOptions, runs: readonly RunInput[]): Redactor | undefined {
  return callRedactor(options.values.no_redact, options.values.redact, runs);
}

/** Progress lines as the caller's `log` gets them: through the call's redactor, as the CLI's stderr. */
function redactedLog(log: ((line: string) => void) | undefined, redactor: Redactor | undefined): { log?: (line: string) => void } {
  if (!log) return {};
  return { log: redactor ? (line) => log(redactor.scrub(line)) : log };
}

/**
 * Runs `work`; an error it throws reaches the caller with its message through the call's redactor, as
 * the CLI's error line goes through it (a path, a condition or an adapter's words may hold a secret).
 */
async function redactedErrors<T>(redactor: Redactor | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (redactor && error instanceof Error) {
      error.message = redactor.scrub(error.message);
      if (typeof error.stack === 'string') error.stack = redactor.scrub(error.stack);
      const adapterMessage: unknown = (error as { adapterMessage?: unknown }).adapterMessage;
      if (typeof adapterMessage === 'string') Object.defineProperty(error, 'adapterMessage', { value: redactor.scrub(adapterMessage), enumerable: true, configurable: true });
    }
    throw error;
  }
}

/** fail_on and max_output_bytes, checked before anything starts (the rest: optionsOf). */
function checkReportOptions(failOn: unknown, maxOutputBytes: unknown): void {
  if (failOn !== undefined) readOptionValue(findDeclaration('fail-on')!, failOn);
  if (maxOutputBytes !== undefined) readOptionValue(findDeclaration('max-output-bytes')!, maxOutputBytes);
}

/** The capture options of an input, checked; the rest of the input (bp, runs, hooks) left out. */
function optionsOf(input: CaptureOptionInput & Record<string, unknown>, own: readonly string[]): CaptureOptions {
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!own.includes(key) && value !== undefined) given[key] = value;
  return captureOptions(given as CaptureOptionInput);
}

function specOf(side: RunSide, run: RunInput, bp: string, condition: string | undefined): RunSpec {
  if (typeof run !== 'object' || run === null) throw new BpdiffError('BAD_COMMANDS', `run_${side} is missing — give the run as { command: ["python3", "app.py"], cwd: "v1" }`);
  if (!Array.isArray(run.command) || run.command.length === 0) throw new BpdiffError('BAD_COMMANDS', `run_${side}.command is empty — give the program and its arguments as an array, e.g. ["python3", "app.py"]`);
  if (run.cwd !== undefined && !isDirectory(run.cwd)) throw messages.missingCwd(run.label ?? side.toUpperCase(), `run_${side}.cwd`, run.cwd);
  return runSpec({
    side,
    argv: run.command,
    cwd: run.cwd ?? process.cwd(),
    breakpoint: parseBreakpoint(bp, condition ?? null, side === 'b' ? 'bp_b' : 'bp'),
    ...(run.label !== undefined ? { label: run.label } : {}),
    ...(run.env !== undefined ? { env: run.env } : {}),
    ...(run.stdin_file !== undefined ? { stdin_file: run.stdin_file } : {}),
  });
}

const COMPARE_KEYS = ['bp', 'condition', 'bp_b', 'run_a', 'run_b', 'fail_on', 'max_output_bytes', 'signal', 'log'];

/** Run both commands under their debug adapters, stop each at the breakpoint and compare. */
export async function compare(input: CompareInput): Promise<ComparisonOutcome> {
  checkReportOptions(input.fail_on, input.max_output_bytes);
  const options = optionsOf(input as CompareInput & Record<string, unknown>, COMPARE_KEYS);
  const redactor = redactorFor(options, [input.run_a, input.run_b]);
  return redactedErrors(redactor, async () => {
    const specs: [RunSpec, RunSpec] = [specOf('a', input.run_a, input.bp, input.condition), specOf('b', input.run_b, input.bp_b ?? input.bp, input.condition)];
    const { captureRuns } = await import('./run/capture-runs.js');
    const captures = await captureRuns(specs, options, { ...(input.signal ? { signal: input.signal } : {}), ...redactedLog(input.log, redactor), ...(redactor ? { redactor } : {}) });
    return report(captures, options, input.fail_on, input.max_output_bytes);
  });
}

/** One run's capture (what `bpdiff capture` writes). */
export async function capture(input: CaptureInput): Promise<RunCapture> {
  const options = optionsOf(input as CaptureInput & Record<string, unknown>, ['bp', 'condition', 'run', 'signal', 'log']);
  const redactor = redactorFor(options, [input.run]);
  return redactedErrors(redactor, async () => {
    const spec = specOf('b', { label: 'capture', ...input.run }, input.bp, input.condition);
    const { captureOneRun } = await import('./run/capture-runs.js');
    return captureOneRun(spec, options, { ...(input.signal ? { signal: input.signal } : {}), ...redactedLog(input.log, redactor), ...(redactor ? { redactor } : {}) });
  });
}

/** Two captures (objects, as `capture` returns or as read from files) compared offline, through the same value pipeline. */
export async function diffCaptures(a: RunCapture, b: RunCapture, input: CaptureOptionInput & { fail_on?: FailOn; max_output_bytes?: number; label_a?: string; label_b?: string } = {}): Promise<ComparisonOutcome> {
  checkReportOptions(input.fail_on, input.max_output_bytes);
  const labels = { a: checkedLabel('label_a', input.label_a), b: checkedLabel('label_b', input.label_b) };
  const options = optionsOf(input as CaptureOptionInput & Record<string, unknown>, ['fail_on', 'max_output_bytes', 'label_a', 'label_b']);
  const redactor = redactorFor(options, []);
  return redactedErrors(redactor, async () => {
    for (const [side, capture] of [['a', a], ['b', b]] as const) {
      const outcome = validateCapture(capture);
      if (!outcome.ok) throw new BpdiffError('NOT_A_CAPTURE', `capture ${side} is not a run capture (${outcome.errors.slice(0, 3).join('; ')}) — pass what capture() returned, or a file bpdiff capture wrote`);
    }
    const prepared = distinctLabels(await prepareCapture(a, options.values, undefined, redactor), await prepareCapture(b, options.values, undefined, redactor));
    // As `bpdiff diff --label-a/--label-b`: a label given is the run's name, even when both are the same.
    if (labels.a !== undefined) prepared[0] = { ...prepared[0], run: { ...prepared[0].run, label: labels.a } };
    if (labels.b !== undefined) prepared[1] = { ...prepared[1], run: { ...prepared[1].run, label: labels.b } };
    return report(prepared, options, input.fail_on, input.max_output_bytes);
  });
}

function checkedLabel(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new BpdiffError('USAGE', `${name} must be a non-empty string — give the name run ${name.slice(-1).toUpperCase()} has in the result, e.g. "before"`);
  return value;
}

function report(given: [RunCapture, RunCapture], options: CaptureOptions, failOn: FailOn | undefined, maxOutputBytes?: number): ComparisonOutcome {
  // Markers made under two keys (captures of two calls without BPDIFF_REDACT_KEY) cannot be compared: said instead.
  const captures = reconcileRedaction(given[0], given[1]) as [RunCapture, RunCapture];
  const built = buildReport(captures, {
    sourceLine: readSourceLine(capturedFilePath(captures[0]), captures[0].breakpoint.line),
    sourceLineB: readSourceLine(capturedFilePath(captures[1]), captures[1].breakpoint.line),
    failOn: failOn ?? 'any',
    tolerance: options.values.tolerance,
    maxOutputBytes: maxOutputBytes ?? null,
  });
  return { result: built.document, captures, exit_code: built.exitCode };
}

export { loadConfig, findConfig, type BpdiffConfig, type ConfigCheck } from './config/config.js';
