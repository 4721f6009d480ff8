// The live comparison (and `--baseline FILE`, where run A is a stored capture): the library's
// compare() with the command line's input, its report written where the flags say. Ctrl-C, SIGTERM
// and SIGHUP abort the runs cleanly (intake/stop-signals.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { RunCapture } from '../core/types.js';
import { writeOutputFile } from '../output/write-file.js';
import { formatJson } from '../report/json.js';
import { CAPTURE_FILES, resolveCapturesDir, resolveOutputFile } from '../intake/input-files.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { IoDeps, Io } from '../intake/io.js';
import { messages } from '../messages.js';
import { comparePlanned } from '../library/compare.js';
import { emitReport } from './emit-report.js';
import type { CliCommand } from './parse-args.js';
import { callContext } from './call-context.js';
import { progressLog } from './progress-log.js';

export async function runCompareCommand(
  args: Extract<CliCommand, { kind: 'compare' }>['args'],
  io: Io,
  deps: IoDeps,
): Promise<number> {
  // Where the outputs go is checked before anything starts: a run that may take a minute never ends unable to write.
  const outputPath = resolveOutputFile(args.output.outputFile, io.cwd);
  const saveCapturesDir = resolveCapturesDir(args.saveCaptures, io.cwd);
  for (const warning of args.warnings) io.stderr(`bpdiff: ${warning}\n`);
  const log = progressLog(io, args.quiet, args.config);
  const outcome = await withStopSignals(io, deps, (signal) =>
    comparePlanned(args.plan, { signal, ...(log ? { log } : {}) }, callContext(io, deps, undefined, args.config)),
  );
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const { report, captures } = outcome.value;
  if (saveCapturesDir !== null) saveCaptures(captures, saveCapturesDir, args.saveCaptures ?? saveCapturesDir, io);
  return emitReport(report, { output: args.output, outputPath }, io);
}

/** Each capture written whole and atomically: a crash never leaves half a capture for `bpdiff diff`. */
function saveCaptures(captures: readonly [RunCapture, RunCapture], dir: string, asGiven: string, io: Io): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw messages.saveCapturesFailed(dir, error);
  }
  CAPTURE_FILES.forEach((name, index) => {
    const text = formatJson(captures[index]!);
    writeOutputFile(path.join(dir, name), io.redactor ? io.redactor.scrub(text) : text, {
      flag: '--save-captures',
      file: path.join(asGiven, name),
    });
  });
}
