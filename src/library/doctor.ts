// Which debug adapters are installed here, with their versions, and the command that installs each
// missing one: what `bpdiff doctor` prints and the MCP server's doctor tool returns. Each adapter is
// looked for as a run looks for it, from what its folder says (adapters/<id>/): the definition's
// executables and the files its arguments name, its hooks' `version`, and, for a definition with a
// `doctor_command`, the launch that a run of that command would prepare (so debugpy is the
// interpreter's own when it has one, else Debian's, as in a run).
import fs from 'node:fs';
import path from 'node:path';
import type { AdapterDefinition } from '../adapters/definition.js';
import { whichSync } from '../adapters/find-executable.js';
import type { AdapterHooks, LaunchPlan } from '../adapters/hooks.js';
import { loadHooks } from '../adapters/load-hooks.js';
import { runProbe } from '../adapters/probe.js';
import { processTempRoot } from '../process/temp-root.js';
import { handshake } from '../run/handshake.js';
import { adapterExecutable, fillAdapterPlaceholders, prepareLaunch } from '../adapters/prepare-launch.js';
import { builtinDefinitions, loadDefinitionFile } from '../adapters/registry.js';
import type { RunSpec } from '../core/types.js';
import { isBpdiffError } from '../errors.js';
import { captureOptions } from '../options/read-options.js';
import { readPackageVersion } from '../intake/version.js';
import { packageRoot } from '../package-root.js';

export interface AdapterStatus {
  /** The definition's id (`python`). */
  id: string;
  /** The adapter as a run names it (`debugpy`, `lldb-dap`). */
  name: string;
  ok: boolean;
  version: string | null;
  /** When ok: what a run would start (and for which program); when missing: what was not found. */
  detail: string;
  /** The definition's `install`. */
  install: string;
}

/** How long a `--version` may take (a cold interpreter, a slow disk). */
const VERSION_TIMEOUT_MS = 10_000;

/**
 * One adapter, looked for as a run would look for it. Never throws: a problem is a missing adapter.
 * `handshake`: also start it and ask it `initialize` (a user's definition), unless it is the program
 * itself (it starts only with one).
 */
export async function checkAdapter(
  definition: AdapterDefinition,
  cwd: string,
  options: { handshake?: boolean } = {},
): Promise<AdapterStatus> {
  const missing = (detail: string): AdapterStatus => ({
    id: definition.id,
    name: definition.name,
    ok: false,
    version: null,
    detail,
    install: definition.install,
  });
  let hooks: AdapterHooks;
  let plan: LaunchPlan;
  let program: string | null = null;
  try {
    hooks = await loadHooks(definition);
    if (definition.doctor_command) {
      plan = await preparedPlan(definition, definition.doctor_command, hooks, cwd);
      program = await describeProgram(definition.doctor_command[0]!, cwd);
    } else {
      plan = {
        launch: {},
        adapterExecutable: adapterExecutable(definition, null, cwd),
        adapterArgs: definition.adapter.args.map(fillAdapterPlaceholders),
        adapterEnv: {},
        adapterName: definition.name,
        buildMs: null,
        warnings: [],
      };
    }
  } catch (error) {
    return missing(reasonOf(error, definition));
  }
  // A script the adapter runs (debugpy's adapter folder, bpdiff's own Node adapter) must be there too.
  const absent = plan.adapterArgs.find((arg) => path.isAbsolute(arg) && !fs.existsSync(arg));
  if (absent) return missing(`${plan.adapterName} is not installed (no ${absent})`);

  let answered = '';
  if (options.handshake && !plan.adapterRunsProgram) {
    try {
      const capabilities = await handshake(definition, plan, cwd);
      answered = `; answers initialize${capabilities.supportsConditionalBreakpoints ? ', conditional breakpoints' : ''}`;
    } catch (error) {
      return missing(`${plan.adapterName} does not answer initialize: ${reasonOf(error, definition)}`);
    }
  }
  const version =
    plan.version ??
    (hooks.version ? await hooks.version(plan).catch(() => null) : null) ??
    (shipsWithBpdiff(definition) ? readPackageVersion() : null);
  const command = [plan.adapterExecutable, ...plan.adapterArgs].join(' ') + answered;
  const counted = definition.hit_count?.cpu_count ? `; ${await cpuCounter(cwd)}` : '';
  return {
    id: definition.id,
    name: plan.adapterName,
    ok: true,
    version,
    detail: (program ? `${program}; adapter: ${command}` : command) + counted,
    install: definition.install,
  };
}

/** What bpdiff_cpu_count.py answered, by the python3 that ran it: asked once a process. */
const counters = new Map<string, Promise<string>>();

/**
 * How `--hit N` reaches its pass where the debugger counts with the CPU or the kernel (gdb, lldb-dap:
 * their definitions' hit_count.cpu_count): what adapters/native/bpdiff_cpu_count.py, which their
 * scripts import, answers on this machine.
 */
