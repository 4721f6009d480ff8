// argv -> a typed command. yargs defines the flags, the help and the strictness; the values are
// checked here, so every mistake gets one message from messages.ts. Nothing here touches files:
// paths are checked when the runs are resolved (resolve-runs.ts).
import type { Argv } from 'yargs';
import type { Breakpoint, ScopeSelection } from '../core/types.js';
import { DEFAULT_CAPTURE_LIMITS } from '../core/types.js';
import { messages } from './messages.js';
import { splitArgv } from './split-argv.js';
import { loadYargs, type YargsFactory } from './load-yargs.js';
import { readPackageVersion } from './version.js';

export type OutputFormat = 'json' | 'text';

export interface OutputArgs {
  format: OutputFormat;
  /** `-o FILE`: the JSON document goes to this file (atomically) instead of stdout. */
  outputFile: string | null;
}

export interface CompareArgs {
  breakpoint: Breakpoint;
  labels: { a: string; b: string };
  /** `--cwd` / `--cwd-a` / `--cwd-b` as given (relative to bpdiff's working directory). */
  cwd: { shared: string | null; a: string | null; b: string | null };
  env: { shared: Record<string, string>; a: Record<string, string>; b: Record<string, string> };
  timeoutSeconds: number;
  adapterId: string | null;
  adapterConfig: string | null;
  adapterPath: string | null;
  depth: number;
  maxChildren: number;
  maxValueLength: number;
  scope: ScopeSelection;
  rawValues: boolean;
  exactLine: boolean;
  sequential: boolean;
  stdin: { a: string | null; b: string | null };
  quiet: boolean;
  output: OutputArgs;
  /** `--save-captures DIR`: also write each run's capture there (capture-a.json, capture-b.json). */
  saveCaptures: string | null;
  commands: [string[], string[]];
}

export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'version'; text: string }
  | { kind: 'compare'; args: CompareArgs }
  | { kind: 'diff'; captureA: string; captureB: string; labels: { a: string | null; b: string | null }; output: OutputArgs }
  | { kind: 'schema'; capture: boolean }
  | { kind: 'validate'; file: string };

export const USAGE = '$0 --bp FILE:LINE [options] -- CMD_A [ARGS...] -- CMD_B [ARGS...]';

const EPILOG = [
  'Everything after the first -- is command A, up to the next --; the rest is command B.',
  "A command's own -- is written '\\--' (bpdiff passes it on as --).",
  '',
  'Exit status: 0 both runs stopped at the breakpoint and no variable differs;',
  '1 a difference, or a run that did not stop at the breakpoint; 2 an error.',
  'bpdiff validate: 0 valid, 1 invalid, 2 the file cannot be read.',
].join('\n');

const FORMATS = ['json', 'text'] as const;
const SUBCOMMANDS = new Set(['diff', 'schema', 'validate']);
const SCOPES = ['locals', 'globals'] as const;

type RawArgv = Record<string, unknown> & { _: Array<string | number> };

/** Parse bpdiff's command line (without `node` and the script). Throws BpdiffError on bad input. */
export async function parseArgs(argv: readonly string[], factory?: YargsFactory): Promise<CliCommand> {
  if (argv.length === 0) throw messages.noArguments();
  const { options, commands } = splitArgv(argv);
  const yargs = factory ?? (await loadYargs());
  const parser = defineParser(yargs(), readPackageVersion());

  const parsed = await new Promise<{ argv: RawArgv; output: string }>((resolve, reject) => {
    try {
      // With a callback, yargs hands help and version text back instead of printing it and exiting.
      void parser.parse(options, {}, (error: Error | undefined, raw: unknown, output: string) => {
        if (error) reject(error);
        else resolve({ argv: raw as RawArgv, output });
      });
    } catch (error) {
      reject(error);
    }
  }).catch((error: unknown) => {
    throw describeYargsFailure(error instanceof Error ? error.message : String(error), options);
  });

  const raw = parsed.argv;
  if (raw['help'] === true) return { kind: 'help', text: parsed.output };
  if (raw['version'] === true) return { kind: 'version', text: parsed.output };

  const subcommand = String(raw._[0] ?? '');
  switch (subcommand) {
    case 'diff':
      if (commands.length > 0) throw messages.commandsNotAccepted('diff');
      return {
        kind: 'diff',
        captureA: positional(raw, 'capture_a'),
        captureB: positional(raw, 'capture_b'),
        labels: { a: optionalString(raw, 'label-a'), b: optionalString(raw, 'label-b') },
        output: outputArgs(raw),
      };
    case 'schema':
      if (commands.length > 0) throw messages.commandsNotAccepted('schema');
      return { kind: 'schema', capture: raw['capture'] === true };
    case 'validate':
      if (commands.length > 0) throw messages.commandsNotAccepted('validate');
      return { kind: 'validate', file: positional(raw, 'file') };
    case '':
      return { kind: 'compare', args: compareArgs(raw, commands) };
    default:
      throw messages.strayArguments(raw._.map(String));
  }
}

