// `bpdiff check [NAME] [--record]`: the named checks of bpdiff.config.json, through the library. With
// --record, each check's run is captured (capture()) and written as its baseline; without, each live
// run is compared with its baseline (compare() with `baseline`). Several checks print one output: a
// JSON object of the result documents by check name, or the other formats one after the other under
// each check's name. The exit status is the worst of the checks' (2 > 1 > 0).
import fs from 'node:fs';
import path from 'node:path';
import { formatJson } from '../report/json.js';
import { writeOutputFile } from '../output/write-file.js';
import { OPTION_DECLARATIONS, snakeCase } from '../options/declarations.js';
import type { ConfigCheck } from '../config/config.js';
import type { RunCapture } from '../core/types.js';
import { resolveOutputFile } from '../intake/input-files.js';
import { resolveOneRun } from '../intake/runs.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { IoDeps, Io } from '../intake/io.js';
import { messages } from '../messages.js';
import { compare } from '../library/compare.js';
import { capture } from '../library/capture.js';
import type { CallContext } from '../library/call.js';
import { emitReport } from './emit-report.js';
import { callContext } from './call-context.js';
import type { CliCommand } from './parse-args.js';

type CheckCommand = Extract<CliCommand, { kind: 'check' }>;

export async function runCheckCommand(command: CheckCommand, io: Io, deps: IoDeps): Promise<number> {
  const { config } = command;
  const known = config.checks.map((check) => check.name);
  const checks = command.name === null ? config.checks : config.checks.filter((check) => check.name === command.name);
  if (command.name !== null && checks.length === 0) throw messages.unknownCheck(command.name, config.file, known);
  if (checks.length === 0) throw messages.unknownCheck('(any)', config.file, []);
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);
  const log = command.quiet ? undefined : (line: string) => io.stderr(`${line}\n`);
  const context = (why: string): CallContext => callContext(io, deps, why);

  let worst = 0;
  const outputs: Array<{ name: string; texts: string[] }> = [];
  for (const check of checks) {
    // The check's options: the config file's, the check's own over them, the flags as typed over both.
    const input = { ...optionInput(config.options), ...optionInput(check.options), ...flagInput(command.given), bp: check.bp, ...(check.condition !== null ? { condition: check.condition } : {}) };
    const run = { command: check.cmd, cwd: check.cwd, env: check.env };
    if (command.record) {
      const outcome = await withStopSignals(io, deps, (signal) => capture({ ...input, run: { ...run, label: 'baseline' }, signal, ...(log ? { log } : {}) }, context(`(check ${check.name}, recording its baseline)`)), 'the run was');
      if (outcome.kind === 'interrupted') return outcome.exitCode;
      worst = Math.max(worst, record(check, outcome.value, io));
      continue;
    }
    // A live run that cannot start (its breakpoint file, its folder), then a missing baseline, are found before anything runs.
    resolveOneRun({ ...input, run_b: run }, 'compare', 'run_b', io.cwd);
    if (!fs.existsSync(check.baseline)) throw messages.noBaselineYet(check.name, check.baseline);
    const outcome = await withStopSignals(io, deps, (signal) => compare({ ...input, baseline: check.baseline, run_b: run, fail_on: command.output.failOn, signal, ...(log ? { log } : {}) }, context(`(check ${check.name})`)), 'the run was');
    if (outcome.kind === 'interrupted') return outcome.exitCode;
    // Each format the user asked for (the main one, a second --format, --summary), rendered for this
    // check; the texts of all checks are put together per format below. stderr is said once.
    const texts: string[] = [];
    for (const [index, format] of [command.output.format, ...command.output.also.map((extra) => extra.format)].entries()) {
      const chunks: string[] = [];
      const captured: Io = {
        ...io,
        stdoutIsTTY: index === 0 && checks.length === 1 && outputPath === null && io.stdoutIsTTY,
        stdout: (text) => void chunks.push(text),
        ...(index > 0 ? { stderr: () => undefined } : {}),
      };
      const status = await emitReport(outcome.value.report, { output: { ...command.output, format, outputFile: null, also: [] }, outputPath: null }, captured);
      if (index === 0) worst = Math.max(worst, status);
      texts.push(chunks.join(''));
    }
    outputs.push({ name: check.name, texts });
  }
  if (!command.record) {
    const write = (text: string, file: string | null, given: string): void => {
      if (file === null) io.stdout(text);
      else writeOutputFile(file, io.redactor ? io.redactor.scrub(text) : text, { flag: '-o', file: given });
    };
    write(combine(outputs.map((one) => ({ name: one.name, text: one.texts[0]! })), command.output.format), outputPath, command.output.outputFile ?? '');
    command.output.also.forEach((extra, index) => {
      const text = combine(outputs.map((one) => ({ name: one.name, text: one.texts[index + 1]! })), extra.format);
      write(text, path.resolve(io.cwd, extra.file), extra.file);
    });
  }
  return worst;
}

/** The capture options of a config's options (snake_case keys; fail_on and format are the CLI's). */
function optionInput(options: Record<string, unknown>): Record<string, unknown> {
  const keys = captureOptionKeys();
  return Object.fromEntries(Object.entries(options).filter(([key]) => keys.has(key)));
}

/** The capture options given as flags (kebab-case, as typed), by their snake_case names. */
function flagInput(given: Record<string, unknown>): Record<string, unknown> {
  const keys = captureOptionKeys();
  return Object.fromEntries(Object.entries(given).filter(([flag, value]) => value !== undefined && keys.has(snakeCase(flag))).map(([flag, value]) => [snakeCase(flag), value]));
}

function captureOptionKeys(): Set<string> {
  return new Set(OPTION_DECLARATIONS.filter((declaration) => declaration.target !== undefined).map((declaration) => snakeCase(declaration.flag)));
}

/** A baseline is written only when the run stopped: a baseline of a run that never stopped compares with nothing. */
function record(check: ConfigCheck, capture: RunCapture, io: Io): number {
  if (capture.run.status !== 'break') {
    const reason = capture.no_break_reason;
    io.stderr(`bpdiff: check ${check.name}: the run did not stop at ${check.bp}${reason ? ` (${reason.kind.replace('_', ' ')})` : ''}, so no baseline was recorded — run it with bpdiff capture to see why\n`);
    return reason?.kind === 'error' ? 2 : 1;
  }
  try {
    fs.mkdirSync(path.dirname(check.baseline), { recursive: true });
  } catch (error) {
    throw messages.saveCapturesFailed(path.dirname(check.baseline), error);
  }
  writeOutputFile(check.baseline, io.redactor ? io.redactor.scrub(formatJson(capture)) : formatJson(capture), { flag: '-o', file: check.baseline });
  io.stderr(`bpdiff: check ${check.name}: baseline recorded in ${check.baseline}\n`);
  return 0;
}

function combine(outputs: ReadonlyArray<{ name: string; text: string }>, format: string): string {
  if (outputs.length === 1) return outputs[0]!.text;
  if (format === 'json') {
    const documents: Record<string, unknown> = {};
    for (const { name, text } of outputs) documents[name] = JSON.parse(text) as unknown;
    return formatJson({ checks: documents });
  }
  if (format === 'github') return outputs.map((output) => output.text).join('');
  const heading = format === 'markdown' ? (name: string) => `## check \`${name}\`\n\n` : (name: string) => `check ${name}\n`;
  return outputs.map(({ name, text }) => `${heading(name)}${text}`).join('\n');
}
