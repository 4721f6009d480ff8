// The data that flows through bpdiff. Field names of everything that is serialised are snake_case,
// as in the interface specification (shared/spec/breakpoint-comparison.md).

/** URI of the comparison result schema (schema/breakpoint-comparison.schema.json `$id`). */
export const COMPARISON_SCHEMA_ID = 'https://bpdiff.dev/schemas/breakpoint-comparison.schema.json';
/** URI of the run capture schema (schema/run-capture.schema.json `$id`). */
export const CAPTURE_SCHEMA_ID = 'https://bpdiff.dev/schemas/run-capture.schema.json';

export type RunStatus = 'break' | 'no_break';
export type RunSide = 'a' | 'b';

/** Spec 2.2. `file` is the path exactly as the user wrote it. */
export interface Breakpoint {
  file: string;
  line: number;
  condition?: string;
}

/** Spec 2.4. */
export interface Location {
  file: string;
  line: number;
}

/** Spec 2.3. For a no_break run, `location` mirrors the breakpoint's file and line exactly. */
export interface RunResult {
  label: string;
  command: string;
  status: RunStatus;
  location: Location;
  variables: Record<string, string>;
}

/** Spec 2.5. */
export interface ChangedEntry {
  a: string;
  b: string;
}

export interface VariableDiff {
  changed: Record<string, ChangedEntry>;
  unchanged: string[];
  only_in_a: string[];
  only_in_b: string[];
}

/** Spec 2.1: the one document bpdiff prints. */
export interface ComparisonResult {
  $schema?: string;
  breakpoint: Breakpoint;
  run_a: RunResult;
  run_b: RunResult;
  diff: VariableDiff;
  context?: string;
  analysis_hints: string[];
  /** What `bpdiff locate` found, as data (only a locate's document has it; the hints are made from the same). */
  locate?: LocateFinding;
}

/** A place in a run's code: a file (from the run's folder) and a line. */
export interface CodePlace {
  file: string;
  line: number;
}

/** `bpdiff locate`'s finding: how the runs part ways, where, through which calls, and how to see it again. */
/** What each run's function returned from a walk's located line (the walk by effects), or the exception that unwound it instead. */
export interface ReturnedApart {
  name: string;
  /** Where the value's parts differ while its own text is alike (`.y`, `['y']`); a and b are then that part's. */
  part?: string;
  a: string | null;
  b: string | null;
  /** Which run's function an exception unwound instead (a and b its text there), where one did. */
  raised?: { a: boolean; b: boolean };
}

/** Lines one run ran that the other's copy does not have: how many steps stood on them, and the first few lines, each once. */
export interface AddedLines {
  count: number;
  first: Array<{ file: string; line: number }>;
  /** It ran more such lines than `first` lists. */
  more?: boolean;
}

export interface LocateFinding {
  /**
   * `path`: the runs go on to other lines; `values`: their frames hold other values; `output`: they
   * write other output (during a line, or to their ends); `return`: a function returns other values;
   * `exception`: one run raises where the other goes on; `ended`: one run ends where the other goes on;
   * `exit`: both end alike but exit differently; `agreed`: no divergence (to their ends, or to --max-steps).
   */
  kind: 'path' | 'values' | 'output' | 'return' | 'exception' | 'ended' | 'exit' | 'agreed';
  /** How the walk went: by effects (the default) or into every line (--every-line). */
  mode: 'effects' | 'every-line';
  /** Steps compared. */
  steps: number;
  /** False when --max-steps cut the walk before the runs parted or ended. */
  complete: boolean;
  /** The located line in A's copy (B's line there when it is another), its function, and which pass and call it is (null: not counted, the walk by effects). */
  point:
    | (CodePlace & {
        line_b: number | null;
        /** B's own copy of the file where it is not A's file followed into B's folder (`new.py` beside `old.py`). */
        file_b: string | null;
        function: string;
        pass: number | null;
        call: number | null;
      })
    | null;
  /** The calls that lead to the located line in A, outermost first (the last is the located line's function). */
  /** `pass`: which time the call came to that line (1 the first; a return onto it from a call not counted); null where the walk did not see the call's lines. */
  call_path: Array<CodePlace & { function: string; pass: number | null }>;
  /** Where each run goes on from the located line (a path divergence), or null for a run that ended there. */
  next: { a: CodePlace | null; b: CodePlace | null } | null;
  /** What each run wrote during the located line (kind `output`, found during a line). */
  wrote: { a: { stdout: string; stderr: string }; b: { stdout: string; stderr: string } } | null;
  /** What the located line's function returned in each run (kind `return`). */
  returned: (Omit<ReturnedApart, 'name'> & { function: string }) | null;
  /** How each run ended, for a run that did. */
  ended: { a: string | null; b: string | null };
  /** The command that compares the runs at the located line again, as an argv (null: nothing to come back to). */
  reproduce: string[] | null;
}

