// What a walk's captures are made of where it ends: the facts of a run that stands on a step (its
// values as the walk read them, its stack) or that ended (how), for the capture document.
import type { RunSpec, StackFrameSummary } from '../core/types.js';
import { noBreakFacts, stopLocation, type RunFacts } from '../capture/capture-document.js';
import { EMPTY_STOP } from '../capture/scope-choice.js';
import { FRAMES_KEPT } from '../session/debug-session.js';
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
    // A step with nothing in its frame (a module's first line) is one of many a walk compared: no advice to read another scope.
    warnings: read.warnings.filter((warning) => !warning.startsWith(EMPTY_STOP)),
  };
}

export function endFacts(spec: RunSpec, standing: Standing): RunFacts {
  if (standing.kind !== 'ended') return noBreakFacts(spec, { kind: 'exited', exit_code: null });
  const { end } = standing;
  return noBreakFacts(spec, end.reason, end.stop, null, end.frames, end.exitCode);
}

/**
 * The stack where a run stood at `before`, made from its stack `now`, where it stands one line on
 * (`after`, null when it ended there): the frame `before`'s line stood in is put back on top, as it
 * stood then, over the frames that held it: as many frames left as the stack's depth tells, or, where
 * the adapter does not tell it, the walk's own count of calls. Its callers' lines are where the walk
 * saw them stand then.
 */
export function stackBefore(before: Step, after: Step | null, now: StackFrameSummary[]): StackFrameSummary[] {
  const top: StackFrameSummary = { name: before.stop.top.name, file: before.stop.top.path, line: before.stop.top.line };
  if (after === null) return [top];
  const depthThen = before.stop.depth;
  const depthNow = after.stop.depth;
  // The frames on top of `now` that were not under `before`'s frame then: its own frame, where it is still there.
  const fresh =
    depthThen !== null && depthNow !== null ? depthNow - depthThen + 1 : after.arrival.frame - before.arrival.frame + 1;
  // A stop that entered a new call is not one of `before`'s callers: `before`'s frame returned, and its
  // caller called another (lldb's value returned is read at the walk's next stop of the user's code: a
  // comparator returned into std::sort, which then called a constructor). The frames under it are.
  const under = now.slice(Math.max(fresh, after.arrival.entered ? 1 : 0));
  // As many frames as a session's stack keeps, no fewer than it gave.
  const frames = [top, ...under].slice(0, Math.max(now.length, FRAMES_KEPT));
  // Its callers as they stood then (a caller may have gone on since: V8 leaves a call's line as it returns).
  let caller = before.arrival.path.caller;
  for (let index = 1; index < frames.length && caller !== null; index += 1, caller = caller.caller) {
    const frame = frames[index]!;
    if (frame.name !== caller.name) break;
    frames[index] = { ...frame, line: caller.line };
  }
  return frames;
}

/**
 * A run's stack where the walk reports it: where it stands `now`, or, for a line reported where it
 * stood (`then`: the run has gone on past it), the stack it stood on there.
 */
export async function standingStack(
  run: { stack(): Promise<StackFrameSummary[]> },
  now: Standing,
  then: Standing | null,
): Promise<StackFrameSummary[]> {
  const current = now.kind === 'step' ? await run.stack() : [];
  if (then === null || then.kind !== 'step') return current;
  return stackBefore(then.step, now.kind === 'step' ? now.step : null, current);
}
