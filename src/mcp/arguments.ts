// A tool call's arguments -> the library's input (src/library): an object of named arguments, and the
// bound of the answer (64 KB unless the call gave its own: an agent needs the answer in a few KB).
// Everything else (an unknown argument, a wrong type, a missing working directory or breakpoint file)
// is checked by the library, with the CLI's messages, before anything starts.
import { BpdiffError } from '../errors.js';
import { MCP_MAX_OUTPUT_BYTES } from '../report/bound-output.js';
import type { Input } from '../intake/run-input.js';
import type { ToolName } from './tools.js';

/** The arguments as an object (a client may send none at all); bounded: max_output_bytes set unless given. */
export function toolInput(tool: ToolName, given: unknown, bounded: boolean): Input {
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    throw new BpdiffError(
      'USAGE',
      `the arguments of ${tool} are ${Array.isArray(given) ? 'an array' : `the ${typeof given} ${String(given)}`}, not an object — give them as an object of named arguments`,
    );
  }
  const input: Input = {};
  for (const [key, value] of Object.entries((given ?? {}) as Input))
    if (value !== undefined && value !== null) input[key] = value;
  if (bounded) input['max_output_bytes'] ??= MCP_MAX_OUTPUT_BYTES;
  return input;
}
