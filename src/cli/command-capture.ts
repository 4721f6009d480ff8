// `bpdiff capture --bp FILE:LINE [-o FILE] -- CMD`: the library's capture(), written to stdout or
// safely to FILE: a baseline for `--baseline`, or one side of `bpdiff diff`.
// Exit status: 0 the run stopped at the breakpoint, 1 it did not (the capture says why), 2 an error.
import { writeOutputFile } from '../output/write-file.js';
import { formatJson } from '../report/json.js';
import { resolveOutputFile } from '../intake/input-files.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { IoDeps, Io } from '../intake/io.js';
import { messages } from '../messages.js';
import { capturePlanned } from '../library/capture.js';
import type { CliCommand } from './parse-args.js';
import { callContext } from './call-context.js';
import { progressLog } from './progress-log.js';

export async function runCaptureCommand(
  args: Extract<CliCommand, { kind: 'capture' }>['args'],
  io: Io,
  deps: IoDeps,
): Promise<number> {
  const outputFile = resolveOutputFile(args.output.outputFile, io.cwd);
  const log = progressLog(io, args.quiet, args.config);
  const outcome = await withStopSignals(
    io,
    deps,
    (signal) => capturePlanned(args.plan, { signal, ...(log ? { log } : {}) }, callContext(io, deps)),
    'the run was',
  );
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const captured = outcome.value;
  const text = formatJson(captured);
  if (outputFile === null) io.stdout(text);
  else
    writeOutputFile(outputFile, io.redactor ? io.redactor.scrub(text) : text, {
      flag: '-o',
      file: args.output.outputFile ?? outputFile,
    });
  const reason = captured.no_break_reason;
  if (reason?.kind === 'error') {
    io.stderr(`bpdiff: ${messages.runCouldNotBeDebugged(captured.run.label, reason.message)}\n`);
    return 2;
  }
  return captured.run.status === 'break' ? 0 : 1;
}
