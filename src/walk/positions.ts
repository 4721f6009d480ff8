// Where two runs stand, compared: the same file is the same path from each run's folder, and B's line
// is read in A's copy of the file through the line map (src/core/line-map.ts), so that lines added or
// removed elsewhere in B's copy do not count as the runs parting ways, and an edited line stands for
// the line it replaced. Two programs whose first files are named apart (`python3 old.py` and
// `python3 new.py`, `./a` built from a.c and `./b` from b.c) are two copies of one file under two
// names. Each file is read once, each pair of copies mapped once.
import path from 'node:path';
import { readBoundedText } from '../read-bounded.js';
import { mapAllLines, splitLines, type LineMapping } from '../core/line-map.js';

export interface Position {
  file: string;
  line: number;
}

export interface Placed {
  /** Whether B stands where A stands. */
  same: boolean;
  /** Whether B stands in its copy of A's file (at another line, when not `same`). */
  sameFile: boolean;
  /** B's line in A's copy of B's file (null: a line A's copy does not have, or another file). */
  bInA: number | null;
}

export class Positions {
  private readonly lines = new Map<string, string[] | null>();
  private readonly maps = new Map<string, LineMapping[]>();
  /** Each file's path from its run's root, as place() asks it at every step (path.relative is slow at thousands a second). */
  private readonly relatives = new Map<string, string>();
  /** B's first file when it is A's first file under another name (align): B's file, A's. */
  private renamed: { a: string; b: string } | null = null;

  constructor(
    private rootA: string,
    private rootB: string,
  ) {}

  /**
   * The two runs' first steps name their copies of the program when they stand in files of the same
   * name in two folders (`v1/shop.c` and `v2/shop.c` of one working directory, a binary built from
   * each): from then on a file of one run is its namesake in the other's folder. Files of two names
   * (`old.py` and `new.py`) are that one file's two copies; the others keep their paths.
   */
  align(fileA: string, fileB: string): void {
    if (path.relative(this.rootA, fileA) === path.relative(this.rootB, fileB)) return;
    const partsA = fileA.split('/');
    const partsB = fileB.split('/');
    let common = 0;
    while (
      common < Math.min(partsA.length, partsB.length) - 1 &&
      partsA[partsA.length - 1 - common] === partsB[partsB.length - 1 - common]
    )
      common++;
    if (common === 0) {
      if (this.read(fileA) !== null && this.read(fileB) !== null) this.renamed = { a: fileA, b: fileB };
      return;
    }
    this.rootA = partsA.slice(0, partsA.length - common).join('/') || '/';
    this.rootB = partsB.slice(0, partsB.length - common).join('/') || '/';
    this.relatives.clear();
  }

  place(a: Position, b: Position): Placed {
    const relA = this.relative('a', a.file);
    const relB = this.relative('b', b.file);
    const copies = relA === relB || (this.renamed?.a === a.file && this.renamed.b === b.file);
    if (!copies) return { same: false, sameFile: false, bInA: null };
    const bInA = this.lineInA(a.file, b.file, b.line);
    return { same: bInA === a.line, sameFile: true, bInA };
  }

  /**
   * Whether a run stands on a line the other run's copy of its file does not have (a line added in
   * this run's version): such a line has nothing to be compared with. A file the other copy lacks
   * altogether is not such a line: code of its own is a path of its own.
   */
  added(side: 'a' | 'b', at: Position): boolean {
    const other = this.otherCopy(side, at.file);
    if (other === null || other === at.file || this.read(other) === null) return false;
    return side === 'a'
      ? this.lineInB(at.file, other, at.line) === null
      : this.lineInA(other, at.file, at.line) === null;
  }

  /** The other run's copy of a file of run `side`: the first file under its other name, else its namesake from the other root; null outside this run's root. */
  private otherCopy(side: 'a' | 'b', file: string): string | null {
    const other = side === 'a' ? 'b' : 'a';
    if (this.renamed !== null && this.renamed[side] === file) return this.renamed[other];
    const [root, otherRoot] = side === 'a' ? [this.rootA, this.rootB] : [this.rootB, this.rootA];
    const relative = path.relative(root, file);
    return relative.startsWith('..') || path.isAbsolute(relative) ? null : path.join(otherRoot, relative);
  }

  private relative(side: 'a' | 'b', file: string): string {
    const key = `${side}${file}`;
    let relative = this.relatives.get(key);
    if (relative === undefined) {
      relative = path.relative(side === 'a' ? this.rootA : this.rootB, file);
      // One entry per file a run steps in: bounded by the program's code, not by the steps.
      this.relatives.set(key, relative);
    }
    return relative;
  }

  /** B's line in A's copy (the same file: the same line). */
  lineInA(fileA: string, fileB: string, lineB: number): number | null {
    if (fileA === fileB) return lineB;
    const linesA = this.read(fileA);
    const linesB = this.read(fileB);
    if (linesA === null || linesB === null) return lineB;
    const mapped = this.map(fileB, fileA, linesB, linesA)[lineB - 1];
    return mapped === undefined || mapped.kind === 'deleted' ? null : mapped.line;
  }

  /** A's line `lineA` in B's copy of the file (for a hint that names B's line too). */
  lineInB(fileA: string, fileB: string, lineA: number): number | null {
    if (fileA === fileB) return lineA;
    const linesA = this.read(fileA);
    const linesB = this.read(fileB);
    if (linesA === null || linesB === null) return lineA;
    const mapped = this.map(fileA, fileB, linesA, linesB)[lineA - 1];
    return mapped === undefined || mapped.kind === 'deleted' ? null : mapped.line;
  }

  private map(from: string, to: string, fromLines: readonly string[], toLines: readonly string[]): LineMapping[] {
    const key = `${from}\0${to}`;
    let map = this.maps.get(key);
    if (map === undefined) {
      map = mapAllLines(fromLines, toLines);
      this.maps.set(key, map);
    }
    return map;
  }

  private read(file: string): string[] | null {
    if (!this.lines.has(file)) {
      let lines: string[] | null;
      try {
        // Within bounds (src/read-bounded.ts): a stop's file may be anything, a FIFO or a huge generated file.
        lines = splitLines(readBoundedText(file, { what: 'source file', file }).text);
      } catch {
        lines = null;
      }
      this.lines.set(file, lines);
    }
    return this.lines.get(file)!;
  }
}
