// The end of two runs a locate walk followed until both ended: a walk compares where each run stands
// and what its frame holds, never what it writes or how it exits, so two runs alike in every step
// may still end apart (a format string, an exit code). Compared here once both programs are done.
import { compareEndings, type EndDifference, type RunOutput } from '../core/end-hints.js';
import { describeEnding } from '../core/walk-hints.js';
import type { Standing } from '../walk/lines.js';
import type { LiveRun } from './live-run.js';

/** How two runs that both ended differ at their ends (null: alike, or not both ended). */
export async function endsApart(
  runs: [LiveRun, LiveRun],
  standings: [Standing, Standing],
): Promise<EndDifference | null> {
  const [a, b] = standings;
  if (a.kind !== 'ended' || b.kind !== 'ended') return null;
  await Promise.all(runs.map((run) => run.outputRead()));
  return compareEndings(
    { output: outputOf(runs[0]), how: describeEnding(a.end.reason) },
    { output: outputOf(runs[1]), how: describeEnding(b.end.reason) },
  );
}

/**
 * A run's whole output, by digest. Complete once it ended: the session's end waited for a program
 * bpdiff started until its pipes closed (what C's stdio held in its buffer is written at exit), an
 * adapter sends the output events of the program it started before its exited event, and what a
 * program wrote to its adapter's stdio is read (LiveRun.outputRead).
 */
function outputOf(run: LiveRun): RunOutput {
  const { stdout, stderr } = run.resources;
  return {
    stdout: { digest: stdout.digest(), total: stdout.total },
    stderr: { digest: stderr.digest(), total: stderr.total },
  };
}
