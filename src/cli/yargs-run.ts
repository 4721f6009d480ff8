// yargs run over the command line's options (help and version text handed back, not printed), and its
// failures said as bpdiff says them: a command typed before its `--`, a mistyped flag or subcommand
// with the one probably meant. Every flag a subcommand takes is named here for those guesses.
import { declarationsFor } from '../options/declarations.js';
import { messages, SUBCOMMANDS } from '../messages.js';
import { closestWord } from '../core/suggest.js';
import { loadYargs, type YargsFactory } from './load-yargs.js';
import { readPackageVersion } from '../intake/version.js';
import { defineParser } from './define-parser.js';

/** The options as yargs parsed them: every value as typed, for read-options.ts to check. */

export type RawArgv = Record<string, unknown> & { _: Array<string | number> };

export async function parseWithYargs(
  options: string[],
  factory: YargsFactory | undefined,
  width: number | undefined,
): Promise<{ argv: RawArgv; output: string }> {
  // The help shows each value's kind (a number, one of some choices); parsing keeps every value as typed, for read-options.ts to check.
  const forHelp = options.some((word) => word === '--help' || word === '-h');
  const parser = defineParser((factory ?? (await loadYargs()))(), readPackageVersion(), width, forHelp);
  return new Promise<{ argv: RawArgv; output: string }>((resolve, reject) => {
    try {
      // With a callback, yargs hands help and version text back instead of printing it and exiting.
      void parser.parse(options, {}, (error: Error | undefined, given: unknown, output: string) =>
        error ? reject(error) : resolve({ argv: given as RawArgv, output }),
      );
    } catch (error) {
      reject(error);
    }
  }).catch((error: unknown) => {
    throw describeYargsFailure(error instanceof Error ? error.message : String(error), options);
  });
}

/**
 * yargs says "Unknown argument: python3" for a command typed before its `--`: say that instead; and
 * for a mistyped flag or subcommand, the one probably meant ("did you mean --condition?").
 */
function describeYargsFailure(message: string, options: readonly string[]) {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message.trim());
  const first = options.find((word) => !word.startsWith('-'));
  const subcommand = (SUBCOMMANDS as readonly string[]).includes(first ?? '') ? first! : '';
  if (unknown) {
    const names = new Set(unknown[1]!.split(', '));
    // A flag: the word as typed, before any `=value`.
    const flag = options.find(
      (word) => /^--?[^-]/.test(word) && names.has(word.replace(/^--?/, '').replace(/=.*$/, '')),
    );
    if (flag !== undefined) {
      const typed = flag.replace(/=.*$/, '');
      // A one-letter flag is too short to guess from.
      return messages.unknownFlag(
        typed,
        typed.startsWith('--')
          ? closestWord(
              typed,
              knownFlags(subcommand).filter((known) => known.startsWith('--')),
            )
          : null,
        subcommand,
      );
    }
    const stray = options.filter((word) => !word.startsWith('-') && names.has(word));
    if (subcommand === '' && stray.length > 0) {
      const meant = stray[0] === first ? closestWord(stray[0]!, SUBCOMMANDS) : null;
      return meant !== null ? messages.unknownSubcommand(stray[0]!, meant) : messages.strayArguments(stray);
    }
  }
  return messages.yargsFailure(message);
}

/** The flags a subcommand takes, as typed (`--condition`, `-o`); '' is the comparison. */
function knownFlags(subcommand: string): string[] {
  const command =
    (['diff', 'capture', 'check', 'locate'] as const).find((name) => name === subcommand) ??
    (subcommand === '' ? 'compare' : null);
  const declared =
    command === null
      ? []
      : declarationsFor(command).flatMap((declaration) => [
          `--${declaration.flag}`,
          ...(declaration.alias ? [`-${declaration.alias}`] : []),
        ]);
  return [...declared, ...(COMMAND_FLAGS[subcommand] ?? []), '--help', '--version'];
}

/** The flags of the subcommands whose options are not declarations (declarations.ts covers the others). */
export const COMMAND_FLAGS: Readonly<Record<string, readonly string[]>> = {
  schema: ['--capture'],
  doctor: ['--adapter-config'],
  completion: [],
};
