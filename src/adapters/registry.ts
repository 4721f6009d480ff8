// Loading adapter definitions (the built-in ones from adapters/<id>/adapter.json, a user's from
// --adapter-config) and choosing the one for a run.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { AdapterDefinition } from './definition.js';
import { parseDefinition } from './parse-definition.js';

/** Each built-in adapter is a folder of adapters/ holding an adapter.json. */
export const DEFINITION_FILE = 'adapter.json';

let builtins: AdapterDefinition[] | null = null;

/** adapters/<id>/adapter.json, by folder name: adding an adapter is adding a folder. */
export function builtinDefinitions(): AdapterDefinition[] {
  if (builtins) return builtins;
  const dir = path.join(packageRoot(), 'adapters');
  builtins = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, DEFINITION_FILE)))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = path.join(dir, name, DEFINITION_FILE);
      // Checked against the schema by a unit test, not at every start (see parseDefinition).
      return parseDefinition(fs.readFileSync(file, 'utf8'), file, { schema: false });
    });
  return builtins;
}

/** A built-in adapter by id (one a run's hooks defer to); an unknown id is bpdiff's own error. */
export function builtinDefinition(id: string): AdapterDefinition {
  const found = builtinDefinitions().find((definition) => definition.id === id);
  if (!found) throw new BpdiffError('INTERNAL', `no built-in adapter "${id}" (adapters/*/adapter.json)`);
  return found;
}

/** Reads and checks a definition file; a bad one is a one-line error naming the file and the field. */
export function loadDefinitionFile(file: string): AdapterDefinition {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new BpdiffError('FILE_NOT_FOUND', `cannot read the adapter definition ${file} — check the path given to --adapter-config`, { cause: error });
  }
  return parseDefinition(text, file);
}

export interface AdapterChoice {
  /** --adapter ID */
  adapterId: string | null;
  /** --adapter-config FILE */
  adapterConfig: string | null;
  /** The breakpoint file (resolved). */
  breakpointPath: string;
  argv: string[];
}

/** --adapter-config, else --adapter, else the breakpoint file's ending, else the command's first word. */
export function selectAdapter(choice: AdapterChoice): AdapterDefinition {
  if (choice.adapterConfig) return loadDefinitionFile(choice.adapterConfig);
  const all = builtinDefinitions();
  if (choice.adapterId) {
    const found = all.find((definition) => definition.id === choice.adapterId);
    if (!found) {
      throw new BpdiffError('NO_ADAPTER', `unknown adapter "${choice.adapterId}" — use one of ${all.map((d) => d.id).join(', ')}, or --adapter-config FILE.json`);
    }
    return found;
  }
  const ext = path.extname(choice.breakpointPath).toLowerCase();
  const byFile = all.find((definition) => definition.file_extensions.includes(ext));
  if (byFile) return byFile;
  const first = path.basename(choice.argv[0] ?? '');
  const byCommand = all.find((definition) => definition.commands.some((pattern) => new RegExp(pattern).test(first)));
  if (byCommand) return byCommand;
  throw new BpdiffError(
    'NO_ADAPTER',
    `no adapter for this target (breakpoint file ending "${ext || '(none)'}", command "${first}") — choose one with --adapter (${all.map((d) => d.id).join(', ')}) or bring one with --adapter-config FILE.json`,
  );
}
