// A tool call's arguments -> the library's input (src/api.ts), checked as the CLI checks its flags:
// an unknown argument, a wrong type, a missing working directory or breakpoint file is a one-line
// BpdiffError before anything starts (the option values themselves are checked by read-options.ts,
// through the library, with the CLI's messages). Messages about the shape of a JSON argument, which
// the CLI has no flag for, are here; every other message is the CLI's (cli/messages.ts).
import path from 'node:path';
import type { CaptureInput, CompareInput, RunInput } from '../api.js';
import { BpdiffError } from '../errors.js';
import { messages } from '../cli/messages.js';
import { parseBreakpoint } from '../cli/parse-args.js';
import { isDirectory, resolveInputFile } from '../cli/read-input.js';
import { adapterPaths, breakpointFileIn, checkLineInFile, followLine, lineReader } from '../cli/resolve-runs.js';
import { findDeclaration, type CaptureOptionInput } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import type { FailOn } from '../report/report.js';
import type { RunCapture, RunSpec } from '../core/types.js';
import { readCapture } from '../cli/command-diff.js';
import { MCP_MAX_OUTPUT_BYTES } from '../report/bound-output.js';
import { toolArguments, type ToolName } from './tools.js';

type Arguments = Record<string, unknown>;

export interface DiffCapturesInput {
  a: RunCapture;
  b: RunCapture;
  options: CaptureOptionInput & { fail_on?: FailOn; max_output_bytes?: number; label_a?: string; label_b?: string };
}

const RUN_KEYS = ['command', 'cwd', 'env', 'label', 'stdin_file'];

function wrongType(name: string, expected: string, example: string, given: unknown): BpdiffError {
  return new BpdiffError('USAGE', `${name} is ${describeValue(given)}, not ${expected} — give e.g. "${name}": ${example}`);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  return `the ${typeof value} ${String(value)}`;
}

/** Every key of `given` is one the tool takes: a typo is said, as the CLI says an unknown flag. */
function checkKeys(given: Arguments, known: readonly string[], where?: string): void {
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) throw messages.unknownOption(where ? `${where}.${key}` : key, known);
  }
}

