// The two schemas: their identity and links, and that each rejects what the spec forbids.
import { describe, expect, it } from 'vitest';
import { CAPTURE_SCHEMA_ID, COMPARISON_SCHEMA_ID, type ComparisonResult } from '../../../src/core/types.js';
import { isAbsoluteUri, loadSchema, validateCapture, validateComparison } from '../../../src/core/schemas.js';
import { buildComparison } from '../../../src/core/build-comparison.js';
import { expectValidComparison, makeCapture, PRICING_V1, PRICING_V2 } from '../fixtures/captures.js';

type Json = Record<string, unknown>;

function validDocument(): ComparisonResult {
  const doc = buildComparison(
    makeCapture({
      variables: { ...PRICING_V1, gone: '1' },
      breakpoint: { file: 'pricing.py', line: 34, condition: 'qty > 3' },
    }),
    makeCapture({
      side: 'b',
      variables: { ...PRICING_V2, added: '2' },
      breakpoint: { file: 'pricing.py', line: 34, condition: 'qty > 3' },
    }),
    { sourceLine: 'total += line_total' },
  );
  expectValidComparison(doc);
  return doc;
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function at(doc: Json, pointer: string[]): Json {
  return pointer.reduce<Json>((node, key) => node[key] as Json, doc);
}

const REQUIRED: Array<[string[], string]> = [
  [[], 'breakpoint'],
  [[], 'run_a'],
  [[], 'run_b'],
  [[], 'diff'],
  [[], 'analysis_hints'],
  [['breakpoint'], 'file'],
  [['breakpoint'], 'line'],
  ...(['run_a', 'run_b'] as const).flatMap(
    (run): Array<[string[], string]> => [
      [[run], 'label'],
      [[run], 'command'],
      [[run], 'status'],
      [[run], 'location'],
      [[run], 'variables'],
      [[run, 'location'], 'file'],
      [[run, 'location'], 'line'],
    ],
  ),
  [['diff'], 'changed'],
  [['diff'], 'unchanged'],
  [['diff'], 'only_in_a'],
  [['diff'], 'only_in_b'],
  [['diff', 'changed', 'rate'], 'a'],
  [['diff', 'changed', 'rate'], 'b'],
];

const WRONG_TYPES: Array<[string[], string, unknown]> = [
  [[], '$schema', 42],
  [[], '$schema', 'not a uri'],
  [[], 'context', ['x']],
  [[], 'analysis_hints', 'x'],
  [['analysis_hints'], '0', 7],
  [['breakpoint'], 'file', 1],
  [['breakpoint'], 'line', '34'],
  [['breakpoint'], 'line', 34.5],
  [['breakpoint'], 'condition', true],
  [['run_a'], 'label', null],
  [['run_a'], 'command', ['python3']],
  [['run_a'], 'status', true],
  [['run_a'], 'location', 'pricing.py:34'],
  [['run_a', 'location'], 'line', '34'],
  [['run_a'], 'variables', []],
  [['run_a', 'variables'], 'rate', 0.1],
  [['run_b', 'variables'], 'rate', null],
  [['diff'], 'changed', []],
  [['diff'], 'unchanged', {}],
  [['diff', 'unchanged'], '0', 1],
  [['diff'], 'only_in_a', 'x'],
  [['diff'], 'only_in_b', [null]],
  [['diff', 'changed'], 'rate', '0.1'],
  [['diff', 'changed', 'rate'], 'a', 0.1],
];

describe('comparison schema', () => {
  it('is draft-07 with the $id from types.ts and the links of spec 2.6', () => {
    const schema = loadSchema('comparison');
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema['$id']).toBe(COMPARISON_SCHEMA_ID);
    expect(schema['links']).toEqual([
      { rel: 'self', href: COMPARISON_SCHEMA_ID },
      { rel: 'related', href: CAPTURE_SCHEMA_ID },
    ]);
    expect(schema['required']).toEqual(['breakpoint', 'run_a', 'run_b', 'diff', 'analysis_hints']);
  });

  it('accepts the documents buildComparison makes, and one without the optional fields', () => {
    const doc = clone(validDocument()) as unknown as Json;
    expect(doc['$schema']).toBe(COMPARISON_SCHEMA_ID);
    delete doc['$schema'];
    delete doc['context'];
    delete (doc['breakpoint'] as Json)['condition'];
    expectValidComparison(doc);
  });

  it.each(REQUIRED)('rejects a document without %j.%s', (pointer, field) => {
    const doc = clone(validDocument()) as unknown as Json;
    delete at(doc, pointer)[field];
    const outcome = validateComparison(doc);
    expect(outcome.ok).toBe(false);
    expect(outcome.errors.join('\n')).toContain(`must have required property '${field}'`);
  });

  it.each(WRONG_TYPES)('rejects %j.%s = %j', (pointer, field, value) => {
    const doc = clone(validDocument()) as unknown as Json;
    at(doc, pointer)[field] = value;
    expect(validateComparison(doc).ok).toBe(false);
  });

  it('rejects a status outside the enum', () => {
    const doc = clone(validDocument()) as unknown as Json;
    (doc['run_b'] as Json)['status'] = 'stopped';
    expect(validateComparison(doc).errors).toEqual([
      '/run_b/status: must be equal to one of the allowed values ("break", "no_break")',
    ]);
  });

  it.each([[[]], [['breakpoint']], [['run_a']], [['run_a', 'location']], [['diff']], [['diff', 'changed', 'rate']]])(
    'rejects an extra field in %j',
    (pointer) => {
      const doc = clone(validDocument()) as unknown as Json;
      at(doc, pointer)['extra'] = 'x';
      expect(validateComparison(doc).errors.join('\n')).toContain("must NOT have additional properties ('extra')");
    },
  );

  it('rejects values that are not objects at all', () => {
    for (const value of [null, [], 'x', 3]) expect(validateComparison(value).ok).toBe(false);
  });
});

