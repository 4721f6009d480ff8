// The MCP tools of `bpdiff mcp`: their names, descriptions and JSON Schemas. The options are the
// CLI's capture options by their names in snake_case, built from OPTION_DECLARATIONS (so a new option
// is a new tool argument without a line here); each tool's output schema is the schema of the document
// it returns (schema/*.schema.json). Nothing here loads the MCP SDK.
import {
  callKeys,
  defaultOf,
  findDeclaration,
  OPTION_DECLARATIONS,
  perRunDeclaration,
  runFlag,
  snakeCase,
  type CommandName,
  type OptionDeclaration,
} from '../options/declarations.js';
import { runKeys, sharedRunKeys, type RunCommand } from '../intake/runs.js';
import { loadSchema } from '../core/schemas.js';
import { MCP_MAX_OUTPUT_BYTES } from '../report/bound-output.js';
import { TOOL_ANNOTATIONS, type ToolAnnotations } from './annotations.js';
import { strictSchema } from './strict-schema.js';

export type ToolName = RunToolName | 'doctor';
/** The tools that take capture options (all but doctor, which takes a definition file at most). */
export type RunToolName = 'compare' | 'capture' | 'diff_captures' | 'locate';

export const TOOL_NAMES: readonly ToolName[] = ['compare', 'capture', 'diff_captures', 'locate', 'doctor'];

type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  annotations: ToolAnnotations;
}

/** Which declared options each tool takes: the capture options of its CLI command. */
const TOOL_COMMAND: Record<RunToolName, CommandName> = {
  compare: 'compare',
  capture: 'capture',
  diff_captures: 'diff',
  locate: 'locate',
};

/** The capture options a tool takes, as declared (only those with a place in CaptureOptions). */
export function toolOptions(tool: RunToolName): OptionDeclaration[] {
  return (OPTION_DECLARATIONS as readonly OptionDeclaration[]).filter(
    (declaration) => declaration.target !== undefined && declaration.commands.includes(TOOL_COMMAND[tool]),
  );
}

/** One declared option as a JSON Schema property. */
export function optionSchema(declaration: OptionDeclaration): JsonSchema {
  const schema: JsonSchema = { description: declaration.describe };
  switch (declaration.kind) {
    case 'integer':
      Object.assign(
        schema,
        { type: 'integer' },
        declaration.min !== undefined ? { minimum: declaration.min } : {},
        declaration.max !== undefined ? { maximum: declaration.max } : {},
      );
      break;
    case 'seconds':
      Object.assign(
        schema,
        { type: 'number', exclusiveMinimum: 0 },
        declaration.max !== undefined ? { maximum: declaration.max } : {},
      );
      break;
    case 'flag':
      schema['type'] = 'boolean';
      break;
    case 'choice':
      Object.assign(schema, { type: 'string', enum: [...(declaration.choices ?? [])] });
      break;
    case 'globs':
    case 'texts':
    case 'rewrites':
      Object.assign(schema, { type: 'array', items: { type: 'string', minLength: 1 } });
      break;
    case 'tolerance':
      // `0.01` (absolute) or `'1%'` (relative to run A's value).
      Object.assign(schema, { type: ['number', 'string'] });
      break;
    case 'pairs':
      Object.assign(schema, { type: 'object', additionalProperties: { type: 'string' } });
      break;
    case 'string':
      Object.assign(schema, { type: 'string', minLength: 1 });
      break;
  }
  const shown = defaultOf(declaration);
  if (shown !== undefined && shown !== null) schema['default'] = shown;
  if (declaration.example !== undefined) schema['examples'] = [exampleValue(declaration)];
  return schema;
}

/** A declaration's example (`'*.created_at'`, `120`) as the value a tool argument takes. */
function exampleValue(declaration: OptionDeclaration): unknown {
  const text = declaration.example!.replace(/^'(.*)'$/, '$1');
  if (declaration.kind === 'integer' || declaration.kind === 'seconds') return Number(text);
  if (declaration.kind === 'globs' || declaration.kind === 'texts' || declaration.kind === 'rewrites') return [text];
  return text;
}

/** What a tool says of a call value otherwise than its flag's help: the exit code is in _meta; the answer is bounded by default (an agent needs it in a few KB). */
const CALL_VALUE_NOTES: Readonly<Record<string, () => JsonSchema>> = {
  fail_on: () => ({
    description:
      'when the exit code (in _meta "bpdiff/exit_code") is 1: on any difference (any), only on a changed value (changed), or never (never)',
  }),
  max_output_bytes: () => ({
    default: MCP_MAX_OUTPUT_BYTES,
    description: `${findDeclaration('max-output-bytes')!.describe} (default here ${MCP_MAX_OUTPUT_BYTES}: 64 KB)`,
  }),
};

/** The tools compare live runs: a stored capture is compared with diff_captures, not as compare's baseline. */
const NOT_TOOL_ARGUMENTS: readonly string[] = ['baseline'];

