// Where a line of one version of a file is in another version: the way `git blame` follows a line,
// through a line diff of the two texts. Pure.
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
  const changes = diffArrays(a as string[], b as string[]);
  let inA = 0;
  let inB = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const count = change.count ?? change.value.length;
    if (change.added) {
      inB += count;
      continue;
    }
    if (line - 1 < inA + count) {
      const offset = line - 1 - inA;
      if (!change.removed) return { kind: 'same', line: inB + offset + 1 };
      // Removed from A: lines added in its place (just after, in the diff) replaced it.
      const next = changes[i + 1];
      const replaced = next?.added ? (next.count ?? next.value.length) : 0;
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
  for (let at = 0; at + LINE_HASH_LENGTH <= hashes.length; at += LINE_HASH_LENGTH) lines.push(hashes.slice(at, at + LINE_HASH_LENGTH));
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
  const changes = diffArrays(a as string[], b as string[]);
  let inB = 0;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    const count = change.count ?? change.value.length;
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
    const replaced = next?.added ? (next.count ?? next.value.length) : 0;
    for (let offset = 0; offset < count; offset++) all.push(replaced > 0 ? { kind: 'changed', line: inB + Math.min(offset, replaced - 1) + 1 } : { kind: 'deleted' });
  }
  return all;
}
