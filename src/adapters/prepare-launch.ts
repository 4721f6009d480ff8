// Turning a run (command, cwd, env) into the adapter to start and the launch request to send:
// the definition's template filled with the run's values, then the adapter's hooks, if any (a hook
// may make it an `attach` to a program bpdiff starts itself: LaunchPlan.request and .debuggee).
import path from 'node:path';
import { BpdiffError } from '../errors.js';
import { messages } from '../messages.js';
import { packageRoot } from '../package-root.js';
import { quoteCommand } from '../core/shell-quote.js';
import type { AdapterDefinition, Interpreter } from './definition.js';
import { runsProgram } from './parse-definition.js';
import { findFirstExecutable, whichSync } from './find-executable.js';
import type { AdapterHooks, LaunchContext, LaunchPlan } from './hooks.js';
import { runEnvironment } from './run-env.js';

export interface TemplateValues {
  program: string;
  args: string[];
  command: string[];
  cwd: string;
  env: Record<string, string>;
  stdinFile: string | null;
  breakpointFile: string;
  /** --source-path's folders (absolute), for `${sourcePaths}`. */
  sourcePaths?: string[];
  /** The interpreter the command names (AdapterDefinition.interpreter), and its options; absent otherwise. */
  interpreter?: string;
  interpreterArgs?: string[];
}

/** The placeholders a string that is exactly one of them is replaced by, whole (an array, an object). */
function wholeValues(values: TemplateValues): Record<string, unknown> {
  return {
    '${args}': values.args,
    '${command}': values.command,
    '${interpreter_args}': values.interpreterArgs ?? [],
    '${env}': values.env,
    '${envList}': Object.entries(values.env).map(([key, value]) => `${key}=${value}`),
    '${stdinFile}': values.stdinFile,
    '${sourcePaths}': values.sourcePaths ?? [],
  };
}

/** The placeholders inside a string. */
function fillString(text: string, values: TemplateValues): string {
  return text
    .replaceAll('${cwd}', values.cwd)
    .replaceAll('${program}', values.program)
    .replaceAll('${interpreter}', values.interpreter ?? values.program)
    .replaceAll('${args_string}', quoteCommand(values.args))
    .replaceAll('${breakpointFile}', values.breakpointFile);
}

/** Fills `${...}` placeholders in a launch template (see AdapterDefinition.launch). */
export function fillTemplate(template: unknown, values: TemplateValues): unknown {
  if (typeof template === 'string') {
    const whole = wholeValues(values);
    if (template in whole) return whole[template];
    return fillString(template, values);
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]));
  }
  return template;
}

/**
 * An adapter's arguments with the run's command in them (AdapterDefinition.adapter.args): a word that
 * is exactly `${command}`, `${args}` or `${interpreter_args}` becomes those words; `${port}` stays for
 * the adapter's start (src/dap/adapter-process.ts).
 */
export function fillAdapterArgs(args: readonly string[], values: TemplateValues): string[] {
  const whole = wholeValues(values);
  return args.flatMap((arg) => {
    const value = whole[arg];
    if (Array.isArray(value)) return value.map(String);
    return [fillString(fillAdapterPlaceholders(arg), values)];
  });
}

/**
 * A command taken apart by the definition's `interpreter`: the interpreter, its options, the program
 * it runs and that program's arguments. Null when the command's first word names no interpreter, or
 * names no program after its options (`perl -e CODE`): the command is then the program itself.
 */
export function splitInterpreterCommand(
  argv: readonly string[],
  interpreter: Interpreter,
): { interpreter: string; options: string[]; program: string; args: string[] } | null {
  const first = argv[0];
  if (first === undefined || !interpreter.commands.some((pattern) => new RegExp(pattern).test(path.basename(first))))
    return null;
  const withValue = new Set(interpreter.options_with_value ?? []);
  let index = 1;
  while (index < argv.length && argv[index]!.startsWith('-') && argv[index] !== '-') {
    const word = argv[index++]!;
    if (word === '--') break;
    if (withValue.has(word)) index++;
  }
  if (index >= argv.length) return null;
  return { interpreter: first, options: argv.slice(1, index), program: argv[index]!, args: argv.slice(index + 1) };
}

/** The program a command names: a path relative to the run's cwd, or a name found on the run's PATH. */
export function resolveProgram(name: string, cwd: string, env: Record<string, string>): string {
  const found = whichSync(name, cwd, env.PATH ?? process.env.PATH);
  if (!found) {
    throw new BpdiffError(
      'COMMAND_NOT_FOUND',
      `cannot find the program "${name}" (looked ${name.includes('/') ? `in ${cwd}` : 'on PATH'}) — check the command after --`,
    );
  }
  return found;
}

