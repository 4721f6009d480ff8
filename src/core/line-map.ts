// Where a line of one version of a file is in another version: the way `git blame` follows a line,
// through a line diff of the two texts. Pure.
//
// The diff is bounded: the lines both copies share at their start and end are set aside first, and
// the Myers diff of the rest may take at most MAX_DIFF_CELLS steps (its cost grows with the lines
// times the edits: two 8000-line copies with every other line edited took 50 s, during which no
// signal was honoured). Beyond that, the lines that occur once in each copy anchor the mapping, in
// order (a patience diff without its recursion: O(n log n)), and what lies between two anchors is
// replaced lines, as a diff would say.
import { createHash } from 'node:crypto';
import { diffArrays } from 'diff';

export type LineMapping =
  /** The line is unchanged in B, at `line` (the same number, or moved by lines added or removed above it). */
  | { kind: 'same'; line: number }
  /** The line was changed in B; `line` is the line that took its place. */
  | { kind: 'changed'; line: number }
  /** The line was deleted in B and nothing took its place. */
  | { kind: 'deleted' };

export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Line `line` (1-based) of `a` in `b`. */
export function mapLine(a: readonly string[], b: readonly string[], line: number): LineMapping {
  if (a.length === b.length && a.every((text, i) => text === b[i])) return { kind: 'same', line };
  const changes = lineChanges(a, b);
  let inA = 0;
  let inB = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const count = change.count;
    if (change.added) {
      inB += count;
      continue;
    }
    if (line - 1 < inA + count) {
      const offset = line - 1 - inA;
      if (!change.removed) return { kind: 'same', line: inB + offset + 1 };
      // Removed from A: lines added in its place (just after, in the diff) replaced it.
      const next = changes[i + 1];
      const replaced = next?.added ? next.count : 0;
      return replaced > 0 ? { kind: 'changed', line: inB + Math.min(offset, replaced - 1) + 1 } : { kind: 'deleted' };
    }
    inA += count;
    if (!change.removed) inB += count;
  }
  return { kind: 'deleted' };
}

/** Hex digits kept of each line's hash: a capture says which line is which, without the text. */
export const LINE_HASH_LENGTH = 8;

/**
 * Each line's short hash, one after the other (`LINE_HASH_LENGTH` hex digits each): what a capture
 * keeps of its breakpoint file, so that a baseline can follow its line into another version of the
 * file as a live pair does (mapLine over the hashes), without holding the file's text (secrets).
 */
export function hashLines(lines: readonly string[]): string {
  return lines.map((line) => createHash('sha256').update(line).digest('hex').slice(0, LINE_HASH_LENGTH)).join('');
}

/** The hashes hashLines joined, one per line. */
export function splitLineHashes(hashes: string): string[] {
  const lines: string[] = [];
  for (let at = 0; at + LINE_HASH_LENGTH <= hashes.length; at += LINE_HASH_LENGTH)
    lines.push(hashes.slice(at, at + LINE_HASH_LENGTH));
  return lines;
}

/**
 * Every line of `a` in `b` at once (one diff, for a walk that asks about many lines): index `line - 1`
 * holds the mapping of `line`, as mapLine gives it.
 */
export function mapAllLines(a: readonly string[], b: readonly string[]): LineMapping[] {
  const all: LineMapping[] = [];
  if (a.length === b.length && a.every((text, i) => text === b[i])) {
    for (let line = 1; line <= a.length; line++) all.push({ kind: 'same', line });
    return all;
  }
  const changes = lineChanges(a, b);
  let inB = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const count = change.count;
    if (change.added) {
      inB += count;
      continue;
    }
    if (!change.removed) {
      for (let offset = 0; offset < count; offset++) all.push({ kind: 'same', line: inB + offset + 1 });
      inB += count;
      continue;
    }
    const next = changes[i + 1];
    const replaced = next?.added ? next.count : 0;
    for (let offset = 0; offset < count; offset++)
      all.push(
        replaced > 0 ? { kind: 'changed', line: inB + Math.min(offset, replaced - 1) + 1 } : { kind: 'deleted' },
      );
  }
  return all;
}

/** A run of lines: in both copies, removed from A, or added in B (a removal comes before the addition that replaces it). */
export interface LineChange {
  count: number;
  added?: boolean;
  removed?: boolean;
}

/** The most steps (lines times edits) the Myers diff of two copies may take: ~0.3 s here. */
export const MAX_DIFF_CELLS = 1_000_000;

/** The line diff of `a` and `b`, bounded (see the top of this file). */
export function lineChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const changes: LineChange[] = [];
  const push = (change: LineChange): void => {
    if (change.count > 0) changes.push(change);
  };
  push({ count: start });
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  if (middleA.length === 0 || middleB.length === 0) {
    push({ count: middleA.length, removed: true });
    push({ count: middleB.length, added: true });
  } else {
    const maxEditLength = Math.max(1, Math.floor(MAX_DIFF_CELLS / (middleA.length + middleB.length)));
    const diffed = diffArrays(middleA, middleB, { maxEditLength });
    if (diffed === undefined) for (const change of anchoredChanges(middleA, middleB)) changes.push(change);
    else
      for (const change of diffed)
        push({
          count: change.count ?? change.value.length,
          ...(change.added ? { added: true } : {}),
          ...(change.removed ? { removed: true } : {}),
        });
  }
  push({ count: a.length - endA });
  return changes;
}

/**
 * The diff of two copies too far apart for Myers within bounds: lines that occur exactly once in each
 * copy are matched, the longest run of such matches in the same order kept as anchors, and the lines
 * between two anchors are A's removed and B's added (replaced). O(n log n).
 */
export function anchoredChanges(a: readonly string[], b: readonly string[]): LineChange[] {
  // Per text: how often A and B hold it, and where B holds it (its last place: used only when once).
  const seen = new Map<string, { inA: number; inB: number; atB: number }>();
  for (const text of a) {
    const entry = seen.get(text);
    if (entry === undefined) seen.set(text, { inA: 1, inB: 0, atB: -1 });
    else entry.inA++;
  }
  for (let index = 0; index < b.length; index++) {
    const entry = seen.get(b[index]!);
    if (entry === undefined) continue;
    entry.inB++;
    entry.atB = index;
  }
  const pairs: Array<[number, number]> = [];
  for (let index = 0; index < a.length; index++) {
    const entry = seen.get(a[index]!)!;
    if (entry.inA === 1 && entry.inB === 1) pairs.push([index, entry.atB]);
  }
  const changes: LineChange[] = [];
  let nextA = 0;
  let nextB = 0;
  for (const [atA, atB] of [...increasingRun(pairs), [a.length, b.length] as [number, number]]) {
    if (atA > nextA) changes.push({ count: atA - nextA, removed: true });
    if (atB > nextB) changes.push({ count: atB - nextB, added: true });
    if (atA < a.length) {
      const last = changes.at(-1);
      if (last !== undefined && !last.added && !last.removed) last.count++;
      else changes.push({ count: 1 });
    }
    nextA = atA + 1;
    nextB = atB + 1;
  }
  return changes;
}

/** The longest subsequence of `pairs` (in increasing first element) whose second elements increase too. */
function increasingRun(pairs: ReadonlyArray<[number, number]>): Array<[number, number]> {
  // Patience sorting: tails[k] is the index of the pair ending the best run of length k + 1 found so far.
  const tails: number[] = [];
  const previous: number[] = new Array<number>(pairs.length).fill(-1);
  pairs.forEach(([, value], index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]!]![1] < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const run: Array<[number, number]> = [];
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) run.push(pairs[index]!);
  return run.reverse();
}
