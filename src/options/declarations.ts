// Every option of bpdiff, declared once: its flag, kind, default, help text and help group, the
// commands that take it, and, for an option of the capture, where its value lands in CaptureOptions;
// for an option each run may have its own of (--env, --env-a, --env-b), one declaration gives all its
// flags and keys. yargs (cli/parse-args.ts) defines its flags from this table, the MCP tools their
// arguments (mcp/tools.ts), and the library, the capture and the intake read the values through
// read-options.ts; a new option is one entry here, and the code that uses its value.
import { DEFAULT_CAPTURE_OPTIONS, type CaptureOptions, type RunSide } from '../core/types.js';
import { WRITER_NAMES, WRITER_USES } from '../output/writers.js';
import { MAX_INPUT_BYTES_LIMIT } from '../read-bounded.js';

/**
 * How a value is read: `integer` a whole number within min..max; `seconds` a positive number within
 * max; `choice` one of `choices`; `pairs` NAME=VALUE, repeatable; `string` any text (empty refused);
 * `text` any non-empty text, `flag` a boolean switch; `globs` repeatable name patterns (`*`, `?`);
 * `rewrites` repeatable `REGEX=>REPLACEMENT`; `tolerance` `N` or `N%`; `texts` repeatable non-empty texts.
 */
export type OptionKind = 'string' | 'flag' | 'integer' | 'seconds' | 'choice' | 'pairs' | 'globs' | 'rewrites' | 'tolerance' | 'texts';

export type HelpGroup = 'Breakpoint:' | 'Locate:' | 'Runs:' | 'Capture:' | 'Baselines:' | 'Output:';
export type CommandName = 'compare' | 'diff' | 'capture' | 'check' | 'locate';

/** A field of CaptureOptions, as [group, field]. */
export type CaptureTarget = { [G in keyof CaptureOptions]: readonly [G, keyof CaptureOptions[G] & string] }[keyof CaptureOptions];

export interface OptionDeclaration {
  /** The CLI flag without dashes (`max-children`); the library and MCP use it in snake_case. */
  readonly flag: string;
  readonly alias?: string;
  readonly kind: OptionKind;
  readonly describe: string;
  readonly group: HelpGroup;
  readonly commands: readonly CommandName[];
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** An example value for messages (`give e.g. --depth 3`). */
  readonly example?: string;
  /** Where the value lands in CaptureOptions; its default is DEFAULT_CAPTURE_OPTIONS there. */
  readonly target?: CaptureTarget;
  /** A default for options that are not capture options (labels). */
  readonly default?: string;
  /** A flag of a per-run option (PER_RUN_DECLARATIONS): its key, and whose value it is (null: the shared value). */
  readonly run?: { readonly key: string; readonly side: RunSide | null };
  /**
   * A value of the call itself, beside CaptureOptions: a key of the library's input and the MCP tools'
   * arguments (snake_case), read into the call's plan (intake/plan.ts).
   */
  readonly call?: true;
  /** A key bpdiff.config.json takes though it is no capture option (the capture options all are, for `check`). */
  readonly config?: true;
}

/** An option each run may have its own of (see PER_RUN_DECLARATIONS). */
export interface PerRunDeclaration {
  /** The shared flag; the runs' own are `FLAG-a` and `FLAG-b`. */
  readonly flag: string;
  /** Its key in the library's and the MCP tools' input (the shared value's and each run's own). */
  readonly key: string;
  readonly kind: OptionKind;
  readonly group: HelpGroup;
  /** The commands that take the shared flag. */
  readonly shared: readonly CommandName[];
  /** The commands that take the runs' own flags. */
  readonly own: readonly CommandName[];
  readonly example?: string;
  readonly describe: string;
  readonly describeOwn: { readonly a: string; readonly b: string };
  /** Defaults where the option has one (labels): the shared flag's, run A's, run B's. */
  readonly defaults?: { readonly shared?: string; readonly a?: string; readonly b?: string };
}

/** The longest --timeout accepted: a day (Node's timers overflow past 2147483 s). */
export const MAX_TIMEOUT_SECONDS = 86_400;

const BOTH: readonly CommandName[] = ['compare', 'diff'];
const LIVE: readonly CommandName[] = ['compare'];
/** Options of a live run, whether two (compare) or one (capture). */
const RUN: readonly CommandName[] = ['compare', 'capture'];
/** How a run is captured (and read at each step of a locate walk): also set by a check of the config file, and by the command line over it. */
const CAPTURING: readonly CommandName[] = ['compare', 'capture', 'check', 'locate'];
/** How values are compared: live, offline, in a check, and at each step of a walk. */
const COMPARING: readonly CommandName[] = ['compare', 'diff', 'check', 'locate'];
const EVERY: readonly CommandName[] = ['compare', 'diff', 'capture', 'check', 'locate'];
/** `bpdiff locate`: a walk over every line both runs execute. */
const WALK: readonly CommandName[] = ['locate'];

