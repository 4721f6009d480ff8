// Rendering of CDP RemoteObjects, without a debuggee: one line per case.
import { describe, expect, it } from 'vitest';
import type { ObjectPreview, RemoteObject } from '../src/cdp-types.js';
import { errorSummary, formatKey, formatValue, quoteString, typeName } from '../src/value-format.js';

const preview = (properties: ObjectPreview['properties'], extra: Partial<ObjectPreview> = {}): ObjectPreview => ({
  type: 'object',
  overflow: false,
  properties,
  ...extra,
});

describe('quoteString', () => {
  it.each([
    ['text', "'text'"],
    ["it's", `"it's"`],
    [`it's "x"`, '`it\'s "x"`'],
    ['it\'s "x" `y`', "'it\\'s \"x\" `y`'"],
    ['a\nb\tc\\', "'a\\nb\\tc\\\\'"],
    ['\u0001\u007f', "'\\x01\\x7F'"],
    ['', "''"],
  ])('%j -> %s', (input, expected) => {
    expect(quoteString(input)).toBe(expected);
  });

  it('cuts very long strings and says how much is left', () => {
    expect(quoteString('x'.repeat(12), 10)).toBe("'xxxxxxxxxx'... 2 more characters");
  });
});

describe('formatKey', () => {
  it.each([
    ['owner', 'owner'],
    ['$el_2', '$el_2'],
    ['weird key', "'weird key'"],
    ['0', "'0'"],
    ['Symbol(tag)', '[Symbol(tag)]'],
  ])('%s -> %s', (input, expected) => {
    expect(formatKey(input)).toBe(expected);
  });
});