function cpuCounter(cwd: string): Promise<string> {
  const refused = (why: string): string => `--hit N counted by the debugger, a stop a pass: ${why}`;
  const python = whichSync('python3', cwd);
  if (!python) return Promise.resolve(refused('no python3 here to ask the kernel'));
  let counted = counters.get(python);
  if (counted === undefined) {
    counted = (async () => {
      const script = path.join(packageRoot(), 'adapters', 'native', 'bpdiff_cpu_count.py');
      const result = await runProbe(python, [script], { cwd, timeoutMs: VERSION_TIMEOUT_MS });
      const answer = result.stdout.trim();
      if (answer === 'ok (breakpoint)') return '--hit N counted by the CPU (a hardware breakpoint)';
      if (answer === 'ok (uprobe)') return '--hit N counted by the kernel (a uprobe)';
      return refused(/^refused: (.+)$/.exec(answer)?.[1] ?? (answer || result.failure || 'no answer'));
    })();
    counters.set(python, counted);
  }
  return counted;
}

/** The plan a run of `argv` would get from the adapter's hooks, prepared in a folder of its own. */
async function preparedPlan(
  definition: AdapterDefinition,
  argv: string[],
  hooks: AdapterHooks,
  cwd: string,
): Promise<LaunchPlan> {
  // Inside the process's own folder (src/process/temp-root.ts): a doctor killed outright leaves nothing for good.
  const tempDir = fs.mkdtempSync(path.join(processTempRoot(), 'doctor-'));
  try {
    const spec: RunSpec = {
      side: 'b',
      label: 'doctor',
      argv,
      cwd,
      env: {},
      stdin_file: null,
      breakpoint: { file: 'doctor', line: 1, path: path.join(cwd, 'doctor') },
    };
    return await prepareLaunch(hooks, {
      definition,
      spec,
      options: captureOptions(),
      signal: new AbortController().signal,
      log: () => undefined,
      tempDir,
      track: () => undefined,
    });
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/** `python3 3.11.7: /usr/bin/python3`: the command's program on PATH, with the version it prints for --version. */
async function describeProgram(name: string, cwd: string): Promise<string | null> {
  const file = whichSync(name, cwd);
  if (!file) return null;
  const result = await runProbe(file, ['--version'], { cwd, timeoutMs: VERSION_TIMEOUT_MS });
  const version = /\d+(?:\.\d+)+/.exec(`${result.stdout}\n${result.stderr}`)?.[0];
  return `${name}${version ? ` ${version}` : ''}: ${file}`;
}

/** An adapter that bpdiff carries (its Node.js adapter) has bpdiff's version. */
function shipsWithBpdiff(definition: AdapterDefinition): boolean {
  return [...definition.adapter.executables, ...definition.adapter.args].some((text) =>
    text.includes('${packageRoot}'),
  );
}

/** What was wrong, without the advice after ` — ` (the line ends with the install command instead). */
function reasonOf(error: unknown, definition: AdapterDefinition): string {
  if (isBpdiffError(error)) return error.message.split(' — ')[0]!.trim();
  return `${definition.name} could not be checked (${String((error as Error)?.message ?? error).split('\n')[0]})`;
}

/** One line per adapter, in aligned columns: `ok       python  debugpy 1.6.7 (...)`, `missing  go      dlv ... — install: ...`. */
export function formatStatuses(statuses: readonly AdapterStatus[]): string {
  const idWidth = Math.max(0, ...statuses.map((status) => status.id.length));
  return statuses
    .map((status) => {
      const what = status.ok
        ? `${status.name} ${status.version ?? '(version unknown)'} (${status.detail})`
        : `${status.detail} — install: ${status.install}`;
      return `${(status.ok ? 'ok' : 'missing').padEnd(7)}  ${status.id.padEnd(idWidth)}  ${what}\n`;
    })
    .join('');
}

/**
 * The built-in adapters, or with `adapter_config` (a definition file, from `base`) that one
 * definition: a definition that does not hold (the schema, its regexes, its hooks module) throws the
 * usual one-line error; its adapter is then also started and asked `initialize`.
 */
export async function checkAdapters(
  input: { adapter_config?: string },
  context: { base: string },
  definitions?: readonly AdapterDefinition[],
): Promise<{ definition: AdapterDefinition | null; adapters: AdapterStatus[] }> {
  let checked = definitions ?? builtinDefinitions();
  let given: AdapterDefinition | null = null;
  if (input.adapter_config !== undefined) {
    given = loadDefinitionFile(path.resolve(context.base, input.adapter_config));
    // Its hooks must load (a module that is missing or exports no hooks is a broken definition).
    await loadHooks(given);
    checked = [given];
  }
  const adapters = await Promise.all(
    checked.map((definition) => checkAdapter(definition, context.base, { handshake: given !== null })),
  );
  return { definition: given, adapters };
}
