// compare(): run two commands under their debug adapters, stop each at the breakpoint and compare; or,
// with `baseline`, compare one live run with a stored capture. The CLI's comparison, `--baseline` and
// `bpdiff check`, and the MCP server's compare tool all come here.
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import { describeBreakpoint } from '../core/describe.js';
import { quoteCommand } from '../core/shell-quote.js';
import { messages, progress } from '../messages.js';
import type { CaptureOptionInput, RunSettingsInput } from '../options/declarations.js';
import type { FailOn } from '../report/report.js';
import { prepareCapture } from '../capture/prepare-capture.js';
import type { Redactor } from '../redact/redactor.js';
import { followBaselineLine, lineDoubt, loadBaseline } from '../intake/baseline.js';
import { BpdiffError } from '../errors.js';
import { objectOf, optionalString, type Input } from '../intake/run-input.js';
import { readCallValues, type BaselinePlan, type ComparePlan } from '../intake/plan.js';
import {
  lineReader,
  readComparisonRuns,
  readOneRun,
  resolveComparisonRuns,
  resolveRun,
  sharedRunKeys,
  withAdapterPaths,
} from '../intake/runs.js';
import {
  type CallContext,
  type CallOptions,
  checkInputKeys,
  engineHooks,
  optionsOf,
  redactedLog,
  runFromInput,
  runFromPlan,
} from './call.js';
import { comparisonOutcome, type ComparisonOutcome } from './outcome.js';

type CaptureRuns = typeof import('../run/capture-runs.js').captureRuns;
type CaptureOneRun = typeof import('../run/capture-runs.js').captureOneRun;

/** One run: its command (argv), and what it has of its own (its cwd, env, label, stdin file, breakpoint). */
export interface RunInput extends RunSettingsInput {
  command: string[];
}

export interface CompareInput extends CaptureOptionInput, Omit<RunSettingsInput, 'label'>, CallOptions {
  /** Stop only when this expression (in the program's language) holds. */
  condition?: string;
  run_a?: RunInput | { label?: string };
  run_b: RunInput;
  /** A stored capture (a file, or what capture() returned) standing in for run A; `run_a` may then only name it (`label`). */
  baseline?: string | RunCapture;
  /** When `exit_code` is 1 (default `any`, as --fail-on). */
  fail_on?: FailOn;
  /** As --max-output-bytes: unchanged parts folded so the result fits (default: no bound). */
  max_output_bytes?: number;
}

/** The keys of compare()'s input that are neither an option of the table nor a per-run option's shared value. */
const OWN_KEYS = ['run_a', 'run_b'];

export async function compare(input: CompareInput, context: CallContext = {}): Promise<ComparisonOutcome> {
  return runFromInput(
    input,
    context,
    () => planCompare(objectOf('the input of compare', input, '{ "bp": "app.py:3", "run_a": {...}, "run_b": {...} }')),
    runComparePlan,
  );
}

/** compare() of an input already read into its plan (the CLI reads its command line once, before anything starts). */
export async function comparePlanned(
  plan: ComparePlan | BaselinePlan,
  call: CallOptions = {},
  context: CallContext = {},
): Promise<ComparisonOutcome> {
  return runFromPlan(plan, call, context, runComparePlan);
}

async function runComparePlan(
  plan: ComparePlan | BaselinePlan,
  call: CallOptions,
  redactor: Redactor | undefined,
  context: CallContext,
): Promise<ComparisonOutcome> {
  const base = context.base ?? process.cwd();
  const options = withAdapterPaths(plan.options, base);
  const log = redactedLog(call.log, redactor);
  const hooks = engineHooks(call, log, redactor);
  if (plan.kind === 'baseline') return compareWithBaseline(plan, options, base, redactor, context, hooks);
  const specs = resolveComparisonRuns(plan.runs, base, options.limits.max_input_bytes);
  log?.(
    progress.starting(
      describeBreakpoint(specs[0].breakpoint),
      specs[0].label,
      quoteCommand(specs[0].argv),
      specs[1].label,
      quoteCommand(specs[1].argv),
      options.run.sequential,
    ) + why(context),
  );
  const captureRuns =
    (context.engine?.captureRuns as CaptureRuns | undefined) ?? (await import('../run/capture-runs.js')).captureRuns;
  const captures = await captureRuns(specs, options, hooks);
  return comparisonOutcome(captures, options, plan.report, redactor, {
    followed: specs[1].breakpoint.note !== undefined,
    config: context.config ?? null,
    signal: call.signal,
  });
}

