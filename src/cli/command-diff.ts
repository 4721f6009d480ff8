// `bpdiff diff CAPTURE_A CAPTURE_B`: two saved run captures, compared without a debugger.
import { COMPARISON_SCHEMA_ID, type RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { reportComparison } from './emit-result.js';
import { messages } from './messages.js';
import type { CliIo } from './io.js';
import type { CliCommand } from './parse-args.js';
import { readInputText, resolveOutputFile } from './read-input.js';

export function runDiffCommand(command: Extract<CliCommand, { kind: 'diff' }>, io: CliIo): number {
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);

  const captureA = readCapture(command.captureA, io.cwd);
  const captureB = readCapture(command.captureB, io.cwd);
  if (command.labels.a !== null) captureA.run = { ...captureA.run, label: command.labels.a };
  if (command.labels.b !== null) captureB.run = { ...captureB.run, label: command.labels.b };

  return reportComparison([captureA, captureB], { output: command.output, outputPath, sourceFile: null }, io);
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

