// Errors to an MCP caller in the words of its call: the library checks a tool's arguments with the
// CLI's messages, which name flags (`--max-steps "0" is not a whole number`, `check --cwd-a`); a
// caller gave arguments (`max_steps`, `run_a.cwd`), so each flag bpdiff declares is said as the
// argument it is (a run's own flag as `run_a.KEY` / `run_b.KEY`). Other text is left as it is.
import { OPTION_DECLARATIONS, snakeCase, type OptionDeclaration } from '../options/declarations.js';

let names: Map<string, string> | null = null;

/** `--flag` -> the tool argument that holds it. */
function argumentNames(): Map<string, string> {
  if (names) return names;
  names = new Map();
  for (const declaration of OPTION_DECLARATIONS as readonly OptionDeclaration[]) {
    const run = declaration.run;
    names.set(
      declaration.flag,
      run ? (run.side === null ? run.key : `run_${run.side}.${run.key}`) : snakeCase(declaration.flag),
    );
  }
  return names;
}

/** The message with each declared `--flag` as its argument's name, and `NAME (NAME)` said once. */
export function inArgumentNames(message: string): string {
  const known = argumentNames();
  const said = message.replace(
    /(?<![\w-])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])/g,
    (whole, flag: string) => known.get(flag) ?? whole,
  );
  return said.replace(/([\w.]+) \(\1\)/g, '$1');
}
