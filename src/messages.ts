// Every message bpdiff shows a user, whichever front door (the CLI, the library, the MCP server) the
// mistake came in by, in one place. Each says what was wrong, then (after " — ") what to do. The CLI
// prints them as one line (`bpdiff: <message>`); the library throws them; the MCP server answers them.
import { fileMessages } from './file-messages.js';
import { error, HELP, lowerFirst, ordinal, quote, times } from './message-parts.js';

export { describeSize } from './message-parts.js';
export { checkWords, progress } from './progress-words.js';

/** bpdiff's subcommands, each with its own help (the stray-argument message lists them too). */
export const SUBCOMMANDS = [
  'locate',
  'diff',
  'capture',
  'check',
  'schema',
  'validate',
  'doctor',
  'mcp',
  'completion',
] as const;

export const messages = {
  ...fileMessages,
  noArguments: () =>
    error(
      'USAGE',
      'no arguments given',
      `give a breakpoint and two commands: bpdiff --bp FILE:LINE -- CMD_A ... -- CMD_B ... (${HELP})`,
    ),
  yargsFailure: (message: string) =>
    error('USAGE', lowerFirst(message.replace(/\s+/g, ' ').trim()), `check the flags and arguments (${HELP})`),
  unknownOption: (name: string, known: readonly string[]) =>
    error('BAD_OPTION', `unknown option ${quote(name)}`, `use one of ${known.join(', ')}`),
  tooManyEntries: (flag: string, count: number, most: number) =>
    error(
      'BAD_OPTION',
      `--${flag} was given ${count} times, more than the ${most} bpdiff takes`,
      `give at most ${most} (one pattern can match many names: '*.created_at')`,
    ),
  entryTooLong: (flag: string, entry: string, most: number) =>
    error(
      'BAD_OPTION',
      `--${flag} ${quote(entry.length > 60 ? `${entry.slice(0, 60)}...` : entry)} is ${entry.length} characters long, more than the ${most} bpdiff takes`,
      'give a shorter one',
    ),
  unknownFlag: (given: string, suggestion: string | null, command: string) =>
    error(
      'USAGE',
      `unknown option ${given}`,
      suggestion === null
        ? `see the options in bpdiff${command === '' ? '' : ` ${command}`} --help`
        : `did you mean ${suggestion}? (see bpdiff${command === '' ? '' : ` ${command}`} --help)`,
    ),
  unknownSubcommand: (given: string, suggestion: string) =>
    error(
      'USAGE',
      `unknown subcommand ${given}`,
      `did you mean ${suggestion}? (the commands to compare go after --; see bpdiff --help)`,
    ),
  repeatedOption: (flag: string) => error('BAD_OPTION', `--${flag} was given more than once`, `give --${flag} once`),

  missingBreakpoint: (side?: 'a' | 'b') =>
    error(
      'BAD_BREAKPOINT',
      side
        ? `run ${side.toUpperCase()} has no breakpoint (--bp-${side === 'a' ? 'b' : 'a'} is given, --bp-${side} and --bp are not)`
        : '--bp is missing',
      side ? `add --bp-${side} FILE:LINE, or --bp for both runs` : 'say where to stop, e.g. --bp src/app.py:42',
    ),
  emptyBreakpoint: (flag = 'bp') =>
    error('BAD_BREAKPOINT', `--${flag} is empty`, `say where to stop, e.g. --${flag} src/app.py:42`),
  breakpointWithoutColon: (value: string, flag = 'bp') =>
    error(
      'BAD_BREAKPOINT',
      `--${flag} ${quote(value)} has no line number`,
      `write it as FILE:LINE, e.g. --${flag} src/app.py:42`,
    ),
  breakpointWithoutFile: (value: string, flag = 'bp') =>
    error(
      'BAD_BREAKPOINT',
      `--${flag} ${quote(value)} has no file before the colon`,
      `write it as FILE:LINE, e.g. --${flag} src/app.py:42`,
    ),
  badBreakpointLine: (value: string, line: string, flag = 'bp') =>
    error(
      'BAD_BREAKPOINT',
      `--${flag} ${quote(value)}: the line ${quote(line)} is not a line number`,
      `give a line number from 1 to 2147483647, e.g. --${flag} src/app.py:42`,
    ),
  breakpointLineDeleted: (file: string, line: number, labelA: string, labelB: string) =>
    error(
      'BAD_BREAKPOINT',
      `line ${line} of ${file} in run ${labelA} was deleted in run ${labelB}'s copy, so bpdiff cannot tell where ${labelB} should stop`,
      `give run ${labelB} its own line with --bp-b ${file}:LINE`,
    ),
  emptyCondition: () =>
    error(
      'BAD_OPTION',
      '--condition is empty',
      'give an expression in the program\'s language, e.g. --condition "n > 3", or leave the flag out',
    ),
  breakpointFileMissing: (side: 'a' | 'b' | null, label: string, file: string, resolved: string, cwd: string) =>
    error(
      'BREAKPOINT_FILE_MISSING',
      `the breakpoint file ${file} does not exist for run ${label}: ${resolved} (resolved against ${cwd})`,
      side === null
        ? 'check --bp, or point --cwd at the checkout that holds the file'
        : `check --bp, or point --cwd-${side} (or --cwd) at the checkout that holds the file`,
    ),

  breakpointPastEnd: (file: string, line: number, lines: number, label: string, flag = 'bp') =>
    error(
      'BAD_BREAKPOINT',
      `--${flag} ${file}:${line} is past the end of the file: ${file} has ${lines} ${lines === 1 ? 'line' : 'lines'} in run ${label}`,
      `give a line from 1 to ${lines}`,
    ),

  noCommands: () =>
    error(
      'BAD_COMMANDS',
      'no commands given',
      'put two commands after the options, each after --: bpdiff --bp FILE:LINE -- CMD_A ... -- CMD_B ...',
    ),
  oneCommand: () =>
    error('BAD_COMMANDS', 'only one command given', 'bpdiff compares two runs: add a second -- followed by command B'),
  tooManyCommands: (count: number) =>
    error(
      'BAD_COMMANDS',
      `${count} commands given (-- appears ${count} times)`,
      'give exactly two, each after --; a literal -- cannot be passed inside a command',
    ),
  runMissing: (name: string) =>
    error(
      'BAD_COMMANDS',
      `${name} is missing`,
      `give the run as ${name}: { command: ["python3", "app.py"], cwd: "v1" }`,
    ),
  emptyCommand: (side: 'A' | 'B') =>
    error(
      'BAD_COMMANDS',
      `command ${side} is empty (nothing between its -- and the next)`,
      'put the program and its arguments after each --, e.g. -- python3 app.py -- python3 app.py',
    ),
  strayArguments: (args: readonly string[]) =>
    error(
      'BAD_COMMANDS',
      `unexpected ${args.length === 1 ? 'argument' : 'arguments'} before the first --: ${args.join(' ')}`,
      `put each command after its own --: bpdiff --bp FILE:LINE -- CMD_A ... -- CMD_B ... (subcommands: ${[...SUBCOMMANDS].sort().join(', ')})`,
    ),
  emptyArgument: (name: string) => error('USAGE', `the ${name} argument is empty`, `give a file path (${HELP})`),
  commandsNotAccepted: (command: string) =>
    error('BAD_COMMANDS', `bpdiff ${command} takes no commands after --`, `remove the -- part (${HELP})`),

  badNumber: (flag: string, value: string, rule: string, example: string) =>
    error('BAD_OPTION', `--${flag} ${quote(value)} is not ${rule}`, `give e.g. --${flag} ${example}`),
  numberTooLarge: (flag: string, value: string, most: string, example: string) =>
    error(
      'BAD_OPTION',
      `--${flag} ${quote(value)} is more than it takes (at most ${most})`,
      `give a smaller value, e.g. --${flag} ${example}`,
    ),
  badRewrite: (flag: string, value: string, problem: string) =>
    error(
      'BAD_OPTION',
      `--${flag} ${quote(value)} ${problem}`,
      `write it as --${flag} 'REGEX=>REPLACEMENT', e.g. --${flag} '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z=><time>'`,
    ),
  badChoice: (flag: string, value: string, choices: readonly string[]) =>
    error(
      'BAD_OPTION',
      `--${flag} ${quote(value)} is not one of ${choices.join(', ')}`,
      `give --${flag} ${choices.join(' or ')}`,
    ),
  emptyValue: (flag: string) =>
    error('BAD_OPTION', `--${flag} is empty`, `give --${flag} a value, or leave the flag out`),
  badEnv: (flag: string, value: string) =>
    error(
      'BAD_OPTION',
      `--${flag} ${quote(value)} is not NAME=VALUE`,
      `write it as --${flag} NAME=VALUE, e.g. --${flag} DEBUG=1`,
    ),
  missingCwd: (label: string, flag: string, dir: string) =>
    error('BAD_OPTION', `the working directory of run ${label} does not exist: ${dir}`, `check ${flag}`),
  optionFileMissing: (flag: string, file: string) =>
    error('FILE_NOT_FOUND', `--${flag} ${file} does not exist`, `check the path given to --${flag}`),
  baselineOtherBreakpoint: (file: string, stored: string, given: string) =>
    error(
      'BAD_BASELINE',
      `the baseline ${file} was captured at ${stored}, not at ${given}`,
      `give --bp ${stored.replace(/ if .*$/, '')} (or no --bp: the baseline's breakpoint is used), or record a new baseline`,
    ),
  baselineLineDeleted: (name: string, file: string, line: number) =>
    error(
      'BAD_BASELINE',
      `line ${line} of ${file}, where the baseline ${name} was captured, was deleted in the live run's copy of the file, so the live run cannot stop where the baseline did`,
      `record the baseline again, or give the live run's line with --bp (a check's "bp")`,
    ),
  baselineLineCondition: (condition: string, label: string, message: string, where: string, why: string) =>
    error(
      'CONDITION_ERROR',
      `the condition "${condition}" cannot be evaluated in ${label} at ${where} (${message}): ${why}, so the condition may be right and the line wrong`,
      "record the baseline again at the line that holds the code, or give the live run's line with --bp",
    ),
  baselineCommands: (count: number) =>
    error(
      'BAD_COMMANDS',
      `--baseline takes one command (the live run), ${count === 0 ? 'none was given' : `${count} were given`}`,
      'bpdiff --baseline FILE [--bp FILE:LINE] -- CMD ARGS...',
    ),
  baselineWithOwnRun: (key: string) =>
    error(
      'USAGE',
      `${key} cannot be given with baseline (run A is the baseline; run_a may only name it, with label)`,
      'give the live run as run_b',
    ),
  baselineWithOwnBreakpoint: (flag: string) =>
    error(
      'USAGE',
      `--${flag} cannot be used with --baseline (there is one live run)`,
      flag === 'hit-a'
        ? 'give --hit N for the live run'
        : "give --bp FILE:LINE, or nothing to use the baseline's breakpoint",
    ),
  noConfig: (cwd: string) =>
    error(
      'BAD_CONFIG',
      `no bpdiff.config.json in ${cwd} or any folder above it`,
      'create one with your checks (see the README, "Baselines in CI"), or give --config FILE',
    ),
  moreOutputsThanFormats: (files: number, formats: number) =>
    error(
      'USAGE',
      `-o is given ${files} times for ${formats} --format`,
      "give one -o per --format (the i-th -o is the i-th format's file), or --summary FILE for a markdown summary beside the output",
    ),
  formatsToStdout: (formats: readonly string[]) =>
    error(
      'USAGE',
      `${formats.join(' and ')} would all go to stdout`,
      "give -o FILE for each --format but one (the i-th -o is the i-th format's file)",
    ),
  optionsConflict: (one: string, other: string, why: string) =>
    error('USAGE', `${one} cannot be used with ${other} (${why})`, `give one of them`),
  optionNeeds: (option: string, needed: string) =>
    error('USAGE', `${option} needs ${needed}`, `add ${needed}, or leave out ${option}`),
  watchRefused: (expression: string, message: string) =>
    error(
      'BAD_OPTION',
      `the watch expression ${JSON.stringify(expression)} could not be evaluated in either run (${message})`,
      "fix the expression given to --watch (it is written in the program's language)",
    ),
  updateWithCi: () =>
    error(
      'USAGE',
      '--update (or --record) cannot be used with --ci (under --ci bpdiff check never writes a baseline)',
      'leave out --ci to re-record the baselines, or --update to check them',
    ),
  unknownCheck: (name: string, file: string, known: readonly string[]) =>
    error(
      'BAD_CONFIG',
      `${file} has no check named "${name}"`,
      known.length === 0 ? 'add it under "checks"' : `run one of: ${known.join(', ')} (or no name for all)`,
    ),
  captureCommands: (count: number) =>
    error(
      'BAD_COMMANDS',
      `bpdiff capture takes one command, ${count === 0 ? 'none was given' : `${count} were given`}`,
      'bpdiff capture --bp FILE:LINE [-o FILE] -- CMD ARGS...',
    ),

  locateWithoutEntry: (adapter: string) =>
    error(
      'NO_ADAPTER',
      `bpdiff locate does not know where a program's own code starts under ${adapter} (its definition has no locate.entry)`,
      'give --from FILE:LINE, where both runs start the walk',
    ),
  locateRestartFailed: (reason: string) =>
    error(
      'ADAPTER_FAILED',
      `bpdiff locate started both programs again to come back to the step where they part ways, and one could not be started, twice (${reason})`,
      'run it again; if it fails the same way, run that command by hand to see why it does not start',
    ),
  replayLost: (where: string) =>
    error(
      'ADAPTER_FAILED',
      `bpdiff locate started both programs again to step into ${where}, where their effects differ, and a program did not come back there by the same steps: it does not do the same thing each time it runs (threads, time, randomness)`,
      'walk every line in one go with --every-line, or start the walk past what varies with --from FILE:LINE',
    ),
  adapterCannotStep: (refusal: string) =>
    error(
      'NO_ADAPTER',
      `bpdiff locate steps through the runs line by line, and the adapter cannot: ${refusal}`,
      'use a built-in adapter, or one whose stepIn, next and stepOut work',
    ),
  locateNoSource: (functions: readonly string[], takesSourcePaths: boolean) =>
    error(
      'USAGE',
      `no source was found for the code where the runs start (${functions.join(', ')}): the walk cannot compare its lines`,
      takesSourcePaths
        ? 'give --source-path FOLDER, the folder that holds its sources by their package folders (repeatable), or --from FILE:LINE in its source'
        : 'build the program with debug information (-g), or give --from FILE:LINE in its source',
    ),
  locateNoDebugInfo: (functions: readonly string[]) =>
    error(
      'USAGE',
      `neither run stopped in ${functions.join(' or ')}, where the program's own code starts, before it ended: no debug information was found for it`,
      'build the program with debug information (-g, not stripped), or give --from FILE:LINE in its source',
    ),
  adapterPathNotUsed: (adapter: string, runs: string) =>
    error(
      'BAD_OPTION',
      `--adapter-path is not used by ${adapter}: it runs in ${runs}, the one the command names`,
      'leave --adapter-path out (name the interpreter in the command), or choose another adapter with --adapter',
    ),
  sourcePathNotTaken: (adapter: string) =>
    error(
      'BAD_OPTION',
      `--source-path is for an adapter that looks sources up by their package folders (the Java adapter); ${adapter} takes no folders of sources`,
      'leave --source-path out: this adapter takes each source file from where the program was run or built',
    ),
  locateNoCode: (files: readonly string[], endings: string) =>
    error(
      'USAGE',
      `neither run reached a line of its own code before it ended (${endings}; ${files.length > 0 ? `they stopped only in ${files.join(', ')}` : 'no stop was in a file under its working directory or the folder of a file its command names'})`,
      "check that the commands run on their own, or give --from FILE:LINE in the program's own code",
    ),
  withinMatchedNothing: (globs: readonly string[], files: readonly string[]) =>
    error(
      'USAGE',
      `--within ${globs.join(' --within ')} matches none of the files the runs executed${files.length > 0 ? ` (${files.join(', ')})` : ''}`,
      "give a glob of their paths from the run's folder, e.g. --within 'src/*'",
    ),
  walkStepTimedOut: (seconds: number) =>
    error(
      'USAGE',
      `the program has not reached its next line within the timeout (${seconds} s) during the walk: it is blocked or running long (a sleep, a read, a loop outside the user's code, or a loop whose code stays on one line, which a step never leaves)`,
      `give a longer --timeout, or --from FILE:LINE past where it waits`,
    ),
  /** `said`: why the debugger stops on no code at --from's line, in each run that says so (core/hints.ts describeNoBreak). */
  fromNoCode: (from: string, said: string) =>
    error('USAGE', `--from ${from}: ${said.replace(/\.$/, '')}`, 'give --from a line with code on it'),
  /** `reached`: how many times each run passed the line, or null: fewer than `hit` (its adapter counted them). */
  fromNotReached: (from: string, hit: number, reached: readonly [number | null, number | null]) => {
    const said = reached.map((count) => (count === null ? `fewer than ${hit} times` : times(count)));
    // A time both reach is known only when both counts are.
    const least = reached[0] === null || reached[1] === null ? 0 : Math.min(reached[0], reached[1]);
    return error(
      'USAGE',
      `--from ${from}: ${said[0] === said[1] ? `both runs reached the line ${said[0]}` : `run A reached the line ${said[0]}, run B ${said[1]}`} before they ended, not the ${ordinal(hit)} time`,
      least > 0
        ? `give a time both runs reach it (--from ${from.replace(/^(.*:\d+):\d+$/, '$1')}:${least}), or another line`
        : reached.includes(null)
          ? 'give a smaller N (the line is reached, fewer times), or another line'
          : 'give a line both runs reach',
    );
  },
  badFrom: (value: string) =>
    error(
      'BAD_BREAKPOINT',
      `--from ${quote(value)} is not FILE:LINE or FILE:LINE:N`,
      'give where both runs start the walk, e.g. --from src/app.py:42 (or src/app.py:42:3: the third time there)',
    ),
  interrupted: (signal: NodeJS.Signals, stopped = 'both runs were') =>
    `interrupted by ${signal} — ${stopped} stopped and nothing was written`,
  flagsGivenToProgramB: (flags: readonly string[]) =>
    `warning: ${flags.join(' ')} ${flags.length === 1 ? 'comes' : 'come'} after the second --, so ${flags.length === 1 ? 'it went' : 'they went'} to program B, not to bpdiff — put bpdiff's options before the first --`,
  runCouldNotBeDebugged: (label: string, message: string) =>
    `run ${label} could not be debugged: ${message.replace(/\s+/g, ' ').trim()} — the result above says what each run produced`,
};

/** What `bpdiff locate` says on stderr. */
export const locateWords = {
  cutShort: (steps: number) =>
    `the walk stopped at --max-steps after ${steps} steps, before the runs parted or ended: no divergence so far is not a pass under --ci (exit 1) — raise --max-steps, or start nearer with --from FILE:LINE`,
};
