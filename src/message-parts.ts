// The parts every message is made of: the error it is thrown as (what was wrong, then after " — "
// what to do), and the small words shared by the messages of src/messages.ts and src/file-messages.ts.
import { BpdiffError, type ErrorCode } from './errors.js';

export const HELP = 'see bpdiff --help';

export function error(code: ErrorCode, what: string, todo: string, cause?: unknown): BpdiffError {
  return new BpdiffError(code, `${what} — ${todo}`, cause === undefined ? undefined : { cause });
}

/** Who asked for a file to be written: -o FILE, or --save-captures DIR (its capture-a.json, capture-b.json). */
export type OutputFlag = '-o' | '--save-captures';

export function outputSubject(flag: OutputFlag, file: string): string {
  return flag === '-o' ? `-o ${file}` : `${file} (${flag})`;
}

export function elsewhere(flag: OutputFlag): string {
  return flag === '-o' ? 'choose another path for -o' : `give ${flag} another folder`;
}

/** "it", or "its target X" when the path given was a symlink to X. */
export function linkedIt(real: string | null): string {
  return real === null ? 'it' : `its target ${real}`;
}

/** A size as a person reads it: `130.7 MB`, or `64 MiB` for a whole number of MiB. */
export function describeSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (Number.isInteger(mib) && mib >= 1) return `${mib} MiB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

export function quote(value: string): string {
  return JSON.stringify(value);
}

export function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export function isCode(cause: unknown, code: string): boolean {
  return (cause as NodeJS.ErrnoException | undefined)?.code === code;
}

export function reasonOf(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    const text = cause.message.split('\n')[0]!;
    return code !== undefined && !text.includes(code) ? `${code} ${text}` : text;
  }
  return String(cause);
}

export function summariseProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, 3).join('; ');
  return problems.length > 3 ? `${shown}; and ${problems.length - 3} more` : shown;
}

/** `once`, `twice`, `3 times`. */
export function times(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** `1st`, `2nd`, `3rd`, `11th`, `42nd`. */
export function ordinal(count: number): string {
  const tens = count % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][count % 10] ?? 'th');
  return `${count}${suffix}`;
}
