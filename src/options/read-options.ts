// Values of declared options, checked by their declaration: from the command line (strings, as yargs
// hands them over) and from the library API (typed values). Every mistake is one message from
// messages.ts; the same rule holds whichever way the value came in.
import { defaultCaptureOptions, type CaptureOptions, type Tolerance, type ValueRewrite } from '../core/types.js';
import { compileLinear } from '../core/linear-regex.js';
import { messages } from '../messages.js';
import {
  defaultOf,
  MAX_TIMEOUT_SECONDS,
  OPTION_DECLARATIONS,
  snakeCase,
  type CaptureOptionInput,
  type OptionDeclaration,
} from './declarations.js';

export type OptionValue = string | number | boolean | Record<string, string> | string[] | ValueRewrite[] | Tolerance;

/** One option's value as given (a string, or a list for a repeated flag) -> its typed value; null when absent. */
export function readOptionValue(declaration: OptionDeclaration, given: unknown): OptionValue | null {
  const flag = declaration.flag;
  if (given === undefined || given === null) return null;
  const list = Array.isArray(given) ? given.map(String) : [String(given)];
  if (list.length > MAX_LIST_ENTRIES) throw messages.tooManyEntries(flag, list.length, MAX_LIST_ENTRIES);
  if (declaration.kind === 'pairs') return readPairs(flag, list);
  if (declaration.kind === 'globs' || declaration.kind === 'texts')
    return readGlobs(flag, list, declaration.kind === 'globs' ? MAX_PATTERN_LENGTH : MAX_TEXT_LENGTH);
  if (declaration.kind === 'rewrites') return readRewrites(flag, list);
  if (Array.isArray(given)) throw messages.repeatedOption(flag);
  switch (declaration.kind) {
    case 'flag':
      if (typeof given === 'boolean') return given;
      throw messages.badChoice(flag, String(given), ['true', 'false']);
    case 'integer':
      return readInteger(declaration, given);
    case 'seconds':
      return readSeconds(declaration, given);
    case 'tolerance':
      return readTolerance(flag, given);
    case 'choice': {
      const value = String(given);
      const choices = declaration.choices ?? [];
      if (!choices.includes(value)) throw messages.badChoice(flag, value, choices);
      return value;
    }
    case 'string': {
      const value = String(given);
      if (value === '') throw messages.emptyValue(flag);
      return value;
    }
  }
}

function readInteger(declaration: OptionDeclaration, given: unknown): number {
  const { flag, min = 0, max = Number.MAX_SAFE_INTEGER } = declaration;
  const text = String(given);
  if (text === '') throw messages.emptyValue(flag);
  const number = typeof given === 'number' ? given : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const example = declaration.example ?? String(defaultOf(declaration) ?? min);
  if (!Number.isSafeInteger(number) || number < min)
    throw messages.badNumber(flag, text, `a whole number from ${min} up`, example);
  if (number > max) throw messages.numberTooLarge(flag, text, String(max), example);
  return number;
}

function readSeconds(declaration: OptionDeclaration, given: unknown): number {
  const { flag, max = Number.MAX_SAFE_INTEGER } = declaration;
  const text = String(given);
  if (text === '') throw messages.emptyValue(flag);
  const seconds = typeof given === 'number' ? given : /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const example = declaration.example ?? String(defaultOf(declaration) ?? 60);
  if (!(seconds > 0) || !Number.isFinite(seconds))
    throw messages.badNumber(flag, text, 'a number of seconds above 0', example);
  if (seconds > max)
    throw messages.numberTooLarge(flag, text, max === MAX_TIMEOUT_SECONDS ? `${max} (a day)` : String(max), example);
  return seconds;
}

