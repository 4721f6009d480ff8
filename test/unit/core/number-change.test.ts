import { describe, expect, it } from 'vitest';
import { classifyChange, inferKind } from '../../../src/core/findings.js';
import { parseNumberText, type NumberChange } from '../../../src/core/numbers.js';
import { describeNumberChangeShort } from '../../../src/core/hints.js';

function change(a: string, b: string): string {
  const finding = classifyChange('x', a, b);
  expect(finding.kind).toBe('number_changed');
  return describeNumberChangeShort((finding as { change: NumberChange }).change);
}

describe('numeric changes', () => {
  it.each([
    ['0.1', '1.0', 'up 0.9, 10x'],
    ['120', '90', 'down 30, -25%'],
    ['90', '120', 'up 30, +33.3%'],
    ['100', '150', 'up 50, +50%'],
    ['1', '2', 'up 1, 2x'],
    ['3', '1000', 'up 997, 333x'],
    ['2', '5', 'up 3, 2.5x'],
    ['1000', '1', 'down 999, -99.9%'],
    ['0.3', '0.1', 'down 0.2, -66.7%'],
    ['0', '5', 'up 5, from 0'],
    ['0', '-2.5', 'down 2.5, from 0'],
    ['5', '0', 'down 5, -100%'],
    ['5', '-5', 'down 10, sign changed'],
    ['-10', '-20', 'down 10, -100%'],
    ['-20', '-10', 'up 10, +50%'],
    ['1.0', '1', 'numerically equal, written differently'],
    ['1e3', '1000', 'numerically equal, written differently'],
    ['1000000', '1000001', 'up 1, +0.0001%'],
    ['12345678901234567890', '12345678901234567891', 'up 1, +8.1e-18%'],
    ['10n', '11n', 'up 1, +10%'],
    ['1.5', 'nan', 'now NaN'],
    ['NaN', '2', 'was NaN'],
    ['NaN', 'nan', 'NaN in both, written differently'],
    ['1', 'inf', 'now infinite'],
    ['-Infinity', '3', 'was infinite'],
    ['Infinity', '-inf', 'infinite with the opposite sign'],
    ['inf', 'Infinity', 'numerically equal, written differently'],
  ])('%s -> %s: %s', (a, b, expected) => {
    expect(change(a, b)).toBe(expected);
  });

  it('keeps big integers exact', () => {
    expect(change('9007199254740993', '9007199254740995')).toBe('up 2, +2.2e-14%');
    expect(change('-99999999999999999999', '1')).toBe('up 100000000000000000000, sign changed');
  });
});

describe('value kinds read from text', () => {
  it.each([
    ["'abc'", 'string'],
    ['"abc"', 'string'],
    ["b'\\x00'", 'string'],
    ['`t`', 'string'],
    ['42', 'number'],
    ['-3.5e-2', 'number'],
    ['NaN', 'number'],
    ['-inf', 'number'],
    ['7n', 'number'],
    ['True', 'bool'],
    ['false', 'bool'],
    ['None', 'None'],
    ['null', 'null'],
    ['nil', 'nil'],
    ['<nil>', 'nil'],
    ['undefined', 'undefined'],
    ['[1, 2]', 'other'],
    ['0x7ffd1234', 'other'],
    ['Point(x=1)', 'other'],
    ['', 'other'],
  ])('%s is %s', (text, kind) => {
    expect(inferKind(text)).toBe(kind);
  });

  it('does not read hex or words as numbers', () => {
    expect(parseNumberText('0x10')).toBeNull();
    expect(parseNumberText('1.2.3')).toBeNull();
    expect(parseNumberText('12abc')).toBeNull();
    expect(parseNumberText('  7 ')).toEqual({ kind: 'finite', value: 7, integer: 7n });
  });

  it('says int vs float is a value change when no adapter types are known', () => {
    expect(classifyChange('x', '1', '1.5').kind).toBe('number_changed');
    expect(classifyChange('x', '1', '1.5', { x: 'int' }, { x: 'float' })).toMatchObject({
      kind: 'type_changed',
      type_a: 'int',
      type_b: 'float',
      source: 'adapter',
    });
  });

  it('trusts equal adapter types over the text', () => {
    expect(classifyChange('s', "'1'", '2', { s: 'object' }, { s: 'object' }).kind).toBe('value_changed');
  });
});