function defineParser(y: Argv, version: string): Argv {
  return y
    .scriptName('bpdiff')
    .usage(`${USAGE}\n\nRun two commands under a debugger, stop both at one breakpoint and compare the variables visible there.`)
    .command('$0', 'compare two runs live (the default)', (c) => defineCompareOptions(c))
    .command('diff <capture_a> <capture_b>', 'compare two saved run captures (no debugger)', (c) =>
      defineOutputOptions(c)
        .positional('capture_a', { type: 'string', describe: 'run capture of run A (JSON)' })
        .positional('capture_b', { type: 'string', describe: 'run capture of run B (JSON)' })
        .option('label-a', { type: 'string', describe: 'label for run A (default: the capture\'s label)', group: 'Output:' })
        .option('label-b', { type: 'string', describe: 'label for run B (default: the capture\'s label)', group: 'Output:' }),
    )
    .command('schema', 'print the JSON Schema of the result document', (c) =>
      c.option('capture', { type: 'boolean', describe: 'print the run capture schema instead' }),
    )
    .command('validate <file>', 'check a result document or a run capture (by its $schema) against its schema', (c) =>
      c.positional('file', { type: 'string', describe: 'the JSON file to check' }),
    )
    .example('$0 --bp app.py:40 -- python3 v1/app.py -- python3 v2/app.py', 'two versions of a script')
    .example('$0 --bp src/app.py:40 --cwd-a ../main -- python3 src/app.py -- python3 src/app.py', 'two checkouts, same line')
    .example('$0 diff a.json b.json --format text', 'two saved run captures')
    .epilog(EPILOG)
    .wrap(Math.min(100, y.terminalWidth() || 80))
    .version(version)
    .help()
    .alias('help', 'h')
    .strict()
    .parserConfiguration({ 'parse-positional-numbers': false })
    .exitProcess(false)
    .fail((message: string | undefined, error: Error | undefined) => {
      throw error ?? new Error(message ?? 'invalid arguments');
    });
}

