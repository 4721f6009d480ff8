// argv -> a typed command. yargs defines the flags, the help and the strictness; a live command's
// flags become the library's input (src/library), which is checked here by the library's own checks,
// so every mistake gets one message from messages.ts before anything starts. Nothing here touches
// files: paths are checked by the library when it resolves the runs (intake/runs.ts).
import type { Argv } from 'yargs';
import { declarationsFor, defaultOf, findDeclaration, snakeCase, type CommandName } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { messages, SUBCOMMANDS } from '../messages.js';
import { splitArgv } from './split-argv.js';
import { readPlainArgv } from './plain-argv.js';
import { loadYargs, type YargsFactory } from './load-yargs.js';
import { readPackageVersion } from '../intake/version.js';
import { outputArgs, type OutputArgs } from './output-args.js';
import { checkCompareInput } from '../library/compare.js';
import { checkCaptureInput } from '../library/capture.js';
import { checkDiffInput } from '../library/diff-captures.js';
import { checkLocateInput } from '../library/locate.js';
import { configFor, type BpdiffConfig } from '../config/config.js';
import { helpWidth, prerenderedHelp } from './help-texts.js';

export type { OutputArgs, OutputFormat } from './output-args.js';

/** A live command's flags as the library's input (src/library): values as typed, checked there. */
export type LibraryInput = Record<string, unknown>;

/** What `bpdiff` (a comparison, or `--baseline`) was asked beyond the library's input. */
export interface LiveArgs {
  /** compare()'s or capture()'s input, from the flags and the commands. */
  input: LibraryInput;
  quiet: boolean;
  output: OutputArgs;
  /** `--save-captures DIR`: also write each run's capture there (capture-a.json, capture-b.json). */
  saveCaptures: string | null;
  /** One line each, for stderr: things that parsed but were probably not meant (bpdiff flags given to program B). */
  warnings: string[];
}

export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'version'; text: string }
  | { kind: 'compare'; args: LiveArgs }
  /** `bpdiff capture`: one run, capture()'s input. */
  | { kind: 'capture'; args: LiveArgs }
  /** `bpdiff locate`: two runs walked line by line, locate()'s input. */
  | { kind: 'locate'; args: LiveArgs }
  /** `bpdiff diff A B`: diffCaptures()'s input beside the two files. */
  | { kind: 'diff'; captureA: string; captureB: string; input: LibraryInput; output: OutputArgs }
  /** `bpdiff check [NAME] [--record]`: the config file's named checks; `given` holds the flags as typed (they win over the config). */
  | { kind: 'check'; name: string | null; record: boolean; config: BpdiffConfig; given: Record<string, unknown>; quiet: boolean; output: OutputArgs }
  | { kind: 'schema'; capture: boolean }
  | { kind: 'validate'; file: string }
  | { kind: 'doctor' }
  /** `bpdiff mcp`: a Model Context Protocol server on stdin/stdout (src/mcp). */
  | { kind: 'mcp' };

export const USAGE = '$0 --bp FILE:LINE [options] -- CMD_A [ARGS...] -- CMD_B [ARGS...]';

/**
 * Examples as whole lines in the epilog, not yargs' examples: yargs puts a command and its meaning in
 * two columns and breaks a long command in the middle. Each line is under 80 columns.
 */
const EXAMPLES = [
  'Examples:',
  '  # two versions of a script',
  '  bpdiff --bp app.py:40 -- python3 v1/app.py -- python3 v2/app.py',
  '  # two checkouts, the same line (followed into B\'s copy if it moved)',
  '  bpdiff --bp app.py:40 --cwd-a ../main -- python3 app.py -- python3 app.py',
  '  # where two runs part ways in a loop',
  '  bpdiff --bp app.py:40 --first-divergence -- ./app 1 -- ./app 2',
  '  # where two runs part ways, with no breakpoint: every line, in lockstep',
  '  bpdiff locate --cwd-a ../main -- python3 app.py -- python3 app.py',
  '  # record a baseline, then compare a live run with it',
  '  bpdiff capture --bp app.py:40 -o base.json -- python3 app.py',
  '  bpdiff --baseline base.json -- python3 app.py',
  "  # record, then check, the baselines of bpdiff.config.json's checks",
  '  bpdiff check --record && bpdiff check',
  '  # two saved run captures',
  '  bpdiff diff a.json b.json --format text',
];

const EPILOG = [
  ...EXAMPLES,
  '',
  'Everything after the first -- is command A, up to the next --; the rest is command B.',
  "A command's own -- is written '\\--' (bpdiff passes it on as --).",
  '',
  'Exit status: 0 both runs stopped at the breakpoint and no variable differs;',
  '1 a difference, or a run that did not stop at the breakpoint; 2 an error.',
  'bpdiff validate: 0 valid, 1 invalid, 2 the file cannot be read.',
].join('\n');


