// argv -> a typed command. yargs defines the flags, the help and the strictness; a live command's
// flags become the library's input (src/library), which is checked here by the library's own checks,
// so every mistake gets one message from messages.ts before anything starts. Nothing here touches
// files: paths are checked by the library when it resolves the runs (intake/runs.ts). yargs is run
// (and its failures worded) in yargs-run.ts; the flags become the library's input in library-input.ts.
import { declarationsFor, findDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { messages } from '../messages.js';
import { splitArgv } from './split-argv.js';
import { readPlainArgv } from './plain-argv.js';
import type { YargsFactory } from './load-yargs.js';
import { outputArgs, type OutputArgs } from './output-args.js';
import { planCompare } from '../library/compare.js';
import { planCapture } from '../library/capture.js';
import { planLocate } from '../library/locate.js';
import type { BaselinePlan, CapturePlan, ComparePlan, LivePlan, LocatePlan } from '../intake/plan.js';
import { configFor, type BpdiffConfig } from '../config/config.js';
import { prerenderedHelp } from './help-texts.js';
import { parseWithYargs, type RawArgv } from './yargs-run.js';
import { checkedDiffInput, libraryInput, type LibraryInput } from './library-input.js';

export type { OutputArgs, OutputFormat } from './output-args.js';
export type { LibraryInput } from './library-input.js';
export { COMMAND_FLAGS } from './yargs-run.js';

/** What `bpdiff` (a comparison, or `--baseline`), `capture` or `locate` was asked: its plan, and beyond it. */
export interface LiveArgs<P extends LivePlan = LivePlan> {
  /** compare()'s, capture()'s or locate()'s input, from the flags and the commands, as typed. */
  input: LibraryInput;
  /** The input read once (the library's planCompare, planCapture, planLocate): what the command runs. */
  plan: P;
  quiet: boolean;
  output: OutputArgs;
  /** `--save-captures DIR`: also write each run's capture there (capture-a.json, capture-b.json). */
  saveCaptures: string | null;
  /** One line each, for stderr: things that parsed but were probably not meant (bpdiff flags given to program B). */
  warnings: string[];
  /** The bpdiff.config.json whose options were read (absolute), or null. */
  config: string | null;
  /** `bpdiff locate --ci`: a walk cut by --max-steps fails. */
  ci?: boolean;
}

/** `-u`/`--record`: every named check's baseline; `--update=failing`: only those of the checks that fail. */
export type CheckUpdate = 'all' | 'failing';

export type CliCommand =
  | { kind: 'help'; text: string }
  | { kind: 'version'; text: string }
  | { kind: 'compare'; args: LiveArgs<ComparePlan | BaselinePlan> }
  /** `bpdiff capture`: one run, capture()'s input. */
  | { kind: 'capture'; args: LiveArgs<CapturePlan> }
  /** `bpdiff locate`: two runs walked line by line, locate()'s input. */
  | { kind: 'locate'; args: LiveArgs<LocatePlan> }
  /** `bpdiff diff A B`: diffCaptures()'s input beside the two files. */
  | { kind: 'diff'; captureA: string; captureB: string; input: LibraryInput; output: OutputArgs; config: string | null }
  /**
   * `bpdiff check [NAME...] [-u[=failing]] [--ci]`: the config file's named checks (all when `names`
   * is empty) compared with their baselines, or their baselines re-recorded (`update`); `ci` null
   * when neither --ci was given (the environment decides); `given` holds the flags as typed (they
   * win over the config).
   */
  | {
      kind: 'check';
      names: string[];
      update: CheckUpdate | null;
      ci: boolean | null;
      labels: { a: string | null; b: string | null };
      config: BpdiffConfig;
      given: Record<string, unknown>;
      quiet: boolean;
      output: OutputArgs;
    }
  | { kind: 'schema'; capture: boolean }
  | { kind: 'validate'; file: string; maxBytes?: number }
  | { kind: 'doctor'; adapterConfig: string | null }
  /** `bpdiff mcp`: a Model Context Protocol server on stdin/stdout (src/mcp). */
  | { kind: 'mcp' }
  /** `bpdiff completion [bash|zsh]`: the shell's completion script, on stdout. */
  | { kind: 'completion'; shell: 'bash' | 'zsh' | 'fish' };

/**
 * Parse bpdiff's command line (without `node` and the script). Throws BpdiffError on bad input.
 * The options a bpdiff.config.json sets (the nearest from `cwd` upward, or --config) fill in the
 * flags that were not given. `width`: the help's width (default: the terminal's, at most 100, else 80).
 */
export async function parseArgs(
  argv: readonly string[],
  factory?: YargsFactory,
  cwd: string = process.cwd(),
  width?: number,
): Promise<CliCommand> {
  if (argv.length === 0) throw messages.noArguments();
  // The help and version texts the build rendered with this same function (help-texts.ts).
  const prerendered = factory === undefined && width === undefined ? prerenderedHelp(argv) : null;
  if (prerendered !== null)
    return { kind: argv[0] === '--version' || argv[0] === '-V' ? 'version' : 'help', text: prerendered };
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
    const config = configFor(stringOf(raw, 'config'), cwd, inputLimitOf(raw));
    if (config === null) throw messages.noConfig(cwd);
    const given = { ...raw };
    applyConfig(raw, config);
    const { names, update } = checkNames(raw);
    const ci = valueOf(raw, 'ci') === true ? true : null;
    if (ci === true && update !== null) throw messages.updateWithCi();
    const labels = { a: stringOf(raw, 'label-a'), b: stringOf(raw, 'label-b') };
    return {
      kind: 'check',
      names,
      update,
      ci,
      labels,
      config,
      given,
      quiet: valueOf(raw, 'quiet') === true,
      output: outputArgs(raw),
    };
  }
  if (['', 'diff', 'capture', 'locate'].includes(subcommand))
    applyConfig(raw, configFor(stringOf(raw, 'config'), cwd, inputLimitOf(raw)));
  switch (subcommand) {
    case 'diff':
      if (commands.length > 0) throw messages.commandsNotAccepted('diff');
      return {
        kind: 'diff',
        captureA: positional(raw, 'capture_a'),
        captureB: positional(raw, 'capture_b'),
        input: checkedDiffInput(raw),
        output: outputArgs(raw),
        config: configOf(raw)?.file ?? null,
      };
    case 'schema':
      if (commands.length > 0) throw messages.commandsNotAccepted('schema');
      return { kind: 'schema', capture: raw['capture'] === true };
    case 'validate':
      if (commands.length > 0) throw messages.commandsNotAccepted('validate');
      return { kind: 'validate', file: positional(raw, 'file'), ...optionalLimit(inputLimitOf(raw)) };
    case 'doctor':
      if (commands.length > 0) throw messages.commandsNotAccepted('doctor');
      return {
        kind: 'doctor',
        adapterConfig: typeof raw['adapter-config'] === 'string' ? raw['adapter-config'] : null,
      };
    case 'mcp':
      if (commands.length > 0) throw messages.commandsNotAccepted('mcp');
      return { kind: 'mcp' };
    case 'locate': {
      const pair = parseCommands(commands);
      const input = libraryInput(raw, 'locate', { run_a: pair[0], run_b: pair[1] });
      const args = {
        input,
        plan: planLocate(input),
        quiet: valueOf(raw, 'quiet') === true,
        output: outputArgs(raw),
        saveCaptures: null,
        warnings: strayFlagWarnings(pair, 'locate'),
        config: configOf(raw)?.file ?? null,
        ci: valueOf(raw, 'ci') === true,
      };
      return { kind: 'locate', args };
    }
    case 'completion':
      if (commands.length > 0) throw messages.commandsNotAccepted('completion');
      return { kind: 'completion', shell: raw['shell'] === 'zsh' || raw['shell'] === 'fish' ? raw['shell'] : 'bash' };
    case 'capture': {
      const { input, ...rest } = captureArgs(raw, commands);
      return { kind: 'capture', args: { input, plan: planCapture(input), ...rest } };
    }
    case '': {
      const { input, ...rest } = compareArgs(raw, commands);
      return { kind: 'compare', args: { input, plan: planCompare(input), ...rest } };
    }
    default:
      throw messages.strayArguments(raw._.map(String));
  }
}

