// From two captures to what the user sees: the document built, put where they asked (JSON on stdout,
// --format text on stdout, -o FILE written atomically), and the exit status.
import type { ComparisonResult, RunCapture } from '../core/types.js';
import { analyseComparison, comparisonExitCode } from '../core/build-comparison.js';
import { formatJson } from '../output/format-json.js';
import { formatText } from '../output/format-text.js';
import { writeFileAtomic } from './atomic-write.js';
import { messages } from './messages.js';
import { readSourceLine } from './source-line.js';
import { useColor, type CliIo } from './io.js';
import type { OutputArgs } from './parse-args.js';

export interface ReportTarget {
  output: OutputArgs;
  /** `-o FILE`, absolute (already checked by resolveOutputFile), or null. */
  outputPath: string | null;
  /** Run A's breakpoint file, read for the source line when the capture does not name one. */
  sourceFile: string | null;
}

/** Builds and emits the comparison; returns the exit status (0 same, 1 different, 2 a run failed). */
export function reportComparison(captures: readonly [RunCapture, RunCapture], target: ReportTarget, io: CliIo): number {
  const [captureA, captureB] = captures;
  const sourceLine = readSourceLine(captureA.resolved_file ?? target.sourceFile, captureA.breakpoint.line);
  const { result } = analyseComparison(captureA, captureB, { sourceLine });
  emitResult(result, captures, target, io);
  return reportFailedRuns(captures, io) ? 2 : comparisonExitCode(result);
}

function emitResult(result: ComparisonResult, captures: readonly [RunCapture, RunCapture], target: ReportTarget, io: CliIo): void {
  const { output, outputPath } = target;
  if (outputPath !== null) {
    try {
      writeFileAtomic(outputPath, formatJson(result));
    } catch (error) {
      throw messages.outputWriteFailed(output.outputFile ?? outputPath, error);
    }
  }
  if (output.format === 'text') io.stdout(formatText(result, { color: useColor(io), captures }));
  else if (outputPath === null) io.stdout(formatJson(result));
}

/** A run bpdiff could not debug is in the document, and makes the exit status 2 (an error). */
function reportFailedRuns(captures: readonly RunCapture[], io: CliIo): boolean {
  let failed = false;
  for (const capture of captures) {
    if (capture.no_break_reason?.kind === 'error') {
      io.stderr(`bpdiff: ${messages.runCouldNotBeDebugged(capture.run.label, capture.no_break_reason.message)}\n`);
      failed = true;
    }
  }
  return failed;
}
