// The data of the value pipeline (pipeline.ts).
import type { AdapterDefinition } from '../adapters/definition.js';
import type { AdapterHooks } from '../adapters/hooks.js';
import type { RedactedValues } from '../redact/redact-values.js';
import type { TimeSlicer } from '../core/slices.js';

/** Captured values by path, with what the steps noted about them. */
export interface CapturedValues {
  variables: Record<string, string>;
  /** The adapter's type of each value, where it gave one. */
  types: Record<string, string>;
  /** Paths whose value or children were cut at the capture limits. */
  truncated: string[];
  /** Paths whose value had run-dependent parts replaced. */
  normalised: string[];
  /** Containers whose children were not read at all (RunCapture.unread). */
  unread?: string[];
  /** What a step wants the reader to know (one sentence each; the capture's warnings). */
  notes?: string[];
}

export interface ValueContext {
  /** The adapter that read the values (its data and hooks); null when it is not known here. */
  adapter: { definition: AdapterDefinition; hooks: AdapterHooks } | null;
  /** The run's breakpoint file (absolute), for rules that depend on the language. */
  breakpointPath: string;
  /** `--raw-values`: values stay exactly as the debugger showed them. */
  raw: boolean;
  /** Texts of this run's own that stand for the same thing in every run (bpdiff's run marker): replaced by their token. */
  runTexts?: ReadonlyArray<{ text: string; token: string }>;
  /** `--only` globs: only these names (and what lies under them) are kept. */
  only?: readonly string[];
  /** `--watch` expressions: compared under their own text, kept whatever --only says (the user named them). */
  watch?: readonly string[];
  /** `--ignore` globs: variables dropped by name, with their children. */
  ignore?: readonly string[];
  /** `--normalize` rules of the user's, applied after the adapter's (and with --raw-values too: the user asked for them). */
  rewrites?: ReadonlyArray<{ pattern: string; replacement: string }>;
  /** Folders of this run whose absolute paths stand for the same place in every run (its cwd, its git work tree). */
  runPaths?: ReadonlyArray<{ path: string; token: string; what: string }>;
  /** The run's own process ids (its program's, its adapter's), asked for only where a variable named for a pid holds a number (run-pids.ts). */
  runPids?: () => readonly number[];
  /** The invocation's redactor (secrets become markers, src/redact); absent with --no-redact, and no redaction. */
  redactor?: ValueRedactor;
}

export interface ValueStep {
  name: string;
  apply(values: CapturedValues, context: ValueContext): CapturedValues;
  /**
   * The same as `apply`, in time slices (core/slices.ts) for a step whose loop may be long (a user's
   * pattern, redaction): it lets signals in while it runs over a million values.
   */
  applyInSlices?(values: CapturedValues, context: ValueContext, slicer: TimeSlicer): Promise<CapturedValues>;
}

/** What the value pipeline asks of the invocation's redactor (src/redact/redactor.ts). */
export interface ValueRedactor {
  /** `types`: each value's type by path: by name, only what can hold text is redacted. */
  redactValues(variables: Readonly<Record<string, string>>, types?: Readonly<Record<string, string>>): RedactedValues;
  redactValuesInSlices?(
    variables: Readonly<Record<string, string>>,
    slicer: TimeSlicer,
    types?: Readonly<Record<string, string>>,
  ): Promise<RedactedValues>;
}
