// `--hit N` where the adapter counts the passes before N (src/session/reach-pass.ts): the walk by
// stops (hits.ts nthHit) counts on from the pass the run's first stop is. A run that ended before
// its first stop passed the line fewer than N times, but how many times the adapter does not say:
// it is run again and counted by stops, so its no_break says how many passes it made, as before.
import { nthHit, type Walker } from './hits.js';

/** Ends that come after the program ran some passes: how many is known only by counting them. */
const RECOUNTED = new Set(['exited', 'exception', 'signal']);

/** The Nth pass, the passes before it counted by the adapter where it did. */
export function reachNthHit(wanted: number): Walker {
  return async (first, steps) => {
    const skipped = steps.reach?.skipped() ?? 0;
    if (skipped === 0 || steps.reach === undefined) return nthHit(wanted)(first, steps);
    if (first.kind === 'stopped') return nthHit(wanted, skipped + 1)(first, steps);
    if (!RECOUNTED.has(first.reason.kind)) return nthHit(wanted)(first, steps);
    const again = await steps.reach.recount();
    return nthHit(wanted)(again.first, { ...steps, run: again.run });
  };
}