/** `${node}` (the Node.js running bpdiff) and `${packageRoot}` (bpdiff's own folder) in adapter executables and arguments. */
export function fillAdapterPlaceholders(text: string): string {
  return text.replaceAll('${node}', process.execPath).replaceAll('${packageRoot}', packageRoot());
}

/**
 * The adapter's executable: --adapter-path, else the definition's first candidate found. A candidate
 * `${interpreter}` is the interpreter the command names, when it names one (the Ruby the user typed).
 */
export function adapterExecutable(
  definition: AdapterDefinition,
  override: string | null,
  cwd: string,
  values?: Pick<TemplateValues, 'interpreter'>,
): string {
  if (override) {
    const found = whichSync(override, cwd);
    if (!found)
      throw new BpdiffError(
        'ADAPTER_MISSING',
        `--adapter-path ${override} is not an executable file — give the path of the ${definition.name} executable`,
      );
    return found;
  }
  const candidates = definition.adapter.executables.flatMap((candidate) => {
    if (candidate !== '${interpreter}') return [fillAdapterPlaceholders(candidate)];
    return values?.interpreter ? [values.interpreter] : [];
  });
  const found = findFirstExecutable(candidates, cwd);
  if (!found) {
    throw new BpdiffError(
      'ADAPTER_MISSING',
      `${definition.name} is not installed (looked for ${definition.adapter.executables.join(', ')}) — install it with: ${definition.install}`,
    );
  }
  return found;
}

/** The values a run's command gives the definition's templates (see AdapterDefinition.launch). */
export function templateValues(
  definition: AdapterDefinition,
  spec: LaunchContext['spec'],
  resolve: boolean,
): TemplateValues {
  const env = runEnvironment(spec);
  const values: TemplateValues = {
    // A hook may take the command apart differently (python -m, go run): resolve lazily.
    program: resolve ? resolveProgram(spec.argv[0]!, spec.cwd, env) : spec.argv[0]!,
    args: spec.argv.slice(1),
    command: spec.argv,
    cwd: spec.cwd,
    env: spec.env,
    stdinFile: spec.stdin_file,
    breakpointFile: spec.breakpoint.path,
  };
  const split = definition.interpreter ? splitInterpreterCommand(spec.argv, definition.interpreter) : null;
  if (split) {
    values.interpreter = resolve ? resolveProgram(split.interpreter, spec.cwd, env) : split.interpreter;
    values.interpreterArgs = split.options;
    // The interpreter reads the program from its working directory, not from PATH.
    values.program = path.resolve(spec.cwd, split.program);
    values.args = split.args;
  }
  return values;
}

export async function prepareLaunch(hooks: AdapterHooks, context: LaunchContext): Promise<LaunchPlan> {
  const { definition, spec } = context;
  const values = {
    ...templateValues(definition, spec, hooks.prepare === undefined),
    sourcePaths: context.options.adapter.source_paths,
  };
  // A folder of sources given to an adapter that takes none would be ignored without a word.
  if (values.sourcePaths.length > 0 && !JSON.stringify(definition.launch).includes('${sourcePaths}'))
    throw messages.sourcePathNotTaken(definition.name);
  const runsCommand = runsProgram(definition.adapter.args);
  const plan: LaunchPlan = {
    launch: fillTemplate(definition.launch, values) as Record<string, unknown>,
    adapterExecutable: adapterExecutable(definition, context.options.adapter.path, spec.cwd, values),
    adapterArgs: fillAdapterArgs(definition.adapter.args, values),
    adapterEnv: {
      // An adapter that is the debuggee runs in the run's environment.
      ...(runsCommand ? spec.env : {}),
      ...Object.fromEntries(
        Object.entries(definition.adapter.env ?? {}).map(([name, value]) => [
          name,
          fillAdapterPlaceholders(value).replaceAll('${tempDir}', context.tempDir),
        ]),
      ),
    },
    adapterName: definition.name,
    adapterRunsProgram: runsCommand,
    buildMs: null,
    warnings: [],
  };
  if (!hooks.prepare) return plan;
  const prepared = await hooks.prepare(context, plan);
  // A hook that starts its own executable (the program's Python is bpdiff's Python adapter) would drop --adapter-path without a word.
  if (context.options.adapter.path !== null && prepared.adapterExecutable !== plan.adapterExecutable)
    throw messages.adapterPathNotUsed(definition.name, prepared.adapterExecutable);
  return prepared;
}
