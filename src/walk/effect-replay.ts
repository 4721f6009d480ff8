// How the walk by effects (effects.ts) goes back: both programs started again and brought back, by the
// moves both runs made from the walk's start, to where they stood (a program run again from its start
// does again what it did). The time it took is what the walk's loop probes weigh a restart at.
import { interrupted } from '../errors.js';
import { messages } from '../messages.js';
import { moveRun, type Move } from './effect-moves.js';
import type { StartedWalks } from './lines-streamed.js';
import type { Standing, Step, WalkedRun } from './line-walk-types.js';
import type { ProbeCosts } from './probe-schedule.js';
import type { OutputWatch } from './run-output.js';
import { tracePhase } from '../trace/trace.js';

/** The moves both runs made from the walk's start (null: that run stood still while the other ran a line only its version has). */
export type Moves = Array<[Move | null, Move | null]>;

/** Both programs started again, standing where the walk starts (the runs before are the caller's to close). */
export type Restart = () => Promise<StartedWalks>;

/** What a way back needs besides the moves: how to start both programs again, the walk's signal, and where its time is kept. */
export interface WayBack {
  restart: Restart;
  signal: AbortSignal;
  costs: ProbeCosts;
}

/** Both programs started again and brought back by the same moves to where they stood before the last one. */
export async function replay(
  done: Moves,
  old: [WalkedRun, WalkedRun],
  oldWatches: [OutputWatch, OutputWatch],
  where: [Step, Step],
  options: WayBack,
): Promise<{
  walks: [WalkedRun, WalkedRun];
  watches: [OutputWatch, OutputWatch];
  standings: [Standing, Standing];
}> {
  for (const watch of oldWatches) watch.stop();
  const began = performance.now();
  const again = await options.restart();
  const startMs = performance.now() - began;
  const fresh = again.walks;
  // What the walk learnt of each version's added definitions holds for the program run again.
  fresh[0].defined = old[0].defined;
  fresh[1].defined = old[1].defined;
  fresh[0].unset = old[0].unset;
  fresh[1].unset = old[1].unset;
  const standings = [...again.standings] as [Standing, Standing];
  for (const [moveA, moveB] of done) {
    if (options.signal.aborted) throw interrupted();
    const moved = await Promise.all(
      ([moveA, moveB] as const).map((move, index) => {
        const standing = standings[index]!;
        if (move === null || standing.kind !== 'step') return standing;
        return moveRun(fresh[index]!, move, standing.step);
      }),
    );
    standings[0] = moved[0]!;
    standings[1] = moved[1]!;
  }
  const back = standings.every(
    (standing, index) =>
      standing.kind === 'step' &&
      standing.step.file === where[index]!.file &&
      standing.step.stop.top.line === where[index]!.stop.top.line &&
      standing.step.arrival.pass === where[index]!.arrival.pass,
  );
  if (!back) throw messages.replayLost(`${where[0].file}:${where[0].stop.top.line}`);
  options.costs.restarted(performance.now() - began, startMs);
  tracePhase(null, 'walk restarted', {
    ms: Math.round(performance.now() - began),
    start_ms: Math.round(startMs),
    moves: done.length,
  });
  // What each program writes counts from here: what it wrote again on its way back was compared before.
  return {
    walks: fresh,
    watches: fresh.map((walk) => walk.run.watchOutput()) as [OutputWatch, OutputWatch],
    standings,
  };
}
