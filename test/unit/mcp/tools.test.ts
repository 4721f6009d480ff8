// The MCP tools' schemas, built from the option declarations, and their arguments checked as the
// CLI checks its flags: one line each, the CLI's message where the CLI has one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { OPTION_DECLARATIONS, snakeCase, type OptionDeclaration } from '../../../src/options/declarations.js';
import { optionSchema, toolArguments, toolDefinitions, toolOptions } from '../../../src/mcp/tools.js';
import { captureInput, compareInput, diffCapturesInput } from '../../../src/mcp/arguments.js';
import { parseArgs } from '../../../src/cli/parse-args.js';
import { BpdiffError } from '../../../src/errors.js';
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID } from '../../../src/core/types.js';
import { MCP_MAX_OUTPUT_BYTES } from '../../../src/report/bound-output.js';

const declarations = OPTION_DECLARATIONS as readonly OptionDeclaration[];
const byName = Object.fromEntries(toolDefinitions().map((tool) => [tool.name, tool]));

/** A folder with a.py (5 lines) in v1/ and v2/, for the checks that look at files. */
function project(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-mcp-'));
  for (const version of ['v1', 'v2']) {
    fs.mkdirSync(path.join(dir, version));
    fs.writeFileSync(path.join(dir, version, 'a.py'), 'a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n');
  }
  return dir;
}

const DIR = project();
afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));
const run = (version: string) => ({ command: ['python3', 'a.py'], cwd: version });

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
  it('are compare, capture and diff_captures, each with an object input schema and its document as output schema', () => {
    expect(Object.keys(byName)).toEqual(['compare', 'capture', 'diff_captures']);
    expect(byName['compare']!.outputSchema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(byName['diff_captures']!.outputSchema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(byName['capture']!.outputSchema['$id']).toBe(CAPTURE_SCHEMA_ID);
    for (const tool of Object.values(byName)) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema['additionalProperties']).toBe(false);
      // Every input schema compiles (strict: no unknown keyword, no type mistake).
      new Ajv({ strict: true, strictTypes: false }).compile(tool.inputSchema);
    }
    expect(byName['compare']!.inputSchema['required']).toEqual(['bp', 'run_a', 'run_b']);
    expect(byName['capture']!.inputSchema['required']).toEqual(['bp', 'run']);
    expect(byName['diff_captures']!.inputSchema['required']).toEqual(['capture_a', 'capture_b']);
  });

  it("take every capture option of their CLI command, by its name in snake_case, hit and watch options included", () => {
    const properties = (tool: string) => Object.keys(byName[tool]!.inputSchema['properties'] as object);
    for (const [tool, command] of [['compare', 'compare'], ['capture', 'capture'], ['diff_captures', 'diff']] as const) {
      const expected = declarations.filter((declaration) => declaration.target && declaration.commands.includes(command)).map((declaration) => snakeCase(declaration.flag));
      expect(properties(tool)).toEqual(expect.arrayContaining(expected));
      expect(toolArguments(tool)).toEqual(properties(tool));
      expect(toolOptions(tool).map((declaration) => snakeCase(declaration.flag))).toEqual(expected);
    }
    expect(properties('compare')).toEqual(expect.arrayContaining(['hit', 'first_divergence', 'max_hits', 'watch', 'watch_only', 'fail_on', 'max_output_bytes']));
    expect(properties('capture')).not.toContain('first_divergence');
    expect(properties('diff_captures')).not.toContain('timeout');
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
    expect((byName['compare']!.inputSchema['properties'] as Record<string, object>)['max_output_bytes']).toMatchObject({ type: 'integer', default: MCP_MAX_OUTPUT_BYTES });
  });
});