describe('formatValue', () => {
  it.each<[string, RemoteObject, string]>([
    ['number', { type: 'number', value: 42, description: '42' }, '42'],
    ['negative zero', { type: 'number', unserializableValue: '-0', description: '-0' }, '-0'],
    ['NaN', { type: 'number', unserializableValue: 'NaN', description: 'NaN' }, 'NaN'],
    ['bigint', { type: 'bigint', unserializableValue: '10n', description: '10n' }, '10n'],
    ['boolean', { type: 'boolean', value: false }, 'false'],
    ['undefined', { type: 'undefined' }, 'undefined'],
    ['null', { type: 'object', subtype: 'null', value: null }, 'null'],
    ['symbol', { type: 'symbol', description: 'Symbol(x)', objectId: '1' }, 'Symbol(x)'],
    ['string', { type: 'string', value: 'ann' }, "'ann'"],
    [
      'named function',
      { type: 'function', className: 'Function', description: 'function total(items) {}', objectId: '1' },
      '[Function: total]',
    ],
    [
      'anonymous arrow',
      { type: 'function', className: 'Function', description: '(a) => a', objectId: '1' },
      '[Function (anonymous)]',
    ],
    [
      'async function',
      { type: 'function', className: 'AsyncFunction', description: 'async function load() {}', objectId: '1' },
      '[AsyncFunction: load]',
    ],
    [
      'class',
      { type: 'function', className: 'Function', description: 'class Cart {\n}', objectId: '1' },
      '[class Cart]',
    ],
    [
      'regexp',
      { type: 'object', subtype: 'regexp', className: 'RegExp', description: '/ab+c/gi', objectId: '1' },
      '/ab+c/gi',
    ],
    [
      'error',
      {
        type: 'object',
        subtype: 'error',
        className: 'RangeError',
        description: 'RangeError: too big\n    at f (/a.js:1:1)',
        objectId: '1',
      },
      'RangeError: too big',
    ],
    [
      'date without exact details',
      {
        type: 'object',
        subtype: 'date',
        className: 'Date',
        description: 'Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)',
        objectId: '1',
      },
      '2024-01-02T03:04:05Z',
    ],
    [
      'weakmap',
      { type: 'object', subtype: 'weakmap', className: 'WeakMap', description: 'WeakMap', objectId: '1' },
      'WeakMap { <items unknown> }',
    ],
  ])('%s', (_, object, expected) => {
    expect(formatValue(object)).toBe(expected);
  });

  it('uses the names and exact date read from the debuggee when given', () => {
    expect(
      formatValue(
        { type: 'function', className: 'Function', description: '(a) => a', objectId: '1' },
        { functionName: 'double' },
      ),
    ).toBe('[Function: double]');
    expect(
      formatValue(
        { type: 'function', className: 'Function', description: 'class B extends A {}', objectId: '1' },
        { functionName: 'B', baseName: 'A' },
      ),
    ).toBe('[class B extends A]');
    expect(
      formatValue(
        { type: 'object', subtype: 'date', className: 'Date', description: 'x', objectId: '1' },
        { isoDate: '2024-01-02T03:04:05.678Z' },
      ),
    ).toBe('2024-01-02T03:04:05.678Z');
  });

  it('renders a class instance with one level of contents', () => {
    const cart: RemoteObject = {
      type: 'object',
      className: 'Cart',
      description: 'Cart',
      objectId: '1',
      preview: preview([
        { name: 'items', type: 'object', subtype: 'array', value: 'Array(2)' },
        { name: 'owner', type: 'string', value: 'ann' },
        { name: 'empty', type: 'object', subtype: 'array', value: 'Array(0)' },
        { name: 'meta', type: 'object', value: 'Object' },
        { name: 'seen', type: 'object', subtype: 'set', value: 'Set(0)' },
        {
          name: 'when',
          type: 'object',
          subtype: 'date',
          value: 'Tue Jan 02 2024 03:04:05 GMT+0000 (Coordinated Universal Time)',
        },
      ]),
    };
    expect(formatValue(cart)).toBe(
      "Cart { items: [...], owner: 'ann', empty: [], meta: {...}, seen: Set(0) {}, when: 2024-01-02T03:04:05Z }",
    );
  });

  it('renders arrays with holes, overflow and extra properties', () => {
    const sparse: RemoteObject = {
      type: 'object',
      subtype: 'array',
      className: 'Array',
      description: 'Array(5)',
      objectId: '1',
      preview: preview([
        { name: '0', type: 'number', value: '1' },
        { name: '3', type: 'string', value: 'x' },
      ]),
    };
    expect(formatValue(sparse)).toBe("[ 1, <2 empty items>, 'x', <1 empty item> ]");
    const long: RemoteObject = {
      type: 'object',
      subtype: 'array',
      className: 'Array',
      description: 'Array(250)',
      objectId: '1',
      preview: preview(
        [
          { name: '0', type: 'number', value: '0' },
          { name: '1', type: 'number', value: '1' },
        ],
        { overflow: true },
      ),
    };
    expect(formatValue(long)).toBe('[ 0, 1, ... 248 more items ]');
  });

  it('renders Maps and Sets as util.inspect does', () => {
    const map: RemoteObject = {
      type: 'object',
      subtype: 'map',
      className: 'Map',
      description: 'Map(2)',
      objectId: '1',
      preview: preview([], {
        subtype: 'map',
        entries: [
          {
            key: { type: 'string', description: 'n', overflow: false, properties: [] },
            value: { type: 'number', description: '2', overflow: false, properties: [] },
          },
          {
            key: {
              type: 'object',
              description: 'Object',
              overflow: false,
              properties: [{ name: 'k', type: 'number', value: '1' }],
            },
            value: {
              type: 'object',
              subtype: 'array',
              description: 'Array(1)',
              overflow: false,
              properties: [{ name: '0', type: 'number', value: '7' }],
            },
          },
        ],
      }),
    };
    expect(formatValue(map)).toBe("Map(2) { 'n' => 2, { k: 1 } => [ 7 ] }");
    const set: RemoteObject = {
      type: 'object',
      subtype: 'set',
      className: 'Set',
      description: 'Set(0)',
      objectId: '1',
      preview: preview([], { subtype: 'set', entries: [] }),
    };
    expect(formatValue(set)).toBe('Set(0) {}');
  });

  it('renders accessors in a preview without running them', () => {
    const object: RemoteObject = {
      type: 'object',
      className: 'Object',
      description: 'Object',
      objectId: '1',
      preview: preview([
        { name: 'total', type: 'accessor' },
        { name: 'plain', type: 'number', value: '1' },
      ]),
    };
    expect(formatValue(object)).toBe('{ total: [Getter], plain: 1 }');
    expect(
      formatValue(object, {
        accessors: new Map([
          ['total', '[Getter/Setter]'],
          ['mode', '[Setter]'],
        ]),
        ownOrder: ['total', 'mode', 'plain'],
      }),
    ).toBe('{ total: [Getter/Setter], mode: [Setter], plain: 1 }');
  });

  it('renders promises by state', () => {
    const fulfilled: RemoteObject = {
      type: 'object',
      subtype: 'promise',
      className: 'Promise',
      description: 'Promise',
      objectId: '1',
      preview: preview([
        { name: '[[PromiseState]]', type: 'string', value: 'fulfilled' },
        { name: '[[PromiseResult]]', type: 'number', value: '4' },
      ]),
    };
    expect(formatValue(fulfilled)).toBe('Promise { 4 }');
    const pending: RemoteObject = {
      ...fulfilled,
      preview: preview([{ name: '[[PromiseState]]', type: 'string', value: 'pending' }]),
    };
    expect(formatValue(pending)).toBe('Promise { <pending> }');
  });
});

describe('typeName and errorSummary', () => {
  it('names JavaScript types', () => {
    expect(typeName({ type: 'object', subtype: 'null' })).toBe('null');
    expect(typeName({ type: 'object', className: 'Cart' })).toBe('Cart');
    expect(typeName({ type: 'function', className: 'Function' })).toBe('function');
    expect(typeName({ type: 'bigint' })).toBe('bigint');
  });

  it('keeps the first line of a stack, even for a multi-line message', () => {
    expect(errorSummary('Error: one\ntwo\n    at x (y.js:1:1)')).toBe('Error: one\ntwo');
    expect(errorSummary(undefined, 'TypeError')).toBe('TypeError');
  });
});
