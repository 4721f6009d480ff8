// A report (built once by the library) rendered by the chosen writer and put where the user asked
// (stdout, or -o FILE written safely), with any second format beside it, and the exit status.
import path from 'node:path';
import type { Report } from '../report/report.js';
import { loadWriter } from '../output/writers.js';
import { writeOutputFile } from '../output/write-file.js';
import { messages } from '../messages.js';
import { useColor, type Io } from '../intake/io.js';
import { repositoryRoot } from '../intake/contained-path.js';
import type { OutputArgs } from './output-args.js';

export interface ReportTarget {
  output: OutputArgs;
  /** `-o FILE`, absolute (already checked by resolveOutputFile), or null. */
  outputPath: string | null;
  /** The text is put together with other checks' (bpdiff check), which bounds what holds for the whole. */
  combined?: boolean;
}

/** Writes the report; returns the exit status (0 same, 1 different, 2 a run failed). */
export async function emitReport(report: Report, target: ReportTarget, io: Io): Promise<number> {
  const write = await loadWriter(target.output.format);
  // Annotations name files from the repository's root, where GitHub finds them, wherever bpdiff runs in it.
  const root = repositoryRoot(io.cwd);
  if (target.outputPath === null) {
    io.stdout(
      write(report, {
        color: useColor(io, target.output.color),
        root,
        ...(target.combined ? { combined: true } : {}),
        ...(io.columns !== undefined ? { columns: io.columns } : {}),
      }),
    );
  } else {
    const text = write(report, { color: false, root, ...(target.combined ? { combined: true } : {}) });
    writeOutputFile(target.outputPath, io.redactor ? io.redactor.scrub(text) : text, {
      flag: '-o',
      file: target.output.outputFile ?? target.outputPath,
    });
  }
  // A second --format with its -o, and --summary FILE (markdown): the same report, written beside.
  for (const extra of target.output.also) {
    const text = (await loadWriter(extra.format))(report, { color: false, root });
    writeOutputFile(path.resolve(io.cwd, extra.file), io.redactor ? io.redactor.scrub(text) : text, {
      flag: '-o',
      file: extra.file,
    });
  }
  // A run bpdiff could not debug is in the document, and makes the exit status 2 (an error).
  for (const failed of report.failedRuns)
    io.stderr(`bpdiff: ${messages.runCouldNotBeDebugged(failed.label, failed.message)}\n`);
  return report.exitCode;
}