/** Why a run did not stop at the breakpoint, when bpdiff knows. */
export type NoBreakReason =
  /**
   * The program ran to its end without hitting the breakpoint (or with the condition never true).
   * `never_bound`: the adapter never bound the breakpoint to code (a Java class or a script of the line
   * never loaded, a file not built into the program), so the line was not merely passed by.
   */
  | { kind: 'exited'; exit_code: number | null; never_bound?: true }
  /** An uncaught exception / panic ended the program before the breakpoint. */
  | { kind: 'exception'; message: string }
  /** A signal (SIGSEGV, SIGABRT...) ended the program before the breakpoint. */
  | { kind: 'signal'; signal: string; message: string }
  /** The time limit ran out; `phase` says whether the build (go, cargo) or the program's run used it up. */
  | { kind: 'timeout'; seconds: number; phase: 'build' | 'run' }
  /** The condition could not be evaluated (syntax error, unknown name...). `message` quotes the error. */
  | { kind: 'condition_error'; message: string }
  /** The adapter could not bind the breakpoint (no code at that line, file not loaded...). */
  /** `nearest`: the lines with code nearest to the breakpoint's, above and below, as the adapter accepts them (when it refused the line itself). */
  | { kind: 'unbound'; message: string; nearest?: number[] }
  /** `--exact-line` was given and the adapter bound the breakpoint to another line. */
  | { kind: 'moved'; bound_line: number }
  /**
   * bpdiff could not debug this run (the adapter failed to launch it, crashed, or stopped answering).
   * The other run's capture is kept; the CLI exits 2 after printing the document.
   */
  | { kind: 'error'; message: string };

export interface StackFrameSummary {
  name: string;
  file: string | null;
  line: number;
}

/**
 * One run's capture: the spec's "step-debugging result", used internally and saved by
 * `bpdiff diff`. Validated by schema/run-capture.schema.json.
 */