function defineCompareOptions(y: Argv): Argv {
  const B = 'Breakpoint:';
  const R = 'Runs:';
  const C = 'Capture:';
  return defineOutputOptions(
    y
      .option('bp', { type: 'string', describe: 'where to stop: FILE:LINE (a relative FILE is found in each run\'s working directory)', group: B })
      .option('condition', { type: 'string', describe: 'stop only when this expression (in the program\'s language) is true', group: B })
      .option('exact-line', { type: 'boolean', describe: 'do not accept a breakpoint the debugger moves to another line', group: B })
      .option('label-a', { type: 'string', describe: 'name of run A in the output', default: 'A', defaultDescription: 'A', group: R })
      .option('label-b', { type: 'string', describe: 'name of run B in the output', default: 'B', defaultDescription: 'B', group: R })
      .option('cwd', { type: 'string', describe: 'working directory of both runs', group: R })
      .option('cwd-a', { type: 'string', describe: 'working directory of run A (overrides --cwd)', group: R })
      .option('cwd-b', { type: 'string', describe: 'working directory of run B (overrides --cwd)', group: R })
      .option('env', { type: 'string', describe: 'NAME=VALUE for both runs (repeatable)', group: R })
      .option('env-a', { type: 'string', describe: 'NAME=VALUE for run A only (repeatable; wins over --env)', group: R })
      .option('env-b', { type: 'string', describe: 'NAME=VALUE for run B only (repeatable; wins over --env)', group: R })
      .option('stdin-a', { type: 'string', describe: 'file fed to run A\'s stdin (default: empty)', group: R })
      .option('stdin-b', { type: 'string', describe: 'file fed to run B\'s stdin (default: empty)', group: R })
      .option('timeout', { type: 'string', describe: 'seconds each run may take to reach the breakpoint', defaultDescription: String(DEFAULT_CAPTURE_LIMITS.timeout_seconds), group: R })
      .option('sequential', { type: 'boolean', describe: 'run A, then B (for programs that share a port or a file)', group: R })
      .option('adapter', { type: 'string', describe: 'use this built-in debug adapter (default: chosen from the file and command)', group: C })
      .option('adapter-config', { type: 'string', describe: 'a JSON file defining the debug adapter to use', group: C })
      .option('adapter-path', { type: 'string', describe: 'the debug adapter executable to run', group: C })
      .option('depth', { type: 'string', describe: 'how deep to expand structured values', defaultDescription: String(DEFAULT_CAPTURE_LIMITS.depth), group: C })
      .option('max-children', { type: 'string', describe: 'most children captured per value', defaultDescription: String(DEFAULT_CAPTURE_LIMITS.max_children), group: C })
      .option('max-value-length', { type: 'string', describe: 'longest value text kept (at least 16)', defaultDescription: String(DEFAULT_CAPTURE_LIMITS.max_value_length), group: C })
      .option('scope', { type: 'string', describe: 'which variables: locals or globals', defaultDescription: 'locals', group: C })
      .option('raw-values', { type: 'boolean', describe: 'keep addresses and ids as the debugger shows them (no normalising)', group: C })
      .option('quiet', { type: 'boolean', describe: 'no progress on stderr', group: 'Output:' })
      .option('save-captures', { type: 'string', describe: 'also write each run\'s capture (everything bpdiff saw) to DIR/capture-a.json and DIR/capture-b.json, for bpdiff diff', group: 'Output:' }),
  );
}

function defineOutputOptions(y: Argv): Argv {
  return y
    .option('format', { type: 'string', describe: 'json (the result document) or text (for a person)', defaultDescription: 'json', group: 'Output:' })
    .option('output', { alias: 'o', type: 'string', describe: 'write the JSON document to this file (stdout then carries only --format text)', group: 'Output:' });
}


function compareArgs(raw: RawArgv, commands: string[][]): CompareArgs {
  const breakpoint = parseBreakpoint(optionalString(raw, 'bp'), optionalString(raw, 'condition'));
  const pair = parseCommands(commands);
  return {
    breakpoint,
    labels: { a: nonEmpty(raw, 'label-a'), b: nonEmpty(raw, 'label-b') },
    cwd: { shared: optionalString(raw, 'cwd'), a: optionalString(raw, 'cwd-a'), b: optionalString(raw, 'cwd-b') },
    env: { shared: parseEnv(raw, 'env'), a: parseEnv(raw, 'env-a'), b: parseEnv(raw, 'env-b') },
    timeoutSeconds: parseTimeout(optionalString(raw, 'timeout')),
    adapterId: optionalString(raw, 'adapter'),
    adapterConfig: optionalString(raw, 'adapter-config'),
    adapterPath: optionalString(raw, 'adapter-path'),
    depth: parseInteger(raw, 'depth', DEFAULT_CAPTURE_LIMITS.depth, 0),
    maxChildren: parseInteger(raw, 'max-children', DEFAULT_CAPTURE_LIMITS.max_children, 1),
    maxValueLength: parseInteger(raw, 'max-value-length', DEFAULT_CAPTURE_LIMITS.max_value_length, 16),
    scope: parseChoice(raw, 'scope', SCOPES, 'locals'),
    rawValues: flag(raw, 'raw-values'),
    exactLine: flag(raw, 'exact-line'),
    sequential: flag(raw, 'sequential'),
    stdin: { a: optionalString(raw, 'stdin-a'), b: optionalString(raw, 'stdin-b') },
    quiet: flag(raw, 'quiet'),
    output: outputArgs(raw),
    saveCaptures: nonEmptyOrNull(raw, 'save-captures'),
    commands: pair,
  };
}

