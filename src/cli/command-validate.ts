// `bpdiff validate FILE`: exit 0 and "valid", exit 1 and the problems (one per line, on stdout),
// exit 2 when the file cannot be read. A document is checked as a run capture when its $schema
// says so, else as a comparison result. A file that is not JSON is invalid (1), not unreadable.
import { CAPTURE_SCHEMA_ID } from '../core/types.js';
import { validateDocument, type SchemaKind } from '../core/schemas.js';
import { readInputText } from '../intake/input-files.js';
import type { Io } from '../intake/io.js';
import { describeJsonProblem } from '../json-problem.js';

/** `maxBytes`: --max-input-bytes (a file larger is refused, exit 2, as `bpdiff diff` refuses it). */
export function runValidateCommand(file: string, io: Io, maxBytes?: number): number {
  const { text } = readInputText('file', file, io.cwd, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    io.stdout(`invalid: ${file} is not JSON (${describeJsonProblem(text, error)})\n`);
    return 1;
  }
  const kind: SchemaKind =
    typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as Record<string, unknown>)['$schema'] === CAPTURE_SCHEMA_ID
      ? 'capture'
      : 'comparison';
  const what = kind === 'capture' ? 'run capture' : 'comparison result';
  const outcome = validateDocument(kind, parsed);
  if (outcome.ok) {
    io.stdout(`valid: ${file} is a valid ${what}\n`);
    return 0;
  }
  io.stdout(
    `invalid: ${file} is not a valid ${what} (${outcome.errors.length} ${outcome.errors.length === 1 ? 'problem' : 'problems'})\n`,
  );
  for (const problem of outcome.errors) io.stdout(`  ${problem}\n`);
  return 1;
}
