// How the walks (lines.ts, effects.ts) bring two runs through a loop whose order is each run's own (a
// Go map, Rust's HashMap: unordered-loops.ts) without comparing its passes: where both runs part ways
// inside such a loop, each goes on alone until it leaves it, and the walk compares them there, as it
// would have compared them after a line. What its passes left is compared (a sum); a list built in
// their order, and Python's loop variable still bound to each run's last element, are set aside until
// alike (order-taint.ts). Go's and Rust's loop variables are out of scope by then.
import type { Standing, Step, WalkedRun } from './line-walk-types.js';
import { stillIn, type LoopInRun, type StandingPlace, type UnorderedLoop } from './unordered-loops.js';

/** Where a run stands, as loops are found and left by (null: it ended). */
export function placeOf(standing: Standing): StandingPlace | null {
  if (standing.kind !== 'step') return null;
  const { file, stop, arrival } = standing.step;
  return { file, line: stop.top.line, frame: arrival.frame, name: stop.top.name, call: arrival.call };
}

/**
 * The loop whose order is the run's own around where each run stands (or stood: a run's places, each
 * with its frame's types, the first that lies in one wins), found in each run's own file; null unless
 * both runs stand in one.
 */
export function loopsOfBoth(
  walks: [WalkedRun, WalkedRun],
  places: [PlaceWithTypes[], PlaceWithTypes[]],
): [LoopInRun, LoopInRun] | null {
  const found = walks.map((walked, index) => {
    for (const { place, types } of places[index]!) {
      const loop = place === null ? null : (walked.loops?.around(place, types) ?? null);
      if (loop !== null) return loop;
    }
    return null;
  });
  return found[0] && found[1] ? [found[0], found[1]] : null;
}

/** Where a run stands (null: it ended), with the types its frame gives its names there. */
export interface PlaceWithTypes {
  place: StandingPlace | null;
  types: Readonly<Record<string, string>>;
}

/**
 * The container of the run's own order that the line a run just ran reads (`from`: where it stood
 * before, in the same call as `to`, with its frame's types there); null: another call, or none read.
 */
export function readByLine(
  walked: WalkedRun,
  from: Step,
  to: Step,
  types: Readonly<Record<string, string>>,
): UnorderedLoop | null {
  const same =
    from.arrival.frame === to.arrival.frame &&
    from.arrival.call === to.arrival.call &&
    from.stop.top.name === to.stop.top.name;
  return same ? (walked.loops?.readAt(placeOf({ kind: 'step', step: from })!, types) ?? null) : null;
}

/** A run moved on (`move`) until it leaves the loop, at most `budget` moves: where it stands then, and the moves it took. */
export async function leaveLoop(
  standing: Standing,
  where: LoopInRun,
  move: (standing: Standing) => Promise<Standing>,
  budget: number,
): Promise<{ standing: Standing; moves: number }> {
  let moves = 0;
  for (; moves < budget && stillIn(placeOf(standing), where); moves++) standing = await move(standing);
  return { standing, moves };
}
