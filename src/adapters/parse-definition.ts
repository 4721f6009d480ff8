// Reading one adapter definition: JSON, checked against schema/adapter-definition.schema.json (ajv),
// then what a schema cannot check (regexes with their flags, the hooks module), then the defaults.
// A bad definition is one line naming the file and the field.
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { BpdiffError } from '../errors.js';
import { describeJsonProblem } from '../json-problem.js';
import { packageRoot } from '../package-root.js';
import { loadAjv } from '../load-ajv.js';
import type { AdapterDefinition, NormaliseRule } from './definition.js';

export const DEFINITION_SCHEMA = 'schema/adapter-definition.schema.json';
/** Module endings Node.js imports as they are: what `hooks` may name in a user's definition. */
const USER_HOOK_ENDINGS = ['.js', '.mjs', '.cjs'];

let validator: ValidateFunction | undefined;

function validate(): ValidateFunction {
  if (validator) return validator;
  // Loaded on first use, as in src/core/schemas.ts: a run without a definition to check never pays for ajv.
  const AjvClass = loadAjv();
  const ajv = new AjvClass({ allErrors: true, strict: true, verbose: true });
  ajv.addFormat('regex', (text: string) => regexError(text) === null);
  const schema = JSON.parse(fs.readFileSync(path.join(packageRoot(), DEFINITION_SCHEMA), 'utf8')) as object;
  validator = ajv.compile(schema);
  return validator;
}