export interface RunCapture {
  $schema: string;
  breakpoint: Breakpoint;
  run: RunResult;
  adapter: { id: string; name: string; version: string | null };
  /**
   * The path the breakpoint was set on in this run: relative to `cwd` when it lies inside it (so a
   * capture compares from another checkout or runner), else absolute. capturedFilePath() resolves it.
   */
  resolved_file: string | null;
  /** The run's working directory (absolute, where it was captured). Absent in captures of older bpdiff versions. */
  cwd?: string;
  /** The names (never the values) of the environment variables the run was given (--env). */
  env_names?: string[];
  /**
   * The breakpoint file as it was when the run was captured: each line's short hash (core/line-map.ts
   * hashLines), so that a baseline follows its line into a later version of the file. Absent when the
   * file could not be read, and in captures of older bpdiff versions.
   */
  source_lines?: { count: number; hashes: string };
  /** The key its secrets were redacted under (`key_id`: a keyed hash naming the key, src/redact), or null when they were not (--no-redact). */
  redaction?: { key_id: string | null } | null;
  /** Why the program stopped (DAP `stopped` event), when it stopped. */
  stop: { reason: string; description: string | null } | null;
  /** The line the adapter bound the breakpoint to when that differs from the requested line, else null. */
  bound_line: number | null;
  no_break_reason: NoBreakReason | null;
  /** Innermost first, at most a handful. */
  frames: StackFrameSummary[];
  /** The debuggee's exit code when it exited (null when it was stopped, killed or unknown). */
  exit_code: number | null;
  /** Tails of the debuggee's output; `truncated` when earlier output was dropped. */
  output: { stdout_tail: string; stderr_tail: string; truncated: boolean };
  /** Type of each captured variable as the adapter named it (DAP `Variable.type`), where it gave one. */
  types: Record<string, string>;
  /** Names whose value was cut at the maximum length, or whose children were cut at --max-children. */
  truncated: string[];
  /** Names whose value had run-dependent parts (addresses, ids) replaced. */
  normalised: string[];
  /**
   * Containers whose children this run did not read at all (timed out, failed, or reading had stopped
   * at --timeout or --max-variables): what lies under them is unknown, not absent. Absent in captures
   * of older bpdiff versions.
   */
  unread?: string[];
  /**
   * Names of values whose type the adapter's definition names as a time or a duration (its
   * clock_types), the outermost of each (not a time's own fields): where one changed, the hints say it
   * may be a clock reading. Absent when there is none, and in captures of older bpdiff versions.
   */
  clocks?: string[];
  /** Things a reader should know (optimised binary, adapter quirks worked around). One sentence each. */
  warnings: string[];
  /**
   * Which hit of the breakpoint was captured (`--hit N`, `--first-divergence`) and how many times the
   * run stopped there in all while bpdiff walked it; absent when only the first hit was wanted.
   */
  hits?: { captured: number | null; seen: number; wanted: number | null };
  timing: { started_at: string; duration_ms: number; build_ms: number | null };
}

/** A run's breakpoint: as the user wrote it, plus the absolute path it resolves to in that run's cwd. */
export interface RunBreakpoint extends Breakpoint {
  /** `file` resolved against the run's working directory (computed once, when the run is specified). */
  path: string;
  /** How this run's line was chosen when it is not the line the user gave (followed into this run's copy of the file). */
  note?: string;
}

/** One run as the CLI (or the library) describes it to the engine. */
export interface RunSpec {
  side: RunSide;
  label: string;
  /** The command and its arguments as the user typed them. */
  argv: string[];
  /** Absolute working directory. */
  cwd: string;
  /** Extra environment for this run (merged over bpdiff's own environment). */
  env: Record<string, string>;
  /** File to feed on the debuggee's stdin, or null for an empty stdin. */
  stdin_file: string | null;
  /** Where this run stops; each run carries its own (the comparison's `breakpoint` is run A's). */
  breakpoint: RunBreakpoint;
}

export type ScopeSelection = 'locals' | 'globals';

/** `--tolerance`: numbers this close are compared as equal (`0.01`: within 0.01; `1%`: within 1% of run A's value). */
export type Tolerance = { kind: 'absolute'; amount: number } | { kind: 'relative'; percent: number };

/** A value rule of the user's: every match of `pattern` (a JavaScript regex) is replaced. */
export interface ValueRewrite {
  pattern: string;
  replacement: string;
}

/**
 * Options shared by both runs, grouped by who reads them. Every option is declared once in
 * src/options/declarations.ts (flag, type, default, help, and where it lands here).
 */
