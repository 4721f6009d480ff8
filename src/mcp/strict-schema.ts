// A JSON Schema as a client's validator in strict mode takes it (Ajv's default `strict`, with
// `strictTypes`): bpdiff's schema files say `"type": ["string", "null"]` and carry JSON Hyper-Schema's
// `links`, which draft-07 validation does not define. The tools' schemas are given as `anyOf` one type
// each, the keywords that apply to one type kept with it, and without `links`: what they accept is
// the same.
type JsonSchema = Record<string, unknown>;

/** Keywords that apply to every type: they stay beside the `anyOf`. */
const ANY_TYPE = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  '$id',
  '$schema',
  'definitions',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  'readOnly',
  'writeOnly',
]);

export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema as JsonSchema)
    .filter(([key]) => key !== 'links')
    .map(
      ([key, value]) =>
        [
          key,
          key === 'properties' || key === 'definitions' || key === 'patternProperties'
            ? mapValues(value)
            : strictSchema(value),
        ] as const,
    );
  const object = Object.fromEntries(entries) as JsonSchema;
  const types = object['type'];
  if (!Array.isArray(types)) return object;
  const shared: JsonSchema = {};
  const specific: JsonSchema = {};
  for (const [key, value] of Object.entries(object))
    if (key !== 'type') (ANY_TYPE.has(key) ? shared : specific)[key] = value;
  const branches = (types as string[]).map((type) => ({
    type,
    ...Object.fromEntries(Object.entries(specific).filter(([key]) => appliesTo(key, type))),
  }));
  if (shared['anyOf'] === undefined) return { ...shared, anyOf: branches };
  const { anyOf, ...rest } = shared;
  return { ...rest, allOf: [{ anyOf }, { anyOf: branches }] };
}

function mapValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as JsonSchema).map(([key, inner]) => [key, strictSchema(inner)]));
}

/** Whether a type-specific keyword applies to `type` (Ajv's strictTypes refuses one that does not). */
function appliesTo(keyword: string, type: string): boolean {
  const numeric = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
  const text = ['minLength', 'maxLength', 'pattern', 'format'];
  const list = ['items', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'];
  const record = [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependencies',
  ];
  if (numeric.includes(keyword)) return type === 'number' || type === 'integer';
  if (text.includes(keyword)) return type === 'string';
  if (list.includes(keyword)) return type === 'array';
  if (record.includes(keyword)) return type === 'object';
  return true;
}
