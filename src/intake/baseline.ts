// A baseline: a stored run capture standing in for run A (`--baseline FILE`, the library's `baseline`,
// a check's baseline). It must be a capture of this schema, taken in the file (and with the condition)
// the live run is given; the line may have moved. Without a breakpoint of its own the live run takes
// the baseline's, and follows its line into the live copy of the file (the capture keeps each line's
// hash) with the line map a live pair uses: lines added above it since move the live run's line.
import { describeBreakpoint } from '../core/describe.js';
import type { Breakpoint, RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';
import { readCapture } from './read-capture.js';
import { hashLines, mapLine, splitLineHashes } from '../core/line-map.js';

export interface LoadedBaseline {
  capture: RunCapture;
  /** How the baseline is named in messages: its file, or "the baseline". */
  name: string;
  /** Where the live run stops: the baseline's own breakpoint, or the line `given` moved it to in the same file. */
  breakpoint: Breakpoint;
  /** Said in the hints when the live run stops at another line than the baseline's. */
  note?: string;
}

/**
 * `baseline`: a file (relative to `base`; at most `maxBytes`, --max-input-bytes) or a capture object;
 * `given`: the live run's breakpoint, when it has one.
 */
export function loadBaseline(
  baseline: string | RunCapture,
  base: string,
  given: Breakpoint | null,
  maxBytes?: number,
): LoadedBaseline {
  const capture = typeof baseline === 'string' ? readCapture(baseline, base, maxBytes) : checkedCapture(baseline);
  const name = typeof baseline === 'string' ? baseline : 'the baseline';
  const stored = capture.breakpoint;
  if (given === null) return { capture, name, breakpoint: { ...stored } };
  // The line may move (lines added above it since the baseline); the file and the condition may not.
  if (given.file !== stored.file || (given.condition ?? null) !== (stored.condition ?? null)) {
    throw messages.baselineOtherBreakpoint(name, describeBreakpoint(stored), describeBreakpoint(given));
  }
  if (given.line === stored.line) return { capture, name, breakpoint: { ...stored } };
  return {
    capture,
    name,
    breakpoint: { ...given },
    note: `the baseline was captured at line ${stored.line} of ${stored.file}; the live run stops at line ${given.line}, as its --bp says`,
  };
}

/** A capture given as an object (the library's, or a tool's JSON): checked as a file's would be. */
export function checkedCapture(given: unknown, name = 'baseline'): RunCapture {
  const outcome = validateCapture(given);
  if (!outcome.ok)
    throw new BpdiffError(
      'NOT_A_CAPTURE',
      `${name} is not a run capture (${outcome.errors.slice(0, 3).join('; ')}) — pass what capture() returned, or a file bpdiff capture wrote`,
    );
  return given as RunCapture;
}

/** A live run's breakpoint, its label and the file it resolves to. */
interface LiveBreakpoint {
  label: string;
  breakpoint: Breakpoint & { path: string; note?: string };
}

/**
 * The live run stopping where the baseline did: the baseline's line followed into the live copy of
 * the file, through the line hashes the baseline holds (a line diff, as `git blame` follows a line),
 * and said in the breakpoint's note. Left as it is when the user gave the live run another line, when
 * the baseline holds no line hashes (an older capture), or when the live file cannot be read here. A
 * line deleted since is an error that says so.
 */
export function followBaselineLine<S extends LiveBreakpoint>(
  baseline: LoadedBaseline,
  live: S,
  linesOf: (file: string) => string[] | null,
): S {
  const stored = baseline.capture.source_lines;
  if (baseline.note !== undefined || stored === undefined) return live;
  const lines = linesOf(live.breakpoint.path);
  if (lines === null) return live;
  const { file, line } = baseline.capture.breakpoint;
  const mapped = mapLine(splitLineHashes(stored.hashes), splitLineHashes(hashLines(lines)), line);
  if (mapped.kind === 'deleted') throw messages.baselineLineDeleted(baseline.name, file, line);
  if (mapped.kind === 'same' && mapped.line === line) return live;
  const note =
    mapped.kind === 'same'
      ? `the baseline was captured at line ${line} of ${file}; that line is line ${mapped.line} in ${live.label}'s copy (lines above it were added or removed), so ${live.label} stops at line ${mapped.line}`
      : `line ${line} of ${file}, where the baseline was captured, was changed in ${live.label}'s copy; ${live.label} stops at line ${mapped.line}, which took its place (${JSON.stringify(lines[mapped.line - 1]!.trim())}); give --bp to choose another line`;
  return { ...live, breakpoint: { ...live.breakpoint, line: mapped.line, note } };
}

/**
 * Why the live run's line may not be the baseline's, for an error at that line (a condition that
 * cannot be evaluated there): its text differs from the baseline's line, or the baseline cannot tell.
 * Null when it is the same line.
 */
export function lineDoubt(
  baseline: LoadedBaseline,
  live: LiveBreakpoint,
  linesOf: (file: string) => string[] | null,
): string | null {
  const stored = baseline.capture.source_lines;
  const { file, line } = baseline.capture.breakpoint;
  if (stored === undefined)
    return `the baseline holds no hashes of its file's lines (an older bpdiff recorded it), so bpdiff cannot tell whether line ${line} of ${file} is still the line it was captured at`;
  const lines = linesOf(live.breakpoint.path);
  const liveLine = lines?.[live.breakpoint.line - 1];
  const storedLine = splitLineHashes(stored.hashes)[line - 1];
  if (liveLine === undefined || storedLine === undefined) return null;
  if (splitLineHashes(hashLines([liveLine]))[0] === storedLine) return null;
  return `line ${live.breakpoint.line} of ${file} in ${live.label}'s copy reads otherwise than line ${line}, where the baseline was captured (${JSON.stringify(liveLine.trim())})`;
}
