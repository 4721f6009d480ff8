// Loading adapter definitions (the built-in ones from adapters/<id>/adapter.json, a user's from
// --adapter-config) and choosing the one for a run.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { MAX_INPUT_BYTES_LIMIT, readBoundedText } from '../read-bounded.js';
import type { AdapterDefinition } from './definition.js';
import { parseDefinition } from './parse-definition.js';
import { whichSync } from './find-executable.js';

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

/** How much of a program bpdiff reads to tell what made it (Go's build information lies in its data). */
const BINARY_READ_LIMIT = 64 * 1024 * 1024;

/**
 * The adapter for a compiled program (the command's first word, an executable file): the definition
 * whose `binaries` marker the file holds (a Go program's build information), else one that takes any
 * program of its format (lldb-dap: ELF).
 */
function definitionForBinary(
  all: readonly AdapterDefinition[],
  command: string,
  cwd: string,
  envPath: string | undefined,
): AdapterDefinition | null {
  const file = whichSync(command, cwd, envPath);
  if (file === null) return null;
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const size = Math.min(fs.fstatSync(fd).size, BINARY_READ_LIMIT);
      head = Buffer.alloc(size);
      fs.readSync(fd, head, 0, size, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
  const candidates = all.filter(
    (definition) =>
      definition.binaries &&
      head.subarray(0, definition.binaries.magic.length / 2).equals(Buffer.from(definition.binaries.magic, 'hex')),
  );
  return (
    candidates.find(
      (definition) => definition.binaries!.contains !== undefined && head.includes(definition.binaries!.contains),
    ) ??
    candidates.find((definition) => definition.binaries!.contains === undefined) ??
    null
  );
}

/** Reads and checks a definition file; a bad one is a one-line error naming the file and the field. */
export function loadDefinitionFile(file: string): AdapterDefinition {
  let text: string;
  try {
    // Checked (a regular file within --max-input-bytes) when the options were read: read within bounds all the same.
    text = readBoundedText(file, { what: 'the adapter definition', file }, MAX_INPUT_BYTES_LIMIT).text;
  } catch (error) {
    if (error instanceof BpdiffError) throw error;
    throw new BpdiffError(
      'FILE_NOT_FOUND',
      `cannot read the adapter definition ${file} — check the path given to --adapter-config`,
      { cause: error },
    );
  }
  return parseDefinition(text, file);
}

export interface AdapterChoice {
  /** --adapter ID */
  adapterId: string | null;
  /** --adapter-config FILE */
  adapterConfig: string | null;
  /** The breakpoint file (resolved; empty when the run has none: a locate walk from the program's start). */
  breakpointPath: string;
  argv: string[];
  /** Where the command runs (its first word, a path, is found from there), and its PATH. */
  cwd?: string;
  envPath?: string;
}

/** --adapter-config, else --adapter, else the breakpoint file's ending, else the command's first word. */
export function selectAdapter(choice: AdapterChoice): AdapterDefinition {
  if (choice.adapterConfig) return loadDefinitionFile(choice.adapterConfig);
  const all = builtinDefinitions();
  if (choice.adapterId) {
    const found = all.find((definition) => definition.id === choice.adapterId);
    if (!found) {
      throw new BpdiffError(
        'NO_ADAPTER',
        `unknown adapter "${choice.adapterId}" — use one of ${all.map((d) => d.id).join(', ')}, or --adapter-config FILE.json`,
      );
    }
    return found;
  }
  const ext = path.extname(choice.breakpointPath).toLowerCase();
  const byFile = all.find((definition) => definition.file_extensions.includes(ext));
  if (byFile) return byFile;
  const first = path.basename(choice.argv[0] ?? '');
  const byCommand = all.find((definition) => definition.commands.some((pattern) => new RegExp(pattern).test(first)));
  if (byCommand) return byCommand;
  const byBinary =
    choice.cwd === undefined ? null : definitionForBinary(all, choice.argv[0] ?? '', choice.cwd, choice.envPath);
  if (byBinary) return byBinary;
  throw new BpdiffError(
    'NO_ADAPTER',
    `no adapter for this target (breakpoint file ending "${ext || '(none)'}", command "${first}") — choose one with --adapter (${all.map((d) => d.id).join(', ')}) or bring one with --adapter-config FILE.json`,
  );
}
