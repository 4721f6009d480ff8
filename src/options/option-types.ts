// What an option of bpdiff's table is (its kind, help group, the commands that take it, where its
// value lands) and the sets of commands the table's rows name: the types and constants the rows
// (option-rows.ts, capture-rows.ts) and the table's readers (declarations.ts) share.
import type { CaptureOptions, RunSide } from '../core/types.js';

/**
 * How a value is read: `integer` a whole number within min..max; `seconds` a positive number within
 * max; `choice` one of `choices`; `pairs` NAME=VALUE, repeatable; `string` any text (empty refused);
 * `text` any non-empty text, `flag` a boolean switch; `globs` repeatable name patterns (`*`, `?`);
 * `rewrites` repeatable `REGEX=>REPLACEMENT`; `tolerance` `N` or `N%`; `texts` repeatable non-empty texts.
 */
export type OptionKind =
  | 'string'
  | 'flag'
  | 'integer'
  | 'seconds'
  | 'choice'
  | 'pairs'
  | 'globs'
  | 'rewrites'
  | 'tolerance'
  | 'texts';

export type HelpGroup = 'Breakpoint:' | 'Locate:' | 'Runs:' | 'Capture:' | 'Baselines:' | 'Output:';
export type CommandName = 'compare' | 'diff' | 'capture' | 'check' | 'locate';

/** A field of CaptureOptions, as [group, field]. */
export type CaptureTarget = {
  [G in keyof CaptureOptions]: readonly [G, keyof CaptureOptions[G] & string];
}[keyof CaptureOptions];

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

export const BOTH: readonly CommandName[] = ['compare', 'diff'];
export const LIVE: readonly CommandName[] = ['compare'];
/** Options of a live run, whether two (compare) or one (capture). */
export const RUN: readonly CommandName[] = ['compare', 'capture'];
/** How a run is captured (and read at each step of a locate walk): also set by a check of the config file, and by the command line over it. */
export const CAPTURING: readonly CommandName[] = ['compare', 'capture', 'check', 'locate'];
/** How values are compared: live, offline, in a check, and at each step of a walk. */
export const COMPARING: readonly CommandName[] = ['compare', 'diff', 'check', 'locate'];
export const EVERY: readonly CommandName[] = ['compare', 'diff', 'capture', 'check', 'locate'];
/** `bpdiff locate`: a walk over every line both runs execute. */
export const WALK: readonly CommandName[] = ['locate'];
