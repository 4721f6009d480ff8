// What a walk's captures are made of where it ends: the facts of a run that stands on a step (its
// values as the walk read them, its stack) or that ended (how), for the capture document.
import type { RunSpec, StackFrameSummary } from '../core/types.js';
import { noBreakFacts, stopLocation, type RunFacts } from '../capture/capture-document.js';
import type { Standing, Step, StepValues } from '../walk/lines.js';

export function stepFacts(spec: RunSpec, step: Step, read: StepValues, frames: StackFrameSummary[]): RunFacts {
  return {
    status: 'break',
    location: stopLocation(step.stop.top, spec),
    values: read.values,
    stop: step.stop.stop,
    bound_line: null,
    no_break_reason: null,
    frames,
    exit_code: null,
    warnings: read.warnings,
  };
}

export function endFacts(spec: RunSpec, standing: Standing): RunFacts {
  if (standing.kind !== 'ended') return noBreakFacts(spec, { kind: 'exited', exit_code: null });
  const { end } = standing;
  return noBreakFacts(spec, end.reason, end.stop, null, end.frames, end.exitCode);
}
