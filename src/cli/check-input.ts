// What one check of bpdiff.config.json asks of the library: its capture options (the config file's,
// the check's own over them, the flags as typed over both), its breakpoint and its run.
import { OPTION_DECLARATIONS, callKeys, declarationsFor, snakeCase } from '../options/declarations.js';
import type { BpdiffConfig, ConfigCheck } from '../config/config.js';
import { messages } from '../messages.js';
import type { CliCommand } from './parse-args.js';

export type CheckCommand = Extract<CliCommand, { kind: 'check' }>;

/** The checks named on the command line, in the config's order (all of them when none is named). */
export function selectChecks(config: BpdiffConfig, names: readonly string[]): ConfigCheck[] {
  const known = config.checks.map((check) => check.name);
  for (const name of names) if (!known.includes(name)) throw messages.unknownCheck(name, config.file, known);
  const checks = names.length === 0 ? config.checks : config.checks.filter((check) => names.includes(check.name));
  if (checks.length === 0) throw messages.unknownCheck('(any)', config.file, []);
  return checks;
}

/** The library's input for a check, without its run: the options and the breakpoint. */
export function checkInput(command: CheckCommand, check: ConfigCheck): Record<string, unknown> {
  return {
    ...optionInput(command.config.options),
    ...optionInput(check.options),
    ...flagInput(command.given),
    bp: check.bp,
    ...(check.condition !== null ? { condition: check.condition } : {}),
  };
}

/** A check's input as capture() takes it: without the options only a comparison reads (tolerance...). */
export function captureInput(input: Record<string, unknown>): Record<string, unknown> {
  return inputFor('capture', input, ['bp', ...callKeys('capture')]);
}

/** A check's value options as diffCaptures() takes them: none of the run's (timeout, adapter...). */
export function diffInput(input: Record<string, unknown>): Record<string, unknown> {
  return inputFor('diff', input, []);
}

function inputFor(
  command: 'capture' | 'diff',
  input: Record<string, unknown>,
  keys: readonly string[],
): Record<string, unknown> {
  const taken = new Set(
    declarationsFor(command)
      .filter((declaration) => declaration.target !== undefined)
      .map((declaration) => snakeCase(declaration.flag)),
  );
  return Object.fromEntries(Object.entries(input).filter(([key]) => keys.includes(key) || taken.has(key)));
}

/** The check's run, as the library takes it (`label`: the live run's name). */
export function checkRun(
  check: ConfigCheck,
  label: string | null,
): { command: string[]; cwd: string; env: Record<string, string>; label?: string } {
  return { command: check.cmd, cwd: check.cwd, env: check.env, ...(label !== null ? { label } : {}) };
}

/** `file` and `line` of the check's breakpoint as written (for annotations). */
export function checkBreakpoint(check: ConfigCheck): { file: string; line: number } {
  const at = check.bp.lastIndexOf(':');
  return { file: check.bp.slice(0, at), line: Number(check.bp.slice(at + 1)) };
}

/** The capture options of a config's options (snake_case keys; fail_on and format are the CLI's). */
function optionInput(options: Record<string, unknown>): Record<string, unknown> {
  const keys = captureOptionKeys();
  return Object.fromEntries(Object.entries(options).filter(([key]) => keys.has(key)));
}

/** The capture options given as flags (kebab-case, as typed), by their snake_case names. */
function flagInput(given: Record<string, unknown>): Record<string, unknown> {
  const keys = captureOptionKeys();
  return Object.fromEntries(
    Object.entries(given)
      .filter(([flag, value]) => value !== undefined && keys.has(snakeCase(flag)))
      .map(([flag, value]) => [snakeCase(flag), value]),
  );
}

function captureOptionKeys(): Set<string> {
  return new Set(
    OPTION_DECLARATIONS.filter((declaration) => declaration.target !== undefined).map((declaration) =>
      snakeCase(declaration.flag),
    ),
  );
}
