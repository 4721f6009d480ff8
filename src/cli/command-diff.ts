// `bpdiff diff CAPTURE_A CAPTURE_B`: two saved run captures, compared without a debugger, by the
// library's diffCaptures() (the values pass through the same pipeline as a live run's).
import type { Io } from '../intake/io.js';
import { resolveOutputFile } from '../intake/input-files.js';
import { diffCaptures, type DiffCapturesInput } from '../library/diff-captures.js';
import { emitReport } from './emit-report.js';
import type { CliCommand } from './parse-args.js';
import { sayConfig } from './progress-log.js';

export async function runDiffCommand(command: Extract<CliCommand, { kind: 'diff' }>, io: Io): Promise<number> {
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);
  const { report } = await diffCaptures(command.captureA, command.captureB, command.input as DiffCapturesInput, {
    base: io.cwd,
    ...(io.redactor ? { redactor: io.redactor } : {}),
    ...(command.config ? { config: command.config } : {}),
  });
  sayConfig(io, false, command.config);
  return emitReport(report, { output: command.output, outputPath }, io);
}