type RawArgv = Record<string, unknown> & { _: Array<string | number> };

/**
 * Parse bpdiff's command line (without `node` and the script). Throws BpdiffError on bad input.
 * The options a bpdiff.config.json sets (the nearest from `cwd` upward, or --config) fill in the
 * flags that were not given. `width`: the help's width (default: the terminal's, at most 100, else 80).
 */
export async function parseArgs(argv: readonly string[], factory?: YargsFactory, cwd: string = process.cwd(), width?: number): Promise<CliCommand> {
  if (argv.length === 0) throw messages.noArguments();
  // The help and version texts the build rendered with this same function (help-texts.ts).
  const prerendered = factory === undefined && width === undefined ? prerenderedHelp(argv) : null;
  if (prerendered !== null) return { kind: argv[0] === '--version' ? 'version' : 'help', text: prerendered };
  const { options, commands } = splitArgv(argv);
  // The usual comparison's flags, read without loading yargs (plain-argv.ts); anything else through it.
  const plain = factory === undefined ? readPlainArgv(options, declarationsFor('compare')) : null;
  const parsed = plain !== null ? { argv: plain, output: '' } : await parseWithYargs(options, factory, width);
  const raw = parsed.argv;
  if (raw['help'] === true) return { kind: 'help', text: parsed.output };
  if (raw['version'] === true) return { kind: 'version', text: parsed.output };

  const subcommand = String(raw._[0] ?? '');
  if (subcommand === 'check') {
    if (commands.length > 0) throw messages.commandsNotAccepted('check');
    const config = configFor(stringOf(raw, 'config'), cwd);
    if (config === null) throw messages.noConfig(cwd);
    const given = { ...raw };
    applyConfig(raw, config);
    const name = raw['name'] === undefined ? null : String(raw['name']);
    return { kind: 'check', name, record: valueOf(raw, 'record') === true, config, given, quiet: valueOf(raw, 'quiet') === true, output: outputArgs(raw) };
  }
  if (['', 'diff', 'capture'].includes(subcommand)) applyConfig(raw, configFor(stringOf(raw, 'config'), cwd));
  switch (subcommand) {
    case 'diff':
      if (commands.length > 0) throw messages.commandsNotAccepted('diff');
      return {
        kind: 'diff',
        captureA: positional(raw, 'capture_a'),
        captureB: positional(raw, 'capture_b'),
        input: checkedDiffInput(raw),
        output: outputArgs(raw),
      };
    case 'schema':
      if (commands.length > 0) throw messages.commandsNotAccepted('schema');
      return { kind: 'schema', capture: raw['capture'] === true };
    case 'validate':
      if (commands.length > 0) throw messages.commandsNotAccepted('validate');
      return { kind: 'validate', file: positional(raw, 'file') };
    case 'doctor':
      if (commands.length > 0) throw messages.commandsNotAccepted('doctor');
      return { kind: 'doctor' };
    case 'mcp':
      if (commands.length > 0) throw messages.commandsNotAccepted('mcp');
      return { kind: 'mcp' };
    case 'locate': {
      const pair = parseCommands(commands);
      const args: LiveArgs = { input: libraryInput(raw, 'locate', { run_a: pair[0], run_b: pair[1] }), quiet: valueOf(raw, 'quiet') === true, output: outputArgs(raw), saveCaptures: null, warnings: strayFlagWarnings(pair, 'locate') };
      checkLocateInput(args.input);
      return { kind: 'locate', args };
    }
    case 'capture': {
      const args = captureArgs(raw, commands);
      checkCaptureInput(args.input);
      return { kind: 'capture', args };
    }
    case '': {
      const args = compareArgs(raw, commands);
      checkCompareInput(args.input);
      return { kind: 'compare', args };
    }
    default:
      throw messages.strayArguments(raw._.map(String));
  }
}

async function parseWithYargs(options: string[], factory: YargsFactory | undefined, width: number | undefined): Promise<{ argv: RawArgv; output: string }> {
  const parser = defineParser((factory ?? (await loadYargs()))(), readPackageVersion(), width);
  return new Promise<{ argv: RawArgv; output: string }>((resolve, reject) => {
    try {
      // With a callback, yargs hands help and version text back instead of printing it and exiting.
      void parser.parse(options, {}, (error: Error | undefined, given: unknown, output: string) => (error ? reject(error) : resolve({ argv: given as RawArgv, output })));
    } catch (error) {
      reject(error);
    }
  }).catch((error: unknown) => {
    throw describeYargsFailure(error instanceof Error ? error.message : String(error), options);
  });
}

