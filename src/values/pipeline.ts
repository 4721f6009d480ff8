// Everything that turns what the adapter said into the strings that are compared, as one ordered list
// of small steps. The same list runs over a live capture and over a capture loaded by `bpdiff diff`,
// so a step added here holds for both. Each step is pure: values in, values out.
import type { CaptureOptions } from '../core/types.js';
import type { CapturedValues, ValueContext, ValueStep } from './types.js';
import { TimeSlicer } from '../core/slices.js';
import { nameStep } from './naming.js';
import { addressNamesStep } from './address-names.js';
import { pidsStep } from './run-pids.js';
import { normaliseStep } from './normalise.js';
import { orderStep } from './order.js';
import { ignoreStep, onlyStep, userRewriteStep } from './user-rules.js';
import { runTextsStep } from './run-texts.js';
import { pathsStep } from './paths.js';
import { volatileStep } from './volatile.js';
import { summariesStep } from './summaries.js';
import { redactStep } from './redact.js';
import { setOwn } from '../core/own-record.js';

/**
 * In order: names first (later steps match on them), then values; then containers are masked by
 * their children's final texts (a child --ignore leaves out is still masked in its parent, so an
 * ignored field does not reappear as a change of the object that holds it); then secrets are
 * redacted (after the masking, so a parent no longer holds its child's secret); then one order for
 * every output.
 */
/** --only, leaving the --watch expressions in: what the user named with --watch is always compared. */
const onlyStepKeepingWatches: ValueStep = {
  name: onlyStep.name,
  apply(values, context) {
    const watched = (context.watch ?? []).filter((expression) => Object.hasOwn(values.variables, expression));
    if (watched.length === 0 || (context.only ?? []).length === 0) return onlyStep.apply(values, context);
    const names = new Set(watched);
    const pick = (record: Readonly<Record<string, string>>, keep: boolean): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(record)) if (names.has(name) === keep) setOwn(out, name, value);
      return out;
    };
    const rest = onlyStep.apply(
      { ...values, variables: pick(values.variables, false), types: pick(values.types, false) },
      context,
    );
    return {
      ...rest,
      variables: { ...rest.variables, ...pick(values.variables, true) },
      types: { ...rest.types, ...pick(values.types, true) },
    };
  },
};

export const VALUE_STEPS: readonly ValueStep[] = [
  nameStep,
  addressNamesStep,
  runTextsStep,
  pathsStep,
  pidsStep,
  volatileStep,
  normaliseStep,
  userRewriteStep,
  summariesStep,
  redactStep,
  onlyStepKeepingWatches,
  ignoreStep,
  orderStep,
];

/** The parts of a value context that the user's options set, the same for a live run and a saved capture. */
export function userValueRules(
  options: CaptureOptions['values'],
): Pick<ValueContext, 'raw' | 'only' | 'watch' | 'ignore' | 'rewrites'> {
  return {
    raw: options.raw_values,
    only: options.only,
    watch: options.watch,
    ignore: options.ignore,
    rewrites: options.normalize,
  };
}

export function runValuePipeline(
  values: CapturedValues,
  context: ValueContext,
  steps: readonly ValueStep[] = VALUE_STEPS,
): CapturedValues {
  return steps.reduce((current, step) => step.apply(current, context), values);
}

/**
 * runValuePipeline in time slices: the event loop turns between steps, and inside a step that has
 * `applyInSlices`, so a signal is honoured while a million values go through (an `interrupted` error
 * once `signal` is aborted). The same values come out.
 */
export async function runValuePipelineInSlices(
  values: CapturedValues,
  context: ValueContext,
  signal?: AbortSignal,
  steps: readonly ValueStep[] = VALUE_STEPS,
): Promise<CapturedValues> {
  const slicer = new TimeSlicer(signal);
  let current = values;
  for (const step of steps) {
    current = step.applyInSlices ? await step.applyInSlices(current, context, slicer) : step.apply(current, context);
    const pause = slicer.between();
    if (pause) await pause;
  }
  return current;
}

export type { CapturedValues, ValueContext, ValueStep } from './types.js';
