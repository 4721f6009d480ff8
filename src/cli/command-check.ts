// `bpdiff check [NAME] [--record]`: the named checks of bpdiff.config.json. With --record, each
// check's run is captured and written as its baseline; without, each live run is compared with its
// baseline, as `--baseline` does. Several checks print one output: a JSON object of the result
// documents by check name, or the other formats one after the other under each check's name. The
// exit status is the worst of the checks' (2 > 1 > 0).
import fs from 'node:fs';
import path from 'node:path';
import { formatJson } from '../output/format-json.js';
import { writeOutputFile } from '../output/write-file.js';
import { runSpec } from '../core/run-spec.js';
import { readCaptureOptions } from '../options/read-options.js';
import type { ConfigCheck } from '../config/config.js';
import type { RunCapture } from '../core/types.js';
import { loadBaseline } from './baseline.js';
import { prepareCapture } from '../capture/prepare-capture.js';
import { emitReport } from './emit-report.js';
import { messages } from './messages.js';
import { parseBreakpoint, type CliCommand } from './parse-args.js';
import { resolveOutputFile } from './read-input.js';
import { captureOneLive } from './stop-signals.js';
import type { CliDeps, CliIo } from './io.js';

type CheckCommand = Extract<CliCommand, { kind: 'check' }>;

export async function runCheckCommand(command: CheckCommand, io: CliIo, deps: CliDeps): Promise<number> {
  const { config } = command;
  const known = config.checks.map((check) => check.name);
  const checks = command.name === null ? config.checks : config.checks.filter((check) => check.name === command.name);
  if (command.name !== null && checks.length === 0) throw messages.unknownCheck(command.name, config.file, known);
  if (checks.length === 0) throw messages.unknownCheck('(any)', config.file, []);
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);

  let worst = 0;
  const outputs: Array<{ name: string; texts: string[] }> = [];
  for (const check of checks) {
    const options = readCaptureOptions(command.given, { ...config.options, ...check.options });
    // A check's --redact names (from the config file too) join the invocation's redactor.
    io.redactor?.addNames(options.values.redact);
    const breakpoint = parseBreakpoint(check.bp, check.condition);
    const made = runSpec({ side: 'b', argv: check.cmd, cwd: check.cwd, breakpoint, label: command.record ? 'baseline' : 'B', env: check.env });
    if (!fs.existsSync(made.breakpoint.path)) throw messages.breakpointFileMissing('b', `check ${check.name}`, breakpoint.file, made.breakpoint.path, made.cwd);
    // A missing or foreign baseline is found before anything runs.
    if (!command.record && !fs.existsSync(check.baseline)) throw messages.noBaselineYet(check.name, check.baseline);
    const baseline = command.record ? null : loadBaseline(check.baseline, io.cwd, { breakpoints: { a: breakpoint, b: breakpoint } });
    const spec = baseline?.note === undefined ? made : { ...made, breakpoint: { ...made.breakpoint, note: baseline.note } };
    const outcome = await captureOneLive(spec, options, io, deps, command.quiet, `(check ${check.name}${command.record ? ', recording its baseline' : ''})`);
    if (outcome.kind === 'interrupted') return outcome.exitCode;
    const live = outcome.value;
    if (command.record) {
      worst = Math.max(worst, record(check, live, io));
      continue;
    }
    const stored = await prepareCapture({ ...baseline!.capture, run: { ...baseline!.capture.run, label: 'baseline' } }, options.values, spec.cwd, io.redactor);
    // Each format the user asked for (the main one, a second --format, --summary), rendered for this
    // check; the texts of all checks are put together per format below. stderr is said once.
    const texts: string[] = [];
    for (const [index, format] of [command.output.format, ...command.output.also.map((extra) => extra.format)].entries()) {
      const chunks: string[] = [];
      const captured: CliIo = {
        ...io,
        stdoutIsTTY: index === 0 && checks.length === 1 && outputPath === null && io.stdoutIsTTY,
        stdout: (text) => void chunks.push(text),
        ...(index > 0 ? { stderr: () => undefined } : {}),
      };
      const output = { ...command.output, format, outputFile: null, also: [] };
      const status = await emitReport([stored, live] as [RunCapture, RunCapture], { output, outputPath: null, tolerance: options.values.tolerance }, captured);
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

/** A baseline is written only when the run stopped: a baseline of a run that never stopped compares with nothing. */
function record(check: ConfigCheck, capture: RunCapture, io: CliIo): number {
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
