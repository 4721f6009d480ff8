// The pairs of runs a locate walk starts: the first, each restart's, and the spare that the next
// restart takes (spare-starts.ts). Each run is made with the walk's view of it (walked: its
// definition's locate fields) and started where the walk starts (walk-start.ts).
import type { CaptureOptions, RunSpec } from '../core/types.js';
import { walked, type WalkedRun } from '../walk/lines.js';
import { returnedNames } from '../walk/returned-names.js';
import { LiveRun } from './live-run.js';
import { spareNiceness } from '../process/niceness.js';
import { SpareStarts, type PairStart } from './spare-starts.js';
import type { Runs } from './two-runs.js';
import { startWalk, type WalkFrom } from './walk-start.js';

export interface WalkPairs {
  /** A run as its walk sees it. */
  walkOf(run: LiveRun, index: number): WalkedRun;
  /** Both runs made and started where the walk starts. */
  start(stop?: AbortSignal | null): PairStart;
  /** The pair started ahead for the next restart. */
  spares: SpareStarts;
}

export function walkPairs(
  setUp: Runs,
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  from: WalkFrom | null,
): WalkPairs {
  const { definitions } = setUp;
  // Both runs made, not started; `stop`: a spare pair's own signal, which gives up its start. --from
  // FILE:LINE:N: the adapter counts the passes before N where it can (session/reach-pass.ts).
  const newRuns = (stop: AbortSignal | null = null): [LiveRun, LiveRun] =>
    [0, 1].map((index) => {
      const context = setUp.context(index);
      // A spare's start takes the CPU the walk's runs leave idle (process/niceness.ts); given up (the walk
      // ended first, or was interrupted), it says nothing more (live-run-start.ts).
      const own = stop === null ? {} : { signal: AbortSignal.any([context.signal, stop]), niceness: spareNiceness() };
      return new LiveRun(specs[index]!, options, { ...context, ...own, reachPass: from?.hit ?? 1 });
    }) as [LiveRun, LiveRun];
  const walkOf = (run: LiveRun, index: number): WalkedRun =>
    walked(
      run,
      options.locate.within,
      definitions[index]!.locate?.stack_depth !== false,
      definitions[index]!.locate?.uninitialized_locals === true,
      options.adapter.source_paths,
      returnedNames(definitions[index]!),
      definitions[index]!.locate?.unordered_types,
    );
  const start = (stop: AbortSignal | null = null): PairStart => {
    const runs = newRuns(stop);
    const walks = runs.map(walkOf) as [WalkedRun, WalkedRun];
    const starts = walks.map((walk, index) => startWalk(runs[index]!, walk, definitions[index]!, from));
    return { runs, walks, starts: Promise.all(starts) };
  };
  return { walkOf, start, spares: new SpareStarts(start) };
}
