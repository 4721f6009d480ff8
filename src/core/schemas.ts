// The JSON Schemas (schema/*.schema.json) and their validators. Ajv is loaded and the schemas
// compiled on first use only: importing bpdiff, or running `bpdiff --help`, never pays for them.
import fs from 'node:fs';
import path from 'node:path';
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from 'ajv';
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID } from './types.js';
import { packageRoot } from '../package-root.js';
import { loadAjv } from '../load-ajv.js';

export type SchemaKind = 'comparison' | 'capture' | 'config';

export interface ValidationOutcome {
  ok: boolean;
  /** One line per problem: `<JSON pointer>: <what is wrong>`. Empty when ok. */
  errors: string[];
}

const SCHEMA_FILES: Record<SchemaKind, string> = {
  comparison: 'breakpoint-comparison.schema.json',
  capture: 'run-capture.schema.json',
  config: 'bpdiff-config.schema.json',
};

const SCHEMA_IDS: Record<SchemaKind, string> = {
  comparison: COMPARISON_SCHEMA_ID,
  capture: CAPTURE_SCHEMA_ID,
  config: 'https://bpdiff.dev/schemas/bpdiff-config.schema.json',
};

/** Absolute path of a schema file shipped with bpdiff. */
export function schemaPath(kind: SchemaKind): string {
  return path.join(packageRoot(), 'schema', SCHEMA_FILES[kind]);
}

/** The schema file's text, exactly as shipped. */
export function readSchemaText(kind: SchemaKind): string {
  return fs.readFileSync(schemaPath(kind), 'utf8');
}

const parsedSchemas = new Map<SchemaKind, Record<string, unknown>>();

/** The parsed schema (a fresh copy: callers may mutate it). */
export function loadSchema(kind: SchemaKind): Record<string, unknown> {
  let schema = parsedSchemas.get(kind);
  if (schema === undefined) {
    schema = JSON.parse(readSchemaText(kind)) as Record<string, unknown>;
    parsedSchemas.set(kind, schema);
  }
  return structuredClone(schema);
}

let ajv: AjvInstance | undefined;
const validators = new Map<SchemaKind, ValidateFunction>();

function getAjv(): AjvInstance {
  if (ajv !== undefined) return ajv;
  // A synchronous, on-demand load keeps validate*() synchronous and the module cheap to import.
  const AjvClass = loadAjv();
  const instance = new AjvClass({ allErrors: true, strict: true });
  // `links` (hyper-schema) annotates the schema and validates nothing.
  instance.addKeyword({ keyword: 'links', schemaType: 'array' });
  instance.addFormat('uri', isAbsoluteUri);
  instance.addSchema(loadSchema('comparison'));
  instance.addSchema(loadSchema('capture'));
  instance.addSchema(loadSchema('config'));
  ajv = instance;
  return instance;
}

function getValidator(kind: SchemaKind): ValidateFunction {
  let validate = validators.get(kind);
  if (validate === undefined) {
    validate = getAjv().getSchema(SCHEMA_IDS[kind]);
    if (validate === undefined) throw new Error(`schema ${SCHEMA_IDS[kind]} was not registered`);
    validators.set(kind, validate);
  }
  return validate;
}

/** Validate a parsed document against one of bpdiff's schemas. */
export function validateDocument(kind: SchemaKind, document: unknown): ValidationOutcome {
  const validate = getValidator(kind);
  if (validate(document)) return { ok: true, errors: [] };
  return { ok: false, errors: (validate.errors ?? []).map(describeSchemaError) };
}

/** Validate a comparison result document (schema/breakpoint-comparison.schema.json). */
export function validateComparison(document: unknown): ValidationOutcome {
  return validateDocument('comparison', document);
}

/** Validate a run capture (schema/run-capture.schema.json). */
export function validateCapture(document: unknown): ValidationOutcome {
  return validateDocument('capture', document);
}

/** RFC 3986 absolute URI: a scheme, a colon, and no whitespace or characters a URI never holds. */
export function isAbsoluteUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s"<>\\^`{|}]*$/.test(value);
}

function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  let detail = '';
  if (error.keyword === 'additionalProperties') detail = ` ('${String(params['additionalProperty'])}')`;
  else if (error.keyword === 'enum')
    detail = ` (${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`;
  else if (error.keyword === 'const') detail = ` (${JSON.stringify(params['allowedValue'])})`;
  return `${where}: ${error.message ?? error.keyword}${detail}`;
}
