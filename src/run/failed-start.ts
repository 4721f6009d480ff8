// A locate walk whose run could not be started: the document that says why (exit 2), and the reason
// a restart of the walk gives when a run does not start again.
import type { RunCapture, StackFrameSummary } from '../core/types.js';
import { noBreakFacts } from '../capture/capture-document.js';
import { noBreak } from '../session/stop-outcome.js';
import type { Standing, WalkEnd } from '../walk/lines.js';
import type { LiveRun } from './live-run.js';
import { endFacts } from './walk-end-facts.js';
import type { WalkStartOutcome } from './walk-start.js';

/** Why a run of a restart could not be started (null: both started). */
export function startFailure(starts: WalkStartOutcome[]): string | null {
  const failed = starts.find((start) => start.kind === 'failed');
  if (failed?.kind !== 'failed') return null;
  const reason = failed.facts.no_break_reason;
  return reason?.kind === 'error' ? reason.message : (reason?.kind ?? 'unknown');
}

/** A run that could not be started: the document says why (exit 2), beside what the other run did. */
export async function failedStart(
  runs: [LiveRun, LiveRun],
  starts: WalkStartOutcome[],
): Promise<{
  end: WalkEnd;
  captures: [RunCapture, RunCapture];
  point: null;
  stacks: [StackFrameSummary[], StackFrameSummary[]];
}> {
  const facts = runs.map((run, index) => {
    const start = starts[index]!;
    if (start.kind === 'failed') return start.facts;
    return start.standing.kind === 'ended'
      ? endFacts(run.spec, start.standing)
      : noBreakFacts(run.spec, {
          kind: 'error',
          message: 'the other run could not be debugged, so this one was not walked',
        });
  });
  const captures = (await Promise.all(runs.map((run, index) => run.capture(facts[index]!)))) as [
    RunCapture,
    RunCapture,
  ];
  const ended = (index: number): Standing => ({
    kind: 'ended',
    end: noBreak(facts[index]!.no_break_reason ?? { kind: 'exited', exit_code: null }, null, null, NO_BREAKPOINT),
  });
  return {
    end: {
      kind: 'ended',
      steps: 0,
      a: ended(0),
      b: ended(1),
      valuesA: null,
      valuesB: null,
      before: null,
      added: { a: NONE_ADDED, b: NONE_ADDED },
      unsetAside: { count: 0, first: [] },
      unsetAtLast: [],
    },
    captures,
    point: null,
    stacks: [[], []],
  };
}

const NO_BREAKPOINT = { id: undefined, verified: false, line: undefined, message: undefined };
const NONE_ADDED = { count: 0, first: [] };
