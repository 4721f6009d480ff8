// Reaching the Nth pass through the breakpoint's line (`--hit N`, locate's --from FILE:LINE:N) at the
// program's speed: where the adapter's definition says its own count of hits is a count of passes
// (hit_count), the breakpoint is set with a DAP hitCondition, or with a condition that counts the
// passes in the debuggee (hit_count.condition: rdbg, gdb), the adapter lets the passes before the
// Nth go by without a stop, and the run's first stop is pass N. Where the adapter's count would differ
// from a pass count (a line bound to several code locations, hits where the condition is false, a
// condition bpdiff checks itself at the first stop), every pass is a stop, as before. A run whose
// adapter counted and that ended before its first stop is counted again by stops, for how many passes
// it made (src/walk/reach-hit.ts).
import type { AdapterDefinition } from '../adapters/definition.js';
import type { DapConnection } from '../dap/connection.js';
import { countingCondition } from './conditions.js';
import { updateBreakpoint, type BreakpointState, type SessionBreakpoint } from './stop-outcome.js';

/** How a run reaches pass N: the hitCondition (or the counting condition) its breakpoint is set with, and the passes it lets go before its first stop. */
export interface PassSkip {
  set: Pick<SessionBreakpoint, 'hitCondition' | 'countingCondition'>;
  /** The adapter's first stop is pass `skipped + 1`. */
  skipped: number;
}

/**
 * The skip to the breakpoint's `reachPass`, or null when every pass is to be a stop. `probing`: the
 * condition is set only after bpdiff checked it at the first stop (conditions.ts probesAtFirstStop).
 * `locations`: how many code locations the adapter bound the breakpoint to, where it said (null: not known).
 */
export function planPassSkip(
  definition: Pick<AdapterDefinition, 'hit_count' | 'condition'>,
  breakpoint: SessionBreakpoint,
  probing: boolean,
  locations: number | null,
): PassSkip | null {
  const count = definition.hit_count;
  const wanted = breakpoint.reachPass ?? 1;
  if (wanted <= 1 || count === undefined || (count.hit_condition === undefined && count.condition === undefined))
    return null;
  // With a condition: only an adapter that counts the hits where it holds, and that is given the condition at once.
  if (breakpoint.condition !== undefined && (count.with_condition !== 'holds' || probing)) return null;
  // An adapter that counts each location's stop: its count is one of passes only for a line with one location.
  if (count.counts === 'stops' && locations !== 1) return null;
  const set =
    count.condition !== undefined
      ? { countingCondition: countingCondition(definition, count.condition, breakpoint.condition, wanted) }
      : { hitCondition: count.hit_condition!.replaceAll('${count}', String(wanted)) };
  return { set, skipped: wanted - 1 };
}

/** The number of code locations the adapter bound breakpoint `id` to, as it answers the definition's hit_count.locations, or null. */
async function boundLocations(
  definition: Pick<AdapterDefinition, 'hit_count'>,
  id: number | undefined,
  evaluate: (expression: string) => Promise<string | null>,
): Promise<number | null> {
  const asked = definition.hit_count?.locations;
  if (asked === undefined || id === undefined) return null;
  const answer = await evaluate(asked.evaluate.replaceAll('${id}', String(id)));
  const found = answer === null ? null : new RegExp(asked.pattern).exec(answer);
  return found?.[1] === undefined ? null : Number(found[1]);
}

/**
 * Sets the breakpoint (`send`, which records the adapter's answer in `state`) so that the run's first
 * stop is its `reachPass`, where the adapter can count to it: at once for an adapter that counts
 * passes, or set again once it says (`evaluate`, in its repl) that it bound the line to one location. Answers the passes skipped, and the breakpoint as it was set last (to set it so again).
 */
export async function setToReach(
  definition: Pick<AdapterDefinition, 'hit_count' | 'condition'>,
  breakpoint: SessionBreakpoint,
  probing: boolean,
  state: BreakpointState,
  send: (asked: SessionBreakpoint) => Promise<void>,
  evaluate: (expression: string) => Promise<string | null>,
): Promise<{ skipped: number; asked: SessionBreakpoint }> {
  const known = planPassSkip(definition, breakpoint, probing, null);
  const first = known === null ? breakpoint : { ...breakpoint, ...known.set };
  await send(first);
  if (known !== null) return { skipped: known.skipped, asked: first };
  const counted =
    state.verified && planPassSkip(definition, breakpoint, probing, 1) !== null
      ? planPassSkip(definition, breakpoint, probing, await boundLocations(definition, state.id, evaluate))
      : null;
  if (counted === null) return { skipped: 0, asked: first };
  const again = { ...breakpoint, ...counted.set };
  await send(again);
  return { skipped: state.verified ? counted.skipped : 0, asked: again };
}

/**
 * What the adapter answers an expression in its repl (hit_count.locations, hit_count.cpu_count), or
 * null when it does not (every pass is then a stop). `frameId`: the frame it is evaluated in, where the
 * adapter needs one (cdt-gdb-adapter).
 */
export async function replAnswer(
  connection: DapConnection,
  expression: string,
  timeoutMs: number,
  asked: { step?: string; frameId?: number } = {},
): Promise<string | null> {
  const { step = 'asking how many code locations the breakpoint has', frameId } = asked;
  const answer = await connection
    .request(
      'evaluate',
      { expression, context: 'repl', ...(frameId !== undefined ? { frameId } : {}) },
      { step, timeoutMs },
    )
    .catch(() => null);
  return answer?.result ?? null;
}

/**
 * A breakpoint of its own at path:line (the walk by effects' probe of a loop) that stops first at the
 * `count`th pass from now where the adapter counts passes by a hitCondition, or by a count kept in the
 * debuggee that starts again with each breakpoint (hit_count.condition_restarts: rdbg, gdb), else at
 * every pass. Answers what the adapter said of it and the passes it lets go
 * before its first stop.
 */
export async function setPassBreakpoint(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'hit_count' | 'condition'>,
  path: string,
  line: number,
  count: number,
  timeoutMs: number,
): Promise<{ state: BreakpointState; skipped: number }> {
  const state: BreakpointState = { id: undefined, verified: false, line: undefined, message: undefined };
  const counts = definition.hit_count;
  const restarts = counts?.condition_restarts !== undefined;
  const { skipped } = await setToReach(
    { hit_count: counts && (restarts ? counts : { ...counts, condition: undefined }), condition: definition.condition },
    { path, line, reachPass: count },
    false,
    state,
    async (asked) => {
      const answer = await connection.request(
        'setBreakpoints',
        {
          source: { path },
          breakpoints: [
            {
              line,
              ...(asked.countingCondition !== undefined ? { condition: asked.countingCondition } : {}),
              ...(asked.hitCondition !== undefined ? { hitCondition: asked.hitCondition } : {}),
            },
          ],
          lines: [line],
          sourceModified: false,
        },
        { step: 'setting a breakpoint to run on to a pass', timeoutMs },
      );
      updateBreakpoint(state, answer?.breakpoints?.[0]);
    },
    (expression) => replAnswer(connection, expression, timeoutMs),
  );
  return { state, skipped };
}
