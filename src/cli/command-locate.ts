// `bpdiff locate -- CMD_A -- CMD_B`: the library's locate(), its report written where the flags say.
// Progress (steps, where run A is) on stderr every second; Ctrl-C stops both runs, writes nothing and
// exits 130 (intake/stop-signals.ts). With --ci, a walk --max-steps cut before the runs parted or
// ended fails (exit 1): no divergence so far is not a pass.
import { resolveOutputFile } from '../intake/input-files.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { Io, IoDeps } from '../intake/io.js';
import { locatePlanned } from '../library/locate.js';
import { emitReport } from './emit-report.js';
import type { CliCommand } from './parse-args.js';
import { callContext } from './call-context.js';
import { progressLog } from './progress-log.js';
import { locateWords } from '../messages.js';

export async function runLocateCommand(
  args: Extract<CliCommand, { kind: 'locate' }>['args'],
  io: Io,
  deps: IoDeps,
): Promise<number> {
  const outputPath = resolveOutputFile(args.output.outputFile, io.cwd);
  for (const warning of args.warnings) io.stderr(`bpdiff: ${warning}\n`);
  const log = progressLog(io, args.quiet, args.config);
  const outcome = await withStopSignals(io, deps, (signal) =>
    locatePlanned(args.plan, { signal, ...(log ? { log } : {}) }, callContext(io, deps, undefined, args.config)),
  );
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const { report, complete } = outcome.value;
  // In CI a walk cut short is no pass: it found no divergence so far, not none.
  if (args.ci === true && !complete && report.exitCode === 0) {
    io.stderr(`bpdiff: ${locateWords.cutShort(outcome.value.steps)}\n`);
    return emitReport({ ...report, exitCode: 1 }, { output: args.output, outputPath }, io);
  }
  return emitReport(report, { output: args.output, outputPath }, io);
}
