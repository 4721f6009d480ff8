// A command written as `env NAME=VALUE ... COMMAND ARGS` (the way a shell line sets a variable for one
// program, and the way two runs that differ by a variable are often written): the program is COMMAND,
// and the assignments are the run's environment, as --env gives it. Launched as it was written, the
// debugger saw `env` as the program: bpdiff's Python adapter refused it (not a Python program), lldb
// launched env and followed its exec, its program's Rust formatters not loaded (env was not made by
// rustc), and the values of the assignments stood in the document's command, a secret's too. Only
// the plain form is taken apart: an option of env's own (-i, -u NAME, -C DIR, -S ...) leaves the
// command as it is, as does an `env` with no command after its assignments (it prints the environment).

/** A name env sets: what a shell would take as an assignment. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/;

/** The program a command runs past a leading `env NAME=VALUE ...`, and those assignments; null when the command does not start so. */
export function envPrefix(argv: readonly string[]): { argv: string[]; env: Record<string, string> } | null {
  const first = argv[0];
  if (first === undefined || !/(^|\/)env$/.test(first)) return null;
  const env: Record<string, string> = {};
  let at = 1;
  for (; at < argv.length; at++) {
    const assignment = ASSIGNMENT.exec(argv[at]!);
    if (assignment === null) {
      // env sets any word with a `=` before the command (`1X=2` too), a name no environment here can hold.
      if (argv[at]!.includes('=')) return null;
      break;
    }
    env[assignment[1]!] = assignment[2]!;
  }
  const command = argv[at];
  // `env -i ...`, `env -- cmd`, `env` alone or with assignments only: not the plain form.
  if (command === undefined || command.startsWith('-')) return null;
  return { argv: argv.slice(at), env };
}

/**
 * A run's command and environment with a leading `env NAME=VALUE ...` taken apart: the assignments go
 * over the run's own environment (--env), as env sets them over the one it is given.
 */
export function withoutEnvPrefix(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
): { argv: string[]; env: Record<string, string> } {
  const prefix = envPrefix(argv);
  return prefix === null ? { argv: [...argv], env: { ...env } } : { argv: prefix.argv, env: { ...env, ...prefix.env } };
}
