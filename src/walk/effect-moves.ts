// How the walk by effects (effects.ts) moves a run on, and what it reads of a move: over a line (DAP
// next: its calls run at full speed), into it (its first call of the user's code), out of a call, or
// on to a later pass through the line it stands on (a loop's head: a breakpoint there, counted by the
// adapter where it can); and the value a step's function returned, where the adapter shows it.
import type { StepKind, StepOutcome } from '../session/stop-outcome.js';
import { RAISED, RETURNED, stepOf } from './dap-source.js';
import type { Standing, Step, StepValues, WalkedRun, WalkEnd } from './line-walk-types.js';

/**
 * How a run moves on: over a line, into its first call of the user's code, out of the call it stands in
 * (back to its caller's line: eager.ts), or `passes` passes on through the line it stands on.
 */
export type Move = 'over' | 'in' | 'out' | { passes: number };

/** A run's standing with its frame's values there (none for a run that ended). */
export interface Arrived {
  standing: Standing;
  values: StepValues | null;
}

/**
 * One move of a run, then on until it stands on a line of the user's code: out of code that is not
 * the user's (the standard library runs at full speed), through the user's code outside --within.
 * Stepping into a line whose calls are all the library's comes back to the same line (a revisit): it
 * goes on to the next line, as a step over would.
 */
export async function moveRun(walked: WalkedRun, move: Move, from: Step): Promise<Standing> {
  if (typeof move === 'object') return passOn(walked, from, move.passes);
  let kind: StepKind = move === 'over' ? 'next' : move === 'out' ? 'stepOut' : 'stepIn';
  // A step into a line, or out of library code, stops where the library calls back into the user's
  // code (a closure that Iterator::map calls); a step over a line, or out of a call, runs it at full speed.
  let callbacks = move === 'in';
  for (;;) {
    const outcome: StepOutcome = await walked.run.step(
      kind,
      kind !== 'stepOut',
      callbacks ? walked.code.folders() : null,
    );
    if (outcome.kind === 'no_break') return { kind: 'ended', end: outcome };
    const code = walked.code.classify(outcome.top.path);
    if (code === 'counted') {
      const step = stepOf(walked, outcome);
      if (step.arrival.revisit && move === 'in' && step.arrival.frame === from.arrival.frame) {
        kind = 'stepIn';
        continue;
      }
      return { kind: 'step', step };
    }
    walked.arrivals.away();
    kind = code === 'library' && (outcome.depth === null || outcome.depth > 1) ? 'stepOut' : 'stepIn';
    callbacks = true;
  }
}

/** On to the `passes`th pass through the line the run stands on, counted from here: the passes between went by unseen. */
async function passOn(walked: WalkedRun, from: Step, passes: number): Promise<Standing> {
  const outcome = await walked.run.runToPass(from.stop.top.path ?? from.file, from.stop.top.line, passes);
  if (outcome.kind === 'no_break') return { kind: 'ended', end: outcome };
  const step = stepOf(walked, outcome);
  if (passes > 1) {
    const passed = walked.arrivals.passed(step.file, outcome.top.line, passes - 1);
    step.arrival = { ...step.arrival, pass: passed.pass, path: passed.path ?? step.arrival.path };
  }
  return { kind: 'step', step };
}

/**
 * The first returned value that differs between the runs' stops after a step, or null. A function an
 * exception unwound in either run (`(raised) NAME`) comes first: the exception's text in its place.
 */
export function returnsApart(a: Arrived, b: Arrived): NonNullable<WalkEnd['returned']> | null {
  const [valuesA, valuesB] = [a.values?.values.variables ?? {}, b.values?.values.variables ?? {}];
  const unwound = [...new Set([...Object.keys(valuesA), ...Object.keys(valuesB)])]
    .map((name) => RAISED.exec(name)?.[1])
    .filter((fn): fn is string => fn !== undefined && !/[.[]/.test(fn));
  for (const fn of unwound) {
    const [raisedA, raisedB] = [valuesA[`(raised) ${fn}`], valuesB[`(raised) ${fn}`]];
    if (raisedA === raisedB) continue;
    return {
      name: fn,
      a: raisedA ?? valuesA[`(return) ${fn}`] ?? null,
      b: raisedB ?? valuesB[`(return) ${fn}`] ?? null,
      raised: { a: raisedA !== undefined, b: raisedB !== undefined },
    };
  }
  const returned = [...new Set([...Object.keys(valuesA), ...Object.keys(valuesB)])].filter((name) =>
    RETURNED.test(name),
  );
  // The value's own text first, then its parts, shallowest first (`(return) make` `{ ... }` alike in
  // both runs, its `.y` not).
  const apart = returned.filter((name) => valuesA[name] !== valuesB[name]).sort((x, y) => x.length - y.length)[0];
  if (apart === undefined) return null;
  const root = returned
    .filter((name) => apart === name || apart.startsWith(`${name}.`) || apart.startsWith(`${name}[`))
    .sort((x, y) => x.length - y.length)[0]!;
  const part = apart.slice(root.length);
  return {
    name: RETURNED.exec(root)![1]!,
    ...(part === '' ? {} : { part }),
    a: valuesA[apart] ?? null,
    b: valuesB[apart] ?? null,
  };
}

/**
 * A returned value that differs, told as raised in a run whose adapter shows a call an exception
 * unwound as a return (debugpy's None, rdbg's nil: its definition's locate.returned.raised): the check,
 * evaluated where the run stands (`{function}` the function's name, quoted; `{line}` the line it
 * stands on), names the exception, or shows none and the value stays a return.
 */
export async function raisedInstead(
  walks: readonly [WalkedRun, WalkedRun],
  arrived: readonly [Arrived, Arrived],
  returned: NonNullable<WalkEnd['returned']>,
): Promise<NonNullable<WalkEnd['returned']>> {
  if (returned.raised !== undefined || returned.part !== undefined) return returned;
  const found = await Promise.all(
    (['a', 'b'] as const).map(async (side, index) => {
      const { run, returned: names } = walks[index]!;
      const raised = names?.raised;
      const standing = arrived[index]!.standing;
      if (raised === undefined || returned[side] !== raised.readsAs || run.evaluate === undefined) return null;
      if (standing.kind !== 'step') return null;
      const check = raised.check
        .replaceAll('{function}', JSON.stringify(returned.name))
        .replaceAll('{line}', String(standing.step.stop.top.line));
      const value = await run.evaluate(check);
      return value === null || value === raised.readsAs ? null : value;
    }),
  );
  if (found[0] === null && found[1] === null) return returned;
  return {
    ...returned,
    a: found[0] ?? returned.a,
    b: found[1] ?? returned.b,
    raised: { a: found[0] !== null, b: found[1] !== null },
  };
}
