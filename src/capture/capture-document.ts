// The run capture document (schema/run-capture.schema.json): what one run produced, stop or no stop.
import fs from 'node:fs';
import path from 'node:path';
import { quoteCommand } from '../core/shell-quote.js';
import { hashLines, splitLines } from '../core/line-map.js';
import { clocksOf } from '../core/clocks.js';
import {
  CAPTURE_SCHEMA_ID,
  type Location,
  type NoBreakReason,
  type RunCapture,
  type RunSpec,
  type StackFrameSummary,
} from '../core/types.js';
import type { CapturedValues } from '../values/types.js';
import type { StopDescription } from '../session/stop-outcome.js';

/** What a run found out, before the document is put together. */
export interface RunFacts {
  status: 'break' | 'no_break';
  location: Location;
  values: CapturedValues;
  stop: StopDescription | null;
  bound_line: number | null;
  no_break_reason: NoBreakReason | null;
  frames: StackFrameSummary[];
  exit_code: number | null;
  /** Things reading the frame noticed (a cut at --max-variables). */
  warnings: string[];
  /** Which hit was captured and how many the run stopped at (--hit, --first-divergence). */
  hits?: RunCapture['hits'];
}

export interface RunRecord {
  adapter: RunCapture['adapter'];
  output: RunCapture['output'];
  warnings: string[];
  timing: RunCapture['timing'];
  /** The key the run's secrets were redacted under, or null (not redacted); left out when not known. */
  redaction?: RunCapture['redaction'];
  /** The adapter's clock_types (RunCapture.clocks), compiled. */
  clockTypes?: readonly RegExp[];
}

const NO_VALUES: CapturedValues = { variables: {}, types: {}, truncated: [], normalised: [] };

/** A run that did not stop: its location mirrors the breakpoint exactly (spec 2.3). */
export function noBreakFacts(
  spec: RunSpec,
  reason: NoBreakReason,
  stop: StopDescription | null = null,
  bound: number | null = null,
  frames: StackFrameSummary[] = [],
  exitCode: number | null = null,
): RunFacts {
  return {
    status: 'no_break',
    location: { file: spec.breakpoint.file, line: spec.breakpoint.line },
    values: NO_VALUES,
    stop,
    bound_line: bound,
    no_break_reason: reason,
    frames,
    exit_code: exitCode,
    warnings: [],
  };
}

export function captureDocument(spec: RunSpec, facts: RunFacts, record: RunRecord): RunCapture {
  const { file, line, condition } = spec.breakpoint;
  return {
    $schema: CAPTURE_SCHEMA_ID,
    breakpoint: condition === undefined ? { file, line } : { file, line, condition },
    run: {
      label: spec.label,
      command: quoteCommand(spec.argv),
      status: facts.status,
      location: facts.location,
      variables: facts.values.variables,
    },
    adapter: record.adapter,
    resolved_file: inCwd(spec.breakpoint.path, spec.cwd),
    cwd: spec.cwd,
    env_names: Object.keys(spec.env).sort(),
    ...sourceLinesOf(spec.breakpoint.path),
    ...(record.redaction !== undefined ? { redaction: record.redaction } : {}),
    stop: facts.stop,
    bound_line: facts.bound_line,
    no_break_reason: facts.no_break_reason,
    frames: facts.frames.map((frame) =>
      frame.file === null ? frame : { ...frame, file: inCwd(frame.file, spec.cwd) },
    ),
    exit_code: facts.exit_code,
    output: record.output,
    types: facts.values.types,
    truncated: facts.values.truncated,
    normalised: facts.values.normalised,
    ...(facts.values.unread && facts.values.unread.length > 0 ? { unread: facts.values.unread } : {}),
    ...clocksField(facts.values.types, record.clockTypes),
    warnings: [...(spec.breakpoint.note ? [spec.breakpoint.note] : []), ...record.warnings, ...facts.warnings],
    timing: record.timing,
    ...(facts.hits ? { hits: facts.hits } : {}),
  };
}

function clocksField(
  types: Readonly<Record<string, string>>,
  clockTypes: readonly RegExp[] = [],
): Pick<RunCapture, 'clocks'> {
  const clocks = clocksOf(types, clockTypes);
  return clocks.length > 0 ? { clocks } : {};
}

/** The breakpoint file's lines, hashed (RunCapture.source_lines); nothing when it cannot be read here. */
function sourceLinesOf(file: string): Pick<RunCapture, 'source_lines'> {
  try {
    const lines = splitLines(fs.readFileSync(file, 'utf8'));
    return { source_lines: { count: lines.length, hashes: hashLines(lines) } };
  } catch {
    return {};
  }
}

/** `file` relative to `cwd` when it lies inside it (a capture is portable between checkouts), else as it is. */
export function inCwd(file: string, cwd: string): string {
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** A capture's breakpoint file as an absolute path (relative ones against the capture's cwd, else `base`), or null. */
export function capturedFilePath(capture: Pick<RunCapture, 'resolved_file' | 'cwd'>, base?: string): string | null {
  const file = capture.resolved_file;
  if (file === null) return null;
  if (path.isAbsolute(file)) return file;
  const root = base ?? capture.cwd;
  return root === undefined ? null : path.resolve(root, file);
}

/** Where a run stopped, named as the user wrote the breakpoint file when it is that file. */
export function stopLocation(top: { path: string | null; line: number }, spec: RunSpec): Location {
  if (!top.path || samePath(top.path, spec.breakpoint.path)) return { file: spec.breakpoint.file, line: top.line };
  const relative = path.relative(spec.cwd, top.path);
  return { file: relative.startsWith('..') || path.isAbsolute(relative) ? top.path : relative, line: top.line };
}

/** The line the adapter put the breakpoint on, when it is not the line asked for. */
export function boundLine(
  reported: number | undefined,
  top: { path: string | null; line: number } | null,
  spec: RunSpec,
): number | null {
  let line = reported;
  if (top?.path && samePath(top.path, spec.breakpoint.path)) line = top.line;
  return line !== undefined && line !== spec.breakpoint.line ? line : null;
}

function samePath(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}
