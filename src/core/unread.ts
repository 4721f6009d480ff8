// A container whose children one run did not read at all (RunCapture.unread: reading them timed out
// or failed, or reading had stopped at --timeout or --max-variables) says nothing about what lies under
// it in that run. The other run's values under it are then not "only in" the other run: they are set
// aside before the diff (rule 5 holds: a name set aside is in neither run's variables) and said, as a
// `not_compared` finding, so that a slow read in one run is not reported as thousands of differences.
// So too under a container the other run cut at --max-children: it read only some of its children,
// and which ones may differ from run to run (a Go map's first 100 entries follow its random order:
// two runs of one program gave 100 values 'only in A' and 100 'only in B', exit 1).
//
// A value the debugger could not read at all is set aside the same way: lldb shows a value it has no
// formatter for (libstdc++'s std::u16string before bpdiff's) as its type and its address, with no
// children; once the address is masked every such value would compare equal. A name that reads so in
// both runs is left out of the diff and said (`opaque`), never counted as unchanged.
// Pure: captures in, captures out.
import type { RunCapture, RunSide } from './types.js';
import { selfAndAncestors } from './child-path.js';
import { setOwn } from './own-record.js';
import { MARKER_OPEN, unmaskValue } from './markers.js';

/** What ends a value's text cut at --max-value-length (src/capture/read-frame.ts). */
const CUT_MARK = '…';

/** Values of run `side` set aside because the other run did not read the children of `parents`. */
export interface SetAside {
  side: RunSide;
  parents: string[];
  names: string[];
  /** Why: the other run read none of the parents' children (`unread`), or only some (`cut` at --max-children). */
  reason: 'unread' | 'cut';
}

/** A value only its type and address were read of, in both runs (`std::u16string @ 0x…`). */
export interface OpaqueValue {
  name: string;
  text: string;
}

/** lldb's text of an aggregate: a type, ` @ ` and an address (masked or not), and nothing else. */
const TYPE_AND_ADDRESS = /^\S.* @ 0x(?:…|[0-9a-fA-F]+)$/;

export function setAsideUnread(
  captureA: RunCapture,
  captureB: RunCapture,
): { captures: [RunCapture, RunCapture]; setAside: SetAside[]; opaque: OpaqueValue[] } {
  if (captureA.run.status !== 'break' || captureB.run.status !== 'break')
    return { captures: [captureA, captureB], setAside: [], opaque: [] };
  const readA = { variables: captureA.run.variables, unread: captureA.unread, truncated: captureA.truncated };
  const readB = { variables: captureB.run.variables, unread: captureB.unread, truncated: captureB.truncated };
  const { setAside, opaque } = setAsideValues(readA, readB);
  const opaqueNames = opaque.map((value) => value.name);
  const setAsideA = new Set([...setAsideNames(setAside, 'a'), ...opaqueNames]);
  const setAsideB = new Set([...setAsideNames(setAside, 'b'), ...opaqueNames]);
  const prepared = (
    capture: RunCapture,
    names: ReadonlySet<string>,
    own: ReadValues,
    other: ReadValues,
  ): RunCapture => {
    const variables = unmaskedWhereUnread(own, other);
    const shown = variables === capture.run.variables ? capture : { ...capture, run: { ...capture.run, variables } };
    return names.size > 0 ? without(shown, names) : shown;
  };
  return {
    captures: [prepared(captureA, setAsideA, readA, readB), prepared(captureB, setAsideB, readB, readA)],
    setAside,
    opaque,
  };
}

/** `own`'s variables, each container the other run did not read the children of read back from its markers. */
function unmaskedWhereUnread(own: ReadValues, other: ReadValues): Readonly<Record<string, string>> {
  const unread = (other.unread ?? []).filter(
    (name) => Object.hasOwn(own.variables, name) && own.variables[name]!.includes(MARKER_OPEN),
  );
  if (unread.length === 0) return own.variables;
  const variables = { ...own.variables };
  for (const name of unread) setOwn(variables, name, unmaskValue(name, own.variables));
  return variables;
}

/**
 * What the comparison leaves out of two runs' values: under containers one run did not read, and
 * values neither run could read (a value cut at the capture limits is said as such, not as unreadable).
 */
export function setAsideValues(a: ReadValues, b: ReadValues): { setAside: SetAside[]; opaque: OpaqueValue[] } {
  const cut = new Set([...(a.unread ?? []), ...(a.truncated ?? []), ...(b.unread ?? []), ...(b.truncated ?? [])]);
  return {
    setAside: unreadCounterparts(a, b),
    opaque: opaqueInBoth(a.variables, b.variables).filter((value) => !cut.has(value.name)),
  };
}