/** The options that are one flag each. */
const PLAIN_DECLARATIONS = [
  // Breakpoint
  { flag: 'condition', kind: 'string', group: 'Breakpoint:', commands: RUN, call: true, describe: "stop only when this expression (in the program's language) is true" },
  { flag: 'hit', kind: 'integer', group: 'Breakpoint:', commands: ['compare', 'capture', 'check'], min: 1, max: 10_000_000, example: '3', target: ['breakpoint', 'hit'], describe: 'capture at the Nth stop (counting only stops where --condition holds); a run that stops fewer times did not stop' },
  { flag: 'first-divergence', kind: 'flag', group: 'Breakpoint:', commands: LIVE, target: ['breakpoint', 'first_divergence'], describe: 'stop both runs at every hit, in lockstep, and report the first hit at which they differ' },
  { flag: 'max-hits', kind: 'integer', group: 'Breakpoint:', commands: LIVE, min: 1, max: 10_000_000, example: '1000', target: ['breakpoint', 'max_hits'], describe: 'the most hits --first-divergence compares (default 1000)' },
  { flag: 'watch', kind: 'texts', group: 'Breakpoint:', commands: CAPTURING, example: "'discount * 2'", target: ['values', 'watch'], describe: "an expression evaluated where the run stopped, compared like a variable under its text (repeatable)" },
  { flag: 'watch-only', kind: 'flag', group: 'Breakpoint:', commands: CAPTURING, target: ['values', 'watch_only'], describe: 'compare only the --watch expressions, not the variables (a fast --first-divergence walk)' },
  { flag: 'exact-line', kind: 'flag', group: 'Breakpoint:', commands: RUN, target: ['breakpoint', 'exact_line'], describe: 'do not accept a breakpoint the debugger moves to another line' },
  // Locate
  { flag: 'from', kind: 'string', group: 'Locate:', commands: WALK, example: 'src/app.py:42', target: ['locate', 'from'], describe: "start the walk where both runs reach FILE:LINE (FILE:LINE:N: the Nth time), not where the program's own code starts" },
  { flag: 'within', kind: 'globs', group: 'Locate:', commands: WALK, example: "'src/*'", target: ['locate', 'within'], describe: "count only the lines of files whose path (from the run's folder) matches this glob (* any run of characters, / too; repeatable); other code is stepped through, uncompared" },
  { flag: 'max-steps', kind: 'integer', group: 'Locate:', commands: WALK, min: 1, max: 100_000_000, example: '100000', target: ['locate', 'max_steps'], describe: 'the most steps (lines executed in the user\'s code) the walk compares before it says it found no divergence' },
  // Runs
  { flag: 'timeout', kind: 'seconds', group: 'Runs:', commands: CAPTURING, max: MAX_TIMEOUT_SECONDS, example: '120', target: ['run', 'timeout_seconds'], describe: 'seconds each run may take to reach the breakpoint (at most a day)' },
  { flag: 'sequential', kind: 'flag', group: 'Runs:', commands: LIVE, target: ['run', 'sequential'], describe: 'run A, then B (for programs that share a port or a file)' },
  // Capture
  { flag: 'adapter', kind: 'string', group: 'Capture:', commands: CAPTURING, target: ['adapter', 'id'], describe: 'use this built-in debug adapter (default: chosen from the file and command)' },
  { flag: 'adapter-config', kind: 'string', group: 'Capture:', commands: CAPTURING, target: ['adapter', 'config'], describe: 'a JSON file defining the debug adapter to use (schema/adapter-definition.schema.json)' },
  { flag: 'adapter-path', kind: 'string', group: 'Capture:', commands: CAPTURING, target: ['adapter', 'path'], describe: 'the debug adapter executable to run' },
  { flag: 'source-path', kind: 'texts', group: 'Capture:', commands: CAPTURING, example: 'core/src/main/java', target: ['adapter', 'source_paths'], describe: "a folder of the program's sources, by their package folders, that the debugger does not find on its own (repeatable; the Java adapter)" },
  { flag: 'depth', kind: 'integer', group: 'Capture:', commands: CAPTURING, min: 0, max: 100, target: ['limits', 'depth'], describe: 'how deep to expand structured values' },
  { flag: 'max-children', kind: 'integer', group: 'Capture:', commands: CAPTURING, min: 1, max: 1_000_000, target: ['limits', 'max_children'], describe: 'most children captured per value' },
  { flag: 'max-variables', kind: 'integer', group: 'Capture:', commands: CAPTURING, min: 1, max: 10_000_000, target: ['limits', 'max_variables'], describe: 'most variables captured per run, all levels together' },
  { flag: 'max-value-length', kind: 'integer', group: 'Capture:', commands: CAPTURING, min: 16, max: 100_000_000, target: ['limits', 'max_value_length'], describe: 'longest value text kept (at least 16)' },
  { flag: 'max-input-bytes', kind: 'integer', group: 'Capture:', commands: EVERY, min: 1024, max: MAX_INPUT_BYTES_LIMIT, example: '268435456', target: ['limits', 'max_input_bytes'], describe: 'the largest file bpdiff reads, in bytes (a capture, a baseline, a config, a source file, --stdin; default 64 MiB)' },
  { flag: 'value-timeout', kind: 'seconds', group: 'Capture:', commands: CAPTURING, max: MAX_TIMEOUT_SECONDS, example: '5', target: ['limits', 'value_timeout_seconds'], describe: 'seconds reading one value may take before it is shown as timed out' },
  { flag: 'scope', kind: 'choice', group: 'Capture:', commands: CAPTURING, choices: ['locals', 'globals'], target: ['values', 'scope'], describe: 'which variables: locals or globals' },
  { flag: 'only', kind: 'globs', group: 'Capture:', commands: EVERY, example: "'cart.*'", target: ['values', 'only'], describe: 'compare only the variables whose name matches this glob (* and ?, over the dotted path; repeatable), with their children: a bounded answer' },
  { flag: 'ignore', kind: 'globs', group: 'Capture:', commands: EVERY, example: "'*.created_at'", target: ['values', 'ignore'], describe: 'leave out variables whose name matches this glob (* and ?, over the dotted path; repeatable); their children go too' },
  { flag: 'normalize', kind: 'rewrites', group: 'Capture:', commands: EVERY, example: "'[0-9a-f]{8}-[0-9a-f-]{27}=><uuid>'", target: ['values', 'normalize'], describe: "replace every match of REGEX in values: 'REGEX=>REPLACEMENT' (repeatable)" },
  { flag: 'raw-values', kind: 'flag', group: 'Capture:', commands: EVERY, target: ['values', 'raw_values'], describe: 'keep addresses and ids as the debugger shows them (no normalising)' },
  { flag: 'tolerance', kind: 'tolerance', group: 'Capture:', commands: COMPARING, example: '0.01', target: ['values', 'tolerance'], describe: "treat numbers within N (absolute, or N% relative) as unchanged: 'N' or 'N%'" },
  { flag: 'redact', kind: 'globs', group: 'Capture:', commands: EVERY, example: "'*.ssn'", target: ['values', 'redact'], describe: 'also redact the values of variables whose name holds this word or matches this glob (* and ?; repeatable); names like password, token, secret, api_key are always redacted' },
  { flag: 'no-redact', kind: 'flag', group: 'Capture:', commands: EVERY, target: ['values', 'no_redact'], describe: 'show values as captured, secrets included (by default secrets show as <redacted:hash>)' },
  // Baselines and checks
  { flag: 'baseline', kind: 'string', group: 'Baselines:', commands: LIVE, call: true, describe: 'compare one live run (a single command) with this stored capture (bpdiff capture -o FILE); --bp defaults to its breakpoint' },
  { flag: 'config', kind: 'string', group: 'Baselines:', commands: EVERY, describe: 'the bpdiff.config.json to read (default: the nearest one from the working directory upward)' },
  { flag: 'update', alias: 'u', kind: 'string', group: 'Baselines:', commands: ['check'], describe: "re-record the baselines of the named checks (default: all; --update=failing: only the checks that fail) instead of comparing, print what changed in each, and remove obsolete ones" },
  { flag: 'record', kind: 'flag', group: 'Baselines:', commands: ['check'], describe: 'the same as --update' },
  { flag: 'fail-on-obsolete', kind: 'flag', group: 'Baselines:', commands: ['check'], describe: 'exit 1 when the baselines folder holds a baseline no check refers to (default: a warning; "fail_on_obsolete": true in the config)' },
  { flag: 'ci', kind: 'flag', group: 'Baselines:', commands: ['check', 'locate'], describe: 'for CI: check never writes a baseline, a check without one fails (the default when the environment variable CI is set and not false); locate fails (exit 1) when --max-steps cut the walk before the runs parted or ended' },
  // Output
  { flag: 'format', kind: 'choice', group: 'Output:', commands: COMPARING, choices: WRITER_NAMES, default: 'json', config: true, describe: `the output format: ${WRITER_NAMES.join(', ')} (${WRITER_USES})` },
  { flag: 'color', kind: 'choice', group: 'Output:', commands: COMPARING, choices: ['auto', 'always', 'never'], default: 'auto', describe: 'colour in --format text: auto (a terminal with colours, unless NO_COLOR; FORCE_COLOR forces it), always or never' },
  { flag: 'max-output-bytes', kind: 'integer', group: 'Output:', commands: COMPARING, min: 1024, max: 1_000_000_000, example: '65536', call: true, describe: 'fold unchanged parts of the result (in both runs alike) until it fits in N bytes; changed values and hints are never folded' },
  { flag: 'summary', kind: 'string', group: 'Output:', commands: COMPARING, describe: 'also write a markdown summary to this file (e.g. "$GITHUB_STEP_SUMMARY")' },
  { flag: 'fail-on', kind: 'choice', group: 'Output:', commands: COMPARING, choices: ['any', 'changed', 'never'], default: 'any', call: true, config: true, describe: 'exit 1 on any difference (any), only on a changed value (changed), or never (never); 2 stays for errors' },
  { flag: 'output', alias: 'o', kind: 'string', group: 'Output:', commands: EVERY, describe: 'write the output (in --format) to this file instead of stdout' },
  { flag: 'quiet', alias: 'q', kind: 'flag', group: 'Output:', commands: CAPTURING, describe: 'no progress on stderr' },
  { flag: 'save-captures', kind: 'string', group: 'Output:', commands: LIVE, describe: "also write each run's capture (everything bpdiff saw) to DIR/capture-a.json and DIR/capture-b.json, for bpdiff diff" },
] as const satisfies readonly OptionDeclaration[];

