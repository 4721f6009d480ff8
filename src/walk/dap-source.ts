// How the DAP walks go on and read (lines.ts, effects.ts): a run's next step by DAP steps (into the
// user's code, out of the library at once), its arrival counted, and a step's frame read through the
// value pipeline as a capture reads it, compared as a comparison compares it (what one run has not set
// yet, what only one version defines, and lists a loop in each run's own order left reordered set aside).
import type { Tolerance } from '../core/types.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import type { SteppedStop, StepKind, StepOutcome } from '../session/stop-outcome.js';
import { compareValues } from '../values/compare-values.js';
import { unsetInBoth, withoutUnset } from './unset-locals.js';
import { withoutAddedDefinitions } from './added-definitions.js';
import { renameReturned } from './returned-names.js';
import { OrderTaint } from './order-taint.js';
import type { Standing, Step, StepValues, WalkedRun, WalkSource } from './line-walk-types.js';

/** The walk by DAP steps, each step's frame read through the value pipeline as a capture reads it. */
export function dapSource(tolerance: Tolerance | null, returns = false): WalkSource<StepValues> {
  // Lists a loop in each run's own order left reordered (order-taint.ts), set aside while they stay so.
  const reordered = new OrderTaint();
  const frameOf = (step: Step): string => `${step.stop.top.name}#${step.arrival.call}`;
  return {
    advance,
    read: async (walked, step) => {
      const values = await walked.run.readValues(step.stop.frameId, step.file, step.stop.top.line, step.stop.top.name);
      // Under the walk's own name, however the adapter names it (its definition's locate.returned).
      if (returns && walked.returned) renameReturned(values.values, walked.returned, step.stop.top.name);
      // The values a step's function returned (`(return) NAME`, debugpy's after any step) are not the
      // frame's locals: only the walk by effects (`returns`) compares them.
      if (!returns) withoutReturned(values);
      walked.unset?.arrive(step.arrival, values.values.variables, values.notYetDeclared);
      return values;
    },
    compare: (a, b) => {
      const counted = withoutUnset(compareValues(a.values.values, b.values.values, tolerance), (name) =>
        unsetInBoth(
          { unset: a.walked.unset, frame: a.step.arrival.frame },
          { unset: b.walked.unset, frame: b.step.arrival.frame },
          name,
        ),
      );
      const diff = withoutAddedDefinitions(
        reordered.filter(frameOf(a.step), counted.diff, a.values.values.variables, b.values.values.variables),
        (name) => a.walked.defined.defines(a.step.arrival.frame, name),
        (name) => b.walked.defined.defines(b.step.arrival.frame, name),
      );
      return { differ: !isDiffEmpty(diff), unset: counted.unset };
    },
    names: (values) => Object.keys(values.values.variables),
    types: (values) => values.values.types,
    loopLeft: (a, b, targets) => {
      const [variablesA, variablesB] = [a.values.values.variables, b.values.values.variables];
      return {
        bound: reordered.noteTargets(frameOf(a.step), targets, variablesA, variablesB),
        reordered: reordered.noteLoopEnd(
          frameOf(a.step),
          compareValues(a.values.values, b.values.values, tolerance),
          variablesA,
          variablesB,
        ),
      };
    },
  };
}

/** The walk's name of a value a step's function returned, `(return) NAME` (the adapter's own, renamed to it: returned-names.ts). */
export const RETURNED = /^\(return\) (.+)$/;

/** The exception that unwound a step's function instead, `(raised) NAME` (bpdiff's Python adapter). */
export const RAISED = /^\(raised\) (.+)$/;

function withoutReturned(read: StepValues): void {
  const { variables, types } = read.values;
  for (const name of Object.keys(variables))
    if (RETURNED.test(name) || RAISED.test(name)) {
      delete variables[name];
      delete types[name];
    }
}

/**
 * The run's next step: it goes on a line at a time, into calls (stepIn); out of code that is not the
 * user's at once (stepOut: the standard library runs at full speed, but a call it makes back into the
 * user's code stops the step, where the adapter can); through user code outside --within without
 * counting it. Back on the line a call was made from, it goes on: the walk counts lines reached, not
 * returns.
 */
export async function advance(walked: WalkedRun): Promise<Standing> {
  let kind: StepKind = 'stepIn';
  for (;;) {
    const outcome: StepOutcome = await walked.run.step(kind, false, walked.code.folders());
    if (outcome.kind === 'no_break') return { kind: 'ended', end: outcome };
    const code = walked.code.classify(outcome.top.path);
    if (code === 'counted') {
      const step = stepOf(walked, outcome);
      if (!step.arrival.revisit) return { kind: 'step', step };
      kind = 'stepIn';
      continue;
    }
    walked.arrivals.away();
    // Out of code that is not the user's; from the outermost frame there is nowhere to step out to.
    kind = code === 'library' && (outcome.depth === null || outcome.depth > 1) ? 'stepOut' : 'stepIn';
  }
}

/** A stop on a line of the user's code as a step of the walk: its file, and its arrival counted. */
export function stepOf(walked: WalkedRun, stop: SteppedStop): Step {
  const file = stop.top.path!;
  return {
    stop,
    file,
    arrival: walked.arrivals.arrive(
      file,
      stop.top.line,
      walked.trueDepth ? stop.depth : null,
      stop.top.name,
      stop.caller === undefined || stop.caller === null
        ? null
        : `${stop.caller.name}:${stop.caller.line}:${stop.caller.depth ?? ''}`,
    ),
  };
}
