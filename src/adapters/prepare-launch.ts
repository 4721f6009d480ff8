// Turning a run (command, cwd, env) into the adapter to start and the launch request to send:
// the definition's template filled with the run's values, then the adapter's hooks, if any (a hook
// may make it an `attach` to a program bpdiff starts itself: LaunchPlan.request and .debuggee).
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { AdapterDefinition } from './definition.js';
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
}

/** Fills `${...}` placeholders in a launch template (see AdapterDefinition.launch). */
export function fillTemplate(template: unknown, values: TemplateValues): unknown {
  if (typeof template === 'string') {
    const whole: Record<string, unknown> = {
      '${args}': values.args,
      '${command}': values.command,
      '${env}': values.env,
      '${envList}': Object.entries(values.env).map(([key, value]) => `${key}=${value}`),
      '${stdinFile}': values.stdinFile,
    };
    if (template in whole) return whole[template];
    return template
      .replaceAll('${cwd}', values.cwd)
      .replaceAll('${program}', values.program)
      .replaceAll('${breakpointFile}', values.breakpointFile);
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]));
  }
  return template;
}

/** The program a command names: a path relative to the run's cwd, or a name found on the run's PATH. */
export function resolveProgram(name: string, cwd: string, env: Record<string, string>): string {
  const found = whichSync(name, cwd, env.PATH ?? process.env.PATH);
  if (!found) {
    throw new BpdiffError('COMMAND_NOT_FOUND', `cannot find the program "${name}" (looked ${name.includes('/') ? `in ${cwd}` : 'on PATH'}) — check the command after --`);
  }
  return found;
}

/** `${node}` (the Node.js running bpdiff) and `${packageRoot}` (bpdiff's own folder) in adapter executables and arguments. */
export function fillAdapterPlaceholders(text: string): string {
  return text.replaceAll('${node}', process.execPath).replaceAll('${packageRoot}', packageRoot());
}

export function adapterExecutable(definition: AdapterDefinition, override: string | null, cwd: string): string {
  if (override) {
    const found = whichSync(override, cwd);
    if (!found) throw new BpdiffError('ADAPTER_MISSING', `--adapter-path ${override} is not an executable file — give the path of the ${definition.name} executable`);
    return found;
  }
  const found = findFirstExecutable(definition.adapter.executables.map(fillAdapterPlaceholders), cwd);
  if (!found) {
    throw new BpdiffError(
      'ADAPTER_MISSING',
      `${definition.name} is not installed (looked for ${definition.adapter.executables.join(', ')}) — install it with: ${definition.install}`,
    );
  }
  return found;
}

export async function prepareLaunch(hooks: AdapterHooks, context: LaunchContext): Promise<LaunchPlan> {
  const { definition, spec } = context;
  const values: TemplateValues = {
    // A hook may take the command apart differently (python -m, go run): resolve lazily.
    program: hooks.prepare ? spec.argv[0]! : resolveProgram(spec.argv[0]!, spec.cwd, runEnvironment(spec)),
    args: spec.argv.slice(1),
    command: spec.argv,
    cwd: spec.cwd,
    env: spec.env,
    stdinFile: spec.stdin_file,
    breakpointFile: spec.breakpoint.path,
  };
  const plan: LaunchPlan = {
    launch: fillTemplate(definition.launch, values) as Record<string, unknown>,
    adapterExecutable: adapterExecutable(definition, context.options.adapter.path, spec.cwd),
    adapterArgs: definition.adapter.args.map(fillAdapterPlaceholders),
    adapterEnv: Object.fromEntries(
      Object.entries(definition.adapter.env ?? {}).map(([name, value]) => [name, fillAdapterPlaceholders(value).replaceAll('${tempDir}', context.tempDir)]),
    ),
    adapterName: definition.name,
    buildMs: null,
    warnings: [],
  };
  return hooks.prepare ? hooks.prepare(context, plan) : plan;
}
