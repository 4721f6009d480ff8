// What the locate benches walk and what a walk gives back: the types bench/locate.ts and the files
// beside it (locate-library.ts, locate-memory.ts) share, apart, so that neither imports the other's.

export interface Walker {
  adapter: string;
  /** The command, run in `cwd`. */
  command: string[];
  cwd: string;
  /** The iteration at which the runs part ways: ~5,000 lines in (~50,000 for a walk that streams). */
  part: number;
  /** Options of bpdiff's for this adapter (--adapter debugpy). */
  options?: string[];
  /** The rate the issue asks of it (lines a second). */
  target?: number;
  prepare?: (dir: string) => void;
}

export interface Walked {
  ms: number;
  steps: number;
  exitCode: number | null;
  peakKb: number;
  /** RSS samples (kB), one a second. */
  samples: number[];
  /** The located line, as the first hint names it. */
  where: string;
  /** The result's `locate.kind` (`agreed` for runs that never parted), and whether the walk went to their end. */
  kind: string | null;
  complete: boolean;
}
