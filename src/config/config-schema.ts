// schema/bpdiff-config.schema.json, generated from the option table (options/declarations.ts): each
// key a config takes (configDeclarations) is its flag's row, bounded as read-options.ts reads it, so
// the schema, the command line and the library cannot drift apart. `npm run docs` writes the file; a
// unit test fails when the file in the repository is not what this renders.
import { configDeclarations, findDeclaration, snakeCase, type OptionDeclaration } from '../options/declarations.js';
import { MAX_LIST_ENTRIES, MAX_PATTERN_LENGTH, MAX_TEXT_LENGTH } from '../options/read-options.js';

type JsonSchema = Record<string, unknown>;

/** One option as the config writes it: a JSON value of its kind, within its bounds. */
function optionSchema(declaration: OptionDeclaration): JsonSchema {
  const bounds = {
    ...(declaration.min !== undefined ? { minimum: declaration.min } : {}),
    ...(declaration.max !== undefined ? { maximum: declaration.max } : {}),
  };
  const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items, maxItems: MAX_LIST_ENTRIES });
  const kinds: Record<OptionDeclaration['kind'], () => JsonSchema> = {
    integer: () => ({ type: 'integer', ...bounds }),
    seconds: () => ({
      type: 'number',
      exclusiveMinimum: 0,
      ...(declaration.max !== undefined ? { maximum: declaration.max } : {}),
    }),
    flag: () => ({ type: 'boolean' }),
    choice: () => ({ type: 'string', enum: [...(declaration.choices ?? [])] }),
    string: () => ({ type: 'string', minLength: 1 }),
    globs: () => list({ type: 'string', minLength: 1, maxLength: MAX_PATTERN_LENGTH }),
    texts: () => list({ type: 'string', minLength: 1, maxLength: MAX_TEXT_LENGTH }),
    rewrites: () => list({ type: 'string', pattern: '=>', maxLength: MAX_PATTERN_LENGTH + 2 + MAX_TEXT_LENGTH }),
    // `0.01` (absolute) or `'1%'` (relative to run A's value).
    tolerance: () => ({
      anyOf: [
        { type: 'number', minimum: 0 },
        { type: 'string', pattern: '^[0-9.eE+-]+%?$' },
      ],
    }),
    pairs: () => ({ type: 'object', additionalProperties: { type: 'string' } }),
  };
  return { ...kinds[declaration.kind](), description: `${declaration.describe} (--${declaration.flag})` };
}

/** The options' keys, each a reference to its definition (at the top of the file, and in each check). */
function optionReferences(keys: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(keys.map((key) => [key, { $ref: `#/definitions/options/properties/${key}` }]));
}

export function renderConfigSchema(): JsonSchema {
  const declarations = configDeclarations();
  const keys = declarations.map((declaration) => snakeCase(declaration.flag));
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://bpdiff.dev/schemas/bpdiff-config.schema.json',
    title: 'bpdiff.config.json',
    description:
      "A team's bpdiff defaults (options by their CLI names in snake_case; the command line wins over them) and its named checks (bpdiff check). Generated from bpdiff's option table (npm run docs).",
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      baselines: {
        type: 'string',
        minLength: 1,
        // A path, at most PATH_MAX: every line that names it (bpdiff check's) stays bounded.
        maxLength: 4096,
        description:
          "the folder of the checks' baselines, relative to the config file's folder (default .bpdiff/baselines): a check's baseline is <baselines>/<check>.json unless it names its own",
      },
      fail_on_obsolete: {
        type: 'boolean',
        description:
          'bpdiff check fails (exit 1) when the baselines folder holds a baseline no check refers to, as --fail-on-obsolete does (default false: a warning)',
      },
      checks: {
        type: 'object',
        description:
          "named checks: bpdiff check [NAME...] [-u]; a name is also its baseline's file name (<baselines>/NAME.json)",
        additionalProperties: { $ref: '#/definitions/check' },
        maxProperties: 1000,
        propertyNames: { pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*$', maxLength: 100 },
      },
      ...optionReferences(keys),
    },
    definitions: {
      options: {
        type: 'object',
        properties: Object.fromEntries(
          declarations.map((declaration) => [snakeCase(declaration.flag), optionSchema(declaration)]),
        ),
      },
      check: {
        type: 'object',
        additionalProperties: false,
        required: ['bp', 'cmd'],
        properties: {
          bp: { type: 'string', maxLength: 4096, description: 'where to stop: FILE:LINE, FILE relative to cwd' },
          // The check's breakpoint holds its condition, as --bp and --condition go together on the command line.
          condition: { ...optionSchema(findDeclaration('condition')!) },
          cmd: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'the command and its arguments' },
          cwd: {
            type: 'string',
            description: "the run's working directory, relative to the config file's folder (default: that folder)",
          },
          env: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'environment variables for the run',
          },
          baseline: {
            type: 'string',
            maxLength: 4096,
            description:
              "this check's baseline file, relative to the config file's folder (default: <baselines>/<check>.json)",
          },
          ...optionReferences(keys),
        },
      },
    },
  };
}

/** The file's text, as `npm run docs` writes it. */
export function renderConfigSchemaFile(): string {
  return `${JSON.stringify(renderConfigSchema(), null, 2)}\n`;
}