/** The call's own values a tool takes (the option table's `call` rows of its command: condition, fail_on...), as JSON Schema properties. */
function callProperties(tool: RunToolName): Record<string, JsonSchema> {
  const keys = callKeys(TOOL_COMMAND[tool]).filter((key) => !NOT_TOOL_ARGUMENTS.includes(key));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      { ...optionSchema(findDeclaration(key.replaceAll('_', '-'))!), ...CALL_VALUE_NOTES[key]?.() },
    ]),
  );
}

/**
 * A run: its argv, and what it has of its own, from the per-run declarations (`run_a.cwd` is --cwd-a,
 * described as it is; a capture's one run takes the shared flags' values as its own).
 */
function runSchema(command: RunCommand, side: 'a' | 'b' | null): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    command: {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      description: 'the program and its arguments, e.g. ["python3", "app.py", "10"]',
    },
  };
  for (const key of runKeys(command).slice(1))
    properties[key] = { ...optionSchema(runFlag(perRunDeclaration(key)!, side)), ...pathNote(key) };
  return {
    type: 'object',
    description: 'one run of the program',
    required: ['command'],
    additionalProperties: false,
    properties,
  };
}

/** The per-run options' shared values a tool takes at its top level, described as their shared flags. */
function sharedRunProperties(command: RunCommand): Record<string, JsonSchema> {
  return Object.fromEntries(
    sharedRunKeys(command).map((key) => [
      key,
      { ...optionSchema(runFlag(perRunDeclaration(key)!, null)), ...pathNote(key) },
    ]),
  );
}

/** Paths of a tool call are found from the server's working directory. */
function pathNote(key: string): JsonSchema {
  return key === 'cwd' || key === 'stdin_file'
    ? { description: `${runFlag(perRunDeclaration(key)!, null).describe} (relative to the server's working directory)` }
    : {};
}

const CAPTURE_SOURCE: JsonSchema = {
  description:
    "a run capture: the path of a file `bpdiff capture` wrote (relative to the server's working directory), or the capture object the capture tool returned",
  anyOf: [{ type: 'string', minLength: 1 }, { type: 'object' }],
};

function objectSchema(
  own: Record<string, JsonSchema>,
  required: string[],
  tool: RunToolName,
): JsonSchema & { type: 'object' } {
  const properties: Record<string, JsonSchema> = { ...own, ...callProperties(tool) };
  for (const declaration of toolOptions(tool)) properties[snakeCase(declaration.flag)] = optionSchema(declaration);
  return { type: 'object', properties, required, additionalProperties: false };
}

/** The arguments a tool takes besides the call's values and its capture options. */
const OWN_ARGUMENTS: Record<RunToolName, readonly string[]> = {
  compare: [...sharedRunKeys('compare'), 'run_a', 'run_b'],
  capture: [...sharedRunKeys('capture'), 'run'],
  diff_captures: ['capture_a', 'capture_b', 'label_a', 'label_b'],
  locate: [...sharedRunKeys('locate'), 'run_a', 'run_b'],
};

/** Every argument a tool accepts, in the order of its schema. */
export function toolArguments(tool: ToolName): string[] {
  if (tool === 'doctor') return ['adapter_config'];
  return [
    ...OWN_ARGUMENTS[tool],
    ...Object.keys(callProperties(tool)),
    ...toolOptions(tool).map((declaration) => snakeCase(declaration.flag)),
  ];
}

function outputSchema(kind: 'comparison' | 'capture'): JsonSchema & { type: 'object' } {
  return loadSchema(kind) as JsonSchema & { type: 'object' };
}

/** The tools, each with its annotations (annotations.ts), its schemas as a strict validator takes them (strict-schema.ts). */
export function toolDefinitions(): ToolDefinition[] {
  return toolSchemas().map((tool) => ({
    ...tool,
    inputSchema: strictSchema(tool.inputSchema) as ToolDefinition['inputSchema'],
    outputSchema: strictSchema(tool.outputSchema) as ToolDefinition['outputSchema'],
    annotations: TOOL_ANNOTATIONS[tool.name],
  }));
}

