// What a run writes while a walk by effects follows it: its stdout and stderr from the walk's start,
// each told apart by a running digest (the whole of it, so that the order of what was written counts),
// and the last few KB of each, for the result's `wrote` (what each run wrote during the located line).
import { asWritten, LineDigest } from '../dap/output-tail.js';

/** A run's output from the walk's start to now: how much of each stream, and a digest of all of it. */
export interface OutputMark {
  stdout: { total: number; digest: string };
  stderr: { total: number; digest: string };
}

/** What a run wrote between two marks (the last TAIL characters of each stream, when it wrote more). */
export interface Wrote {
  stdout: string;
  stderr: string;
}

/** Where a run's program output arrives: each piece of text as it comes, until the returned function is called. */
export type OutputSource = (listener: (text: string) => void) => () => void;

const TAIL = 4096;

class Followed {
  total = 0;
  private readonly hash: LineDigest;
  private tail = '';

  constructor(through: ((text: string) => string) | null) {
    this.hash = new LineDigest(through);
  }

  add(text: string): void {
    this.total += text.length;
    this.hash.add(text);
    this.tail = (this.tail + text).slice(-TAIL * 2);
  }

  digest(): string {
    return this.hash.digest();
  }

  /** The text written after `total` characters (its last TAIL characters). */
  since(total: number): string {
    const count = Math.min(this.total - total, this.tail.length, TAIL);
    return count <= 0 ? '' : this.tail.slice(-count);
  }
}

/** A run's stdout and stderr followed from now on (stop() when the walk is done with the run). */
export class OutputWatch {
  private readonly streams: { stdout: Followed; stderr: Followed };
  private readonly stops: Array<() => void>;

  /** `through`: how the digests see each line (the run's own folders as placeholders: values/paths.ts), null: as written. */
  constructor(
    sources: { stdout: OutputSource[]; stderr: OutputSource[] },
    through: ((text: string) => string) | null = null,
  ) {
    this.streams = { stdout: new Followed(through), stderr: new Followed(through) };
    this.stops = [
      ...sources.stdout.map((source) => source((text) => this.streams.stdout.add(text))),
      ...sources.stderr.map((source) => source((text) => this.streams.stderr.add(text))),
    ];
  }

  mark(): OutputMark {
    const { stdout, stderr } = this.streams;
    return {
      stdout: { total: stdout.total, digest: stdout.digest() },
      stderr: { total: stderr.total, digest: stderr.digest() },
    };
  }

  /** What was written since `mark`, as the program wrote it (asWritten, as OutputTail reads it). */
  since(mark: OutputMark): Wrote {
    return {
      stdout: asWritten(this.streams.stdout.since(mark.stdout.total)),
      stderr: asWritten(this.streams.stderr.since(mark.stderr.total)),
    };
  }

  stop(): void {
    for (const stop of this.stops) stop();
  }
}

export function sameOutput(a: OutputMark, b: OutputMark): boolean {
  return a.stdout.digest === b.stdout.digest && a.stderr.digest === b.stderr.digest;
}

/** How long a difference in what the runs wrote may take to settle (one run's output still on its way) before it counts. */
export const OUTPUT_SETTLE_MS = 200;

/**
 * The runs' marks once what they wrote before their stop has arrived: a run's output reaches bpdiff
 * on another channel than its stop (the program's pipes; the adapter's output events), so a mark
 * read at once may miss the last write. One turn of the event loop lets in what is already readable;
 * marks that still differ are read again for a short while, so that a write still on its way does not
 * count as a difference (runs whose output truly differs keep differing).
 */
export async function settledMarks(
  read: () => [OutputMark, OutputMark],
  ended = false,
): Promise<[OutputMark, OutputMark]> {
  await new Promise((resolve) => setImmediate(resolve));
  // Runs that ended: what a program held in its buffers (C's and Fortran's stdio to a pipe) is written
  // at its exit, and may reach bpdiff after the end is said: it is waited for, alike or not.
  if (ended) await new Promise((resolve) => setTimeout(resolve, OUTPUT_SETTLE_MS));
  let marks = read();
  const until = Date.now() + OUTPUT_SETTLE_MS;
  while (!sameOutput(marks[0], marks[1]) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    marks = read();
  }
  return marks;
}
