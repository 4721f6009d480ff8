// `bpdiff diff CAPTURE_A CAPTURE_B`: two saved run captures, compared without a debugger. The values
// pass through the same pipeline as a live run's, so every value step holds for saved captures too.
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID, type CaptureOptions, type RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { builtinDefinitions } from '../adapters/registry.js';
import { loadHooks } from '../adapters/hooks.js';
import { runValuePipeline, type ValueContext } from '../values/pipeline.js';
import { emitReport } from './emit-report.js';
import { capturedFilePath } from '../capture/capture-document.js';
import { messages } from './messages.js';
import type { Redactor } from '../redact/redactor.js';
import { scrubCapture } from '../redact/capture.js';
import type { CliIo } from './io.js';
import type { CliCommand } from './parse-args.js';
import { readInputText, resolveOutputFile } from './read-input.js';

export async function runDiffCommand(command: Extract<CliCommand, { kind: 'diff' }>, io: CliIo): Promise<number> {
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);

  const captureA = await prepareCapture(readCapture(command.captureA, io.cwd), command.values, undefined, io.redactor);
  const captureB = await prepareCapture(readCapture(command.captureB, io.cwd), command.values, undefined, io.redactor);
  // Two captures of `bpdiff capture` are both labelled "capture": tell them apart as A and B.
  if (captureA.run.label === captureB.run.label) {
    captureA.run = { ...captureA.run, label: 'A' };
    captureB.run = { ...captureB.run, label: 'B' };
  }
  if (command.labels.a !== null) captureA.run = { ...captureA.run, label: command.labels.a };
  if (command.labels.b !== null) captureB.run = { ...captureB.run, label: command.labels.b };

  return emitReport([captureA, captureB], { output: command.output, outputPath, tolerance: command.values.tolerance }, io);
}

/** Read, parse and schema-check one capture; every failure is a one-line BpdiffError. */
export function readCapture(file: string, cwd: string): RunCapture {
  const text = readInputText('run capture', file, cwd);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw messages.invalidJson(file, error);
  }
  // A capture of another version of the schema is said as such, whether or not it happens to validate.
  const schema = isObject(parsed) ? parsed['$schema'] : undefined;
  if (typeof schema === 'string' && schema !== CAPTURE_SCHEMA_ID && /run-capture/.test(schema)) throw messages.captureOfOtherVersion(file, schema, CAPTURE_SCHEMA_ID);
  const outcome = validateCapture(parsed);
  if (!outcome.ok) {
    if (isObject(parsed) && parsed['$schema'] === COMPARISON_SCHEMA_ID) throw messages.comparisonGivenAsCapture(file);
    throw messages.notACapture(file, outcome.errors);
  }
  return parsed as RunCapture;
}

/**
 * A saved capture through the value pipeline, with its built-in adapter's rules when bpdiff has that
 * adapter. `base`: where a relative breakpoint file is found (a baseline's, in the live run's checkout).
 * `redactor`: secrets still in it are redacted now (a capture saved with --no-redact, or new --redact
 * names); one that was not redacted before is then marked as redacted under this redactor's key.
 */
export async function prepareCapture(capture: RunCapture, options: CaptureOptions['values'], base?: string, redactor?: Redactor): Promise<RunCapture> {
  if (redactor) capture = { ...scrubCapture(capture, redactor), redaction: capture.redaction ?? { key_id: redactor.keyId } };
  if (capture.run.status !== 'break') return capture;
  const definition = builtinDefinitions().find((candidate) => candidate.id === capture.adapter.id);
  const context: ValueContext = {
    adapter: definition ? { definition, hooks: await loadHooks(definition) } : null,
    breakpointPath: capturedFilePath(capture, base) ?? capture.breakpoint.file,
    raw: options.raw_values,
    only: options.only,
    ignore: options.ignore,
    rewrites: options.normalize,
    ...(redactor ? { redactor } : {}),
  };
  const values = runValuePipeline(
    { variables: capture.run.variables, types: capture.types, truncated: capture.truncated, normalised: capture.normalised },
    context,
  );
  // A note the capture already holds (it was said when the run was captured) is not said twice.
  const warnings = [...new Set([...capture.warnings, ...(values.notes ?? [])])];
  return { ...capture, run: { ...capture.run, variables: values.variables }, types: values.types, truncated: values.truncated, normalised: values.normalised, warnings };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