/**
 * Options each run may have its own of: one declaration each, from which come the shared flag
 * (`--env`, for both runs, or for `bpdiff capture`'s one run), run A's and run B's own flags
 * (`--env-a`, `--env-b`; they win over the shared one), the library's and the MCP tools' keys (the
 * shared value at the top of the input, a run's own in `run_a`/`run_b`/`run`, both under `key`), and
 * the field of RunSpec the value lands in (src/intake/runs.ts).
 */
export const PER_RUN_DECLARATIONS = [
  { flag: 'bp', key: 'bp', kind: 'string', group: 'Breakpoint:', shared: RUN, own: LIVE, example: 'src/app.py:42', describe: "where to stop: FILE:LINE (a relative FILE is found in each run's working directory)", describeOwn: { a: 'where run A stops, when it differs from run B (FILE:LINE; instead of --bp for run A)', b: "where run B stops (FILE:LINE); without it, --bp's line is followed into B's copy of the file" } },
  { flag: 'label', key: 'label', kind: 'string', group: 'Runs:', shared: ['capture'], own: [...BOTH, 'check', 'locate'], defaults: { shared: 'capture', a: 'A', b: 'B' }, describe: 'name of the run in the capture', describeOwn: { a: 'name of run A in the output', b: 'name of run B in the output' } },
  { flag: 'cwd', key: 'cwd', kind: 'string', group: 'Runs:', shared: [...RUN, 'locate'], own: [...LIVE, 'locate'], describe: 'working directory of both runs', describeOwn: { a: 'working directory of run A (overrides --cwd)', b: 'working directory of run B (overrides --cwd)' } },
  { flag: 'env', key: 'env', kind: 'pairs', group: 'Runs:', shared: [...RUN, 'locate'], own: [...LIVE, 'locate'], example: 'DEBUG=1', describe: 'NAME=VALUE for both runs (repeatable)', describeOwn: { a: 'NAME=VALUE for run A only (repeatable; wins over --env)', b: 'NAME=VALUE for run B only (repeatable; wins over --env)' } },
  { flag: 'stdin', key: 'stdin_file', kind: 'string', group: 'Runs:', shared: [...RUN, 'locate'], own: [...LIVE, 'locate'], describe: "file fed to the runs' stdin (default: empty)", describeOwn: { a: "file fed to run A's stdin (default: empty; overrides --stdin)", b: "file fed to run B's stdin (default: empty; overrides --stdin)" } },
] as const satisfies readonly PerRunDeclaration[];

