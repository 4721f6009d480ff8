// A run of `bpdiff locate` started and stopped where its walk starts: where the program's own code
// starts, or the Nth pass through --from's line (counted by the adapter where it can, else by stops);
// or, for a run that ended first, how many passes it made; or why it could not be started.
import type { AdapterDefinition } from '../adapters/definition.js';
import type { RunSpec } from '../core/types.js';
import { describeNoBreak } from '../core/hints.js';
import type { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';
import { CpuCountOvershoot } from '../session/cpu-count.js';
import type { RunFacts } from '../capture/capture-document.js';
import { PassCounter } from '../session/passes.js';
import { startOf, type Standing, type WalkedRun } from '../walk/lines.js';
import type { LiveRun } from './live-run.js';
import { failureFacts } from './run-failure.js';

/** Where the walk starts: --from's line (in each run's copy) and which time it is reached. */
export interface WalkFrom {
  hit: number;
}

/** `reached`: the passes through --from's line a run that ended before the walk began made. */
export type StartedWalk = { kind: 'started'; standing: Standing; reached?: number | null };
export type WalkStartOutcome = StartedWalk | { kind: 'failed'; facts: RunFacts };

/** A run started and stopped where its walk starts (its breakpoints then cleared), or why it could not be (`walk`: the run as its walk sees it). */
export async function startWalk(
  run: LiveRun,
  walk: WalkedRun,
  definition: AdapterDefinition,
  from: WalkFrom | null,
): Promise<WalkStartOutcome> {
  try {
    const entry =
      from === null
        ? {
            ...(definition.locate?.entry?.stop_on_entry ? { stopOnEntry: true } : {}),
            functions: definition.locate?.entry?.functions ?? [],
            noSourceBreakpoint: true,
          }
        : {};
    let first = await run.start({ launch: definition.locate?.launch ?? {}, entry });
    // --from FILE:LINE:N is the Nth pass through the line, as --hit N counts (a stop that continues a pass is let go).
    const passes = new PassCounter(definition.stops_once_per_pass === true);
    if (first.kind === 'stopped') passes.observe(first.place);
    // The adapter may have counted the passes before --from's (session/reach-pass.ts): its first stop is pass passesSkipped + 1.
    let hit = first.kind === 'stopped' ? 1 + run.passesSkipped : 0;
    for (; from !== null && hit < from.hit && first.kind === 'stopped'; ) {
      first = await run.next();
      if (first.kind === 'stopped' && passes.observe(first.place)) hit++;
    }
    // Ended before its first stop while the adapter counted: it passed the line fewer than N times, how many is not known.
    if (first.kind === 'no_break')
      return {
        kind: 'started',
        standing: { kind: 'ended', end: first },
        reached: hit === 0 && run.passesSkipped > 0 ? null : hit,
      };
    const functions = run.entryFunctions(definition.locate?.entry?.functions ?? []);
    const onBreakpoint = from !== null || functions.length > 0;
    const standing = await startOf(walk, onBreakpoint, from === null ? functions : []);
    if (standing.kind === 'step') await run.clearBreakpoints();
    return { kind: 'started', standing };
  } catch (error) {
    // The CPU's count met threads the program made: the walk starts again (locate-runs.ts), not a run that failed.
    if (error instanceof CpuCountOvershoot) throw error;
    return { kind: 'failed', facts: failureFacts(error, run.spec, run.options, run.log) };
  }
}

/**
 * Why the walk cannot start at --from's pass: a line the debugger found no code on, in either run, as
 * a comparison says it (core/hints.ts); else how many times each run reached it (`reached`).
 */
export function fromNotReached(
  from: string,
  hit: number,
  starts: readonly WalkStartOutcome[],
  specs: readonly Pick<RunSpec, 'label' | 'breakpoint'>[],
  reached: readonly [number | null, number | null],
): BpdiffError {
  const noCode = starts.flatMap((start, index) =>
    start.kind === 'started' && start.standing.kind === 'ended' && start.standing.end.reason.kind === 'unbound'
      ? [describeNoBreak(specs[index]!.label, start.standing.end.reason, specs[index]!.breakpoint, null)]
      : [],
  );
  return noCode.length > 0 ? messages.fromNoCode(from, noCode.join(' ')) : messages.fromNotReached(from, hit, reached);
}