/** Whether the built-in adapters' folder holds `file` (its hooks are bpdiff's own, compiled to dist/). */
export function isBuiltinPath(file: string): boolean {
  const relative = path.relative(path.join(packageRoot(), 'adapters'), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Reads and checks a definition file: the definition with its defaults, its folder and its file.
 * `schema: false` skips the JSON Schema check, for bpdiff's own definitions: compiling the schema
 * costs ~100 ms of start-up, and a unit test checks every built-in definition against it instead.
 */
export function parseDefinition(text: string, file: string, options: { schema?: boolean } = {}): AdapterDefinition {
  const fail = (problem: string): never => {
    throw new BpdiffError('ADAPTER_CONFIG', `${file}: ${problem} — see ${DEFINITION_SCHEMA}`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BpdiffError(
      'ADAPTER_CONFIG',
      `${file} is not valid JSON (${describeJsonProblem(text, error)}) — fix the adapter definition`,
    );
  }
  if (options.schema !== false) {
    const check = validate();
    if (!check(raw)) return fail(describeSchemaErrors(check.errors ?? []));
  }
  const json = raw as Omit<AdapterDefinition, 'dir' | 'file'> & { $schema?: string; $comment?: string };
  const dir = path.dirname(path.resolve(file));

  const rules: Array<[string, Array<Pick<NormaliseRule, 'flags'> & { pattern?: string }> | undefined]> = [
    ['normalise', json.normalise],
    ['child_names.rewrite_evaluate_name', json.child_names?.rewrite_evaluate_name],
    ['volatile', json.volatile],
  ];
  for (const [field, list] of rules) {
    (list ?? []).forEach((rule, index) => {
      if (rule.pattern === undefined) return;
      const problem = regexError(rule.pattern, rule.flags);
      if (problem)
        fail(
          `"${field}[${index}]" is not a valid regular expression with flags "${rule.flags ?? ''}": ${rule.pattern} (${problem})`,
        );
    });
  }
  const returned = json.locate?.returned;
  if (returned?.pattern !== undefined) {
    const problem = regexError(returned.pattern);
    if (problem) fail(`"locate.returned.pattern" is not a valid regular expression: ${returned.pattern} (${problem})`);
  }
  // At a stop in the caller, the function's name can only come from the value's own.
  if (returned?.pattern !== undefined && returned.step !== 'return' && groupsOf(returned.pattern) < 1)
    fail(
      `"locate.returned.pattern" needs a group naming the function at a stop in the caller ("step": "caller"): ${returned.pattern} — add one, or say "step": "return"`,
    );
  if (returned !== undefined && (returned.pattern === undefined) === (returned.unread === undefined))
    fail(
      '"locate.returned" needs either "pattern" (how the adapter names a value returned) or "unread" (why it shows none)',
    );
  if (json.hooks !== undefined) {
    const hooks = path.resolve(dir, json.hooks);
    if (!isBuiltinPath(hooks) && !USER_HOOK_ENDINGS.includes(path.extname(hooks))) {
      fail(
        `"hooks" must name a JavaScript module (${USER_HOOK_ENDINGS.join(', ')}) beside the definition, not ${json.hooks}`,
      );
    }
    // A built-in adapter's hooks are bpdiff's own, bundled and registered by the package's entry (load-hooks.ts): its hooks.ts is not shipped.
    if (!isBuiltinPath(hooks) && !fs.existsSync(hooks))
      fail(`"hooks" names ${hooks}, which does not exist — give its path relative to the definition's folder`);
  }

  const { $schema: _schema, $comment: _comment, ...definition } = json;
  return {
    ...definition,
    file_extensions: json.file_extensions ?? [],
    commands: json.commands ?? [],
    install: json.install ?? 'install the adapter and put it on PATH',
    adapter: {
      ...json.adapter,
      args: json.adapter.args ?? [],
      debuggee_output: json.adapter.debuggee_output ?? 'events',
      exits_with_program: json.adapter.exits_with_program ?? runsProgram(json.adapter.args ?? []),
    },
    exception_filters: json.exception_filters ?? [],
    exception_continue: json.exception_continue ?? [],
    exception_strip: json.exception_strip ?? [],
    scopes: { locals: json.scopes?.locals ?? [], globals: json.scopes?.globals ?? [], never: json.scopes?.never ?? [] },
    skip_variables: json.skip_variables ?? [],
    no_expand_types: json.no_expand_types ?? [],
    normalise: json.normalise ?? [],
    paging: json.paging ?? 'when_needed',
    child_names: {
      reject_evaluate_name: json.child_names?.reject_evaluate_name ?? [],
      rewrite_evaluate_name: json.child_names?.rewrite_evaluate_name ?? [],
      templates: json.child_names?.templates ?? [],
    },
    condition: json.condition ?? {},
    timeouts: { start: json.timeouts?.start ?? 15, launch: json.timeouts?.launch ?? 30 },
    dir,
    file: path.resolve(file),
  };
}

/** Whether adapter arguments hold the command: the adapter is the debuggee (rdbg), and its end is the program's. */
export function runsProgram(args: readonly string[]): boolean {
  return args.some((arg) => /\$\{(program|args|command)\}/.test(arg));
}

/** How many capturing groups a (valid) regular expression has: an alternative that matches the empty text shows them all, unset. */
function groupsOf(pattern: string): number {
  return new RegExp(`(?:${pattern})|`).exec('')!.length - 1;
}

/** Why `pattern` is not a JavaScript regular expression, or null when it is one. */
function regexError(pattern: string, flags?: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (error) {
    // "Invalid regular expression: /(x/: Unterminated group" -> "Unterminated group"
    return (error as Error).message.split(': ').pop()!;
  }
}

/**
 * The one problem to show, as `"adapter.transport" must be one of stdio, server`. The errors inside
 * a conditional rule's branches say less than the rule's own description, so the rule speaks for them.
 */
export function describeSchemaErrors(errors: ErrorObject[]): string {
  const plain = errors.filter((error) => !/\/(then|else|anyOf|oneOf|allOf)(\/|$)/.test(error.schemaPath));
  const chosen = plain.find((error) => error.keyword !== 'if') ?? plain[0] ?? errors[0];
  if (!chosen) return 'the definition does not match the schema';
  return describeSchemaError(chosen);
}

function describeSchemaError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const at = fieldName(error.instancePath);
  const field = `"${at}"`;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return `"${at ? `${at}.${missing}` : missing}" is missing`;
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      return `unknown field "${at ? `${at}.${extra}` : extra}"`;
    }
    case 'type':
      return at ? `${field} must be ${article(String(params.type))}` : 'the definition must be a JSON object';
    case 'enum':
      return `${field} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'minLength':
      return `${field} must be a non-empty string`;
    case 'minItems':
      return `${field} must not be empty`;
    case 'exclusiveMinimum':
    case 'minimum':
      return `${field} must be a positive number`;
    case 'format':
      return params.format === 'regex'
        ? `${field} is not a valid regular expression: ${String(error.data)} (${regexError(String(error.data)) ?? 'invalid'})`
        : `${field} must be a ${String(params.format)}`;
    case 'pattern':
      return `${field} must match ${String(params.pattern)}`;
    case 'if': {
      const then = (error.parentSchema as { then?: { description?: string } } | undefined)?.then;
      return `${at ? `${field}: ` : ''}${then?.description ?? error.message ?? 'a conditional rule fails'}`;
    }
    default:
      return `${at ? `${field} ` : ''}${error.message ?? `fails "${error.keyword}"`}`;
  }
}

/** `/adapter/executables/0` -> `adapter.executables[0]`. */
function fieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function article(type: string): string {
  return (
    {
      object: 'an object',
      array: 'an array',
      string: 'a string',
      number: 'a number',
      integer: 'an integer',
      boolean: 'true or false',
    }[type] ?? type
  );
}
