// bpdiff's command line as yargs knows it: the usage, every subcommand with its examples, every
// declared option (options/declarations.ts), the version (-V) and the help. Values are parsed as typed
// (strings) and checked by read-options.ts; only the help shows each option's kind, a number or one
// of its choices (`forHelp`).
import type { Argv } from 'yargs';
import {
  declarationsFor,
  defaultOf,
  findDeclaration,
  type CommandName,
  type OptionDeclaration,
} from '../options/declarations.js';
import { helpWidth } from './help-texts.js';

export const USAGE = '$0 --bp FILE:LINE [options] -- CMD_A [ARGS...] -- CMD_B [ARGS...]';

/** What each command does, one line: its help's and the man page's (man-page.ts). */
export const COMMANDS = {
  compare: 'compare two runs live (the default)',
  locate:
    'walk both runs line by line in lockstep and report where they first part ways (where they stand, or what they hold), with no breakpoint given',
  diff: 'compare two saved run captures (no debugger)',
  capture: 'capture one run at the breakpoint and write its capture (a baseline for --baseline, or for bpdiff diff)',
  check: "run the config file's checks against their committed baselines (-u: re-record them)",
  schema: 'print the JSON Schema of the result document',
  validate: 'check a result document or a run capture (by its $schema) against its schema',
  doctor: 'list the built-in debug adapters installed here, with their versions, and how to install the missing ones',
  mcp: 'serve the comparison to AI agents: a Model Context Protocol server on stdin/stdout (tools compare, capture, diff_captures, locate, doctor)',
  completion: 'print the completion script for bash, zsh or fish',
} as const;

/**
 * Examples as whole lines in the epilog, not yargs' examples: yargs puts a command and its meaning in
 * two columns and breaks a long command in the middle. Each line is under 80 columns.
 */
export const EXAMPLES: Record<string, readonly string[]> = {
  '': [
    '  # two versions of a script',
    '  bpdiff --bp app.py:40 -- python3 v1/app.py -- python3 v2/app.py',
    "  # two checkouts, the same line (followed into B's copy if it moved)",
    '  bpdiff --bp app.py:40 --cwd-a ../main -- python3 app.py -- python3 app.py',
    '  # where two runs part ways in a loop',
    '  bpdiff --bp app.py:40 --first-divergence -- ./app 1 -- ./app 2',
    '  # where two runs part ways, with no breakpoint: every line, in lockstep',
    '  bpdiff locate --cwd-a ../main -- python3 app.py -- python3 app.py',
    '  # record a baseline, then compare a live run with it',
    '  bpdiff capture --bp app.py:40 -o base.json -- python3 app.py',
    '  bpdiff --baseline base.json -- python3 app.py',
    "  # check bpdiff.config.json's checks against their committed baselines",
    '  bpdiff check',
    '  # two saved run captures, side by side',
    '  bpdiff diff a.json b.json --format side-by-side',
  ],
  locate: [
    '  # where two checkouts part ways, with no breakpoint: every line, in lockstep',
    '  bpdiff locate --cwd-a ../main -- python3 app.py -- python3 app.py',
    '  # from a line of your own, counting only the lines under src/',
    "  bpdiff locate --from src/app.py:42 --within 'src/*' -- ./app 1 -- ./app 2",
  ],
  diff: [
    '  # two captures bpdiff capture wrote, for a person',
    '  bpdiff diff base.json head.json --format text',
    '  # named, with a variable left out',
    "  bpdiff diff a.json b.json --label-a main --label-b pr --ignore '*.id'",
  ],
  capture: [
    '  # one run stopped at a line, its capture in a file',
    '  bpdiff capture --bp app.py:40 -o base.json -- python3 app.py 10',
    '  # at the third stop where a condition holds',
    "  bpdiff capture --bp app.py:40 --condition 'n > 3' --hit 3 -- ./app",
  ],
  check: [
    '  # every check against its baseline (a missing one is recorded, or fails',
    '  # under --ci, the default when CI is set)',
    '  bpdiff check',
    '  # accept a change: re-record the baselines, see what changed, commit them',
    '  bpdiff check -u && git diff .bpdiff/baselines',
    '  # one check, re-recorded only if it fails',
    '  bpdiff check total --update=failing',
    '  # in CI: annotations, and the summary for the job',
    '  bpdiff check --ci --format github --summary "$GITHUB_STEP_SUMMARY"',
  ],
  schema: [
    "  # the result document's JSON Schema, then the run capture's",
    '  bpdiff schema > comparison.schema.json',
    '  bpdiff schema --capture',
  ],
  validate: ['  # a document bpdiff wrote (exit 0 valid, 1 invalid)', '  bpdiff validate result.json'],
  doctor: [
    '  # which debug adapters are installed, and how to install the others',
    '  bpdiff doctor',
    '  # check an adapter definition of your own',
    '  bpdiff doctor --adapter-config my-adapter.json',
  ],
  mcp: ['  # in an MCP client\'s config: {"command": "bpdiff", "args": ["mcp"]}', '  bpdiff mcp'],
  completion: [
    '  # bash: in ~/.bashrc',
    '  source <(bpdiff completion bash)',
    '  # zsh: a file named _bpdiff in a folder of $fpath',
    '  bpdiff completion zsh > ~/.zfunc/_bpdiff',
    '  # fish: in its completions folder',
    '  bpdiff completion fish > ~/.config/fish/completions/bpdiff.fish',
  ],
};

