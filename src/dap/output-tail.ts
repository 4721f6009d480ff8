import { createHash } from 'node:crypto';

/** The longest unfinished line a LineDigest holds back before it takes it as it stands. */
const MOST_HELD = 65_536;

/**
 * A running digest of a stream of text, its lines taken through `through` where one is given (a run's
 * own folders written as placeholders: values/paths.ts), whole lines at a time, so that a folder's
 * name split across two pieces of output is still seen whole. The unfinished last line counts as it
 * stands.
 */
export class LineDigest {
  private readonly hash = createHash('sha256');
  private held = '';

  constructor(private readonly through: ((text: string) => string) | null = null) {}

  add(text: string): void {
    if (this.through === null) {
      this.hash.update(text);
      return;
    }
    const joined = this.held + text;
    const end = joined.lastIndexOf('\n') + 1;
    if (end > 0) this.hash.update(this.through(joined.slice(0, end)));
    this.held = joined.slice(end);
    if (this.held.length > MOST_HELD) {
      this.hash.update(this.through(this.held));
      this.held = '';
    }
  }

  digest(): string {
    const hash = this.hash.copy();
    if (this.held !== '') hash.update(this.through!(this.held));
    return hash.digest('hex');
  }
}

/**
 * Keeps the last `limit` characters of a stream of text; says whether anything earlier was dropped,
 * and a digest of all of it (a locate walk compares two runs' whole output by it, src/run/run-ends.ts),
 * its lines taken through digestThrough's function where one is given.
 */
export class OutputTail {
  private chunks: string[] = [];
  private length = 0;
  private whole = new LineDigest();
  /** Characters pushed in all. */
  total = 0;
  truncated = false;
  private readonly listeners = new Set<(text: string) => void>();

  constructor(private readonly limit = 4096) {}

  /** `program`: false for a debugger's own line among the program's output (kept in the tail, left out of the digest). */
  push(text: string, program = true): void {
    if (text.length === 0) return;
    this.chunks.push(text);
    this.length += text.length;
    if (program) {
      this.total += text.length;
      this.whole.add(text);
      for (const listener of this.listeners) listener(text);
    }
    // Compact only when well past the limit, so a chatty debuggee costs O(1) per chunk.
    if (this.length > this.limit * 4) this.compact();
  }

  get text(): string {
    this.compact();
    return asWritten(this.chunks.join(''));
  }

  /** Calls `listener` with each piece of the program's text pushed from now on; returns how to stop. */
  follow(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A digest of everything pushed so far. */
  digest(): string {
    return this.whole.digest();
  }

  /** The digest takes the program's text through `through`, line by line (before any is pushed). */
  digestThrough(through: (text: string) => string): void {
    if (this.total === 0) this.whole = new LineDigest(through);
  }

  private compact(): void {
    const joined = this.chunks.join('');
    if (joined.length > this.limit) {
      this.truncated = true;
      this.chunks = [joined.slice(joined.length - this.limit)];
      this.length = this.limit;
    } else {
      this.chunks = [joined];
      this.length = joined.length;
    }
  }
}

/** Output as the program wrote it: a debuggee on a terminal (lldb-dap's) ends its lines with \r\n. */
export function asWritten(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** A line of a backtrace under an error: Ruby's `\tfrom file:12:in ...`, Java's and JavaScript's `\tat ...`, `... 3 more`. */
const BACKTRACE_LINE = /^\s*(?:from |at |\.\.\. \d+ (?:more|levels))/;
/** The head of a goroutine in Go's dump under a panic or a fatal error (dlv's own, or a Go program's): `goroutine 35 [running]:`. */
const GO_GOROUTINE = /^goroutine \d+ \[[^\]]*\]:$/;
/** The line that says why Go dumped its goroutines. */
const GO_ERROR = /^(?:panic|fatal error): /;

/** The line that says what went wrong, above a backtrace or Go's dump of its goroutines. */
function lastWords(lines: readonly string[]): string | undefined {
  let dump = -1;
  for (let index = lines.length - 1; index >= 0 && dump < 0; index--)
    if (GO_GOROUTINE.test(lines[index]!.trim())) dump = index;
  const error = dump < 0 ? undefined : lines.slice(0, dump).findLast((line) => GO_ERROR.test(line.trim()));
  return error ?? lines.findLast((line) => line.trim() !== '' && !BACKTRACE_LINE.test(line)) ?? lines.at(-1);
}

/**
 * How a process ended (`end`: its exit code or signal; null while it runs) and the last line it wrote
 * on `stderr`, for messages: `it exited with code 2; its last words: ...`. An error's backtrace at the
 * end is passed over, and so is Go's dump of its goroutines: its last words are the error's line above
 * it (`panic: ...`), which says what went wrong.
 */
export function describeEnd(end: { code: number | null; signal: string | null } | null, stderr: OutputTail): string {
  const status = end === null ? '' : end.signal ? `it was killed by ${end.signal}` : `it exited with code ${end.code}`;
  const lines = stderr.text.trim().split('\n');
  const lastLine = lastWords(lines)?.trim();
  return [status, lastLine ? `its last words: ${lastLine.slice(0, 200)}` : ''].filter(Boolean).join('; ');
}
