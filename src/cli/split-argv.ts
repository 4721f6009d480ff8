// bpdiff's own options come first; each command follows a `--`. yargs only ever sees the options,
// so a command's flags can never be mistaken for bpdiff's. A command that needs a `--` of its own
// (`cargo run -- 3`, `npm run x -- --flag`) writes it `\--`; any word of backslashes followed by
// `--` loses one backslash, so `\\--` passes `\--` on.

export interface SplitArgv {
  /** Everything before the first `--`. */
  options: string[];
  /** One entry per `--`: the words after it, up to the next `--`. */
  commands: string[][];
}

export function splitArgv(argv: readonly string[]): SplitArgv {
  const first = argv.indexOf('--');
  if (first === -1) return { options: [...argv], commands: [] };
  const commands: string[][] = [[]];
  for (const word of argv.slice(first + 1)) {
    if (word === '--') commands.push([]);
    else commands[commands.length - 1]!.push(/^\\+--$/.test(word) ? word.slice(1) : word);
  }
  return { options: argv.slice(0, first), commands };
}