export const NOTES = [
  '',
  'Everything after the first -- is command A, up to the next --; the rest is command B.',
  "A command's own -- is written '\\--' (bpdiff passes it on as --).",
  '',
  'Exit status: 0 both runs stopped at the breakpoint and no variable differs;',
  '1 a difference, or a run that did not stop at the breakpoint; 2 an error.',
  'bpdiff validate: 0 valid, 1 invalid, 2 the file cannot be read.',
];

function examples(command: string): string {
  return ['Examples:', ...(EXAMPLES[command] ?? []), ...(command === '' ? NOTES : [])].join('\n');
}

export function defineParser(y: Argv, version: string, width?: number, forHelp = false): Argv {
  const options = (c: Argv, command: CommandName): Argv => defineOptions(c, command, forHelp);
  return (
    y
      .scriptName('bpdiff')
      .usage(
        `${USAGE}\n\nRun two commands under a debugger, stop both at one breakpoint and compare the variables visible there.`,
      )
      .command('$0', COMMANDS.compare, (c) => options(c, 'compare'))
      .command('locate', COMMANDS.locate, (c) => options(c, 'locate').epilog(examples('locate')))
      .command('diff <capture_a> <capture_b>', COMMANDS.diff, (c) =>
        options(c, 'diff')
          .positional('capture_a', { type: 'string', describe: 'run capture of run A (JSON)' })
          .positional('capture_b', { type: 'string', describe: 'run capture of run B (JSON)' })
          .epilog(examples('diff')),
      )
      .command('capture', COMMANDS.capture, (c) => options(c, 'capture').epilog(examples('capture')))
      .command('check [names..]', COMMANDS.check, (c) =>
        options(c, 'check')
          .positional('names', { type: 'string', describe: 'the checks to run (default: every check)' })
          .epilog(examples('check')),
      )
      .command('schema', COMMANDS.schema, (c) =>
        c
          .option('capture', { type: 'boolean', describe: 'print the run capture schema instead' })
          .epilog(examples('schema')),
      )
      .command('validate <file>', COMMANDS.validate, (c) =>
        c
          .positional('file', { type: 'string', describe: 'the JSON file to check' })
          .option('max-input-bytes', { type: 'string', describe: findDeclaration('max-input-bytes')!.describe })
          .epilog(examples('validate')),
      )
      .command('doctor', COMMANDS.doctor, (c) =>
        c
          .option('adapter-config', {
            type: 'string',
            describe:
              'check this adapter definition instead: the file against the schema, then its adapter, started as a run would start it',
          })
          .epilog(examples('doctor')),
      )
      .command('mcp', COMMANDS.mcp, (c) => c.epilog(examples('mcp')))
      .command('completion [shell]', COMMANDS.completion, (c) =>
        c
          .positional('shell', {
            type: 'string',
            choices: ['bash', 'zsh', 'fish'],
            default: 'bash',
            describe: 'the shell',
          })
          .epilog(examples('completion')),
      )
      .epilog(examples(''))
      .wrap(width ?? helpWidth(y.terminalWidth()))
      .version(version)
      .alias('version', 'V')
      .help()
      .alias('help', 'h')
      // bpdiff speaks English whatever the locale: a message half in French and half in English helps nobody.
      .locale('en')
      .strict()
      // `--no-redact` is an option of its own (declarations.ts), not yargs' negation of `--redact`.
      .parserConfiguration({ 'parse-positional-numbers': false, 'boolean-negation': false })
      .exitProcess(false)
      .fail((message: string | undefined, error: Error | undefined) => {
        throw error ?? new Error(message ?? 'invalid arguments');
      })
  );
}

/** Every declared option of this command, as a yargs flag (values are checked by read-options.ts). */
function defineOptions(y: Argv, command: CommandName, forHelp: boolean): Argv {
  for (const declaration of declarationsFor(command)) {
    const shown = defaultOf(declaration);
    y.option(declaration.flag, {
      type: declaration.kind === 'flag' ? 'boolean' : forHelp && isNumber(declaration) ? 'number' : 'string',
      describe:
        command === 'diff' && declaration.flag.startsWith('label-')
          ? `${declaration.describe} (default: the capture's label)`
          : declaration.describe,
      group: declaration.group,
      ...(forHelp && declaration.kind === 'choice' && declaration.choices ? { choices: [...declaration.choices] } : {}),
      ...(declaration.alias ? { alias: declaration.alias } : {}),
      ...(shown !== undefined && shown !== null && shown !== false && command === 'compare'
        ? { defaultDescription: String(shown) }
        : {}),
    });
  }
  return y;
}

function isNumber(declaration: OptionDeclaration): boolean {
  return declaration.kind === 'integer' || declaration.kind === 'seconds';
}
