// What every library call shares: its options (checked by the one options module, so a mistake reads
// as it would on the command line), its redactor (one per call, or the front door's own), its progress
// lines and errors through that redactor, and the run engine.
import { randomBytes } from 'node:crypto';
import { boundLines, boundMessage } from '../bound-message.js';
import type { CaptureOptions } from '../core/types.js';
import { captureOptions } from '../options/read-options.js';
import {
  callKeys,
  OPTION_DECLARATIONS,
  snakeCase,
  type CaptureOptionInput,
  type CommandName,
  type OptionDeclaration,
} from '../options/declarations.js';
import { Redactor } from '../redact/redactor.js';
import { redactionKey } from '../redact/default-key.js';
import { checkKeys, type Input } from '../intake/run-input.js';
import type { LivePlan } from '../intake/plan.js';

/** What a caller may pass with any call that runs programs. */
export interface CallOptions {
  /** Aborting it kills every adapter and debuggee of the call before the promise settles. */
  signal?: AbortSignal;
  /** Progress lines (what the CLI writes on stderr), through the call's redactor. */
  log?: (line: string) => void;
}

/**
 * How a front door runs a call, beyond the caller's input: where relative paths are found, the
 * redactor it already has (so its own outputs know the secrets the call found), a word for the
 * progress line, and (for tests) the run engine.
 */
export interface CallContext {
  /** Where relative paths of the input are found (default: the process's working directory). */
  base?: string;
  redactor?: Redactor;
  /** Said at the end of the progress line that starts the runs (`(check pricing)`). */
  why?: string;
  /**
   * A test's run engine, typed `unknown` and cast where it is called (as locate's walk): the run's
   * types (the session's, the DAP's) stay out of the package's declarations, which a user type-checks
   * without bpdiff's development dependencies.
   */
  engine?: { captureRuns?: unknown; captureOneRun?: unknown };
  /** The bpdiff.config.json the front door read the call's defaults from: named in the result's context. */
  config?: string | null;
}

/** The call's own keys, its command's values of the call (callKeys) and capture options (as the CLI's command takes them): every key an input may hold. */
export function checkInputKeys(input: Input, own: readonly string[], command: CommandName): void {
  // The call's options (CallOptions) are no input to check.
  const { signal: _signal, log: _log, ...given } = input;
  checkKeys(given, [...own, ...callKeys(command), ...captureOptionKeys(command)]);
}

function captureOptionKeys(command: CommandName): string[] {
  return OPTION_DECLARATIONS.filter(
    (declaration: OptionDeclaration) => declaration.target !== undefined && declaration.commands.includes(command),
  ).map((declaration) => snakeCase(declaration.flag));
}

/** The capture options of an input (those of `command`), checked; its other keys left out. */
export function optionsOf(input: Input, command: CommandName): CaptureOptions {
  const known = new Set(captureOptionKeys(command));
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (known.has(key) && value !== undefined) given[key] = value;
  return captureOptions(given as CaptureOptionInput);
}

/**
 * Redaction is on by default for the library too (`no_redact: true` turns it off): one redactor per
 * call, keyed by BPDIFF_REDACT_KEY when it is set, else by the user's key (redact/default-key.ts), else
 * by one random key for the whole process (so captures of two calls compare), with the call's `redact` names and the secrets its runs are given
 * (secret-looking env values and `--password X` arguments). Read from the input as given, before it
 * is checked: a refused input's error must not show a secret either.
 */
let processKey: string | undefined;

export function callRedactor(given: unknown, context: CallContext = {}): Redactor | undefined {
  const input = (typeof given === 'object' && given !== null ? given : {}) as Input;
  if (input['no_redact'] === true) return undefined;
  processKey ??= redactionKey() ?? randomBytes(32).toString('hex');
  const redactor = context.redactor ?? new Redactor({ key: process.env['BPDIFF_REDACT_KEY'] || processKey });
  const names = Array.isArray(input['redact'])
    ? input['redact'].filter((name): name is string => typeof name === 'string' && name !== '')
    : [];
  redactor.addNames(names);
  for (const holder of [input, ...['run', 'run_a', 'run_b'].map((key) => input[key])]) {
    if (typeof holder !== 'object' || holder === null) continue;
    const { command, env } = holder as { command?: unknown; env?: unknown };
    const pairs = envPairs(env);
    if (pairs !== null) redactor.addSecretEnv(pairs);
    if (Array.isArray(command)) redactor.addSecretArgs(command.map(String));
  }
  return redactor;
}

