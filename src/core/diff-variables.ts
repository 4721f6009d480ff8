// The diff core (spec 2.5, rules 1-5). Pure, deterministic, O(n log n) time and O(n) memory:
// both name lists are sorted once and walked together, so every name lands in exactly one group.
import type { ChangedEntry, VariableDiff } from './types.js';

/** Plain UTF-16 code-unit order: the same on every machine and locale (localeCompare is not). */
export function compareNames(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

export function diffVariables(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): VariableDiff {
  // Object.keys lists own properties only, so names such as "constructor" or an own "__proto__"
  // (JSON.parse creates one) are read from the map itself, never from Object.prototype.
  const namesA = Object.keys(a).sort(compareNames);
  const namesB = Object.keys(b).sort(compareNames);

  const changed: Record<string, ChangedEntry> = {};
  const unchanged: string[] = [];
  const onlyInA: string[] = [];
  const onlyInB: string[] = [];

  let i = 0;
  let j = 0;
  while (i < namesA.length && j < namesB.length) {
    const nameA = namesA[i]!;
    const nameB = namesB[j]!;
    if (nameA === nameB) {
      const valueA = a[nameA]!;
      const valueB = b[nameB]!;
      if (valueA === valueB) unchanged.push(nameA);
      else setOwn(changed, nameA, { a: valueA, b: valueB });
      i++;
      j++;
    } else if (nameA < nameB) {
      onlyInA.push(nameA);
      i++;
    } else {
      onlyInB.push(nameB);
      j++;
    }
  }
  while (i < namesA.length) onlyInA.push(namesA[i++]!);
  while (j < namesB.length) onlyInB.push(namesB[j++]!);

  return { changed, unchanged, only_in_a: onlyInA, only_in_b: onlyInB };
}

/** Assigning `obj.__proto__ = x` would set the prototype instead of creating the key: define it. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** True when the diff holds no changed or only-in names. */
export function isDiffEmpty(diff: VariableDiff): boolean {
  return diff.only_in_a.length === 0 && diff.only_in_b.length === 0 && Object.keys(diff.changed).length === 0;
}