function optionalString(args: Arguments, name: string, example: string): string | undefined {
  const value = args[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(name, 'a string', example, value);
  return value;
}

/** The arguments as an object (a client may send none at all). */
function argumentsOf(tool: ToolName, given: unknown): Arguments {
  if (given === undefined || given === null) return {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new BpdiffError('USAGE', `the arguments of ${tool} are ${describeValue(given)}, not an object — give them as an object of named arguments`);
  const args = given as Arguments;
  checkKeys(args, toolArguments(tool));
  return args;
}

/**
 * The capture options of the call, as given (the library checks their values), with fail_on and
 * max_output_bytes (64 KB unless given: the one place an MCP answer is bounded).
 */
function optionsOf(args: Arguments, bounded: boolean): Arguments {
  const own = new Set(['bp', 'bp_b', 'condition', 'run', 'run_a', 'run_b', 'capture_a', 'capture_b', 'label_a', 'label_b']);
  const options: Arguments = {};
  for (const [key, value] of Object.entries(args)) if (!own.has(key) && value !== undefined && value !== null) options[key] = value;
  // Checked here too, as its neighbours are checked before the call starts (the library checks it again).
  if (options['fail_on'] !== undefined) options['fail_on'] = readOptionValue(findDeclaration('fail-on')!, options['fail_on']);
  if (bounded) options['max_output_bytes'] ??= MCP_MAX_OUTPUT_BYTES;
  return options;
}

/** A run object: its command an array of strings, its cwd an existing folder, its env strings. */
function runOf(name: string, given: unknown, cwd: string, label: string): RunInput {
  const example = '{ "command": ["python3", "app.py"], "cwd": "v1" }';
  if (given === undefined || given === null) throw new BpdiffError('BAD_COMMANDS', `${name} is missing — give the run as ${example}`);
  if (typeof given !== 'object' || Array.isArray(given)) throw wrongType(name, 'an object', example, given);
  const run = given as Arguments;
  checkKeys(run, RUN_KEYS, name);
  const command = run['command'];
  if (!Array.isArray(command) || command.some((word) => typeof word !== 'string')) throw wrongType(`${name}.command`, 'an array of strings', '["python3", "app.py"]', command);
  if (command.length === 0 || command[0] === '') throw new BpdiffError('BAD_COMMANDS', `${name}.command is empty — give the program and its arguments as an array, e.g. ["python3", "app.py"]`);
  const input: RunInput = { command: command as string[], cwd };
  const runCwd = optionalString(run, 'cwd', '"v1"');
  if (runCwd !== undefined) {
    input.cwd = path.resolve(cwd, runCwd);
    if (!isDirectory(input.cwd)) throw messages.missingCwd(label, `${name}.cwd`, input.cwd);
  }
  const env = run['env'];
  if (env !== undefined && env !== null) {
    if (typeof env !== 'object' || Array.isArray(env)) throw wrongType(`${name}.env`, 'an object of strings', '{ "DEBUG": "1" }', env);
    const pairs: Record<string, string> = {};
    for (const [key, value] of Object.entries(env as Arguments)) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw wrongType(`${name}.env.${key}`, 'a string', '"1"', value);
      pairs[key] = String(value);
    }
    input.env = pairs;
  }
  const ownLabel = optionalString(run, 'label', '"before"');
  if (ownLabel !== undefined) input.label = ownLabel;
  const stdin = optionalString(run, 'stdin_file', '"input.txt"');
  // Checked as the CLI checks --stdin-a, --stdin-b and (capture) --stdin.
  if (stdin !== undefined) input.stdin_file = resolveInputFile(name === 'run' ? 'stdin' : `stdin-${name.slice(-1)}`, stdin, cwd);
  return input;
}

type RunBreakpoint = Pick<RunSpec, 'label' | 'breakpoint'>;

/** A run's breakpoint, checked as the CLI checks it (resolve-runs.ts): its file in the run's folder, its line in the file. */
function checkedBreakpoint(bp: string, condition: string | undefined, run: RunInput, side: 'a' | 'b', flag: string, linesOf: (file: string) => string[] | null): RunBreakpoint {
  const breakpoint = parseBreakpoint(bp, condition ?? null, flag);
  const label = run.label ?? side.toUpperCase();
  const checked = { label, breakpoint: { ...breakpoint, path: breakpointFileIn(run.cwd!, breakpoint.file, side, label) } };
  checkLineInFile(checked, linesOf(checked.breakpoint.path), flag);
  return checked;
}

function breakpointOf(args: Arguments, name = 'bp'): string {
  const value = args[name];
  if (value === undefined || value === null) throw messages.missingBreakpoint();
  if (typeof value !== 'string') throw wrongType(name, 'a string (FILE:LINE)', '"src/app.py:42"', value);
  return value;
}

/** The library's input, and the notes to say with the result (B's line followed into its copy). */
export function compareInput(given: unknown, cwd: string): { input: CompareInput; notes: string[] } {
  const args = argumentsOf('compare', given);
  const bp = breakpointOf(args);
  const bpB = optionalString(args, 'bp_b', '"src/app.py:44"');
  const condition = optionalString(args, 'condition', '"n > 3"');
  parseBreakpoint(bp, condition ?? null);
  if (bpB !== undefined) parseBreakpoint(bpB, condition ?? null, 'bp-b');
  const runA = runOf('run_a', args['run_a'], cwd, 'A');
  const runB = runOf('run_b', args['run_b'], cwd, 'B');
  const linesOf = lineReader();
  const a = checkedBreakpoint(bp, condition, runA, 'a', 'bp', linesOf);
  // Without bp_b, B follows bp's line into its own copy of the file, as the CLI does: its line as
  // bp_b, and the note said with the result. B's line is checked after that: a shorter copy may
  // still hold it.
  const flagB = bpB === undefined ? 'bp' : 'bp-b';
  const givenB = parseBreakpoint(bpB ?? bp, condition ?? null, flagB);
  const labelB = runB.label ?? 'B';
  const unfollowed: RunBreakpoint = { label: labelB, breakpoint: { ...givenB, path: breakpointFileIn(runB.cwd!, givenB.file, 'b', labelB) } };
  const b = followLine(a, unfollowed, bpB !== undefined, linesOf, 'bp_b');
  checkLineInFile(b, linesOf(b.breakpoint.path), flagB);
  const ownB = bpB ?? (b.breakpoint.note !== undefined ? `${b.breakpoint.file}:${b.breakpoint.line}` : undefined);
  const input = { ...withPaths(optionsOf(args, true), cwd), bp, ...(ownB !== undefined ? { bp_b: ownB } : {}), ...(condition !== undefined ? { condition } : {}), run_a: runA, run_b: runB } as CompareInput;
  return { input, notes: b.breakpoint.note !== undefined ? [b.breakpoint.note] : [] };
}

export function captureInput(given: unknown, cwd: string): CaptureInput {
  const args = argumentsOf('capture', given);
  const bp = breakpointOf(args);
  const condition = optionalString(args, 'condition', '"n > 3"');
  parseBreakpoint(bp, condition ?? null);
  const run = runOf('run', args['run'], cwd, 'capture');
  checkedBreakpoint(bp, condition, { label: 'capture', ...run }, 'b', 'bp', lineReader());
  return { ...withPaths(optionsOf(args, false), cwd), bp, ...(condition !== undefined ? { condition } : {}), run } as CaptureInput;
}

/** Each capture: a file path (read and checked as `bpdiff diff` reads it) or a capture object. */
export function diffCapturesInput(given: unknown, cwd: string): DiffCapturesInput {
  const args = argumentsOf('diff_captures', given);
  const captureOf = (name: 'capture_a' | 'capture_b'): RunCapture => {
    const value = args[name];
    if (value === undefined || value === null) throw new BpdiffError('USAGE', `${name} is missing — give the path of a file bpdiff capture wrote, or the object the capture tool returned`);
    if (typeof value === 'string') return readCapture(value, cwd);
    if (typeof value === 'object' && !Array.isArray(value)) return value as RunCapture;
    throw wrongType(name, 'a file path or a capture object', '"base.json"', value);
  };
  const labels = { label_a: optionalString(args, 'label_a', '"before"'), label_b: optionalString(args, 'label_b', '"after"') };
  const options = { ...optionsOf(args, true), ...(labels.label_a !== undefined ? { label_a: labels.label_a } : {}), ...(labels.label_b !== undefined ? { label_b: labels.label_b } : {}) };
  return { a: captureOf('capture_a'), b: captureOf('capture_b'), options: options as DiffCapturesInput['options'] };
}

/** --adapter-config and --adapter-path relative to the server's folder, as the CLI makes them. */
function withPaths(options: Arguments, cwd: string): Arguments {
  const given = { config: options['adapter_config'], path: options['adapter_path'] };
  // Anything else than a string is left for the library to refuse, with the CLI's message.
  const asPath = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const made = adapterPaths({ config: asPath(given.config), path: asPath(given.path) }, cwd);
  if (made.config !== null) options['adapter_config'] = made.config;
  if (made.path !== null) options['adapter_path'] = made.path;
  return options;
}