/**
 * The redactor of a call given as a plan (the CLI's, already read): as callRedactor's, from the plan's
 * typed values (its redact names, its runs' environments and commands).
 */
export function planRedactor(plan: LivePlan, context: CallContext = {}): Redactor | undefined {
  if (plan.options.values.no_redact) return undefined;
  processKey ??= redactionKey() ?? randomBytes(32).toString('hex');
  const redactor = context.redactor ?? new Redactor({ key: process.env['BPDIFF_REDACT_KEY'] || processKey });
  redactor.addNames(plan.options.values.redact);
  for (const run of 'runs' in plan ? plan.runs : [plan.run]) {
    redactor.addSecretEnv(run.settings.values['env'] as Record<string, string>);
    redactor.addSecretArgs(run.argv);
  }
  return redactor;
}

/** An environment as given: an object, or `NAME=VALUE` words (the CLI's flags); null for anything else. */
function envPairs(env: unknown): Record<string, string> | null {
  if (typeof env === 'string') return envPairs([env]);
  if (Array.isArray(env))
    return Object.fromEntries(
      env
        .filter((entry): entry is string => typeof entry === 'string' && entry.indexOf('=') > 0)
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
  if (typeof env === 'object' && env !== null)
    return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value)]));
  return null;
}

/** Progress lines as the caller's `log` gets them: through the call's redactor, then bounded, as the CLI's stderr. */
export function redactedLog(
  log: ((line: string) => void) | undefined,
  redactor: Redactor | undefined,
): ((line: string) => void) | undefined {
  if (!log) return undefined;
  return redactor ? (line) => log(boundLines(redactor.scrub(line))) : (line) => log(boundLines(line));
}

/**
 * Runs `work`; an error it throws reaches the caller with its message through the call's redactor, as
 * the CLI's error line goes through it (a path, a condition or an adapter's words may hold a secret),
 * then bounded (bound-message.ts).
 */
export async function redactedErrors<T>(redactor: Redactor | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (redactor && error instanceof Error) {
      error.message = redactor.scrub(error.message);
      if (typeof error.stack === 'string') error.stack = redactor.scrub(error.stack);
      const adapterMessage: unknown = (error as { adapterMessage?: unknown }).adapterMessage;
      if (typeof adapterMessage === 'string')
        Object.defineProperty(error, 'adapterMessage', {
          value: redactor.scrub(adapterMessage),
          enumerable: true,
          configurable: true,
        });
    }
    // Bounded once scrubbed: a value in the message (an 11 MB path) is cut, its length said.
    if (error instanceof Error) {
      error.message = boundMessage(error.message);
      if (typeof error.stack === 'string') error.stack = boundLines(error.stack);
    }
    throw error;
  }
}

/** The engine's hooks for a call: its abort signal, its progress lines and its redactor. */
export function engineHooks(
  input: CallOptions,
  log: ((line: string) => void) | undefined,
  redactor: Redactor | undefined,
): { signal?: AbortSignal; log?: (line: string) => void; redactor?: Redactor } {
  return {
    ...(input.signal ? { signal: input.signal } : {}),
    ...(log ? { log } : {}),
    ...(redactor ? { redactor } : {}),
  };
}

/** How a call runs its plan: with the call's own options (log, signal), its redactor and its context. */
export type PlanRunner<P, C extends CallContext, R> = (
  plan: P,
  call: CallOptions,
  redactor: Redactor | undefined,
  context: C,
) => Promise<R>;

/** A call from its input: read into its plan once (`read`, inside so its errors are scrubbed too), then run. */
export function runFromInput<P, C extends CallContext, R>(
  input: CallOptions,
  context: C,
  read: () => P,
  run: PlanRunner<P, C, R>,
): Promise<R> {
  const redactor = callRedactor(input, context);
  return redactedErrors(redactor, async () => run(read(), input, redactor, context));
}

/** A call of a plan read already (the CLI reads its command line once, before anything starts). */
export function runFromPlan<P extends LivePlan, C extends CallContext, R>(
  plan: P,
  call: CallOptions,
  context: C,
  run: PlanRunner<P, C, R>,
): Promise<R> {
  const redactor = planRedactor(plan, context);
  return redactedErrors(redactor, async () => run(plan, call, redactor, context));
}
