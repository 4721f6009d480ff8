// The MCP tools' schemas, built from the option declarations, and their arguments checked as the
// CLI checks its flags: one line each, the CLI's message where the CLI has one.
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { default as addFormatsModule } from 'ajv-formats';
import { inArgumentNames } from '../../../src/mcp/argument-names.js';
import { strictSchema } from '../../../src/mcp/strict-schema.js';
import { OPTION_DECLARATIONS, snakeCase, type OptionDeclaration } from '../../../src/options/declarations.js';
import { optionSchema, toolArguments, toolDefinitions, toolOptions } from '../../../src/mcp/tools.js';
import { toolInput } from '../../../src/mcp/arguments.js';
import { parseArgs } from '../../../src/cli/parse-args.js';
import { BpdiffError } from '../../../src/errors.js';
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID } from '../../../src/core/types.js';
import { MCP_MAX_OUTPUT_BYTES } from '../../../src/report/bound-output.js';

const declarations = OPTION_DECLARATIONS as readonly OptionDeclaration[];
const byName = Object.fromEntries(toolDefinitions().map((tool) => [tool.name, tool]));

function failure(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(BpdiffError);
    const message = (error as BpdiffError).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(' — ');
    return message;
  }
  throw new Error('did not fail');
}

describe('the tools', () => {
  it('are compare, capture, diff_captures, locate and doctor, each with an object input schema and its document as output schema', () => {
    expect(Object.keys(byName)).toEqual(['compare', 'capture', 'diff_captures', 'locate', 'doctor']);
    expect(Object.keys(byName['doctor']!.inputSchema['properties'] as object)).toEqual(toolArguments('doctor'));
    expect(byName['doctor']!.outputSchema['required']).toEqual(['adapters']);
    expect(byName['locate']!.outputSchema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(byName['locate']!.inputSchema['required']).toEqual(['run_a', 'run_b']);
    expect(byName['compare']!.outputSchema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(byName['diff_captures']!.outputSchema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(byName['capture']!.outputSchema['$id']).toBe(CAPTURE_SCHEMA_ID);
    for (const tool of Object.values(byName)) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema['additionalProperties']).toBe(false);
      // Every schema compiles in strict mode, strictTypes included: no unknown keyword (JSON Hyper-Schema's links), no union type, no type mistake.
      for (const schema of [tool.inputSchema, tool.outputSchema])
        expect(
          () => addFormats(new Ajv({ strict: true })).compile(schema),
          `${tool.name}: ${JSON.stringify(schema).slice(0, 80)}`,
        ).not.toThrow();
    }
    expect(byName['compare']!.inputSchema['required']).toEqual(['bp', 'run_a', 'run_b']);
    expect(byName['capture']!.inputSchema['required']).toEqual(['bp', 'run']);
    expect(byName['diff_captures']!.inputSchema['required']).toEqual(['capture_a', 'capture_b']);
  });

  it('take every capture option of their CLI command, by its name in snake_case, hit and watch options included', () => {
    const properties = (tool: string) => Object.keys(byName[tool]!.inputSchema['properties'] as object);
    for (const [tool, command] of [
      ['compare', 'compare'],
      ['capture', 'capture'],
      ['diff_captures', 'diff'],
      ['locate', 'locate'],
    ] as const) {
      const expected = declarations
        .filter((declaration) => declaration.target && declaration.commands.includes(command))
        .map((declaration) => snakeCase(declaration.flag));
      expect(properties(tool)).toEqual(expect.arrayContaining(expected));
      expect(toolArguments(tool)).toEqual(properties(tool));
      expect(toolOptions(tool).map((declaration) => snakeCase(declaration.flag))).toEqual(expected);
    }
    expect(properties('compare')).toEqual(
      expect.arrayContaining([
        'hit',
        'first_divergence',
        'max_hits',
        'watch',
        'watch_only',
        'fail_on',
        'max_output_bytes',
      ]),
    );
    expect(properties('capture')).not.toContain('first_divergence');
    expect(properties('diff_captures')).not.toContain('timeout');
    expect(properties('locate')).toEqual(
      expect.arrayContaining(['from', 'within', 'max_steps', 'cwd', 'env', 'stdin_file', 'depth', 'ignore']),
    );
    expect(properties('locate')).not.toContain('bp');
    expect(properties('locate')).not.toContain('hit');
  });

  it('types each option by its kind', () => {
    const schema = (flag: string) => optionSchema(declarations.find((declaration) => declaration.flag === flag)!);
    expect(schema('depth')).toMatchObject({ type: 'integer', minimum: 0, maximum: 100 });
    expect(schema('timeout')).toMatchObject({ type: 'number', exclusiveMinimum: 0, maximum: 86_400, examples: [120] });
    expect(schema('first-divergence')).toMatchObject({ type: 'boolean' });
    expect(schema('scope')).toMatchObject({ type: 'string', enum: ['locals', 'globals'] });
    expect(schema('watch')).toMatchObject({ type: 'array', items: { type: 'string' }, examples: [['discount * 2']] });
    expect(schema('ignore')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema('normalize')).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema('tolerance')).toMatchObject({ type: ['number', 'string'] });
    expect(schema('adapter')).toMatchObject({ type: 'string' });
    expect((byName['compare']!.inputSchema['properties'] as Record<string, object>)['max_output_bytes']).toMatchObject({
      type: 'integer',
      default: MCP_MAX_OUTPUT_BYTES,
    });
  });
});

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

