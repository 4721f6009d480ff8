// Times and durations, by the adapter's word for their types (its definition's clock_types): which
// values of a capture are one (RunCapture.clocks), which of them changed between two runs, and how a
// hint says so. A time the program read from the clock differs in any two runs, whatever the program
// does: the hint names it as maybe such a reading, with the --ignore that leaves it out.
import type { RunCapture } from './types.js';
import { compareNames } from './diff-variables.js';
import { selfAndAncestors } from './child-path.js';
import { quoteShellArg } from './shell-quote.js';

/** A value that is a time or a duration, with its type (A's). */
export interface ClockValue {
  name: string;
  type: string;
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
  if (both.size === 0) return [];
  const found = new Map<string, string>();
  for (const name of [...changed].sort(compareNames)) {
    const clock = selfAndAncestors(name).find((above) => both.has(above));
    if (clock !== undefined && !found.has(clock)) found.set(clock, captureA.types[clock] ?? '');
  }
  return [...found].map(([name, type]) => ({ name, type }));
}

/** The hint of a `clock` finding: the times that changed, and the --ignore that leaves them out. */
export function describeClocks(finding: { values: readonly ClockValue[]; more: number }): string {
  const count = finding.values.length + finding.more;
  const listed = finding.values.map((value) => `${value.name} (${value.type})`);
  const ignore = finding.values.map((value) => `--ignore ${quoteShellArg(value.name)}`).join(' ');
  return count === 1
    ? `${listed[0]} is a time: if the program read it from the clock, any two runs read it differently — ${ignore} leaves it out.`
    : `${count} changed values are times or durations (${listed.join(', ')}${finding.more > 0 ? ` and ${finding.more} more` : ''}): those the program read from the clock differ in any two runs — ${ignore} leaves them out.`;
}
