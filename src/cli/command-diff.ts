// `bpdiff diff CAPTURE_A CAPTURE_B`: two saved run captures, compared without a debugger. The values
// pass through the same pipeline as a live run's, so every value step holds for saved captures too.
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID, type RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { emitReport } from './emit-report.js';
import { distinctLabels, prepareCapture } from '../capture/prepare-capture.js';
import { messages } from './messages.js';
import type { CliIo } from './io.js';
import type { CliCommand } from './parse-args.js';
import { readInputText, resolveOutputFile } from './read-input.js';

export async function runDiffCommand(command: Extract<CliCommand, { kind: 'diff' }>, io: CliIo): Promise<number> {
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);

  let captureA = await prepareCapture(readCapture(command.captureA, io.cwd), command.values, undefined, io.redactor);
  let captureB = await prepareCapture(readCapture(command.captureB, io.cwd), command.values, undefined, io.redactor);
  [captureA, captureB] = distinctLabels(captureA, captureB);
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
