// The live comparison: resolve both runs, hand them to the engine, turn the captures into the result
// document. With --baseline, run A is a stored capture and only run B runs. Ctrl-C, SIGTERM and
// SIGHUP abort the engine cleanly (stop-signals.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { RunCapture } from '../core/types.js';
import { writeOutputFile } from '../output/write-file.js';
import { formatJson } from '../output/format-json.js';
import { CAPTURE_FILES } from './read-input.js';
import { emitReport } from './emit-report.js';
import { messages, progress } from './messages.js';
import { resolveLiveRun, resolveRuns } from './resolve-runs.js';
import { captureOneLive, withStopSignals } from './stop-signals.js';
import { describeBreakpoint } from '../core/describe.js';
import { quoteCommand } from '../core/shell-quote.js';
import { loadBaseline } from './baseline.js';
import { prepareCapture } from '../capture/prepare-capture.js';
import type { CliDeps, CliIo } from './io.js';
import type { CompareArgs } from './parse-args.js';

export async function runCompareCommand(args: CompareArgs, io: CliIo, deps: CliDeps): Promise<number> {
  if (args.baseline !== null) return runBaselineCheck(args, io, deps);
  const { specs, options, outputFile, saveCapturesDir } = resolveRuns(args, io.cwd);
  for (const warning of args.warnings) io.stderr(`bpdiff: ${warning}\n`);
  const captureRuns = deps.captureRuns ?? (await import('../run/capture-runs.js')).captureRuns;
  const log = args.quiet ? undefined : (line: string) => io.stderr(`${line}\n`);

  const outcome = await withStopSignals(io, deps, (signal) => {
    const bp = describeBreakpoint({ file: specs[0].breakpoint.file, line: specs[0].breakpoint.line });
    log?.(progress.starting(bp, specs[0].label, quoteCommand(specs[0].argv), specs[1].label, quoteCommand(specs[1].argv), options.run.sequential));
    return captureRuns(specs, options, { signal, ...(log ? { log } : {}), ...(io.redactor ? { redactor: io.redactor } : {}) });
  });
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const captures = outcome.value;

  if (saveCapturesDir !== null) saveCaptures(captures, saveCapturesDir, args.saveCaptures ?? saveCapturesDir, io);
  return emitReport(captures, { output: args.output, outputPath: outputFile, tolerance: options.values.tolerance }, io);
}

/** `--baseline FILE -- CMD`: run A is the stored capture (through the same value pipeline), run B runs live. */
async function runBaselineCheck(args: CompareArgs, io: CliIo, deps: CliDeps): Promise<number> {
  const baseline = loadBaseline(args.baseline!, io.cwd, args);
  const resolved = resolveLiveRun(args, io.cwd, baseline.breakpoint);
  const { options, outputFile, saveCapturesDir } = resolved;
  const live = baseline.note === undefined ? resolved.spec : { ...resolved.spec, breakpoint: { ...resolved.spec.breakpoint, note: baseline.note } };
  const outcome = await captureOneLive(live, options, io, deps, args.quiet, `(compared with the baseline ${args.baseline!})`);
  if (outcome.kind === 'interrupted') return outcome.exitCode;
  const stored = await prepareCapture({ ...baseline.capture, run: { ...baseline.capture.run, label: args.labels.a } }, options.values, live.cwd, io.redactor);
  const captures: [RunCapture, RunCapture] = [stored, outcome.value];
  if (saveCapturesDir !== null) saveCaptures(captures, saveCapturesDir, args.saveCaptures ?? saveCapturesDir, io);
  return emitReport(captures, { output: args.output, outputPath: outputFile, tolerance: options.values.tolerance }, io);
}

/** Each capture written whole and atomically: a crash never leaves half a capture for `bpdiff diff`. */
function saveCaptures(captures: readonly [RunCapture, RunCapture], dir: string, asGiven: string, io: CliIo): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw messages.saveCapturesFailed(dir, error);
  }
  CAPTURE_FILES.forEach((name, index) => {
    const text = formatJson(captures[index]!);
    writeOutputFile(path.join(dir, name), io.redactor ? io.redactor.scrub(text) : text, { flag: '--save-captures', file: path.join(asGiven, name) });
  });
}