function defineParser(y: Argv, version: string, width?: number): Argv {
  return y
    .scriptName('bpdiff')
    .usage(`${USAGE}\n\nRun two commands under a debugger, stop both at one breakpoint and compare the variables visible there.`)
    .command('$0', 'compare two runs live (the default)', (c) => defineOptions(c, 'compare'))
    .command('locate', "walk both runs line by line in lockstep and report where they first part ways (where they stand, or what they hold), with no breakpoint given", (c) => defineOptions(c, 'locate'))
    .command('diff <capture_a> <capture_b>', 'compare two saved run captures (no debugger)', (c) =>
      defineOptions(c, 'diff')
        .positional('capture_a', { type: 'string', describe: 'run capture of run A (JSON)' })
        .positional('capture_b', { type: 'string', describe: 'run capture of run B (JSON)' }),
    )
    .command('capture', "capture one run at the breakpoint and write its capture (a baseline for --baseline, or for bpdiff diff)", (c) => defineOptions(c, 'capture'))
    .command('check [name]', "run the config file's named checks against their baselines (--record: record the baselines)", (c) =>
      defineOptions(c, 'check').positional('name', { type: 'string', describe: 'the check to run (default: every check)' }),
    )
    .command('schema', 'print the JSON Schema of the result document', (c) =>
      c.option('capture', { type: 'boolean', describe: 'print the run capture schema instead' }),
    )
    .command('validate <file>', 'check a result document or a run capture (by its $schema) against its schema', (c) =>
      c.positional('file', { type: 'string', describe: 'the JSON file to check' }),
    )
    .command('doctor', 'list the built-in debug adapters installed here, with their versions, and how to install the missing ones')
    .command('mcp', 'serve the comparison to AI agents: a Model Context Protocol server on stdin/stdout (tools compare, capture, diff_captures)')
    .epilog(EPILOG)
    .wrap(width ?? helpWidth(y.terminalWidth()))
    .version(version)
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
    });
}

/** Every declared option of this command, as a yargs flag (values are checked by read-options.ts). */
function defineOptions(y: Argv, command: CommandName): Argv {
  for (const declaration of declarationsFor(command)) {
    const shown = defaultOf(declaration);
    y.option(declaration.flag, {
      type: declaration.kind === 'flag' ? 'boolean' : 'string',
      describe: command === 'diff' && declaration.flag.startsWith('label-') ? `${declaration.describe} (default: the capture's label)` : declaration.describe,
      group: declaration.group,
      ...(declaration.alias ? { alias: declaration.alias } : {}),
      ...(shown !== undefined && shown !== null && shown !== false && command === 'compare' ? { defaultDescription: String(shown) } : {}),
    });
  }
  return y;
}

/** A config file's options, as the flags they stand for, where the command line did not give them. */
function applyConfig(raw: RawArgv, config: BpdiffConfig | null): void {
  if (config === null) return;
  raw[CONFIG_KEY] = config;
  for (const [key, value] of Object.entries(config.options)) {
    const flag = key.replaceAll('_', '-');
    if (raw[flag] === undefined) raw[flag] = value;
  }
}

const CONFIG_KEY = '$bpdiff-config';

/** The config file the command line read, if any. */
export function configOf(raw: RawArgv): BpdiffConfig | null {
  return (raw[CONFIG_KEY] as BpdiffConfig | undefined) ?? null;
}

/** The checked value of a declared flag that is not a capture option. */
function valueOf(raw: RawArgv, flag: string): ReturnType<typeof readOptionValue> {
  return readOptionValue(findDeclaration(flag)!, raw[flag]);
}

function stringOf(raw: RawArgv, flag: string): string | null {
  const value = valueOf(raw, flag);
  return typeof value === 'string' ? value : null;
}

/**
 * The library's input from the flags of `command` (compare or capture), as typed (the library checks
 * every value, with the same messages): the capture options by their snake_case names, each per-run
 * option's shared value at the top and each run's own in its run object, the commands in the runs.
 */
function libraryInput(raw: RawArgv, command: 'compare' | 'capture' | 'locate', runs: Record<string, string[]>): LibraryInput {
  const input: LibraryInput = {};
  for (const [key, argv] of Object.entries(runs)) input[key] = { command: argv };
  for (const declaration of declarationsFor(command)) {
    const value = raw[declaration.flag];
    if (value === undefined) continue;
    if (declaration.target) input[snakeCase(declaration.flag)] = value;
    else if (declaration.run) {
      const holder = declaration.run.side === null ? input : (input[`run_${declaration.run.side}`] as LibraryInput | undefined);
      if (holder !== undefined) holder[declaration.run.key] = value;
    }
  }
  const condition = optionalString(raw, 'condition');
  if (condition !== null) input['condition'] = condition;
  if (command !== 'capture') {
    for (const flag of ['fail-on', 'max-output-bytes'] as const) if (raw[flag] !== undefined) input[snakeCase(flag)] = valueOf(raw, flag);
  }
  return input;
}

