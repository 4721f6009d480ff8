// A container whose children one run did not read at all (RunCapture.unread: reading them timed out
// or failed, or reading had stopped at --timeout or --max-variables) says nothing about what lies under
// it in that run. The other run's values under it are then not "only in" the other run: they are set
// aside before the diff (rule 5 holds: a name set aside is in neither run's variables) and said, as a
// `not_compared` finding, so that a slow read in one run is not reported as thousands of differences.
// So too under a container the other run cut at --max-children: it read only some of its children,
// and which ones may differ from run to run (a Go map's first 100 entries follow its random order:
// two runs of one program gave 100 values 'only in A' and 100 'only in B', exit 1). Pure: captures
// in, captures out.
import type { RunCapture, RunSide } from './types.js';
import { selfAndAncestors } from './child-path.js';
import { setOwn } from './own-record.js';

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

export function setAsideUnread(captureA: RunCapture, captureB: RunCapture): { captures: [RunCapture, RunCapture]; setAside: SetAside[] } {
  if (captureA.run.status !== 'break' || captureB.run.status !== 'break') return { captures: [captureA, captureB], setAside: [] };
  const setAside = unreadCounterparts({ variables: captureA.run.variables, unread: captureA.unread, truncated: captureA.truncated }, { variables: captureB.run.variables, unread: captureB.unread, truncated: captureB.truncated });
  const setAsideA = setAsideNames(setAside, 'a');
  const setAsideB = setAsideNames(setAside, 'b');
  return {
    captures: [setAsideA.size > 0 ? without(captureA, setAsideA) : captureA, setAsideB.size > 0 ? without(captureB, setAsideB) : captureB],
    setAside,
  };
}

/** The values of each run that lie under a container the other run holds but did not read (all) the children of. */
export function unreadCounterparts(a: ReadValues, b: ReadValues): SetAside[] {
  const found: SetAside[] = [];
  for (const [side, own, other] of [['a', a, b], ['b', b, a]] as const) {
    // Only a container the other run holds (a value it read, whose children it did not, or not all).
    const unread = new Set((other.unread ?? []).filter((name) => Object.hasOwn(other.variables, name)));
    const cut = cutContainers(other);
    if (unread.size === 0 && cut.size === 0) continue;
    const groups = { unread: { names: [] as string[], parents: new Set<string>() }, cut: { names: [] as string[], parents: new Set<string>() } };
    for (const name of Object.keys(own.variables)) {
      if (Object.hasOwn(other.variables, name)) continue;
      const parent = selfAndAncestors(name).slice(1).find((ancestor) => unread.has(ancestor) || cut.has(ancestor));
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
  const listed = (values.truncated ?? []).filter((name) => Object.hasOwn(values.variables, name) && !values.variables[name]!.endsWith(CUT_MARK));
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
export function withoutNames(variables: Readonly<Record<string, string>>, names: ReadonlySet<string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) if (!names.has(name)) setOwn(kept, name, value);
  return kept;
}

/** The capture without the values `names` (and what it noted about them). */
function without(capture: RunCapture, names: ReadonlySet<string>): RunCapture {
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
