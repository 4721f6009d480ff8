// From two captures to what the user sees: the report built once, rendered by the chosen writer and
// put where they asked (stdout, or -o FILE written safely), and the exit status.
import type { RunCapture, Tolerance } from '../core/types.js';
import { buildReport } from '../report/report.js';
import { loadWriter } from '../output/writers.js';
import { writeOutputFile } from '../output/write-file.js';
import { messages } from './messages.js';
import { readSourceLine } from './source-line.js';
import { capturedFilePath } from '../capture/capture-document.js';
import { reconcileRedaction } from '../redact/reconcile.js';
import { useColor, type CliIo } from './io.js';
import type { OutputArgs } from './parse-args.js';
import path from 'node:path';

export interface ReportTarget {
  output: OutputArgs;
  /** `-o FILE`, absolute (already checked by resolveOutputFile), or null. */
  outputPath: string | null;
  /** `--tolerance`, applied to the pair. */
  tolerance?: Tolerance | null;
}

/** Builds and emits the report; returns the exit status (0 same, 1 different, 2 a run failed). */
export async function emitReport(given: readonly [RunCapture, RunCapture], target: ReportTarget, io: CliIo): Promise<number> {
  // Markers made under two keys (a baseline from CI) cannot be compared: reconcile says so instead.
  const captures = reconcileRedaction(given[0], given[1]);
  const [captureA, captureB] = captures;
  const report = buildReport(captures, {
    sourceLine: readSourceLine(capturedFilePath(captureA), captureA.breakpoint.line),
    sourceLineB: readSourceLine(capturedFilePath(captureB), captureB.breakpoint.line),
    failOn: target.output.failOn,
    tolerance: target.tolerance ?? null,
    maxOutputBytes: target.output.maxOutputBytes,
  });
  const write = await loadWriter(target.output.format);
  if (target.outputPath === null) {
    io.stdout(write(report, { color: useColor(io, target.output.color) }));
  } else {
    const text = write(report, { color: false });
    writeOutputFile(target.outputPath, io.redactor ? io.redactor.scrub(text) : text, { flag: '-o', file: target.output.outputFile ?? target.outputPath });
  }
  // A second --format with its -o, and --summary FILE (markdown): the same report, written beside.
  for (const extra of target.output.also) {
    const text = (await loadWriter(extra.format))(report, { color: false });
    writeOutputFile(path.resolve(io.cwd, extra.file), io.redactor ? io.redactor.scrub(text) : text, { flag: '-o', file: extra.file });
  }
  // A run bpdiff could not debug is in the document, and makes the exit status 2 (an error).
  for (const failed of report.failedRuns) io.stderr(`bpdiff: ${messages.runCouldNotBeDebugged(failed.label, failed.message)}\n`);
  return report.exitCode;
}