/**
 * compare()'s input read once into its plan: every key and value checked, nothing on disk looked at
 * (the CLI reads its command line with it before anything starts).
 */
export function planCompare(given: Input): ComparePlan | BaselinePlan {
  checkInputKeys(given, [...OWN_KEYS, ...sharedRunKeys('compare')], 'compare');
  const { condition, baseline, report } = readCallValues(given, 'compare');
  const options = optionsOf(given, 'compare');
  if (baseline === null) return { kind: 'compare', options, report, runs: readComparisonRuns(given, condition) };
  const runA = objectOf('run_a', given['run_a'], '{ "label": "main" }');
  for (const key of Object.keys(runA))
    if (key !== 'label' && runA[key] !== undefined) throw messages.baselineWithOwnRun(`run_a.${key}`);
  const labelA = optionalString(runA, 'label', '"main"', 'run_a') ?? 'baseline';
  return { kind: 'baseline', options, report, baseline, labelA, run: readOneRun(given, 'compare', 'run_b', condition) };
}

/** Every key and value of compare()'s input checked, nothing on disk looked at; the capture options. */
export function checkCompareInput(given: Input): CaptureOptions {
  return planCompare(given).options;
}

/** Run A is the stored capture (through the same value pipeline as a live run), run B runs live. */
async function compareWithBaseline(
  plan: BaselinePlan,
  options: CaptureOptions,
  base: string,
  redactor: Redactor | undefined,
  context: CallContext,
  hooks: ReturnType<typeof engineHooks>,
): Promise<ComparisonOutcome> {
  // The live run's breakpoint when it has one (its own, else the shared one): the baseline's line may have moved.
  const baseline = loadBaseline(plan.baseline, base, plan.run.breakpoint, options.limits.max_input_bytes);
  const resolved =
    plan.resolved ?? resolveRun(plan.run, 'compare', base, options.limits.max_input_bytes, baseline.breakpoint);
  const linesOf = lineReader();
  // The baseline's line, followed into the live copy of its file (unless the live run was given another line).
  const followed = followBaselineLine(baseline, resolved, linesOf);
  const live: RunSpec =
    baseline.note === undefined
      ? followed
      : { ...followed, breakpoint: { ...followed.breakpoint, note: baseline.note } };
  hooks.log?.(
    `${progress.startingOne(describeBreakpoint(live.breakpoint), live.label, quoteCommand(live.argv))} ${context.why ?? `(compared with the baseline ${baseline.name})`}`,
  );
  const captureOneRun =
    (context.engine?.captureOneRun as CaptureOneRun | undefined) ??
    (await import('../run/capture-runs.js')).captureOneRun;
  const captured = await captureOneRun(live, options, hooks).catch((error: unknown) => {
    // A condition that fails at a line the baseline was not captured at may be right, at the wrong line.
    const doubt =
      error instanceof BpdiffError && error.code === 'CONDITION_ERROR' && live.breakpoint.condition !== undefined
        ? lineDoubt(baseline, live, linesOf)
        : null;
    if (doubt === null) throw error;
    const reason = /\((.*)\) — /.exec((error as BpdiffError).message)?.[1] ?? (error as BpdiffError).message;
    throw messages.baselineLineCondition(
      live.breakpoint.condition!,
      live.label,
      reason,
      `${live.breakpoint.file}:${live.breakpoint.line}`,
      doubt,
    );
  });
  const stored = await prepareCapture(
    { ...baseline.capture, run: { ...baseline.capture.run, label: plan.labelA } },
    options.values,
    live.cwd,
    redactor,
    hooks.signal,
  );
  return comparisonOutcome([stored, captured], options, plan.report, redactor, {
    config: context.config ?? null,
    signal: hooks.signal,
  });
}

function why(context: CallContext): string {
  return context.why === undefined ? '' : ` ${context.why}`;
}
