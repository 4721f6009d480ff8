// Rendering of values, evaluateName paths, expansion and paging, getters never run, TDZ bindings.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdapterSession, byName, FIXTURES, lineOf, mustGet } from './helpers.js';

const DIR = path.join(FIXTURES, 'values');
const FILE = path.join(DIR, 'values.js');

let session: AdapterSession;
let frameId: number;
let locals: Map<string, DebugProtocol.Variable>;

beforeAll(async () => {
  session = await AdapterSession.start();
  const result = await session.run({
    command: ['node', 'values.js'],
    cwd: DIR,
    breakpoints: [{ path: FILE, line: lineOf(FILE, 'BREAK HERE') }],
  });
  if (!result.stopped) throw new Error(`no stop: ${session.output()}`);
  frameId = (await session.topFrame(result.stopped.body.threadId!)).id;
  locals = await session.locals(frameId);
});

afterAll(async () => {
  await session.finish();
});

const value = (name: string): string => mustGet(locals, name).value;
const type = (name: string): string | undefined => mustGet(locals, name).type;

describe('rendering', () => {
  it.each([
    ['count', '3', 'number'],
    ['text', `"it's"`, 'string'],
    ['big', '10n', 'bigint'],
    ['sym', 'Symbol(x)', 'symbol'],
    ['nothing', 'null', 'null'],
    ['when', '2024-01-02T03:04:05.678Z', 'Date'],
    ['err', 'TypeError: bad input', 'TypeError'],
    ['named', '[Function: helper]', 'function'],
    ['arrow', '[Function: arrow]', 'function'],
    ['cart', "Cart { owner: 'ann', items: [...] }", 'Cart'],
    ['map', "Map(2) { 'n' => 2, 7 => 'seven' }", 'Map'],
    ['set', 'Set(2) { 1, 2 }', 'Set'],
    ['obj', "{ 'weird key': 1, nested: {...} }", 'Object'],
    ['classes', '[ [Function], [Function] ]', 'Array'],
  ])('%s is %s', (name, expected, expectedType) => {
    expect(value(name)).toBe(expected);
    expect(type(name)).toBe(expectedType);
  });

  it('shows a long array with its length and the rest counted', () => {
    const long = mustGet(locals, 'long');
    expect(long.value).toMatch(/^\[ 0, 2, 4, 6, .*, 198, \.\.\. 50 more items \]$/);
    expect(long.indexedVariables).toBe(150);
  });

  it('shows a binding in its temporal dead zone as undefined, with no error text', () => {
    expect(mustGet(locals, 'late')).toMatchObject({ value: 'undefined', type: 'undefined', variablesReference: 0 });
  });

  it('renders classes and a class that extends another', async () => {
    const classes = mustGet(locals, 'classes');
    const items = await session.children(classes.variablesReference);
    expect(items.map((item) => [item.name, item.value, item.evaluateName])).toEqual([
      ['0', '[class Cart]', 'classes[0]'],
      ['1', '[class Derived extends Base]', 'classes[1]'],
    ]);
  });
});

describe('children and evaluateName', () => {
  it('expands an object to its properties, with JavaScript paths', async () => {
    const cart = await session.children(mustGet(locals, 'cart').variablesReference);
    expect(cart.map((child) => [child.name, child.value, child.type, child.evaluateName])).toEqual([
      ['owner', "'ann'", 'string', 'cart.owner'],
      // One level of contents in a value; deeper levels are children of their own.
      ['items', '[ {...}, {...} ]', 'Array', 'cart.items'],
    ]);
    const items = await session.children(mustGet(byName(cart), 'items').variablesReference);
    expect(items.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['0', "{ sku: 'pen', qty: 2 }", 'cart.items[0]'],
      ['1', "{ sku: 'pad', qty: 1 }", 'cart.items[1]'],
    ]);
    const first = await session.children(items[0]!.variablesReference);
    expect(first.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['sku', "'pen'", 'cart.items[0].sku'],
      ['qty', '2', 'cart.items[0].qty'],
    ]);
  });

  it('writes a key that is not an identifier in brackets', async () => {
    const obj = await session.children(mustGet(locals, 'obj').variablesReference);
    expect(obj.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['weird key', '1', 'obj["weird key"]'],
      ['nested', '{ deep: true }', 'obj.nested'],
    ]);
  });

  it('names Map entries by key and Set entries by index', async () => {
    const map = await session.children(mustGet(locals, 'map').variablesReference);
    expect(map.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ["'n'", '2', 'map.get("n")'],
      ['7', "'seven'", 'map.get(7)'],
    ]);
    const set = await session.children(mustGet(locals, 'set').variablesReference);
    expect(set.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['0', '1', '[...set][0]'],
      ['1', '2', '[...set][1]'],
    ]);
  });

  it('gives evaluateNames that evaluate to the same value', async () => {
    for (const [expression, expected] of [
      ['cart.items[0].qty', '2'],
      ['obj["weird key"]', '1'],
      ['map.get("n")', '2'],
      ['[...set][1]', '2'],
    ] as const) {
      expect((await session.evaluate(expression, frameId)).result).toBe(expected);
    }
  });

  it('pages an array with filter, start and count', async () => {
    const reference = mustGet(locals, 'long').variablesReference;
    const page = await session.children(reference, { filter: 'indexed', start: 140, count: 3 });
    expect(page.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['140', '280', 'long[140]'],
      ['141', '282', 'long[141]'],
      ['142', '284', 'long[142]'],
    ]);
    expect(await session.children(reference, { filter: 'named' })).toEqual([]);
    expect(await session.children(reference)).toHaveLength(150);
  });

  it('shows an error with its message', async () => {
    const err = await session.children(mustGet(locals, 'err').variablesReference);
    expect(err.map((child) => [child.name, child.value])).toEqual([['message', "'bad input'"]]);
  });
});

describe('getters', () => {
  it('shows accessors without running them', async () => {
    expect(value('watched')).toBe('{ total: [Getter], mode: [Setter], both: [Getter/Setter], plain: 1 }');
    const watched = await session.children(mustGet(locals, 'watched').variablesReference);
    expect(watched.map((child) => [child.name, child.value])).toEqual([
      ['total', '[Getter]'],
      ['mode', '[Setter]'],
      ['both', '[Getter/Setter]'],
      ['plain', '1'],
    ]);
    // Every getter would have counted; nothing was counted.
    expect((await session.evaluate('reads', frameId)).result).toBe('0');
    expect(value('reads')).toBe('0');
  });
});

describe('evaluate', () => {
  it('evaluates in the frame and returns an expandable result', async () => {
    const result = await session.evaluate('cart.items', frameId);
    expect(result.result).toBe('[ {...}, {...} ]');
    expect(result.type).toBe('Array');
    expect(result.indexedVariables).toBe(2);
    const children = await session.children(result.variablesReference);
    expect(children.map((child) => child.evaluateName)).toEqual(['cart.items[0]', 'cart.items[1]']);
  });

  it('reports an error in the expression as an error response', async () => {
    await expect(session.evaluate('cart.nope.deeper', frameId)).rejects.toThrow(
      "TypeError: Cannot read properties of undefined (reading 'deeper')",
    );
  });

  it('answers threads with one named thread per Node process', async () => {
    const threads = await session.collectThreadPids();
    expect(threads).toHaveLength(1);
    expect(threads[0]!.name).toMatch(/^node \d+ values\.js$/);
  });
});