/** Every option, in the order of the help: each group's per-run options first, then its own. */
export const OPTION_DECLARATIONS: readonly OptionDeclaration[] = (['Breakpoint:', 'Locate:', 'Runs:', 'Capture:', 'Baselines:', 'Output:'] as const).flatMap((group) => [
  ...(PER_RUN_DECLARATIONS as readonly PerRunDeclaration[]).filter((declaration) => declaration.group === group).flatMap(expandPerRun),
  ...(PLAIN_DECLARATIONS as readonly OptionDeclaration[]).filter((declaration) => declaration.group === group),
]);

/** A per-run declaration as its flags: the shared one, then run A's and run B's. */
function expandPerRun(declaration: PerRunDeclaration): OptionDeclaration[] {
  const { flag, key, kind, group, example } = declaration;
  const common = { kind, group, ...(example !== undefined ? { example } : {}) };
  const own = (side: RunSide): OptionDeclaration => ({
    flag: `${flag}-${side}`,
    ...common,
    commands: declaration.own,
    describe: declaration.describeOwn[side],
    run: { key, side },
    ...(declaration.defaults?.[side] !== undefined ? { default: declaration.defaults[side] } : {}),
  });
  const shared: OptionDeclaration = {
    flag,
    ...common,
    commands: declaration.shared,
    describe: declaration.describe,
    run: { key, side: null },
    ...(declaration.defaults?.shared !== undefined ? { default: declaration.defaults.shared } : {}),
  };
  return [shared, own('a'), own('b')];
}

