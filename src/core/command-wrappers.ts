// The program a command runs past the wrappers that only start it: `env NAME=VALUE ... COMMAND ARGS`
// (the way a shell line sets a variable for one program, and the way two runs that differ by a
// variable are often written) and `sh -c 'NAME=VALUE COMMAND ARGS'` (a CI step's, a Makefile's): the
// program is COMMAND, and the assignments are the run's environment, as --env gives it. Launched as
// it was written, the debugger saw `env` or `sh` as the program: bpdiff's Python adapters refused it
// (not a Python program), lldb launched it and followed its exec, the Rust formatters of the program
// behind it not loaded (env was not made by rustc), and the values of the assignments stood in the
// document's command, a secret's too. Only what means exactly the program is taken apart: an option
// of env's own (-i, -u NAME, -C DIR, -S ...), an `env` with no command after its assignments (it
// prints the environment), and a shell's text that is more than one simple command (an expansion, a
// pipe, a redirection, `&&`, a glob, a builtin such as cd) leave the command as it is.

/** env by its name (on PATH) or in a system folder: not a program of the user's own that is named env. */
const SYSTEM_ENV = /^((\/usr)?(\/local)?\/bin\/)?env$/;

/** A name env sets: what a shell would take as an assignment (its name, its value). */
export const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/** The program a command runs past a leading `env NAME=VALUE ...`, and those assignments; null when the command does not start so. */
export function envPrefix(argv: readonly string[]): { argv: string[]; env: Record<string, string> } | null {
  const first = argv[0];
  if (first === undefined || !SYSTEM_ENV.test(first)) return null;
  // `env -i ...`, `env -- cmd`, `env` alone or with assignments only: not the plain form.
  return commandAfterAssignments(argv, 1, (command) => !command.startsWith('-'));
}

/**
 * The command from `from` on past its leading NAME=VALUE words, and those assignments; null where none
 * follows them, `plain` refuses it, or it holds a `=` (env sets `1X=2` too, a name no environment here
 * can hold; a shell runs it as a command's name).
 */
function commandAfterAssignments(
  words: readonly string[],
  from: number,
  plain: (command: string) => boolean = () => true,
): { argv: string[]; env: Record<string, string> } | null {
  const env: Record<string, string> = {};
  let at = from;
  for (; at < words.length; at++) {
    const assignment = ASSIGNMENT.exec(words[at]!);
    if (assignment === null) break;
    env[assignment[1]!] = assignment[2]!;
  }
  const command = words[at];
  if (command === undefined || command.includes('=') || !plain(command)) return null;
  return { argv: words.slice(at), env };
}

/** The POSIX-like shells by name: a `-c TEXT` of one simple command is taken apart. */
export const SHELLS: readonly string[] = ['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash'];
/** One of them by its name on PATH or in a system bin folder. */
const SHELL = new RegExp(`^((/usr)?(/local)?/bin/)?(${SHELLS.join('|')})$`);
/** What a shell runs itself, never as a program of its own (and keywords): not taken apart. */
const BUILTIN = new Set(
  (
    '. : [ [[ { } ! alias bg break builtin case cd command continue declare do done echo elif else esac eval exec ' +
    'exit export false fc fg fi for function getopts hash if in jobs kill let local printf pwd read readonly ' +
    'return select set shift source test then time times trap true type typeset ulimit umask unalias unset until wait while'
  ).split(' '),
);
/** A character a shell leaves alone outside quotes. */
const PLAIN = /[A-Za-z0-9_./:=,@%+-]/;

/**
 * The words of a shell's text as the shell splits them, when the text is words only: plain
 * characters, '...' and "..." without an expansion or escape inside; null for anything a shell would
 * expand, redirect, join or treat as a comment.
 */
export function simpleShellWords(text: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === ' ' || char === '\t' || char === '\n') {
      if (word !== null) words.push(word);
      word = null;
    } else if (char === "'" || char === '"') {
      const close = text.indexOf(char, at + 1);
      if (close === -1) return null;
      const quoted = text.slice(at + 1, close);
      if (char === '"' && /[$`\\!]/.test(quoted)) return null;
      word = (word ?? '') + quoted;
      at = close;
    } else if (PLAIN.test(char)) word = (word ?? '') + char;
    else return null;
  }
  if (word !== null) words.push(word);
  return words;
}

/** The program past `sh -c 'NAME=VALUE ... [exec] COMMAND ARGS'`, and the assignments; null for any other command. */
export function shellPrefix(argv: readonly string[]): { argv: string[]; env: Record<string, string> } | null {
  if (argv.length !== 3 || !SHELL.test(argv[0]!) || argv[1] !== '-c') return null;
  const words = simpleShellWords(argv[2]!);
  if (words === null) return null;
  const found = commandAfterAssignments(words, 0);
  if (found === null) return null;
  // `exec cmd`: the shell becomes cmd.
  const argvOf = found.argv[0] === 'exec' ? found.argv.slice(1) : found.argv;
  const command = argvOf[0];
  if (command === undefined || command === '' || BUILTIN.has(command) || command.includes('=')) return null;
  return { argv: argvOf, env: found.env };
}

/**
 * A run's command and environment past its wrappers (env's, a shell's `-c`, one inside the other): the
 * assignments go over the run's own environment (--env), as the wrappers set them over the one given.
 */
export function withoutWrappers(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
): { argv: string[]; env: Record<string, string> } {
  let command = { argv: [...argv], env: { ...env } };
  for (let unwrapped = 0; unwrapped < 8; unwrapped++) {
    const inner = envPrefix(command.argv) ?? shellPrefix(command.argv);
    if (inner === null) break;
    command = { argv: inner.argv, env: { ...command.env, ...inner.env } };
  }
  return command;
}
