// What a program writes, as a walk by effects compares it: with the run's own folders as placeholders
// (values/paths.ts), as its values are, and with the times a test runner reports of itself written
// `<time>` (`Ran 1 test in 0.010s`, `duration_ms: 1.12`, `--- PASS: TestA (0.00s)`): each run measures
// its own, and two identical runs of a test suite differ there and nowhere else. Which texts are such
// times is the adapter definition's (locate.output_times: data for its languages' runners).
// --raw-values compares the output as written. The text shown as what a run wrote is never changed.
import { pathsInText, type runPaths } from './paths.js';

export const TIME_TOKEN = '<time>';

/** The times a runner reports, written TIME_TOKEN: each pattern's every match (multi-line: `^` and `$` are a line's). */
export function timesInText(patterns: readonly string[]): (text: string) => string {
  const rules = patterns.map((pattern) => new RegExp(pattern, 'gm'));
  return (text) => rules.reduce((next, rule) => next.replace(rule, TIME_TOKEN), text);
}

/** How a walk sees what a run writes: its folders as placeholders, then a runner's times as TIME_TOKEN. */
export function outputAsCompared(
  paths: ReturnType<typeof runPaths>,
  timePatterns: readonly string[],
): (text: string) => string {
  const folders = pathsInText(paths);
  const times = timesInText(timePatterns);
  return (text) => times(folders(text));
}