describe('the arguments', () => {
  it('become the library input, paths resolved against the server folder, answers bounded at 64 KB', () => {
    const { input, notes } = compareInput({ bp: 'a.py:3', condition: 'a > 0', run_a: run('v1'), run_b: { ...run('v2'), env: { N: 3 } }, depth: 2, watch: ['a + b'] }, DIR);
    expect(notes).toEqual([]);
    expect(input.bp_b).toBeUndefined();
    expect(input).toMatchObject({ bp: 'a.py:3', condition: 'a > 0', depth: 2, watch: ['a + b'], max_output_bytes: MCP_MAX_OUTPUT_BYTES });
    expect(input.run_a).toEqual({ command: ['python3', 'a.py'], cwd: path.join(DIR, 'v1') });
    expect(input.run_b.env).toEqual({ N: '3' });
    expect(captureInput({ bp: 'a.py:3', run: run('v1') }, DIR)).toEqual({ bp: 'a.py:3', run: { command: ['python3', 'a.py'], cwd: path.join(DIR, 'v1') } });
  });

  it("follows bp's line into B's copy of the file, as the CLI does, unless bp_b is given", () => {
    fs.mkdirSync(path.join(DIR, 'v3'), { recursive: true });
    fs.writeFileSync(path.join(DIR, 'v3', 'a.py'), 'import os\nimport sys\na = 1\nb = 2\nc = 3\nd = 4\ne = 5\n');
    const followed = compareInput({ bp: 'a.py:3', run_a: run('v1'), run_b: run('v3') }, DIR);
    expect(followed.input).toMatchObject({ bp: 'a.py:3', bp_b: 'a.py:5' });
    expect(followed.notes).toEqual(["line 3 of a.py in A is line 5 in B's copy (lines above it were added or removed), so B stops at line 5"]);
    expect(compareInput({ bp: 'a.py:3', bp_b: 'a.py:4', run_a: run('v1'), run_b: run('v3') }, DIR)).toMatchObject({ input: { bp_b: 'a.py:4' }, notes: [] });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no bp', { run_a: run('v1'), run_b: run('v2') }, '--bp is missing — say where to stop, e.g. --bp src/app.py:42'],
    ['a bp without a line', { bp: 'a.py', run_a: run('v1'), run_b: run('v2') }, '--bp "a.py" has no line number — write it as FILE:LINE, e.g. --bp src/app.py:42'],
    ['a bp past the end', { bp: 'a.py:9', run_a: run('v1'), run_b: run('v2') }, '--bp a.py:9 is past the end of the file: a.py has 5 lines in run A — give a line from 1 to 5'],
    ['a number as bp', { bp: 3, run_a: run('v1'), run_b: run('v2') }, 'bp is the number 3, not a string (FILE:LINE) — give e.g. "bp": "src/app.py:42"'],
    ['an unknown argument', { bp: 'a.py:1', run_a: run('v1'), run_b: run('v2'), dpeth: 2 }, 'unknown option "dpeth" — use one of'],
    ['an unknown run key', { bp: 'a.py:1', run_a: { ...run('v1'), args: [] }, run_b: run('v2') }, 'unknown option "run_a.args" — use one of command, cwd, env, label, stdin_file'],
    ['no run_b', { bp: 'a.py:1', run_a: run('v1') }, 'run_b is missing — give the run as'],
    ['a string command', { bp: 'a.py:1', run_a: { command: 'python3 a.py' }, run_b: run('v2') }, 'run_a.command is the string "python3 a.py", not an array of strings'],
    ['an empty command', { bp: 'a.py:1', run_a: { command: [] }, run_b: run('v2') }, 'run_a.command is empty — give the program and its arguments as an array'],
    ['a missing cwd', { bp: 'a.py:1', run_a: run('v9'), run_b: run('v2') }, 'the working directory of run A does not exist'],
    ['a missing breakpoint file', { bp: 'b.py:1', run_a: run('v1'), run_b: run('v2') }, 'the breakpoint file b.py does not exist for run A'],
    ['a bad fail_on', { bp: 'a.py:1', run_a: run('v1'), run_b: run('v2'), fail_on: 'all' }, '--fail-on "all" is not one of any, changed, never — give --fail-on any or changed or never'],
  ])('compare: %s is one line', (_, args, message) => {
    expect(failure(() => compareInput(args, DIR))).toContain(message);
  });

  it('diff_captures: a missing file, a file that is not JSON, a number', () => {
    fs.writeFileSync(path.join(DIR, 'bad.json'), '{');
    expect(failure(() => diffCapturesInput({ capture_a: 'none.json', capture_b: 'bad.json' }, DIR))).toContain('run capture none.json does not exist');
    expect(failure(() => diffCapturesInput({ capture_a: 'bad.json', capture_b: 'bad.json' }, DIR))).toContain('bad.json is not valid JSON');
    expect(failure(() => diffCapturesInput({ capture_a: 7, capture_b: 'bad.json' }, DIR))).toContain('capture_a is the number 7, not a file path or a capture object');
  });
});

describe('bpdiff mcp on the command line', () => {
  it('parses, and takes no commands', async () => {
    expect(await parseArgs(['mcp'])).toEqual({ kind: 'mcp' });
    await expect(parseArgs(['mcp', '--', 'python3'])).rejects.toThrow('bpdiff mcp takes no commands after --');
    expect(await parseArgs(['--help'])).toMatchObject({ text: expect.stringContaining('bpdiff mcp') });
  });
});