/**
 * The checks named, and whether to re-record their baselines. `-u` takes no value but yargs gives it
 * the word after it (`check -u line total`), so that word is a name unless it is `failing` or `all`.
 */
function checkNames(raw: RawArgv): { names: string[]; update: CheckUpdate | null } {
  const listed = (value: unknown): string[] =>
    value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map(String);
  const names = listed(raw['names']);
  let update: CheckUpdate | null = valueOf(raw, 'record') === true ? 'all' : null;
  for (const value of listed(raw['update'])) {
    if (value === 'failing') update = 'failing';
    else {
      update ??= 'all';
      if (value !== '' && value !== 'all') names.push(value);
    }
  }
  return { names: [...new Set(names)], update };
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

/** --max-input-bytes as typed: the config file is read under it (its own key cannot raise the limit it is read under). */
function inputLimitOf(raw: RawArgv): number | undefined {
  const value = readOptionValue(findDeclaration('max-input-bytes')!, raw['max-input-bytes']);
  return typeof value === 'number' ? value : undefined;
}

function optionalLimit(limit: number | undefined): { maxBytes?: number } {
  return limit === undefined ? {} : { maxBytes: limit };
}

function stringOf(raw: RawArgv, flag: string): string | null {
  const value = valueOf(raw, flag);
  return typeof value === 'string' ? value : null;
}

/** `bpdiff capture`: one command, capture()'s input. */
function captureArgs(raw: RawArgv, commands: string[][]): Omit<LiveArgs, 'plan'> {
  if (commands.length !== 1 || commands[0]!.length === 0)
    throw messages.captureCommands(commands.filter((command) => command.length > 0).length);
  return {
    input: libraryInput(raw, 'capture', { run: commands[0]! }),
    quiet: valueOf(raw, 'quiet') === true,
    output: { ...outputArgs({}), outputFile: stringOf(raw, 'output') },
    saveCaptures: null,
    warnings: [],
    config: configOf(raw)?.file ?? null,
  };
}

function compareArgs(raw: RawArgv, commands: string[][]): Omit<LiveArgs, 'plan'> {
  const baseline = stringOf(raw, 'baseline');
  const common = {
    quiet: valueOf(raw, 'quiet') === true,
    output: outputArgs(raw),
    saveCaptures: stringOf(raw, 'save-captures'),
    config: configOf(raw)?.file ?? null,
  };
  if (baseline !== null) {
    for (const flag of ['bp-a', 'bp-b', 'cwd-a', 'env-a', 'stdin-a', 'hit-a'] as const)
      if (raw[flag] !== undefined) throw messages.baselineWithOwnBreakpoint(flag);
    if (commands.length !== 1 || commands[0]!.length === 0)
      throw messages.baselineCommands(commands.filter((command) => command.length > 0).length);
    const input = libraryInput(raw, 'compare', { run_a: [], run_b: commands[0]! });
    // Run A is the baseline: it has only a name (--label-a, "baseline" by default).
    input['run_a'] = raw['label-a'] === undefined ? {} : { label: raw['label-a'] };
    return { input, ...common, warnings: [] };
  }
  const pair = parseCommands(commands);
  return {
    input: libraryInput(raw, 'compare', { run_a: pair[0], run_b: pair[1] }),
    ...common,
    warnings: strayFlagWarnings(pair),
  };
}

/**
 * `-- python3 x.py -- python3 x.py --format text`: everything after the second -- is program B's, so
 * a bpdiff flag there reaches the program. Said when A's arguments do not have the same word.
 */
function strayFlagWarnings([a, b]: [string[], string[]], command: 'compare' | 'locate' = 'compare'): string[] {
  const flags = new Set(
    declarationsFor(command).flatMap((declaration) => [
      `--${declaration.flag}`,
      ...(declaration.alias ? [`-${declaration.alias}`] : []),
    ]),
  );
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

function positional(raw: RawArgv, name: string): string {
  const value = raw[name];
  if (value === undefined || value === null || String(value) === '') throw messages.emptyArgument(name);
  return String(value);
}
