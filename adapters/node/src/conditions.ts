// Breakpoint conditions. V8 treats a condition that throws (or does not parse) as false and says
// nothing, so a broken condition looks exactly like one that is never true. The adapter therefore
// gives V8 a wrapped condition: the user's expression is evaluated by a direct eval of a string
// literal (so even a syntax error happens at run time, inside the try, with the frame's locals in
// scope); an error is recorded in a per-process global and the wrapper answers true, so the program
// stops and the adapter can report the error.
//
// Hit conditions (`N`, `== N`, `>= N`, `> N`, `<= N`, `< N`, `% N`) are counted inside the same V8
// condition: a per-realm counter per breakpoint id (ids are never reused, so a breakpoint set again
// starts from zero) goes up only when the user's condition holds, and the wrapper answers whether the
// count satisfies the hit condition. A condition that throws still stops, and is not counted.
//
// V8 evaluates a condition at every hit, in a scope built from the paused frame, where each free name
// (`globalThis`, `Symbol`) is a slow lookup through those scopes: the counter reached through
// `globalThis[Symbol.for(...)]` (four lookups) made a hit about three times dearer than a condition of
// `false` (bpdiff's `--hit 9001`, issue 36). So the counting function is reached from a literal, with
// no lookup at all: a non-enumerable, read-only property of the realm's Array constructor, which the
// first hit in a realm defines (through `({}).constructor`, Object, which no local can shadow). Where
// Array cannot take it (frozen intrinsics), each hit counts on the global object, as before.

const ERROR_KEY = 'bpdiff.conditionError';
const HITS_KEY_PREFIX = 'bpdiff.hits.';
const COUNTER_KEY = JSON.stringify('bpdiff.countHit');
/** The realm's counting function, defined by the first hit that finds none. */
const COUNTER =
  `([].constructor[${COUNTER_KEY}] || (() => { ` +
  `const counts = ({}).constructor.create(null); ` +
  `const count = (id) => (counts[id] = (counts[id] || 0) + 1); ` +
  `try { ({}).constructor.defineProperty([].constructor, ${COUNTER_KEY}, { value: count }); return count; } ` +
  `catch { return (id) => { const key = Symbol.for(${JSON.stringify(HITS_KEY_PREFIX)} + id); return (globalThis[key] = (globalThis[key] || 0) + 1); }; } ` +
  `})())`;

export type HitOperator = '==' | '>=' | '>' | '<=' | '<' | '%';

export interface HitCondition {
  operator: HitOperator;
  count: number;
}

/** The accepted forms, as said to the client when a hit condition does not parse. */
export const HIT_CONDITION_FORMS =
  'N (the Nth hit), == N, >= N, > N, <= N, < N or % N (every Nth hit), N a whole number of at least 1';

/** A hit condition, or null when it is none of the accepted forms. `N` alone means `== N`. */
export function parseHitCondition(text: string): HitCondition | null {
  const match = /^\s*(==|>=|<=|>|<|%)?\s*(\d+)\s*$/.exec(text);
  if (!match) return null;
  const count = Number(match[2]);
  if (!Number.isSafeInteger(count) || count < 1) return null;
  return { operator: (match[1] as HitOperator | undefined) ?? '==', count };
}

/** `then`: an expression answered instead of the condition's value when the condition holds. */
export function wrapCondition(expression: string, then?: string): string {
  const key = JSON.stringify(ERROR_KEY);
  const body =
    then === undefined
      ? `eval(${JSON.stringify(expression)})`
      : `eval(${JSON.stringify(expression)}) ? (${then}) : false`;
  return (
    `try { ${body} } catch (bpdiffConditionError) { ` +
    `globalThis[Symbol.for(${key})] = bpdiffConditionError !== null && typeof bpdiffConditionError === 'object' && typeof bpdiffConditionError.message === 'string' ` +
    `? String(bpdiffConditionError.name) + ': ' + bpdiffConditionError.message : 'Uncaught ' + String(bpdiffConditionError); true }`
  );
}

/** Counts one more hit of the breakpoint and answers whether the count satisfies the hit condition. */
function countHit(breakpointId: number, hit: HitCondition): string {
  const count = `${COUNTER}(${breakpointId})`;
  return hit.operator === '%'
    ? `${count} % ${hit.count} === 0`
    : `${count} ${hit.operator === '==' ? '===' : hit.operator} ${hit.count}`;
}

/** What V8 gets for a breakpoint with a condition and/or a hit condition; undefined for neither. */
export function v8Condition(
  breakpointId: number,
  condition: string | undefined,
  hit: HitCondition | undefined,
): string | undefined {
  if (hit === undefined) return condition !== undefined ? wrapCondition(condition) : undefined;
  return condition !== undefined ? wrapCondition(condition, countHit(breakpointId, hit)) : countHit(breakpointId, hit);
}

/** Evaluated at a breakpoint stop: the recorded condition error (then forgotten), or undefined. */
export const READ_CONDITION_ERROR = `(() => { const key = Symbol.for(${JSON.stringify(ERROR_KEY)}); const error = globalThis[key]; delete globalThis[key]; return error; })()`;
