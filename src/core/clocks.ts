// Times and durations, by the adapter's word for their types (its definition's clock_types): which
// values of a capture are one (RunCapture.clocks), which of them changed between two runs, and how a
// hint says so. A time the program read from the clock differs in any two runs, whatever the program
// does: the hint names it as maybe such a reading, with the --ignore that leaves it out.
import type { RunCapture } from './types.js';
import { compareNames } from './diff-variables.js';
import { selfAndAncestors } from './child-path.js';
import { quoteShellArg } from './shell-quote.js';

/** A value that is a time or a duration, with its type (A's); `reads`: a number that reads as a time, as what. */
export interface ClockValue {
  name: string;
  type: string;
  reads?: string;
}

/** Seconds since 1970, and the same in ms, µs and ns. */
const EPOCH_UNITS = [
  ['seconds', 1],
  ['milliseconds', 1e3],
  ['microseconds', 1e6],
  ['nanoseconds', 1e9],
] as const;
/** 2000-01-01 and 2100-01-01, in seconds since 1970. */
const EPOCH_FROM = 946_684_800;
const EPOCH_TO = 4_102_444_800;
const NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * What two numbers read as, where both are the same count since 1970 of a time this century, within
 * an hour of each other (`time.time()`, `Date.now()`, `System.currentTimeMillis()` in two runs):
 * `seconds since 1970: 2026-11-30 19:38:08 UTC`; else null.
 */
export function epochReading(a: string, b: string): string | null {
  if (a === b || !NUMBER.test(a) || !NUMBER.test(b)) return null;
  const [x, y] = [Number(a), Number(b)];
  for (const [unit, per] of EPOCH_UNITS) {
    const [sx, sy] = [x / per, y / per];
    const inRange = (seconds: number): boolean => seconds >= EPOCH_FROM && seconds <= EPOCH_TO;
    if (inRange(sx) && inRange(sy) && Math.abs(sx - sy) < 3600)
      return `${unit} since 1970: ${new Date(sx * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  }
  return null;
}

/** The values whose type is a time or a duration (`clockTypes`), the outermost of each (RunCapture.clocks). */
export function clocksOf(types: Readonly<Record<string, string>>, clockTypes: readonly RegExp[]): string[] {
  if (clockTypes.length === 0) return [];
  const clocks = new Set(
    Object.entries(types)
      .filter(([, type]) => clockTypes.some((pattern) => pattern.test(type)))
      .map(([name]) => name),
  );
  return [...clocks]
    .filter(
      (name) =>
        !selfAndAncestors(name)
          .slice(1)
          .some((above) => clocks.has(above)),
    )
    .sort();
}

/**
 * The times and durations (a value in both runs' `clocks`) that changed or hold a change, the outermost
 * of each, with A's type: in the order of the changed names.
 */
export function changedClocks(changed: readonly string[], captureA: RunCapture, captureB: RunCapture): ClockValue[] {
  const inB = new Set(captureB.clocks ?? []);
  const both = new Set((captureA.clocks ?? []).filter((name) => inB.has(name)));
  const found = new Map<string, ClockValue>();
  for (const name of [...changed].sort(compareNames)) {
    const clock = selfAndAncestors(name).find((above) => both.has(above));
    if (clock !== undefined) {
      if (!found.has(clock)) found.set(clock, { name: clock, type: captureA.types[clock] ?? '' });
      continue;
    }
    // A number both runs hold as a count since 1970 (time.time(), Date.now()): a time too, though its type is a number's.
    const reads = epochReading(captureA.run.variables?.[name] ?? '', captureB.run.variables?.[name] ?? '');
    if (reads !== null) found.set(name, { name, type: captureA.types[name] ?? '', reads });
  }
  return [...found.values()];
}

/** The hint of a `clock` finding: the times that changed, and the --ignore that leaves them out. */
export function describeClocks(finding: { values: readonly ClockValue[]; more: number }): string {
  const count = finding.values.length + finding.more;
  const listed = finding.values.map((value) => (value.type === '' ? value.name : `${value.name} (${value.type})`));
  const ignore = finding.values.map((value) => `--ignore ${quoteShellArg(value.name)}`).join(' ');
  const only = finding.values[0];
  return count === 1
    ? `${listed[0]} ${only?.reads === undefined ? 'is a time' : `reads as a time (${only.reads})`}: if the program read it from the clock, any two runs read it differently — ${ignore} leaves it out.`
    : `${count} changed values are times or durations (${listed.join(', ')}${finding.more > 0 ? ` and ${finding.more} more` : ''}): those the program read from the clock differ in any two runs — ${ignore} leaves them out.`;
}