/** `N` (absolute) or `N%` (relative to run A's value): a finite number, 0 or more. */
function readTolerance(flag: string, given: unknown): Tolerance {
  const text = String(given).trim();
  if (text === '') throw messages.emptyValue(flag);
  const match = /^(\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(%?)$/i.exec(text);
  const amount = match ? Number(text.replace(/%$/, '')) : Number.NaN;
  if (!match || !Number.isFinite(amount))
    throw messages.badNumber(flag, text, "a number (an absolute difference) or a percentage like '1%'", '0.01');
  return match[2] === '%' ? { kind: 'relative', percent: amount } : { kind: 'absolute', amount };
}

/**
 * The most entries a repeatable option takes (--ignore, --only, --normalize, --redact, --watch,
 * --env), and the longest pattern (a glob, a regex) or text (a watch expression, a replacement): a
 * config with a million `ignore` entries ran bpdiff's heap out. Fixed, documented in docs/limits.md.
 */
export const MAX_LIST_ENTRIES = 1000;
export const MAX_PATTERN_LENGTH = 1000;
export const MAX_TEXT_LENGTH = 10_000;

function readGlobs(flag: string, entries: string[], longest: number): string[] {
  for (const entry of entries) {
    if (entry.trim() === '') throw messages.emptyValue(flag);
    if (entry.length > longest) throw messages.entryTooLong(flag, entry, longest);
  }
  return entries;
}

/** `REGEX=>REPLACEMENT`, split on the first `=>`; the regex must compile for RE2's linear-time engine (core/linear-regex.ts). */
function readRewrites(flag: string, entries: string[]): ValueRewrite[] {
  return entries.map((entry) => {
    const arrow = entry.indexOf('=>');
    if (arrow <= 0) throw messages.badRewrite(flag, entry, arrow === 0 ? 'has no regex before =>' : 'has no =>');
    const pattern = entry.slice(0, arrow);
    if (pattern.length > MAX_PATTERN_LENGTH) throw messages.entryTooLong(flag, entry, MAX_PATTERN_LENGTH);
    if (entry.length - arrow - 2 > MAX_TEXT_LENGTH) throw messages.entryTooLong(flag, entry, MAX_TEXT_LENGTH);
    try {
      compileLinear(pattern);
    } catch (error) {
      throw messages.badRewrite(flag, entry, `has an invalid regex (${(error as Error).message})`);
    }
    return { pattern, replacement: entry.slice(arrow + 2) };
  });
}

function readPairs(flag: string, entries: string[]): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw messages.badEnv(flag, entry);
    pairs[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return pairs;
}

/**
 * CaptureOptions from values keyed by flag (`max-children`, as yargs gives them) or snake_case name;
 * `defaults` (a config file's, by snake_case name) fill in what was not given.
 */
export function readCaptureOptions(
  given: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>> = {},
): CaptureOptions {
  const options = defaultCaptureOptions();
  for (const declaration of OPTION_DECLARATIONS as readonly OptionDeclaration[]) {
    if (!declaration.target) continue;
    const raw = given[declaration.flag] ?? given[snakeCase(declaration.flag)] ?? defaults[snakeCase(declaration.flag)];
    const value = readOptionValue(declaration, raw);
    if (value === null) continue;
    const [group, field] = declaration.target;
    (options[group] as unknown as Record<string, unknown>)[field] = value;
  }
  checkCombinations(options);
  return options;
}

/** Options that make sense only together, or not together. */
function checkCombinations(options: CaptureOptions): void {
  const { hit, first_divergence: firstDivergence, max_hits: maxHits } = options.breakpoint;
  for (const [flag, value] of [
    ['--hit', hit],
    ['--hit-a', options.breakpoint.hit_a],
    ['--hit-b', options.breakpoint.hit_b],
  ] as const)
    if (value !== null && firstDivergence)
      throw messages.optionsConflict(flag, '--first-divergence', 'the walk finds the hit itself');
  if (maxHits !== null && !firstDivergence) throw messages.optionNeeds('--max-hits', '--first-divergence');
  if (options.values.watch_only && options.values.watch.length === 0)
    throw messages.optionNeeds('--watch-only', '--watch EXPR');
  if (firstDivergence && options.run.sequential)
    throw messages.optionsConflict('--first-divergence', '--sequential', 'the two runs walk their hits side by side');
}

/** The library's way in: capture options by their CLI names in snake_case, checked as the CLI checks them. */
export function captureOptions(input: CaptureOptionInput = {}): CaptureOptions {
  const known = new Set(
    (OPTION_DECLARATIONS as readonly OptionDeclaration[]).filter((d) => d.target).map((d) => snakeCase(d.flag)),
  );
  for (const name of Object.keys(input)) {
    if (!known.has(name)) throw messages.unknownOption(name, [...known]);
  }
  return readCaptureOptions(input as Record<string, unknown>);
}
