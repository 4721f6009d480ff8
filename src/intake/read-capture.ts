// A saved run capture read from a file (`bpdiff diff`, a baseline, a check's baseline, the library's
// diffCaptures and the MCP tool given a path): parsed and checked against the capture schema, every
// failure a one-line error that says what the file is instead.
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID, type RunCapture } from '../core/types.js';
import { validateCapture } from '../core/schemas.js';
import { messages } from '../messages.js';
import { describeJsonProblem } from '../json-problem.js';
import { readInputText } from './input-files.js';

/**
 * Read, parse and schema-check one capture; every failure is a one-line BpdiffError. `maxBytes`: the
 * largest file read (--max-input-bytes). Bytes that were not UTF-8 are said in the capture's warnings.
 */
export function readCapture(file: string, cwd: string, maxBytes?: number): RunCapture {
  const { text, invalidUtf8 } = readInputText('run capture', file, cwd, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw messages.invalidJson(file, describeJsonProblem(text, error));
  }
  // A capture of another version of the schema is said as such, whether or not it happens to validate.
  const schema = isObject(parsed) ? parsed['$schema'] : undefined;
  if (typeof schema === 'string' && schema !== CAPTURE_SCHEMA_ID && /run-capture/.test(schema))
    throw messages.captureOfOtherVersion(file, schema, CAPTURE_SCHEMA_ID);
  const outcome = validateCapture(parsed);
  if (!outcome.ok) {
    if (isObject(parsed) && parsed['$schema'] === COMPARISON_SCHEMA_ID) throw messages.comparisonGivenAsCapture(file);
    throw messages.notACapture(file, outcome.errors);
  }
  const capture = parsed as RunCapture;
  if (invalidUtf8 === 0) return capture;
  return { ...capture, warnings: [...capture.warnings, messages.invalidUtf8(file, invalidUtf8)] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