describe('the tools, as a client sees them', () => {
  it('each say what they do to the world: compare, capture and locate run programs, diff_captures only reads', () => {
    for (const name of ['compare', 'capture', 'locate'])
      expect(byName[name]!.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      });
    expect(byName['diff_captures']!.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it('give union types as anyOf, one type each with its own keywords, and leave links out: the same values pass', () => {
    expect(strictSchema({ type: ['string', 'null'], minLength: 1, description: 'd' })).toEqual({
      description: 'd',
      anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }],
    });
    expect(
      strictSchema({ links: [{ rel: 'self' }], type: 'object', properties: { a: { type: ['number', 'string'] } } }),
    ).toEqual({ type: 'object', properties: { a: { anyOf: [{ type: 'number' }, { type: 'string' }] } } });
    const tolerance = addFormats(new Ajv({ strict: true })).compile(
      (byName['compare']!.inputSchema['properties'] as Record<string, object>)['tolerance']!,
    );
    expect([0.5, '1%', true].map((value) => tolerance(value))).toEqual([true, true, false]);
  });

  it("speak in the tools' argument names in their errors, not the CLI's flags", () => {
    expect(inArgumentNames('--max-steps "0" is not a whole number from 1 up — give e.g. --max-steps 100000')).toBe(
      'max_steps "0" is not a whole number from 1 up — give e.g. max_steps 100000',
    );
    expect(inArgumentNames('the working directory of run A does not exist: /x — check --cwd-a (run_a.cwd)')).toBe(
      'the working directory of run A does not exist: /x — check run_a.cwd',
    );
    expect(inArgumentNames('a program flag --verbose, and --stdin-b')).toBe(
      'a program flag --verbose, and run_b.stdin_file',
    );
  });
});

describe('the arguments', () => {
  it('are the library input as given (checked there), answers bounded at 64 KB unless the call says otherwise', () => {
    expect(toolInput('compare', { bp: 'a.py:3', depth: 2, condition: null }, true)).toEqual({
      bp: 'a.py:3',
      depth: 2,
      max_output_bytes: MCP_MAX_OUTPUT_BYTES,
    });
    expect(toolInput('compare', { bp: 'a.py:3', max_output_bytes: 2048 }, true)).toEqual({
      bp: 'a.py:3',
      max_output_bytes: 2048,
    });
    expect(toolInput('capture', undefined, false)).toEqual({});
    expect(failure(() => toolInput('compare', [1], true))).toBe(
      'the arguments of compare are an array, not an object — give them as an object of named arguments',
    );
  });
});

describe('bpdiff mcp on the command line', () => {
  it('parses, and takes no commands', async () => {
    expect(await parseArgs(['mcp'])).toEqual({ kind: 'mcp' });
    await expect(parseArgs(['mcp', '--', 'python3'])).rejects.toThrow('bpdiff mcp takes no commands after --');
    expect(await parseArgs(['--help'])).toMatchObject({ text: expect.stringContaining('bpdiff mcp') });
  });
});
