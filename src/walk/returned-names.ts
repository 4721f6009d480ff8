// The value a function returned, under the walk by effects' own name for it: each adapter names it its
// own way among a stop's locals (debugpy and bpdiff's adapters `(return) NAME` in the caller, rdbg
// `_return` in the function itself at its end), and its definition says how (locate.returned); the
// walk compares it as `(return) NAME` (RETURNED, lines.ts), NAME the function's.
import type { AdapterDefinition } from '../adapters/definition.js';
import type { CapturedValues } from '../values/types.js';

/** How a run's adapter names a value returned (its definition's locate.returned.pattern and step). */
export interface ReturnedNames {
  pattern: RegExp;
  step: 'caller' | 'return';
  /** Where the adapter shows a call an exception unwound as a return of `readsAs`: the check that names the exception (locate.returned.raised). */
  raised?: { readsAs: string; check: string };
  /** Which values the adapter's read leaves unread (locate.returned.partly). */
  partly?: string;
}

/**
 * Why a walk's runs show no value a function returned: the first definition's word for it
 * (locate.returned.unread), or that it names no way to read one; undefined where every one reads them.
 */
export function returnsUnread(
  definitions: ReadonlyArray<Pick<AdapterDefinition, 'locate' | 'name'>>,
): string | undefined {
  return definitions
    .map(
      (definition) =>
        definition.locate?.returned?.unread ??
        (definition.locate?.returned?.pattern === undefined
          ? `the adapter definition of ${definition.name} names no way to read it (locate.returned.pattern)`
          : undefined),
    )
    .find((reason) => reason);
}

/** Which values returned a walk's runs leave unread where their adapter reads some: the first definition's locate.returned.partly. */
export function returnsPartly(definitions: ReadonlyArray<Pick<AdapterDefinition, 'locate'>>): string | undefined {
  return definitions.map((definition) => definition.locate?.returned?.partly).find((partly) => partly);
}

/** The adapter's way of naming a value returned, or null where it shows none (or its definition does not say). */
export function returnedNames(definition: Pick<AdapterDefinition, 'locate'>): ReturnedNames | null {
  const returned = definition.locate?.returned;
  if (returned?.pattern === undefined) return null;
  return {
    pattern: new RegExp(returned.pattern),
    step: returned.step ?? 'caller',
    ...(returned.raised === undefined
      ? {}
      : { raised: { readsAs: returned.raised.reads_as, check: returned.raised.check } }),
    ...(returned.partly === undefined ? {} : { partly: returned.partly }),
  };
}

/**
 * Renames the value a step's function returned (and what lies under it) to `(return) NAME`; `frame`:
 * the stop's function (a frame's name as the adapter gives it: `Object#scale`, `main.scale`), which is
 * the returning function's at a stop of step `return`.
 */
export function renameReturned(values: CapturedValues, names: ReturnedNames, frame: string): void {
  const { variables, types } = values;
  for (const name of Object.keys(variables)) {
    const match = names.pattern.exec(name);
    if (match === null) continue;
    const fn = match[1] ?? (names.step === 'return' ? bareName(frame) : null);
    const to = fn === null ? null : `(return) ${fn}`;
    if (to === null || to === name) continue;
    for (const path of Object.keys(variables)) {
      if (path !== name && !path.startsWith(`${name}.`) && !path.startsWith(`${name}[`)) continue;
      const renamed = to + path.slice(name.length);
      variables[renamed] = variables[path]!;
      delete variables[path];
      if (types[path] !== undefined) {
        types[renamed] = types[path];
        delete types[path];
      }
    }
  }
}

/** A function's own name, without the class or package a frame's name puts before it (`Object#scale`, `main.scale`, `Ret.scale`). */
function bareName(frame: string): string {
  return /^[^\s]*[#.]([^#.\s]+)$/.exec(frame)?.[1] ?? frame;
}