/** `bpdiff diff`: diffCaptures()'s input (the value options, --label-a/--label-b as label_a/label_b, --fail-on, --max-output-bytes). */
function diffInput(raw: RawArgv): LibraryInput {
  const input: LibraryInput = {};
  for (const declaration of declarationsFor('diff')) {
    if (raw[declaration.flag] === undefined) continue;
    if (declaration.target || declaration.run || ['fail-on', 'max-output-bytes'].includes(declaration.flag)) input[snakeCase(declaration.flag)] = raw[declaration.flag];
  }
  return input;
}

function checkedDiffInput(raw: RawArgv): LibraryInput {
  const input = diffInput(raw);
  checkDiffInput(input);
  return input;
}

/** `bpdiff capture`: one command, capture()'s input. */
function captureArgs(raw: RawArgv, commands: string[][]): LiveArgs {
  if (commands.length !== 1 || commands[0]!.length === 0) throw messages.captureCommands(commands.filter((command) => command.length > 0).length);
  return { input: libraryInput(raw, 'capture', { run: commands[0]! }), quiet: valueOf(raw, 'quiet') === true, output: { ...outputArgs({}), outputFile: stringOf(raw, 'output') }, saveCaptures: null, warnings: [] };
}

function compareArgs(raw: RawArgv, commands: string[][]): LiveArgs {
  const baseline = stringOf(raw, 'baseline');
  const common = { quiet: valueOf(raw, 'quiet') === true, output: outputArgs(raw), saveCaptures: stringOf(raw, 'save-captures') };
  if (baseline !== null) {
    for (const flag of ['bp-a', 'bp-b', 'cwd-a', 'env-a', 'stdin-a'] as const) if (raw[flag] !== undefined) throw messages.baselineWithOwnBreakpoint(flag);
    if (commands.length !== 1 || commands[0]!.length === 0) throw messages.baselineCommands(commands.filter((command) => command.length > 0).length);
    const input = libraryInput(raw, 'compare', { run_a: [], run_b: commands[0]! });
    // Run A is the baseline: it has only a name (--label-a, "baseline" by default).
    input['run_a'] = raw['label-a'] === undefined ? {} : { label: raw['label-a'] };
    input['baseline'] = baseline;
    return { input, ...common, warnings: [] };
  }
  const pair = parseCommands(commands);
  return { input: libraryInput(raw, 'compare', { run_a: pair[0], run_b: pair[1] }), ...common, warnings: strayFlagWarnings(pair) };
}

/**
 * `-- python3 x.py -- python3 x.py --format text`: everything after the second -- is program B's, so
 * a bpdiff flag there reaches the program. Said when A's arguments do not have the same word.
 */
function strayFlagWarnings([a, b]: [string[], string[]], command: 'compare' | 'locate' = 'compare'): string[] {
  const flags = new Set(declarationsFor(command).flatMap((declaration) => [`--${declaration.flag}`, ...(declaration.alias ? [`-${declaration.alias}`] : [])]));
  const stray = b.slice(1).filter((word) => flags.has(word.replace(/=.*$/, '')) && !a.includes(word));
  if (stray.length === 0) return [];
  return [messages.flagsGivenToProgramB(stray)];
}

export function parseCommands(commands: string[][]): [string[], string[]] {
  if (commands.length === 0) throw messages.noCommands();
  if (commands.length === 1) throw commands[0]!.length === 0 ? messages.emptyCommand('A') : messages.oneCommand();
  if (commands.length > 2) throw messages.tooManyCommands(commands.length);
  if (commands[0]!.length === 0) throw messages.emptyCommand('A');
  if (commands[1]!.length === 0) throw messages.emptyCommand('B');
  return [commands[0]!, commands[1]!];
}

function optionalString(raw: RawArgv, name: string): string | null {
  const value = raw[name];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) throw messages.repeatedOption(name);
  return String(value);
}

function positional(raw: RawArgv, name: string): string {
  const value = raw[name];
  if (value === undefined || value === null || String(value) === '') throw messages.emptyArgument(name);
  return String(value);
}

/** yargs says "Unknown argument: python3" for a command typed before its `--`: say that instead. */
function describeYargsFailure(message: string, options: readonly string[]) {
  const unknown = /^Unknown arguments?: (.+)$/.exec(message.trim());
  const subcommand = options.find((word) => !word.startsWith('-'));
  if (unknown && !(SUBCOMMANDS as readonly string[]).includes(subcommand ?? '')) {
    const names = new Set(unknown[1]!.split(', '));
    const stray = options.filter((word) => !word.startsWith('-') && names.has(word));
    if (stray.length > 0) return messages.strayArguments(stray);
  }
  return messages.yargsFailure(message);
}
