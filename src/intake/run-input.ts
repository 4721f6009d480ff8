// The shape of what a caller gives the library (a JavaScript object, or an MCP tool's JSON arguments):
// each key one the call takes, each value of the type it needs. The values themselves are checked by
// their option declarations (options/read-options.ts), with the CLI's messages.
import { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';

export type Input = Record<string, unknown>;

/** `given` as an object of named values (absent: none), or a one-line error naming `what`. */
export function objectOf(what: string, given: unknown, example: string): Input {
  if (given === undefined || given === null) return {};
  if (typeof given !== 'object' || Array.isArray(given)) throw wrongType(what, 'an object', example, given);
  return given as Input;
}

/** Every key of `given` is one the call takes: a typo is said, as the CLI says an unknown flag. */
export function checkKeys(given: Input, known: readonly string[], where?: string): void {
  for (const key of Object.keys(given)) {
    if (given[key] !== undefined && !known.includes(key))
      throw messages.unknownOption(where ? `${where}.${key}` : key, known);
  }
}

export function optionalString(given: Input, name: string, example: string, where?: string): string | undefined {
  const value = given[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(where ? `${where}.${name}` : name, 'a string', example, value);
  return value;
}

/** A run's command: a non-empty array of strings. */
export function commandOf(name: string, given: unknown): string[] {
  if (!Array.isArray(given) || given.some((word) => typeof word !== 'string'))
    throw wrongType(`${name}.command`, 'an array of strings', '["python3", "app.py"]', given);
  if (given.length === 0 || given[0] === '')
    throw new BpdiffError(
      'BAD_COMMANDS',
      `${name}.command is empty — give the program and its arguments as an array, e.g. ["python3", "app.py"]`,
    );
  return given as string[];
}

export function wrongType(name: string, expected: string, example: string, given: unknown): BpdiffError {
  return new BpdiffError(
    'USAGE',
    `${name} is ${describeValue(given)}, not ${expected} — give e.g. "${name}": ${example}`,
  );
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `the ${typeof value} ${String(value)}`;
}
