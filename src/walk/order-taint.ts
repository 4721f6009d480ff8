// What a loop whose order is each run's own (unordered-loops.ts) leaves behind: a list built in the
// order of its passes (Go's `for k := range m { keys = append(keys, k) }`, before the usual
// `sort.Strings(keys)`). At the loop's end such a list holds the same elements in both runs, in another
// order. The walk does not count it apart while it does (it would be the walk's false alarm, not the
// program's divergence); once both runs hold it alike (sorted), or hold other elements, it is counted
// as any value is. Only containers found so at such a loop's end, or after a line that reads such a
// container (`prices.keys().collect()`), are set aside, in the frame that ran it; and the loop's own
// names where they stay bound after it (Python's), until either run binds them again. Pure, but for the
// names a walk keeps.
import type { VariableDiff } from '../core/types.js';
import { selfAndAncestors, splitChildPath } from '../core/child-path.js';

/** The fewest elements a container has for a reordering of them to be told from another value. */
const FEWEST_ELEMENTS = 2;

/**
 * Whether `name` holds the same elements in both runs' variables, in another order: the same number of
 * direct children, the same texts under each child as a multiset of children, and a text of its own
 * made of the same characters.
 */
export function reordered(
  name: string,
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): boolean {
  if (!Object.hasOwn(a, name) || !Object.hasOwn(b, name)) return false;
  // Its own text lists its elements (cut short where it is long), or names them by place (dlv's
  // `[‹0›,‹1›]`): what comes before them (a type, a length) is the same.
  if (header(a[name]!) !== header(b[name]!)) return false;
  const [placedA, placedB] = [inPlace(name, a), inPlace(name, b)];
  if (placedA.length < FEWEST_ELEMENTS || !sameNames(placedA, placedB)) return false;
  const [sortedA, sortedB] = [placedA.map(([, text]) => text).sort(), placedB.map(([, text]) => text).sort()];
  return (
    sortedA.every((text, index) => text === sortedB[index]) &&
    placedA.some(([, text], index) => text !== placedB[index]![1])
  );
}

/** Whether `name` and all that lies under it read the same in both runs. */
function alike(name: string, a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  if (a[name] !== b[name]) return false;
  const [placedA, placedB] = [inPlace(name, a), inPlace(name, b)];
  return sameNames(placedA, placedB) && placedA.every(([, text], index) => text === placedB[index]![1]);
}

function sameNames(a: ReadonlyArray<[string, string]>, b: ReadonlyArray<[string, string]>): boolean {
  return a.length === b.length && a.every(([name], index) => name === b[index]![0]);
}

/** A container's children in the order of their names, each with the texts of its subtree as one text. */
function inPlace(name: string, variables: Readonly<Record<string, string>>): Array<[string, string]> {
  return [...children(name, variables).entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([child, texts]) => [child, texts.sort().join('\u0000')]);
}

/** A container's direct children, each with the texts of its subtree, named from the child (`.Name "x"`). */
function children(name: string, variables: Readonly<Record<string, string>>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [path, text] of Object.entries(variables)) {
    if (path === name) continue;
    const chain = selfAndAncestors(path);
    const index = chain.indexOf(name);
    if (index < 1) continue;
    const child = chain[index - 1]!;
    const split = splitChildPath(child);
    if (split === null) continue;
    const texts = found.get(child) ?? [];
    // Named from the child: `.Name` under `items[0]`, and `*()` for lldb's `*(both[0])` under `both[0]`.
    const under = path.startsWith(child) ? path.slice(child.length) : path.replace(child, '');
    texts.push(`${under} ${text}`);
    found.set(child, texts);
  }
  return found;
}

/** The containers a walk set aside as reordered by a loop, per frame (its function and call), and the loop's own names it left bound. */
export class OrderTaint {
  private readonly names = new Set<string>();
  /** A loop's names still bound after it (Python's), each with the text it held in each run there. */
  private readonly targets = new Map<string, { a: string; b: string }>();

  /**
   * At a loop's end: the names its head bound that are still bound (each run's last element, another
   * one): set aside until either run binds them again.
   */
  noteTargets(
    frame: string,
    targets: readonly string[],
    a: Readonly<Record<string, string>>,
    b: Readonly<Record<string, string>>,
  ): string[] {
    const noted: string[] = [];
    for (const name of targets) {
      const [boundA, boundB] = [subtree(name, a), subtree(name, b)];
      if (!Object.hasOwn(a, name) || !Object.hasOwn(b, name) || boundA === boundB) continue;
      this.targets.set(`${frame}\u0000${name}`, { a: boundA, b: boundB });
      noted.push(name);
    }
    return noted;
  }
  /** At a loop's end: each value that differs by the order of its elements alone, set aside in that frame (the names, outermost first). */
  noteLoopEnd(
    frame: string,
    diff: VariableDiff,
    a: Readonly<Record<string, string>>,
    b: Readonly<Record<string, string>>,
  ): string[] {
    const noted: string[] = [];
    const containers = new Set(Object.keys(diff.changed).flatMap((name) => selfAndAncestors(name)));
    for (const name of [...containers].sort((x, y) => x.length - y.length)) {
      if (selfAndAncestors(name).some((path) => this.names.has(`${frame}\u0000${path}`))) continue;
      if (!reordered(name, a, b)) continue;
      this.names.add(`${frame}\u0000${name}`);
      noted.push(name);
    }
    return noted;
  }

  /** A diff without what lies in a container set aside in this frame that still holds the same elements in both runs. */
  filter(
    frame: string,
    diff: VariableDiff,
    a: Readonly<Record<string, string>>,
    b: Readonly<Record<string, string>>,
  ): VariableDiff {
    if (this.names.size === 0 && this.targets.size === 0) return diff;
    const kept: VariableDiff['changed'] = {};
    let dropped = false;
    for (const [name, entry] of Object.entries(diff.changed)) {
      const chain = selfAndAncestors(name);
      const container = chain.find((path) => this.names.has(`${frame}\u0000${path}`));
      const target = chain.at(-1)!;
      const left = this.targets.get(`${frame}\u0000${target}`);
      const same = left !== undefined && subtree(target, a) === left.a && subtree(target, b) === left.b;
      if (left !== undefined && !same) this.targets.delete(`${frame}\u0000${target}`);
      if (same) dropped = true;
      else if (container !== undefined && reordered(container, a, b)) dropped = true;
      else kept[name] = entry;
    }
    // A container both runs now hold alike (sorted) is counted again from here, as any value.
    for (const key of [...this.names]) {
      const [owner, name] = key.split('\u0000') as [string, string];
      if (owner === frame && alike(name, a, b)) this.names.delete(key);
    }
    return dropped ? { ...diff, changed: kept } : diff;
  }
}

/** A name's text and the texts of all that lies under it, as one text. */
function subtree(name: string, variables: Readonly<Record<string, string>>): string {
  return Object.entries(variables)
    .filter(([path]) => path === name || selfAndAncestors(path).includes(name))
    .map(([path, text]) => `${path}\u0001${text}`)
    .sort()
    .join('\u0000');
}

/** A container's text before its elements: its type, its length. */
function header(text: string): string {
  const open = text.search(/[[{(]/);
  return open < 0 ? text : text.slice(0, open);
}
