// What a run that ended early said last: the last line it wrote to stderr, which a hint quotes where
// the exit code alone does not say why (a Go log.Fatal, a Python sys.exit(msg), a Rust panic).
import type { NoBreakReason } from './types.js';

/** The longest last line of a run's stderr a hint quotes. */
const LAST_WORDS_LENGTH = 160;
/** Lines a runtime adds after its own message: not what the program said (Rust's panic note). */
const BOILERPLATE = /^note: run with `RUST_BACKTRACE=/;

/**
 * The last line a run wrote to stderr before it exited with a code other than 0 without reaching the
 * breakpoint (a Rust panic's message, a Go log.Fatal's, a Python sys.exit's), or null: the reason the
 * program gave, which its exit code alone does not say.
 */
export function lastWords(reason: NoBreakReason | null, exitCode: number | null, stderrTail: string): string | null {
  if (reason?.kind !== 'exited') return null;
  const code = reason.exit_code ?? exitCode;
  if (code === null || code === 0) return null;
  const line = stderrTail
    .split('\n')
    .map((text) => text.trim())
    .filter((text) => text !== '' && !BOILERPLATE.test(text))
    .at(-1);
  if (line === undefined) return null;
  return line.length > LAST_WORDS_LENGTH ? `${line.slice(0, LAST_WORDS_LENGTH - 1)}…` : line;
}

export function withLastWords(
  why: string,
  reason: NoBreakReason | null,
  exitCode: number | null,
  stderrTail: string,
): string {
  const said = lastWords(reason, exitCode, stderrTail);
  return said === null ? why : `${why.replace(/\.$/, '')}; its last words: ${said.replace(/\.$/, '')}.`;
}
