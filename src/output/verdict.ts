// The words a stop of bpdiff locate ends on, in every human writer: where the walk found the runs
// part ways, the values at that point may well be alike (the line wrote or returned something else, or
// each run goes on to another line), and "no differences" there would read as the walk's verdict.
import { countDiff, describeCounts, plural } from '../core/describe.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import type { Report } from '../report/report.js';

/**
 * The verdict of a walk that failed (it found where the runs part ways, or --max-steps cut it under
 * --ci), with what the stop there compared; null for a comparison or a walk that found the runs alike.
 * `escape`: how the writer makes a label safe (markdown's).
 */
export function walkVerdict(report: Report, escape: (text: string) => string = (text) => text): string | null {
  // Exit 2: a run could not be debugged; the comparison's own words say what each run did.
  if (report.lead.length === 0 || report.exitCode !== 1) return null;
  const { run_a: a, run_b: b, diff } = report.document;
  const there =
    isDiffEmpty(diff) && diff.unchanged.length > 0
      ? `the variables there are alike (${plural(diff.unchanged.length, 'variable')} identical)`
      : `there: ${escape(describeCounts(countDiff(diff), { a: a.label, b: b.label }))}`;
  if (report.lead[0]!.startsWith('no divergence')) return `the walk stopped at --max-steps; ${there}`;
  return `the runs part ways; ${there}`;
}
