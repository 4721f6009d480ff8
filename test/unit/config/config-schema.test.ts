// schema/bpdiff-config.schema.json is what the option table says: regenerate it with `npm run docs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderConfigSchema, renderConfigSchemaFile } from '../../../src/config/config-schema.js';
import { CONFIG_OPTION_KEYS } from '../../../src/config/config.js';
import { findDeclaration } from '../../../src/options/declarations.js';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schema/bpdiff-config.schema.json');

describe("the config file's schema", () => {
  it('is schema/bpdiff-config.schema.json, written from the option table (npm run docs when this fails)', () => {
    expect(fs.readFileSync(FILE, 'utf8')).toBe(renderConfigSchemaFile());
  });

  it('takes every key the config reads, at its top and in each check, each bounded as its flag', () => {
    const schema = renderConfigSchema() as {
      properties: Record<string, unknown>;
      definitions: {
        options: { properties: Record<string, Record<string, unknown>> };
        check: { properties: Record<string, unknown> };
      };
    };
    for (const key of CONFIG_OPTION_KEYS) {
      expect(schema.properties[key], key).toEqual({ $ref: `#/definitions/options/properties/${key}` });
      expect(schema.definitions.check.properties[key], key).toEqual({
        $ref: `#/definitions/options/properties/${key}`,
      });
    }
    expect(Object.keys(schema.definitions.options.properties)).toEqual(CONFIG_OPTION_KEYS);
    expect(schema.definitions.options.properties['depth']).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: findDeclaration('depth')!.max,
    });
    expect(schema.definitions.options.properties['fail_on']).toMatchObject({
      type: 'string',
      enum: ['any', 'changed', 'never'],
    });
    expect(schema.definitions.check.properties['condition']).toMatchObject({
      type: 'string',
      description: `${findDeclaration('condition')!.describe} (--condition)`,
    });
  });
});
