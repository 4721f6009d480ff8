// A call's input read once into a typed plan: what the CLI, the library and the MCP server pass on
// to the runs, so that nothing downstream reads the caller's untyped input again. Every value of the
// plan comes through its row of the option table (options/declarations.ts): the capture options into
// CaptureOptions, the call's own values (`call` rows: condition, baseline, fail_on, max_output_bytes)
// into CallValues, the runs' own through the per-run rows (intake/runs.ts).
import type { Breakpoint, CaptureOptions, RunCapture, RunSide, RunSpec } from '../core/types.js';
import type { FailOn } from '../report/report.js';
import { OPTION_DECLARATIONS, snakeCase, type CommandName, type OptionDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { wrongType, type Input } from './run-input.js';

/** One run's values of the per-run options: checked, its own over the shared ones (pairs merged, own winning). */
export interface RunSettings {
  values: Record<string, unknown>;
  /** Keys the run was given its own value of. */
  own: Set<string>;
}

/** A run as its input reads, before anything on disk is looked at: its command, settings and breakpoint. */
export interface RunReading {
  side: RunSide;
  argv: string[];
  settings: RunSettings;
  /** Null for a walk's runs, and for a baseline comparison's run B without a breakpoint of its own (the baseline's is used). */
  breakpoint: Breakpoint | null;
  /** The flag its breakpoint came from (`bp`, `bp-a`, `bp-b`). */
  bpFlag: string;
}

/** How the result is reported: when the exit status is 1, and the bound of the document. */
export interface ReportPlan {
  failOn: FailOn;
  /** --max-output-bytes: unchanged parts folded until the document fits (null: no bound). */
  maxOutputBytes: number | null;
}

/** The values of the call itself (the option table's `call` rows), typed. */
export interface CallValues {
  /** --condition: the breakpoint holds only when it is true (checked with the breakpoint, intake/breakpoint.ts). */
  condition: string | null;
  /** --baseline: a stored capture (a file, or what capture() returned) standing in for run A. */
  baseline: string | RunCapture | null;
  report: ReportPlan;
}

/** A comparison of two live runs. */
export interface ComparePlan {
  kind: 'compare';
  options: CaptureOptions;
  report: ReportPlan;
  runs: [RunReading, RunReading];
}

/** One live run compared with a stored capture (run A). */
export interface BaselinePlan {
  kind: 'baseline';
  options: CaptureOptions;
  report: ReportPlan;
  baseline: string | RunCapture;
  /** Run A's name (run_a.label, --label-a; default `baseline`). */
  labelA: string;
  run: RunReading;
  /** The live run already resolved against the call's folder (`bpdiff check` resolves every check's run before any starts); else compare() resolves it. */
  resolved?: RunSpec;
}

/** One live run captured (`bpdiff capture`). */
export interface CapturePlan {
  kind: 'capture';
  options: CaptureOptions;
  run: RunReading;
}

/** Two runs walked line by line (`bpdiff locate`): from `from` (--from), else where the program's own code starts. */
export interface LocatePlan {
  kind: 'locate';
  options: CaptureOptions;
  report: ReportPlan;
  from: { breakpoint: Breakpoint; hit: number } | null;
  runs: [RunReading, RunReading];
}

export type LivePlan = ComparePlan | BaselinePlan | CapturePlan | LocatePlan;

/** The call's own values of `command`'s input, each checked by its declaration (a key the command does not take is left to the key check). */
export function readCallValues(input: Input, command: CommandName): CallValues {
  const values = new Map<string, unknown>();
  for (const declaration of OPTION_DECLARATIONS as readonly OptionDeclaration[]) {
    if (declaration.call !== true || !declaration.commands.includes(command)) continue;
    const key = snakeCase(declaration.flag);
    values.set(key, readCallValue(declaration, key, input[key]));
  }
  return {
    condition: (values.get('condition') as string | null | undefined) ?? null,
    baseline: (values.get('baseline') as string | RunCapture | null | undefined) ?? null,
    report: {
      failOn: (values.get('fail_on') as FailOn | null | undefined) ?? 'any',
      maxOutputBytes: (values.get('max_output_bytes') as number | null | undefined) ?? null,
    },
  };
}

function readCallValue(declaration: OptionDeclaration, key: string, given: unknown): unknown {
  if (given === undefined || given === null) return null;
  // A stored capture may be given as the object capture() returned (checked when it is loaded, intake/baseline.ts).
  if (key === 'baseline' && typeof given === 'object' && !Array.isArray(given)) return given;
  if (declaration.kind === 'string' && !Array.isArray(given)) {
    if (typeof given !== 'string')
      throw wrongType(
        key,
        key === 'baseline' ? 'a file path or a capture object' : 'a string',
        key === 'baseline' ? '"base.json"' : '"n > 3"',
        given,
      );
    // An empty condition is said as the breakpoint's (intake/breakpoint.ts).
    if (key === 'condition') return given;
  }
  return readOptionValue(declaration, given);
}
