// Locals a C, C++ or Fortran function has not set yet hold whatever its stack held before: bytes that
// differ between two runs whose environments or paths differ in length (two checkouts), and that no
// line of the program has written. The walk does not take such a difference for a divergence: a local
// counts from the step at which its text first changed in its frame (an assignment) in either run,
// and until then a difference in it is set aside and said. Either run: both came to the step by the
// same lines, so a line that wrote the local in one wrote it in the other, which may have written
// the value its stack bytes already held (`bool flip = getenv("PART") != NULL;` is false over a
// zeroed stack in A, true in B: a divergence, which the walk set aside when one run had to change).
// An argument, set before the frame's first line, differs only when the caller's values did, which
// the walk compared a step earlier. Where the adapter says where each local is declared (its
// definition's locate.declared_at: lldb-dap), a local declared at or after the line its frame stands
// on is not set yet there either (a Rust `if let` binding held what the stack held, a hasher's random
// keys among it, and two identical runs looked apart).
// Memory: one snapshot per frame on the stack (the walk's own view of it), bounded by --max-variables.
import { selfAndAncestors } from '../core/child-path.js';
import type { VariableDiff } from '../core/types.js';
import type { Arrival } from './line-arrivals.js';

interface FrameValues {
  /** Every captured path's text at the frame's first step. */
  first: ReadonlyMap<string, string>;
  /** The locals (top-level names) whose texts, or a text under them, have changed since. */
  set: Set<string>;
  /** The locals declared at or after the line of the frame's latest step (where the adapter says): not set yet there. */
  later: ReadonlySet<string>;
}

export class UnsetLocals {
  private readonly frames: FrameValues[] = [];

  /** A step's values in the frame the arrival names: a new call starts a new snapshot. `later`: its locals declared at or after the step's line. */
  arrive(arrival: Arrival, variables: Readonly<Record<string, string>>, later: readonly string[] = []): void {
    if (arrival.entered || this.frames[arrival.frame] === undefined) {
      this.frames.length = arrival.frame;
      this.frames[arrival.frame] = { first: new Map(Object.entries(variables)), set: new Set(), later: new Set(later) };
      return;
    }
    this.frames.length = arrival.frame + 1;
    const frame = this.frames[arrival.frame]!;
    frame.later = new Set(later);
    for (const [name, text] of Object.entries(variables)) {
      const local = rootOf(name);
      if (!frame.set.has(local) && frame.first.get(name) !== text) frame.set.add(local);
    }
  }

  /** Whether the local `name` lies under is declared at or after the line of its frame's latest step (the adapter's locate.declared_at). */
  declaredLater(frame: number, name: string): boolean {
    return this.frames[frame]?.later.has(rootOf(name)) === true;
  }

  /** Whether the local `name` lies under has held the same text since its frame's first step. */
  unchanged(frame: number, name: string): boolean {
    const values = this.frames[frame];
    const local = rootOf(name);
    return values?.first.has(local) === true && !values.set.has(local);
  }
}

/** Whether a local of two runs' frames (`frame` in each) is not set yet: declared further on in either, or changed in neither. */
export function unsetInBoth(
  a: { unset: UnsetLocals | null; frame: number },
  b: { unset: UnsetLocals | null; frame: number },
  name: string,
): boolean {
  if (a.unset === null || b.unset === null) return false;
  if (a.unset.declaredLater(a.frame, name) || b.unset.declaredLater(b.frame, name)) return true;
  return a.unset.unchanged(a.frame, name) && b.unset.unchanged(b.frame, name);
}

/** The diff without the names not set yet (`isUnset`: unsetInBoth, for a walk), and those names. */
export function withoutUnset(
  diff: VariableDiff,
  isUnset: (name: string) => boolean,
): { diff: VariableDiff; unset: string[] } {
  const unset = Object.keys(diff.changed).filter(isUnset);
  if (unset.length === 0) return { diff, unset };
  const changed = Object.fromEntries(Object.entries(diff.changed).filter(([name]) => !isUnset(name)));
  return { diff: { ...diff, changed }, unset };
}

/** The local (top-level name) a captured path lies under. */
export function rootOf(name: string): string {
  return selfAndAncestors(name).at(-1)!;
}
