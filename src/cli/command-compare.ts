// The live comparison: resolve both runs, hand them to the engine, turn the captures into the result
// document. Ctrl-C, SIGTERM and SIGHUP (the terminal closed) abort the engine, wait for it to kill
// everything and remove its temp folders, then exit 130 / 143 / 129.
import fs from 'node:fs';
import path from 'node:path';
import type { RunCapture } from '../core/types.js';
import { writeOutputFile } from '../output/write-file.js';
import { formatJson } from '../output/format-json.js';
import { CAPTURE_FILES } from './read-input.js';
import { quoteCommand } from '../core/shell-quote.js';
import { emitReport } from './emit-report.js';
import { describeBreakpoint } from '../core/describe.js';
import { messages, progress } from './messages.js';
import { resolveRuns } from './resolve-runs.js';
import type { CliDeps, CliIo } from './io.js';
import type { CompareArgs } from './parse-args.js';

type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

export async function runCompareCommand(args: CompareArgs, io: CliIo, deps: CliDeps): Promise<number> {
  const { specs, options, outputFile, saveCapturesDir } = resolveRuns(args, io.cwd);
  for (const warning of args.warnings) io.stderr(`bpdiff: ${warning}\n`);
  const captureRuns = deps.captureRuns ?? (await import('../run/capture-runs.js')).captureRuns;
  const signals = deps.signals ?? process;
  const forceExit = deps.forceExit ?? ((code: number) => process.exit(code));
  const log = args.quiet ? undefined : (line: string) => io.stderr(`${line}\n`);

  const controller = new AbortController();
  let interruptedBy: StopSignal | null = null;
  const onSignal = (signal: StopSignal) => () => {
    // A second signal means the user will not wait for the clean-up.
    if (interruptedBy !== null) forceExit(SIGNAL_EXIT[signal]);
    interruptedBy = signal;
    controller.abort();
  };
  const handlers = (Object.keys(SIGNAL_EXIT) as StopSignal[]).map((signal) => [signal, onSignal(signal)] as const);
  for (const [signal, handler] of handlers) signals.on(signal, handler);

  let captures: [RunCapture, RunCapture] | undefined;
  let failure: unknown;
  try {
    const bp = describeBreakpoint({ file: specs[0].breakpoint.file, line: specs[0].breakpoint.line });
    log?.(progress.starting(bp, specs[0].label, quoteCommand(specs[0].argv), specs[1].label, quoteCommand(specs[1].argv), options.run.sequential));
    captures = await captureRuns(specs, options, { signal: controller.signal, ...(log ? { log } : {}) });
  } catch (error) {
    failure = error;
  } finally {
    for (const [signal, handler] of handlers) signals.off(signal, handler);
  }
  if (interruptedBy !== null) {
    io.stderr(`bpdiff: ${messages.interrupted(interruptedBy)}\n`);
    return SIGNAL_EXIT[interruptedBy];
  }
  if (captures === undefined) throw failure;

  if (saveCapturesDir !== null) saveCaptures(captures, saveCapturesDir, args.saveCaptures ?? saveCapturesDir);
  return emitReport(captures, { output: args.output, outputPath: outputFile }, io);
}

/** Each capture written whole and atomically: a crash never leaves half a capture for `bpdiff diff`. */
function saveCaptures(captures: readonly [RunCapture, RunCapture], dir: string, asGiven: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw messages.saveCapturesFailed(dir, error);
  }
  CAPTURE_FILES.forEach((name, index) => {
    writeOutputFile(path.join(dir, name), formatJson(captures[index]!), { flag: '--save-captures', file: path.join(asGiven, name) });
  });
}
