// Definitions only one version has: a method, function or class attribute whose defining lines the
// line map marks as added in that run's version (lines.ts lets the run go on alone over them) leaves a
// name in its frame that the other run's frame never gets. That name is no divergence, as the added
// lines themselves are none: the names that appear in a frame over a stretch of added lines are set
// aside there when only that run has them (a name both runs hold is compared as any other).
// Memory: one set per frame on the stack (the walk's own view of it), of the names added lines made.
import { selfAndAncestors, splitChildPath } from '../core/child-path.js';
import type { VariableDiff } from '../core/types.js';
import type { Arrival } from './line-arrivals.js';

const MEMBERS_KEPT = 1000;

export class AddedDefinitions {
  /** The stretch of added lines going on: its frame, and the names that frame held at its first line. */
  private open: { frame: number; names: Set<string> } | null = null;
  /** Per frame on the stack: the names added lines made in it. */
  private readonly frames: Array<Set<string> | undefined> = [];
  /** Every name added lines made (bounded): a method or class attribute shows again as a member of the class's objects (`self.discount`). */
  private readonly members = new Set<string>();

  /** A step on a line this run's version added: the first of a stretch notes what its frame held before it. */
  addedStep(arrival: Arrival, names: () => Iterable<string>): void {
    this.arrive(arrival);
    if (this.open === null) this.open = { frame: arrival.frame, names: rootsOf(names()) };
  }

  /** A step on a line both versions have: a stretch of added lines that ended in the frame it began in made the names new since. */
  sharedStep(arrival: Arrival, names: () => Iterable<string>): void {
    this.arrive(arrival);
    const open = this.open;
    this.open = null;
    if (open === null || open.frame !== arrival.frame) return;
    const made = [...rootsOf(names())].filter((name) => !open.names.has(name));
    if (made.length === 0) return;
    const set = (this.frames[arrival.frame] ??= new Set());
    for (const name of made) {
      set.add(name);
      if (this.members.size < MEMBERS_KEPT) this.members.add(name);
    }
  }

  /** Whether `name` (a path) lies under a name this run's added lines made in the frame. */
  defines(frame: number, name: string): boolean {
    if (this.frames[frame]?.has(rootOf(name)) === true) return true;
    // A member of an object: its own name, where added lines defined one so named.
    for (
      let path = name, split = splitChildPath(path);
      split !== null;
      path = split.parent, split = splitChildPath(path)
    ) {
      if (this.members.has(split.name)) return true;
    }
    return false;
  }

  private arrive(arrival: Arrival): void {
    // A new call in a frame's place, or a return from frames above: what they held goes.
    this.frames.length = arrival.entered ? arrival.frame : Math.min(this.frames.length, arrival.frame + 1);
    if (
      this.open !== null &&
      (this.open.frame > arrival.frame || (arrival.entered && this.open.frame === arrival.frame))
    )
      this.open = null;
  }
}

/** The diff without the names only one run has where that run's added lines made them. */
export function withoutAddedDefinitions(
  diff: VariableDiff,
  madeInA: (name: string) => boolean,
  madeInB: (name: string) => boolean,
): VariableDiff {
  const onlyA = diff.only_in_a.filter((name) => !madeInA(name));
  const onlyB = diff.only_in_b.filter((name) => !madeInB(name));
  if (onlyA.length === diff.only_in_a.length && onlyB.length === diff.only_in_b.length) return diff;
  return { ...diff, only_in_a: onlyA, only_in_b: onlyB };
}

function rootsOf(names: Iterable<string>): Set<string> {
  const roots = new Set<string>();
  for (const name of names) roots.add(rootOf(name));
  return roots;
}

function rootOf(name: string): string {
  return selfAndAncestors(name).at(-1)!;
}
