// How many times a run has come to a line (the N of `bpdiff --bp FILE:LINE --hit N`, which brings a
// comparison back to a point the walk found) and which call of its function it is in. A run that comes
// back to a line from a call made on it (`x = f(a)` after f returns) is still on its first pass: a
// breakpoint there would not stop again. Memory: one entry per line and per function the run reaches,
// and one per frame on its stack.

export interface Arrival {
  /** The pass through this line this stop is (1 the first time). */
  pass: number;
  /** The call of this function the stop is in (1 the first), or null when the adapter does not tell the stack's depth. */
  call: number | null;
  /** Back on the line a call was made from, in the same frame: no new line was reached. */
  revisit: boolean;
}

interface Frame {
  fn: string;
  call: number;
  /** The line the frame stood on last. */
  key: string;
}

export class PassCounter {
  private readonly passes = new Map<string, number>();
  private readonly calls = new Map<string, number>();
  /** The frames of the stack as the walk last saw them, by depth. */
  private readonly frames: Array<Frame | undefined> = [];
  private lastDepth: number | null = null;

  arrive(file: string, line: number, depth: number | null, name: string): Arrival {
    const key = `${file}:${line}`;
    if (depth === null) return { pass: this.bump(this.passes, key), call: null, revisit: false };
    const known = this.frames[depth];
    const sameFrame = known !== undefined && known.fn === name && this.lastDepth !== null && depth <= this.lastDepth;
    // Back from a call made on this very line: the same pass.
    const returned = sameFrame && depth < this.lastDepth! && known.key === key;
    const call = sameFrame ? known.call : this.bump(this.calls, `${file}\0${name}`);
    this.frames.length = depth + 1;
    this.frames[depth] = { fn: name, call, key };
    this.lastDepth = depth;
    return { pass: returned ? (this.passes.get(key) ?? 1) : this.bump(this.passes, key), call, revisit: returned };
  }

  private bump(counts: Map<string, number>, key: string): number {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  }
}
