// Loading adapter definitions (built-in ones from adapters/*.json, a user's from --adapter-config)
// and choosing the one for a run.
import fs from 'node:fs';
import path from 'node:path';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { DEFINITION_KEYS, type AdapterDefinition } from './definition.js';

let builtins: AdapterDefinition[] | null = null;

export function builtinDefinitions(): AdapterDefinition[] {
  if (builtins) return builtins;
  const dir = path.join(packageRoot(), 'adapters');
  builtins = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => parseDefinition(fs.readFileSync(path.join(dir, name), 'utf8'), path.join(dir, name)));
  return builtins;
}

/** Reads and checks a definition file; a bad one is a one-line error naming the file and the field. */
export function loadDefinitionFile(file: string): AdapterDefinition {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new BpdiffError('FILE_NOT_FOUND', `cannot read the adapter definition ${file} — check the path given to --adapter-config`);
  }
  return parseDefinition(text, file);
}

function parseDefinition(text: string, file: string): AdapterDefinition {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BpdiffError('ADAPTER_CONFIG', `${file} is not valid JSON (${(error as Error).message}) — fix the adapter definition`);
  }
  const bad = (what: string): never => {
    throw new BpdiffError('ADAPTER_CONFIG', `${file}: ${what} — see adapters/python.json for a complete definition`);
  };
  if (!isRecord(raw)) return bad('the definition must be a JSON object');
  for (const key of Object.keys(raw)) {
    if (!(DEFINITION_KEYS as readonly string[]).includes(key)) bad(`unknown field "${key}"`);
  }
  const str = (value: unknown, name: string): string => (typeof value === 'string' && value.length > 0 ? value : bad(`"${name}" must be a non-empty string`));
  const strings = (value: unknown, name: string, fallback: string[] = []): string[] => {
    if (value === undefined) return fallback;
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return bad(`"${name}" must be an array of strings`);
    return value as string[];
  };
  const regexes = (value: unknown, name: string): string[] => {
    const list = strings(value, name);
    for (const pattern of list) {
      try {
        new RegExp(pattern);
      } catch {
        bad(`"${name}" holds an invalid regular expression: ${pattern}`);
      }
    }
    return list;
  };
  const adapter = isRecord(raw.adapter) ? raw.adapter : bad('"adapter" must be an object');
  const transport = adapter.transport === 'stdio' || adapter.transport === 'server' ? adapter.transport : bad('"adapter.transport" must be "stdio" or "server"');
  const executables = strings(adapter.executables, 'adapter.executables');
  if (executables.length === 0) bad('"adapter.executables" must name at least one executable');
  const args = strings(adapter.args, 'adapter.args');
  if (transport === 'server' && adapter.port_pattern === undefined && !args.some((arg) => arg.includes('${port}'))) {
    bad('a "server" adapter needs "${port}" in its args or a "port_pattern"');
  }
  const env = adapter.env === undefined ? undefined : isStringRecord(adapter.env) ? adapter.env : bad('"adapter.env" must map names to strings');
  const launch = isRecord(raw.launch) ? raw.launch : bad('"launch" must be an object (the launch request arguments)');
  const scopes = raw.scopes === undefined ? {} : isRecord(raw.scopes) ? raw.scopes : bad('"scopes" must be an object');
  const condition = raw.condition === undefined ? {} : isRecord(raw.condition) ? raw.condition : bad('"condition" must be an object');
  const timeouts = raw.timeouts === undefined ? {} : isRecord(raw.timeouts) ? raw.timeouts : bad('"timeouts" must be an object');
  const seconds = (value: unknown, name: string, fallback: number): number =>
    value === undefined ? fallback : typeof value === 'number' && value > 0 ? value : bad(`"timeouts.${name}" must be a positive number of seconds`);
  const normalise = raw.normalise === undefined ? [] : Array.isArray(raw.normalise) ? raw.normalise : bad('"normalise" must be an array');
  const optionalString = (value: unknown, name: string): string | undefined => (value === undefined ? undefined : str(value, name));
  const definition: AdapterDefinition = {
    id: str(raw.id, 'id'),
    name: str(raw.name, 'name'),
    file_extensions: strings(raw.file_extensions, 'file_extensions'),
    commands: regexes(raw.commands, 'commands'),
    install: typeof raw.install === 'string' ? raw.install : 'install the adapter and put it on PATH',
    adapter: {
      transport,
      executables,
      args,
      debuggee_output: adapter.debuggee_output === 'adapter-stdio' ? 'adapter-stdio' : 'events',
      ...(adapter.port_pattern !== undefined ? { port_pattern: str(adapter.port_pattern, 'adapter.port_pattern') } : {}),
      ...(adapter.version_capability !== undefined ? { version_capability: str(adapter.version_capability, 'adapter.version_capability') } : {}),
      ...(env ? { env } : {}),
    },
    launch,
    exception_filters: strings(raw.exception_filters, 'exception_filters'),
    exception_continue: regexes(raw.exception_continue, 'exception_continue'),
    exception_strip: regexes(raw.exception_strip, 'exception_strip'),
    scopes: {
      locals: regexes(scopes.locals, 'scopes.locals'),
      globals: regexes(scopes.globals, 'scopes.globals'),
      never: regexes(scopes.never, 'scopes.never'),
    },
    skip_variables: regexes(raw.skip_variables, 'skip_variables'),
    no_expand_types: regexes(raw.no_expand_types, 'no_expand_types'),
    normalise: normalise.map((rule, index) => {
      if (!isRecord(rule) || typeof rule.pattern !== 'string' || typeof rule.replacement !== 'string') {
        return bad(`"normalise[${index}]" must be {"pattern": "...", "replacement": "..."}`);
      }
      try {
        new RegExp(rule.pattern, typeof rule.flags === 'string' ? rule.flags : 'g');
      } catch {
        bad(`"normalise[${index}].pattern" is not a valid regular expression`);
      }
      return { pattern: rule.pattern, replacement: rule.replacement, ...(typeof rule.flags === 'string' ? { flags: rule.flags } : {}) };
    }),
    condition: {
      ...(condition.wrap !== undefined ? { wrap: str(condition.wrap, 'condition.wrap') } : {}),
      ...(condition.error_probe !== undefined ? { error_probe: str(condition.error_probe, 'condition.error_probe') } : {}),
      ...(condition.probe_ok !== undefined ? { probe_ok: strings(condition.probe_ok, 'condition.probe_ok') } : {}),
      ...(condition.error_output !== undefined ? { error_output: regexes([condition.error_output], 'condition.error_output')[0]! } : {}),
      ...(condition.error_stop !== undefined ? { error_stop: regexes([condition.error_stop], 'condition.error_stop')[0]! } : {}),
      ...(condition.error_unverified !== undefined ? { error_unverified: regexes([condition.error_unverified], 'condition.error_unverified')[0]! } : {}),
    },
    ...(raw.exit_code_output !== undefined ? { exit_code_output: regexes([raw.exit_code_output], 'exit_code_output')[0]! } : {}),
    timeouts: { start: seconds(timeouts.start, 'start', 15), launch: seconds(timeouts.launch, 'launch', 30) },
    ...(optionalString(raw.hooks, 'hooks') !== undefined ? { hooks: raw.hooks as string } : {}),
  };
  return definition;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}
