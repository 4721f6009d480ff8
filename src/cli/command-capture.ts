// `bpdiff capture --bp FILE:LINE [-o FILE] -- CMD`: one run's capture (schema/run-capture.schema.json),
// to stdout or written safely to FILE: a baseline for `--baseline`, or one side of `bpdiff diff`.
// Exit status: 0 the run stopped at the breakpoint, 1 it did not (the capture says why), 2 an error.
import { formatJson } from '../output/format-json.js';
import { writeOutputFile } from '../output/write-file.js';
import { messages } from './messages.js';
import { resolveLiveRun } from './resolve-runs.js';
import { captureOneLive } from './stop-signals.js';
import type { CliDeps, CliIo } from './io.js';
import type { CompareArgs } from './parse-args.js';

export async function runCaptureCommand(args: CompareArgs, io: CliIo, deps: CliDeps): Promise<number> {
  const { spec, options, outputFile } = resolveLiveRun(args, io.cwd, args.breakpoints!.b);
  const outcome = await captureOneLive(spec, options, io, deps, args.quiet);
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const capture = outcome.value;
  const text = formatJson(capture);
  if (outputFile === null) io.stdout(text);
  else writeOutputFile(outputFile, io.redactor ? io.redactor.scrub(text) : text, { flag: '-o', file: args.output.outputFile ?? outputFile });
  const reason = capture.no_break_reason;
  if (reason?.kind === 'error') {
    io.stderr(`bpdiff: ${messages.runCouldNotBeDebugged(spec.label, reason.message)}\n`);
    return 2;
  }
  return capture.run.status === 'break' ? 0 : 1;
}