describe('run capture schema', () => {
  const capture = (): Json =>
    clone(makeCapture({ variables: PRICING_V1, types: { rate: 'float' } })) as unknown as Json;
  // `timing` is the one RunCapture field a capture may lack: a baseline committed by bpdiff check keeps no timings.
  const fields = [
    '$schema',
    'breakpoint',
    'run',
    'adapter',
    'resolved_file',
    'stop',
    'bound_line',
    'no_break_reason',
    'frames',
    'exit_code',
    'output',
    'types',
    'truncated',
    'normalised',
    'warnings',
  ];

  it('has the $id from types.ts, links back to the comparison schema, and requires every RunCapture field', () => {
    const schema = loadSchema('capture');
    expect(schema['$id']).toBe(CAPTURE_SCHEMA_ID);
    expect(schema['links']).toEqual([
      { rel: 'self', href: CAPTURE_SCHEMA_ID },
      { rel: 'related', href: COMPARISON_SCHEMA_ID },
    ]);
    expect(schema['required']).toEqual(fields);
  });

  it('shares the comparison schema definitions of breakpoint, run result and location', () => {
    const comparison = loadSchema('comparison')['definitions'] as Json;
    const own = loadSchema('capture')['definitions'] as Json;
    for (const name of ['breakpoint', 'run_result', 'location']) expect(own[name]).toEqual(comparison[name]);
  });

  it('accepts every no_break reason kind', () => {
    const reasons = [
      { kind: 'exited', exit_code: 3 },
      { kind: 'exited', exit_code: null },
      { kind: 'exception', message: 'KeyError' },
      { kind: 'signal', signal: 'SIGSEGV', message: '' },
      { kind: 'timeout', seconds: 60, phase: 'build' },
      { kind: 'condition_error', message: 'SyntaxError' },
      { kind: 'unbound', message: 'no code' },
      { kind: 'unbound', message: 'no code', nearest: [3, 5] },
      { kind: 'moved', bound_line: 36 },
      { kind: 'error', message: 'adapter crashed' },
    ];
    for (const reason of reasons) {
      const doc = clone(makeCapture({ noBreak: reason as never })) as unknown as Json;
      expect(validateCapture(doc).errors).toEqual([]);
    }
  });

  it('accepts a capture without timing (a committed baseline), and refuses a wrong one', () => {
    const doc = capture();
    delete doc['timing'];
    expect(validateCapture(doc).errors).toEqual([]);
  });

  it.each(fields)('rejects a capture without %s', (field) => {
    const doc = capture();
    delete doc[field];
    expect(validateCapture(doc).errors).toContain(`(root): must have required property '${field}'`);
  });

  it.each([
    ['no_break_reason', { kind: 'timeout', seconds: 60, phase: 'later' }],
    ['no_break_reason', { kind: 'exploded' }],
    ['no_break_reason', { kind: 'exited' }],
    ['adapter', { id: 'python', name: 'debugpy' }],
    ['stop', { reason: 'breakpoint' }],
    ['bound_line', 'x'],
    ['frames', [{ name: 'f', file: null, line: 'x' }]],
    ['exit_code', 1.5],
    ['output', { stdout_tail: '', stderr_tail: '' }],
    ['types', { rate: 1 }],
    ['truncated', [1]],
    ['timing', { started_at: 'now', duration_ms: -1, build_ms: null }],
    ['run', { label: 'A' }],
    ['extra', 1],
  ])('rejects %s = %j', (field, value) => {
    const doc = capture();
    doc[field] = value;
    expect(validateCapture(doc).ok).toBe(false);
  });
});

describe('uri format', () => {
  it.each([
    [COMPARISON_SCHEMA_ID, true],
    ['urn:bpdiff:x', true],
    ['file:///tmp/x.json', true],
    ['not a uri', false],
    ['relative/path', false],
    ['', false],
    ['http://x y', false],
  ])('%j -> %s', (value, ok) => {
    expect(isAbsoluteUri(value)).toBe(ok);
  });
});