/** `FILE:LINE`, split on the last colon so `C:\src\x.py:3` keeps its drive letter. */
export function parseBreakpoint(value: string | null, condition: string | null): Breakpoint {
  if (value === null) throw messages.missingBreakpoint();
  if (value.trim() === '') throw messages.emptyBreakpoint();
  const colon = value.lastIndexOf(':');
  if (colon === -1) throw messages.breakpointWithoutColon(value);
  const file = value.slice(0, colon);
  const lineText = value.slice(colon + 1);
  if (file.trim() === '') throw messages.breakpointWithoutFile(value);
  if (!/^\d+$/.test(lineText) || Number(lineText) < 1 || !Number.isSafeInteger(Number(lineText))) {
    throw messages.badBreakpointLine(value, lineText);
  }
  const breakpoint: Breakpoint = { file, line: Number(lineText) };
  if (condition !== null) {
    if (condition.trim() === '') throw messages.emptyCondition();
    breakpoint.condition = condition;
  }
  return breakpoint;
}

export function parseCommands(commands: string[][]): [string[], string[]] {
  if (commands.length === 0) throw messages.noCommands();
  if (commands.length === 1) throw commands[0]!.length === 0 ? messages.emptyCommand('A') : messages.oneCommand();
  if (commands.length > 2) throw messages.tooManyCommands(commands.length);
  if (commands[0]!.length === 0) throw messages.emptyCommand('A');
  if (commands[1]!.length === 0) throw messages.emptyCommand('B');
  return [commands[0]!, commands[1]!];
}

function parseTimeout(value: string | null): number {
  if (value === null) return DEFAULT_CAPTURE_LIMITS.timeout_seconds;
  if (value === '') throw messages.emptyValue('timeout');
  const seconds = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0) || !Number.isFinite(seconds)) throw messages.badNumber('timeout', value, 'a number of seconds above 0', '120');
  return seconds;
}

function parseInteger(raw: RawArgv, flagName: string, fallback: number, min: number): number {
  const value = optionalString(raw, flagName);
  if (value === null) return fallback;
  if (value === '') throw messages.emptyValue(flagName);
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) throw messages.badNumber(flagName, value, `a whole number from ${min} up`, String(fallback));
  return number;
}

function parseChoice<T extends string>(raw: RawArgv, flagName: string, choices: readonly T[], fallback: T): T {
  const value = optionalString(raw, flagName);
  if (value === null) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw messages.badChoice(flagName, value, choices);
  return value as T;
}

function outputArgs(raw: RawArgv): OutputArgs {
  const outputFile = optionalString(raw, 'output');
  if (outputFile === '') throw messages.emptyValue('output');
  return { format: parseChoice(raw, 'format', FORMATS, 'json'), outputFile };
}

function parseEnv(raw: RawArgv, flagName: string): Record<string, string> {
  const value = raw[flagName];
  const entries = value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw messages.badEnv(flagName, entry);
    env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

function optionalString(raw: RawArgv, name: string): string | null {
  const value = raw[name];
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) throw messages.repeatedOption(name);
  return String(value);
}

function nonEmptyOrNull(raw: RawArgv, name: string): string | null {
  const value = optionalString(raw, name);
  if (value === '') throw messages.emptyValue(name);
  return value;
}

function nonEmpty(raw: RawArgv, name: string): string {
  const value = optionalString(raw, name);
  if (value === null || value === '') throw messages.emptyValue(name);
  return value;
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
  if (unknown && !SUBCOMMANDS.has(subcommand ?? '')) {
    const names = new Set(unknown[1]!.split(', '));
    const stray = options.filter((word) => !word.startsWith('-') && names.has(word));
    if (stray.length > 0) return messages.strayArguments(stray);
  }
  return messages.yargsFailure(message);
}

function flag(raw: RawArgv, name: string): boolean {
  const value = raw[name];
  if (Array.isArray(value)) throw messages.repeatedOption(name);
  return value === true;
}