export type OptionFlag = (typeof PLAIN_DECLARATIONS)[number]['flag'] | (typeof PER_RUN_DECLARATIONS)[number]['flag'];

export function declarationsFor(command: CommandName): OptionDeclaration[] {
  return OPTION_DECLARATIONS.filter((declaration: OptionDeclaration) => declaration.commands.includes(command));
}

export function findDeclaration(flag: string): OptionDeclaration | undefined {
  return OPTION_DECLARATIONS.find((declaration: OptionDeclaration) => declaration.flag === flag);
}

/** The default a declaration's help shows: its capture default, or its own. */
export function defaultOf(declaration: OptionDeclaration): string | number | boolean | null | undefined {
  if (declaration.target) {
    const [group, field] = declaration.target;
    return (DEFAULT_CAPTURE_OPTIONS[group] as unknown as Record<string, string | number | boolean | null>)[field];
  }
  return declaration.default;
}

type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S;
type ValueOfKind<K> = K extends 'flag' ? boolean : K extends 'integer' | 'seconds' ? number : K extends 'tolerance' ? number | string : K extends 'texts' | 'globs' | 'rewrites' ? string[] : K extends 'pairs' ? Record<string, string> : string;
type CaptureDeclaration = Extract<(typeof PLAIN_DECLARATIONS)[number], { target: CaptureTarget }>;

/** The capture options by their CLI names in snake_case, as the library API (and MCP) take them. */
export type CaptureOptionInput = { [D in CaptureDeclaration as Snake<D['flag']>]?: ValueOfKind<D['kind']> | null };

/** What each run may be given of its own, by its key (`env`, `stdin_file`), as the library and MCP take them. */
export type RunSettingsInput = { [D in (typeof PER_RUN_DECLARATIONS)[number] as D['key']]?: ValueOfKind<D['kind']> | null };

/** The per-run declarations, by their key. */
export function perRunDeclaration(key: string): PerRunDeclaration | undefined {
  return (PER_RUN_DECLARATIONS as readonly PerRunDeclaration[]).find((declaration) => declaration.key === key);
}

/** The flag a run's own value of a per-run option is checked as: `--env-a` for run A's, `--env` for the shared value or the one run of a capture. */
export function runFlag(declaration: PerRunDeclaration, side: RunSide | null): OptionDeclaration {
  return findDeclaration(side === null ? declaration.flag : `${declaration.flag}-${side}`)!;
}

/** The keys of the call's own values (`condition`, `fail_on`...) that `command`'s input takes, in the table's order. */
export function callKeys(command: CommandName): string[] {
  return OPTION_DECLARATIONS.filter((declaration) => declaration.call === true && declaration.commands.includes(command)).map((declaration) => snakeCase(declaration.flag));
}

/** The keys bpdiff.config.json takes (at its top and in each check), in the table's order: the options of `check` with a place in CaptureOptions, and those marked `config`. */
export function configDeclarations(): OptionDeclaration[] {
  return OPTION_DECLARATIONS.filter((declaration) => declaration.commands.includes('check') && (declaration.target !== undefined || declaration.config === true));
}

export function snakeCase(flag: string): string {
  return flag.replaceAll('-', '_');
}