export interface CaptureOptions {
  /** How a stop is accepted (read by the session). */
  breakpoint: {
    /** `--exact-line`: a breakpoint the adapter moves to another line is refused. */
    exact_line: boolean;
    /** `--hit N`: capture at the Nth pass through the line (where the condition holds); null: the first. */
    hit: number | null;
    /** `--hit-a N`, `--hit-b N`: one run's own pass, instead of `hit` for that run (null: `hit`'s). */
    hit_a: number | null;
    hit_b: number | null;
    /** `--first-divergence`: both runs stop at every hit, in lockstep, until their variables differ. */
    first_divergence: boolean;
    /** `--max-hits K`: the most hits a first-divergence walk compares (null: 1000). */
    max_hits: number | null;
  };
  /** How much of the stopped frame is read (read by the capture). */
  limits: {
    depth: number;
    max_children: number;
    max_value_length: number;
    /** Most variables captured in one run, all levels together. */
    max_variables: number;
    /** How long reading one value (one `variables` request) may take before it is given up. */
    value_timeout_seconds: number;
    /** `--max-input-bytes`: the largest file bpdiff reads (a capture, a baseline, a config, a source file). */
    max_input_bytes: number;
  };
  /** Which values are read and how they are turned into compared strings (capture and value pipeline). */
  values: {
    scope: ScopeSelection;
    /** `--raw-values`: no normalising step. */
    raw_values: boolean;
    /** `--only GLOB` (repeatable): only these names (and what lies under them) are captured and compared. */
    only: string[];
    /** `--ignore GLOB` (repeatable): variables dropped by name (globs over the dotted path; a match drops its children too). */
    ignore: string[];
    /** `--normalize 'REGEX=>REPLACEMENT'` (repeatable): the user's own value rules, applied after the adapter's. */
    normalize: ValueRewrite[];
    /** `--tolerance N|N%`: numbers within it compare as equal (a pair step, when both runs' values are known). */
    tolerance: Tolerance | null;
    /** `--watch EXPR` (repeatable): expressions evaluated in the stopped frame, compared like variables under their text. */
    watch: string[];
    /** `--watch-only`: only the watch expressions are read (no locals). */
    watch_only: boolean;
    /** `--redact PATTERN` (repeatable): names that look secret beyond the built-in words (their values are redacted). */
    redact: string[];
    /** `--no-redact`: values are shown as captured, secrets included. */
    no_redact: boolean;
  };
  /** Which debug adapter runs the program (read by the adapter registry and launch). */
  adapter: {
    /** `--adapter ID`: force a built-in adapter. */
    id: string | null;
    /** `--adapter-config FILE.json`: a user-supplied adapter definition (absolute). */
    config: string | null;
    /** `--adapter-path PATH`: override the adapter executable. */
    path: string | null;
    /** `--source-path DIR` (repeatable, absolute): folders of the program's sources, for an adapter whose launch takes `${sourcePaths}`. */
    source_paths: string[];
  };
  /** `bpdiff locate`'s walk (read by the walk). */
  locate: {
    /** `--from FILE:LINE[:N]`: where the walk starts (null: where the program's own code starts). */
    from: string | null;
    /** `--within GLOB` (repeatable): the files whose lines count (paths from the run's folder). */
    within: string[];
    /** `--max-steps N`: the most steps compared. */
    max_steps: number;
    /** `--every-line`: step into every line (the walk by effects otherwise, src/walk/effects.ts). */
    every_line: boolean;
  };
  /** The runs' lifecycle (read by the run layer). */
  run: {
    timeout_seconds: number;
    sequential: boolean;
  };
}

/** A partial CaptureOptions: any group, any field. */
export type CaptureOptionsOverrides = { [G in keyof CaptureOptions]?: Partial<CaptureOptions[G]> };

export const DEFAULT_CAPTURE_OPTIONS: CaptureOptions = {
  breakpoint: { exact_line: false, hit: null, hit_a: null, hit_b: null, first_divergence: false, max_hits: null },
  limits: {
    depth: 3,
    max_children: 100,
    max_value_length: 1000,
    max_variables: 20_000,
    value_timeout_seconds: 2,
    max_input_bytes: 64 * 1024 * 1024,
  },
  values: {
    scope: 'locals',
    raw_values: false,
    only: [],
    ignore: [],
    normalize: [],
    tolerance: null,
    watch: [],
    watch_only: false,
    redact: [],
    no_redact: false,
  },
  adapter: { id: null, config: null, path: null, source_paths: [] },
  locate: { from: null, within: [], max_steps: 100_000, every_line: false },
  run: { timeout_seconds: 60, sequential: false },
};

/** Every default, with `overrides` merged group by group. */
export function defaultCaptureOptions(overrides: CaptureOptionsOverrides = {}): CaptureOptions {
  const merged = {} as Record<keyof CaptureOptions, object>;
  for (const group of Object.keys(DEFAULT_CAPTURE_OPTIONS) as Array<keyof CaptureOptions>) {
    merged[group] = { ...DEFAULT_CAPTURE_OPTIONS[group], ...(overrides[group] ?? {}) };
  }
  return merged as unknown as CaptureOptions;
}