/** Each run's values as compared: without what setAsideValues leaves out, and as setAsideUnread shows them. */
export function comparedValues(a: ReadValues, b: ReadValues): { a: Record<string, string>; b: Record<string, string> } {
  const { setAside, opaque } = setAsideValues(a, b);
  const names = opaque.map((value) => value.name);
  return {
    a: withoutNames(unmaskedWhereUnread(a, b), new Set([...setAsideNames(setAside, 'a'), ...names])),
    b: withoutNames(unmaskedWhereUnread(b, a), new Set([...setAsideNames(setAside, 'b'), ...names])),
  };
}

/** The names whose value is a type and an address with no child captured under it, in both runs. */
export function opaqueInBoth(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): OpaqueValue[] {
  const opaqueIn = (variables: Readonly<Record<string, string>>): Set<string> => {
    const candidates = new Set(Object.keys(variables).filter((name) => TYPE_AND_ADDRESS.test(variables[name]!)));
    if (candidates.size === 0) return candidates;
    for (const name of Object.keys(variables))
      for (const above of selfAndAncestors(name).slice(1)) candidates.delete(above);
    return candidates;
  };
  const inA = opaqueIn(a);
  if (inA.size === 0) return [];
  const inB = opaqueIn(b);
  return [...inA]
    .filter((name) => inB.has(name))
    .sort()
    .map((name) => ({ name, text: a[name]! }));
}

/** The values of each run that lie under a container the other run holds but did not read (all) the children of. */
export function unreadCounterparts(a: ReadValues, b: ReadValues): SetAside[] {
  const found: SetAside[] = [];
  for (const [side, own, other] of [
    ['a', a, b],
    ['b', b, a],
  ] as const) {
    // Only a container the other run holds (a value it read, whose children it did not, or not all).
    const unread = new Set((other.unread ?? []).filter((name) => Object.hasOwn(other.variables, name)));
    const cut = cutContainers(other);
    if (unread.size === 0 && cut.size === 0) continue;
    const groups = {
      unread: { names: [] as string[], parents: new Set<string>() },
      cut: { names: [] as string[], parents: new Set<string>() },
    };
    for (const name of Object.keys(own.variables)) {
      if (Object.hasOwn(other.variables, name)) continue;
      const parent = selfAndAncestors(name)
        .slice(1)
        .find((ancestor) => unread.has(ancestor) || cut.has(ancestor));
      if (parent === undefined) continue;
      const group = unread.has(parent) ? groups.unread : groups.cut;
      group.names.push(name);
      group.parents.add(parent);
    }
    for (const reason of ['unread', 'cut'] as const) {
      const { names, parents } = groups[reason];
      if (names.length > 0) found.push({ side, parents: [...parents].sort(), names, reason });
    }
  }
  return found;
}

/**
 * The containers a run cut at --max-children: listed as cut (`truncated`), holding children, and
 * whose own text was not cut at --max-value-length (a text cut so ends with the mark; a container
 * cut both ways is not counted here, so its values stay reported as they are).
 */
function cutContainers(values: ReadValues): Set<string> {
  const listed = (values.truncated ?? []).filter(
    (name) => Object.hasOwn(values.variables, name) && !values.variables[name]!.endsWith(CUT_MARK),
  );
  if (listed.length === 0) return new Set();
  const candidates = new Set(listed);
  const holding = new Set<string>();
  for (const name of Object.keys(values.variables)) {
    const parent = selfAndAncestors(name)[1];
    if (parent !== undefined && candidates.has(parent)) holding.add(parent);
  }
  return holding;
}

/** The names of run `side` that `setAside` leaves out. */
export function setAsideNames(setAside: readonly SetAside[], side: RunSide): Set<string> {
  return new Set(setAside.filter((group) => group.side === side).flatMap((group) => group.names));
}

/** A run's values and the containers it did not read the children of. */
export interface ReadValues {
  variables: Readonly<Record<string, string>>;
  unread?: readonly string[] | undefined;
  /** Values whose text or children were cut at the capture limits (RunCapture.truncated). */
  truncated?: readonly string[] | undefined;
}

/** `variables` without `names`. */
export function withoutNames(
  variables: Readonly<Record<string, string>>,
  names: ReadonlySet<string>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) if (!names.has(name)) setOwn(kept, name, value);
  return kept;
}

/** The capture without the values `names` (and what it noted about them). */
export function without(capture: RunCapture, names: ReadonlySet<string>): RunCapture {
  const listed = (list: string[]): string[] => list.filter((name) => !names.has(name));
  return {
    ...capture,
    run: { ...capture.run, variables: withoutNames(capture.run.variables, names) },
    types: withoutNames(capture.types, names),
    truncated: listed(capture.truncated),
    normalised: listed(capture.normalised),
    ...(capture.unread ? { unread: listed(capture.unread) } : {}),
  };
}
