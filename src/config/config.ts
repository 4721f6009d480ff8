// bpdiff.config.json: a team's defaults (the capture and comparison options, by their CLI names in
// snake_case) and its named checks, each a breakpoint, a command and a baseline file (by default
// <baselines>/<name>.json, committed like a snapshot). Found from the working directory upward, up to
// the repository's root (the folder holding `.git`) or the home folder and no further, or given with
// --config. Checked against schema/bpdiff-config.schema.json
// and then value by value by the options module, so a bad value reads as it would on the command line,
// with the file and the key in front. Paths in a check are relative to the config file's folder.
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { BpdiffError } from '../errors.js';
import { DEFAULT_MAX_INPUT_BYTES, readBoundedText } from '../read-bounded.js';
import { configDeclarations, OPTION_DECLARATIONS, snakeCase, type OptionDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { validateDocument } from '../core/schemas.js';
import { describeJsonProblem } from '../json-problem.js';
import { closestWord } from '../core/suggest.js';
import { renderConfigSchema } from './config-schema.js';

export const CONFIG_FILE = 'bpdiff.config.json';

/** Where the checks' baselines are kept, from the config file's folder, unless `baselines` says otherwise. */
export const DEFAULT_BASELINES = '.bpdiff/baselines';

/** Option keys a config may hold (top level, and in each check): every option a check reads, in snake_case. */
export const CONFIG_OPTION_KEYS: readonly string[] = configDeclarations().map((declaration) =>
  snakeCase(declaration.flag),
);

export interface ConfigCheck {
  name: string;
  bp: string;
  condition: string | null;
  cmd: string[];
  /** Absolute (relative to the config file's folder when written relative). */
  cwd: string;
  env: Record<string, string>;
  /** Absolute: the check's own `baseline` (relative to the config file's folder), else `<baselines>/<name>.json`. */
  baseline: string;
  /** This check's own option values, by snake_case name, over the file's defaults. */
  options: Record<string, unknown>;
}

export interface BpdiffConfig {
  /** The config file, absolute. */
  file: string;
  /** Option defaults by snake_case name (values as written; checked). */
  options: Record<string, unknown>;
  /** The baselines folder, absolute (`baselines`, default .bpdiff/baselines beside the config file). */
  baselines: string;
  /** `fail_on_obsolete`: a baseline no check refers to fails `bpdiff check` (as --fail-on-obsolete). */
  failOnObsolete: boolean;
  checks: ConfigCheck[];
}

/**
 * The nearest bpdiff.config.json at or above `dir`, or null. The search stops at the repository's
 * root (a folder holding `.git`, a folder or a worktree's file) or the home folder: a config in the
 * folder a repository was cloned into is someone else's, and it once turned a diff into exit 0.
 */
export function findConfig(dir: string, home: string = os.homedir()): string | null {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const candidate = path.join(current, CONFIG_FILE);
    if (fs.existsSync(candidate)) return candidate;
    if (fs.existsSync(path.join(current, '.git')) || current === home || path.dirname(current) === current) return null;
  }
}

function fail(file: string, what: string, todo: string): never {
  throw new BpdiffError('BAD_CONFIG', `${file}: ${what} — ${todo}`);
}

/**
 * Read and check a config file; every problem is a one-line BAD_CONFIG error naming the file and the
 * key. `maxBytes`: the largest file read (--max-input-bytes).
 */
