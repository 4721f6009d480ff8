// The usual command line, read without yargs: `bpdiff [flags] -- A -- B` whose flags are all the
// comparison's own, each written plainly (`--flag value`, `--flag=value`, `-o value`, `--quiet`).
// Loading yargs, declaring ~70 flags and parsing cost ~25 ms, a third of bpdiff's own time before its
// first adapter starts. Anything else returns null and goes through yargs, which also words every
// mistake: a subcommand, --help or --version, an unknown flag, a flag with no value or a value that
// starts with `-`, a value given to a boolean, a boolean twice, short flags together. The result is
// what yargs gives for the same words (each declared flag by name: a string, `true`, or the strings of
// a repeated flag, in order); a unit test reads the same command lines both ways.
import type { OptionDeclaration } from '../options/declarations.js';

export type PlainArgv = Record<string, unknown> & { _: string[] };

export function readPlainArgv(
  options: readonly string[],
  declarations: readonly OptionDeclaration[],
): PlainArgv | null {
  if (options.length === 0) return null;
  const byName = new Map<string, OptionDeclaration>();
  for (const declaration of declarations) {
    byName.set(`--${declaration.flag}`, declaration);
    if (declaration.alias !== undefined) byName.set(`-${declaration.alias}`, declaration);
  }
  const raw: PlainArgv = { _: [] };
  for (let index = 0; index < options.length; index++) {
    const word = options[index]!;
    const equals = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = equals === -1 ? word : word.slice(0, equals);
    const declaration = byName.get(name);
    if (declaration === undefined) return null;
    const flag = declaration.flag;
    if (declaration.kind === 'flag') {
      if (equals !== -1 || raw[flag] !== undefined) return null;
      // `--quiet true`: yargs may take the word as the flag's value; left to it.
      const next = options[index + 1];
      if (next !== undefined && !next.startsWith('-')) return null;
      raw[flag] = true;
      continue;
    }
    let value: string;
    if (equals !== -1) {
      value = word.slice(equals + 1);
    } else {
      const next = options[index + 1];
      if (next === undefined || next.startsWith('-')) return null;
      value = next;
      index++;
    }
    const before = raw[flag];
    raw[flag] =
      before === undefined ? value : Array.isArray(before) ? [...(before as string[]), value] : [before, value];
  }
  return raw;
}
