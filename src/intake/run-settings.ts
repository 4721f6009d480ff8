// A run's settings: each run's own values of the per-run options (options/declarations.ts
// PER_RUN_DECLARATIONS) over the shared ones, every value checked as a JSON caller gives it, and the
// names a message gives a run's value (its own flag, `--cwd-a`, when it was given one).
import type { RunSide } from '../core/types.js';
import { PER_RUN_DECLARATIONS, runFlag, type CommandName, type PerRunDeclaration } from '../options/declarations.js';
import { readOptionValue } from '../options/read-options.js';
import { wrongType, type Input } from './run-input.js';
import type { RunSettings } from './plan.js';

/** The commands runs are given for: a comparison's two, a capture's one, a walk's two. */
export type RunCommand = Extract<CommandName, 'compare' | 'capture' | 'locate'>;

/** The keys of the per-run options a call takes at its top (shared by its runs), for `command`. */
export function sharedRunKeys(command: CommandName): string[] {
  return perRun()
    .filter((declaration) => declaration.shared.includes(command))
    .map((declaration) => declaration.key);
}

/** The keys a run object takes, for `command` (a capture's one run takes the shared options as its own). */
export function runKeys(command: RunCommand): string[] {
  const own =
    command === 'capture'
      ? perRun().filter((declaration) => declaration.shared.includes('capture'))
      : perRun().filter((declaration) => declaration.own.includes(command));
  return ['command', ...own.map((declaration) => declaration.key)];
}

function perRun(): readonly PerRunDeclaration[] {
  return PER_RUN_DECLARATIONS as readonly PerRunDeclaration[];
}

export function settingsOf(
  shared: Input,
  run: Input,
  side: RunSide | null,
  command: RunCommand,
  runName: string,
): RunSettings {
  const values: Record<string, unknown> = {};
  const own = new Set<string>();
  for (const declaration of perRun()) {
    const { key } = declaration;
    const sharedAllowed = declaration.shared.includes(command);
    const ownAllowed = command === 'capture' ? sharedAllowed : declaration.own.includes(command);
    const sharedValue = sharedAllowed ? read(declaration, null, shared[key], key) : null;
    const ownValue = ownAllowed
      ? read(declaration, command === 'capture' ? null : side, run[key], `${runName}.${key}`)
      : null;
    if (ownValue !== null) own.add(key);
    const fallback = side === null ? declaration.defaults?.shared : declaration.defaults?.[side];
    if (declaration.kind === 'pairs')
      values[key] = {
        ...((sharedValue as Record<string, string> | null) ?? {}),
        ...((ownValue as Record<string, string> | null) ?? {}),
      };
    else values[key] = ownValue ?? sharedValue ?? fallback ?? null;
  }
  return { values, own };
}

/** A per-run value, its type checked as a JSON caller gives it, its value by its flag's declaration. */
function read(declaration: PerRunDeclaration, side: RunSide | null, given: unknown, name: string): unknown {
  if (given === undefined || given === null) return null;
  if (declaration.kind === 'pairs') {
    if (typeof given === 'string' || (Array.isArray(given) && given.every((entry) => typeof entry === 'string')))
      return readOptionValue(runFlag(declaration, side), given);
    if (typeof given !== 'object' || Array.isArray(given))
      throw wrongType(name, 'an object of strings', '{ "DEBUG": "1" }', given);
    const pairs: Record<string, string> = {};
    for (const [key, value] of Object.entries(given as Input)) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        throw wrongType(`${name}.${key}`, 'a string', '"1"', value);
      pairs[key] = String(value);
    }
    return pairs;
  }
  // A flag given twice (the CLI's words): said as such.
  if (Array.isArray(given) && given.every((entry) => typeof entry === 'string'))
    return readOptionValue(runFlag(declaration, side), given);
  if (typeof given !== 'string')
    throw wrongType(
      name,
      'a string',
      declaration.example !== undefined ? JSON.stringify(declaration.example) : '"..."',
      given,
    );
  // A breakpoint is checked as one (intake/breakpoint.ts): an empty one is said as such.
  return declaration.key === 'bp' ? given : readOptionValue(runFlag(declaration, side), given);
}

/** The flag a message names for a run's value of `key`: its own (`--cwd-a`) when it was given one. */
export function flagFor(key: string, settings: RunSettings, side: RunSide | null): string {
  const declaration = perRun().find((candidate) => candidate.key === key)!;
  return runFlag(declaration, settings.own.has(key) ? side : null).flag;
}

/** The same value as the CLI and the library name it: `--cwd-a (run_a.cwd)`, `--cwd (cwd)`. */
export function bothNames(key: string, settings: RunSettings, side: RunSide | null, runName: string): string {
  return `--${flagFor(key, settings, side)} (${settings.own.has(key) ? `${runName}.${key}` : key})`;
}