function toolSchemas(): Array<Omit<ToolDefinition, 'annotations'>> {
  return [
    {
      name: 'compare',
      title: 'Compare two runs at a breakpoint',
      description: [
        "Run two commands (run_a, run_b: e.g. two versions of a program, or one program with two inputs) under a real debugger, stop each at the breakpoint bp (FILE:LINE, optionally only when `condition` holds; run_b.bp gives B a line of its own, else bp's line is followed into B's copy of the file) and compare the variables visible there.",
        "The result is the comparison document: diff.changed (name -> {a, b}), only_in_a, only_in_b, unchanged, each run's variables and status (break, or no_break with why in analysis_hints), and `context` (a compact summary to read first).",
        'Use hit (the Nth pass through the line), first_divergence (stop both runs at every hit in lockstep and report the first hit where they differ), watch (expressions evaluated at the stop) and watch_only to look where the runs part ways; ignore, normalize and tolerance to leave noise out.',
        "Arguments are checked like the CLI's flags (bpdiff --help): a mistake is a one-line tool error.",
      ].join(' '),
      inputSchema: objectSchema(
        { ...sharedRunProperties('compare'), run_a: runSchema('compare', 'a'), run_b: runSchema('compare', 'b') },
        ['bp', 'run_a', 'run_b'],
        'compare',
      ),
      outputSchema: outputSchema('comparison'),
    },
    {
      name: 'capture',
      title: 'Capture one run at a breakpoint',
      description:
        'Run one command under a real debugger, stop it at the breakpoint bp (FILE:LINE, optionally only when `condition` holds) and return its run capture: the variables, the stack frames, the output tails, and why it did not stop when it did not. Two captures compare with diff_captures (e.g. a baseline recorded before a change and a run after it).',
      inputSchema: objectSchema(
        { ...sharedRunProperties('capture'), run: runSchema('capture', null) },
        ['bp', 'run'],
        'capture',
      ),
      outputSchema: outputSchema('capture'),
    },
    {
      name: 'diff_captures',
      title: 'Compare two run captures',
      description:
        'Compare two run captures (files `bpdiff capture` wrote, or objects the capture tool returned) without running anything, through the same value pipeline as a live comparison. The result is the comparison document, as compare returns it.',
      inputSchema: objectSchema(
        {
          capture_a: CAPTURE_SOURCE,
          capture_b: CAPTURE_SOURCE,
          label_a: {
            type: 'string',
            minLength: 1,
            description: "name of run A in the result (default: the capture's label)",
          },
          label_b: {
            type: 'string',
            minLength: 1,
            description: "name of run B in the result (default: the capture's label)",
          },
        },
        ['capture_a', 'capture_b'],
        'diff_captures',
      ),
      outputSchema: outputSchema('comparison'),
    },
    {
      name: 'locate',
      title: 'Find where two runs part ways',
      description: [
        "Run two commands (run_a, run_b) under a real debugger and walk both in lockstep, from where the program's own code starts (or from `from`: FILE:LINE or FILE:LINE:N), to where they part ways: no breakpoint to guess. By default by effects: each line is stepped over and what it did compared (where each run goes next, what its frame holds, what it wrote, the value a function returned), and only a line whose effects differ is stepped into; every_line steps into every line and compares where each run stands and what its frame holds.",
        "The result is the comparison document there: its first hints say where and how the runs part ways (a line each goes on to, a value that differs, output or a returned value that differs, a run that ends) and give the `bpdiff --bp FILE:LINE` command that compares them there again; its `locate` object says the same as data; `context` holds each run's stack.",
        'within (globs of paths from the run\'s folder) narrows the lines that count; max_steps bounds the walk (exit code 0 and "no divergence in N steps" when it ends first). Long walks send progress notifications.',
      ].join(' '),
      inputSchema: objectSchema(
        { ...sharedRunProperties('locate'), run_a: runSchema('locate', 'a'), run_b: runSchema('locate', 'b') },
        ['run_a', 'run_b'],
        'locate',
      ),
      outputSchema: outputSchema('comparison'),
    },
    {
      name: 'doctor',
      title: 'List the debug adapters installed here',
      description:
        "Which debug adapters bpdiff finds on this machine, looked for as a run looks for them (as `bpdiff doctor` does): for each, its id (the `adapter` argument's value), whether it is installed, its version, what a run would start, and the command that installs it when it is missing. Call it before compare, capture or locate when a language's adapter may be missing. With adapter_config, that adapter definition instead, checked and its adapter started and asked `initialize`. Runs nothing of the user's.",
      inputSchema: {
        type: 'object',
        properties: {
          adapter_config: {
            ...optionSchema(findDeclaration('adapter-config')!),
            description: `${findDeclaration('adapter-config')!.describe} (relative to the server's working directory)`,
          },
        },
        required: [],
        additionalProperties: false,
      },
      outputSchema: DOCTOR_OUTPUT,
    },
  ];
}

/** The doctor tool's answer: one entry per adapter (library/doctor.ts AdapterStatus). */
const DOCTOR_OUTPUT: JsonSchema & { type: 'object' } = {
  type: 'object',
  required: ['adapters'],
  additionalProperties: false,
  properties: {
    adapters: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'ok', 'version', 'detail', 'install'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', description: "the adapter's id, as the adapter argument takes it" },
          name: { type: 'string', description: 'the adapter as a run names it (debugpy, lldb-dap)' },
          ok: { type: 'boolean', description: 'installed: a run can start it' },
          version: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          detail: {
            type: 'string',
            description: 'when ok: what a run would start; when missing: what was not found',
          },
          install: { type: 'string', description: 'the command that installs it' },
        },
      },
    },
  },
};