export function loadConfig(file: string, maxBytes: number = DEFAULT_MAX_INPUT_BYTES): BpdiffConfig {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = readBoundedText(absolute, { what: 'the config', file: absolute }, maxBytes).text;
  } catch (error) {
    if (error instanceof BpdiffError) throw error;
    fail(
      absolute,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      'give --config an existing file',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    fail(
      absolute,
      `is not valid JSON (${describeJsonProblem(text, error)})`,
      'fix the file (it is JSON, without comments)',
    );
  }
  const outcome = validateDocument('config', parsed);
  const typo = outcome.ok ? null : mistypedKey(parsed);
  if (typo !== null)
    fail(
      absolute,
      `"${typo.at}${typo.key}" is not a key of a bpdiff config`,
      `did you mean "${typo.meant}"? (see schema/bpdiff-config.schema.json)`,
    );
  if (!outcome.ok)
    fail(absolute, outcome.errors[0] ?? 'does not match its schema', 'see schema/bpdiff-config.schema.json');
  const json = parsed as { checks?: Record<string, Record<string, unknown>> } & Record<string, unknown>;
  const dir = path.dirname(absolute);
  const options = readOptions(absolute, json, '');
  const baselines = path.resolve(dir, typeof json['baselines'] === 'string' ? json['baselines'] : DEFAULT_BASELINES);
  const checks = Object.entries(json.checks ?? {}).map(([name, check]): ConfigCheck => {
    const at = `checks.${name}`;
    const cmd = check['cmd'] as string[];
    return {
      name,
      bp: check['bp'] as string,
      condition: typeof check['condition'] === 'string' ? check['condition'] : null,
      cmd,
      cwd: path.resolve(dir, typeof check['cwd'] === 'string' ? check['cwd'] : '.'),
      env: (check['env'] as Record<string, string> | undefined) ?? {},
      baseline:
        typeof check['baseline'] === 'string'
          ? path.resolve(dir, check['baseline'])
          : path.join(baselines, `${name}.json`),
      options: readOptions(absolute, check, `${at}.`),
    };
  });
  return { file: absolute, options, baselines, failOnObsolete: json['fail_on_obsolete'] === true, checks };
}

/**
 * A key the config schema does not know (at the top, or in a check) that is a typo of one it does
 * (`max_depht`), with the key meant, as the command line says it of a mistyped flag; else null.
 */
function mistypedKey(parsed: unknown): { at: string; key: string; meant: string } | null {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const schema = renderConfigSchema() as {
    properties: Record<string, unknown>;
    definitions: { check: { properties: Record<string, unknown> } };
  };
  const places: Array<[string, Record<string, unknown>, string[]]> = [
    ['', parsed as Record<string, unknown>, Object.keys(schema.properties)],
  ];
  const checks = (parsed as Record<string, unknown>)['checks'];
  if (typeof checks === 'object' && checks !== null && !Array.isArray(checks))
    for (const [name, check] of Object.entries(checks))
      if (typeof check === 'object' && check !== null && !Array.isArray(check))
        places.push([
          `checks.${name}.`,
          check as Record<string, unknown>,
          Object.keys(schema.definitions.check.properties),
        ]);
  for (const [at, object, known] of places) {
    for (const key of Object.keys(object)) {
      if (known.includes(key)) continue;
      const meant = closestWord(key, known);
      if (meant !== null) return { at, key, meant };
    }
  }
  return null;
}

/** The option keys of `object`, each value checked as its flag's would be. */
function readOptions(file: string, object: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const key of CONFIG_OPTION_KEYS) {
    if (!Object.hasOwn(object, key)) continue;
    const declaration = (OPTION_DECLARATIONS as readonly OptionDeclaration[]).find(
      (candidate) => snakeCase(candidate.flag) === key,
    )!;
    const value = object[key];
    try {
      readOptionValue(declaration, value);
    } catch (error) {
      throw new BpdiffError('BAD_CONFIG', `${file}: "${prefix}${key}": ${(error as Error).message}`);
    }
    options[key] = value;
  }
  return options;
}

/** The config a command reads: --config FILE, else the nearest one from `cwd` upward (see findConfig), else none. */
export function configFor(
  explicit: string | null,
  cwd: string,
  maxBytes: number = DEFAULT_MAX_INPUT_BYTES,
): BpdiffConfig | null {
  if (explicit !== null) return loadConfig(path.resolve(cwd, explicit), maxBytes);
  const found = findConfig(cwd);
  return found === null ? null : loadConfig(found, maxBytes);
}
