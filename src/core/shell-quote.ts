// POSIX shell quoting for showing a command line: `command` in a run result must paste back into sh.

// Characters no POSIX shell treats specially anywhere in a word. `=` and `:` are safe mid-word;
// `~` (tilde expansion at word start) and `#` (comment at word start) are deliberately absent.
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quote one argument for a POSIX shell: unchanged when safe, else single-quoted with `'` escaped as `'\''`. */
export function quoteShellArg(arg: string): string {
  if (arg === '') return "''";
  if (SAFE_WORD.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** The command line a user could paste into sh to run `argv`. */
export function quoteCommand(argv: readonly string[]): string {
  return argv.map(quoteShellArg).join(' ');
}
