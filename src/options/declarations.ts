// Every option of bpdiff, declared once: its flag, kind, default, help text and help group, the
// commands that take it, and, for an option of the capture, where its value lands in CaptureOptions;
// for an option each run may have its own of (--env, --env-a, --env-b), one declaration gives all its
// flags and keys. yargs (cli/parse-args.ts) defines its flags from this table, the MCP tools their
// arguments (mcp/tools.ts), and the library, the capture and the intake read the values through
// read-options.ts; a new option is one entry here, and the code that uses its value.
// The rows themselves are in option-rows.ts and capture-rows.ts, their types in option-types.ts.
import { DEFAULT_CAPTURE_OPTIONS, type RunSide } from '../core/types.js';
import { CAPTURE_ROWS, PER_RUN_DECLARATIONS } from './capture-rows.js';
import { RUN_AND_OUTPUT_ROWS } from './option-rows.js';
import type { CaptureTarget, CommandName, OptionDeclaration, PerRunDeclaration } from './option-types.js';

export { PER_RUN_DECLARATIONS } from './capture-rows.js';
export {
  MAX_TIMEOUT_SECONDS,
  type CaptureTarget,
  type CommandName,
  type HelpGroup,
  type OptionDeclaration,
  type OptionKind,
  type PerRunDeclaration,
} from './option-types.js';

/** The options that are one flag each. */
const PLAIN_DECLARATIONS = [...RUN_AND_OUTPUT_ROWS, ...CAPTURE_ROWS] as const;

/** Every option, in the order of the help: each group's per-run options first, then its own. */
export const OPTION_DECLARATIONS: readonly OptionDeclaration[] = (
  ['Breakpoint:', 'Locate:', 'Runs:', 'Capture:', 'Baselines:', 'Output:'] as const
).flatMap((group) => [
  ...(PER_RUN_DECLARATIONS as readonly PerRunDeclaration[])
    .filter((declaration) => declaration.group === group)
    .flatMap(expandPerRun),
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
type ValueOfKind<K> = K extends 'flag'
  ? boolean
  : K extends 'integer' | 'seconds'
    ? number
    : K extends 'tolerance'
      ? number | string
      : K extends 'texts' | 'globs' | 'rewrites'
        ? string[]
        : K extends 'pairs'
          ? Record<string, string>
          : string;
type CaptureDeclaration = Extract<(typeof PLAIN_DECLARATIONS)[number], { target: CaptureTarget }>;

/** The capture options by their CLI names in snake_case, as the library API (and MCP) take them. */
export type CaptureOptionInput = { [D in CaptureDeclaration as Snake<D['flag']>]?: ValueOfKind<D['kind']> | null };

/** What each run may be given of its own, by its key (`env`, `stdin_file`), as the library and MCP take them. */
export type RunSettingsInput = {
  [D in (typeof PER_RUN_DECLARATIONS)[number] as D['key']]?: ValueOfKind<D['kind']> | null;
};

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
  return OPTION_DECLARATIONS.filter(
    (declaration) => declaration.call === true && declaration.commands.includes(command),
  ).map((declaration) => snakeCase(declaration.flag));
}

/** The keys bpdiff.config.json takes (at its top and in each check), in the table's order: the options of `check` with a place in CaptureOptions, and those marked `config`. */
export function configDeclarations(): OptionDeclaration[] {
  return OPTION_DECLARATIONS.filter(
    (declaration) =>
      declaration.commands.includes('check') && (declaration.target !== undefined || declaration.config === true),
  );
}

export function snakeCase(flag: string): string {
  return flag.replaceAll('-', '_');
}
