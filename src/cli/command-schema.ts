// bpdiff schema: prints the JSON Schema of the result document (or, with --capture, of a capture).
import { readSchemaText } from '../core/schemas.js';
import type { Io } from '../intake/io.js';

/** `bpdiff schema [--capture]`: the schema file, exactly as shipped. */
export function runSchemaCommand(capture: boolean, io: Io): number {
  const text = readSchemaText(capture ? 'capture' : 'comparison');
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
