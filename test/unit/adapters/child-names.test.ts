import { describe, expect, it } from 'vitest';
import { childPath } from '../../../src/adapters/child-names.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';

const v = (name: string, evaluateName?: string) => ({ name, ...(evaluateName ? { evaluateName } : {}) });
const naming = (id: string) => builtinDefinitions().find((definition) => definition.id === id)!.child_names;

describe('childPath, the rules every adapter shares', () => {
  it("uses the adapter's evaluateName only when it mentions the parent", () => {
    expect(childPath('cart', v('items', ' cart.items '))).toBe('cart.items');
    expect(childPath('(*team)', v('name', '(*team).name'))).toBe('(*team).name');
    // A formatter's child named without its parent would collide between parents.
    expect(childPath('names', v('[0]', '[0]->[0]'))).toBe('names[0]');
    expect(childPath('user', v('id', 'username.id'))).toBe('user.id');
  });
  it('builds the path from the name otherwise', () => {
    expect(childPath('*p', v('x'))).toBe('(*p).x');
    expect(childPath('a.b', v('*b'))).toBe('*(a.b)');
  });
});

describe("childPath with lldb-dap's child_names", () => {
  const lldb = naming('lldb');
  it('writes a pointee as a programmer does', () => {
    expect(childPath('p', v('*p', '*(p)'), lldb)).toBe('*p');
    expect(childPath('p', v('*p', '*(p)'))).toBe('*(p)');
  });
  it("refuses a mangled pointee and a formatter's element path", () => {
    expect(childPath('b', v('*b', 'b->*b'), lldb)).toBe('*b');
    expect(childPath('v', v('[0]', 'v->[0]'), lldb)).toBe('v[0]');
    expect(childPath('v', v('[0]', 'v.[0]'), lldb)).toBe('v[0]');
    // Without the rules those names would be taken as they are.
    expect(childPath('v', v('[0]', 'v->[0]'))).toBe('v->[0]');
    // ${name} is the child's own name, matched literally: another element's path is kept.
    expect(childPath('v', v('[1]', 'v->[0]'), lldb)).toBe('v->[0]');
  });
  it('keeps the evaluateNames that are expressions', () => {
    expect(childPath('it', v('qty', 'it->qty'), lldb)).toBe('it->qty');
    expect(childPath('arr', v('[2]', 'arr[2]'), lldb)).toBe('arr[2]');
  });
});

describe("childPath with dlv's child_names", () => {
  const go = naming('go');
  it('does not use an evaluateName holding an address', () => {
    expect(childPath('m', v('{X: 1}', 'm[*(*main.Key)(0xc000012345)]'), go)).toBe('m["{X: 1}"]');
    expect(childPath('m', v('"a"', 'm["a"]'), go)).toBe('m["a"]');
  });
  it('is the only adapter with that rule', () => {
    expect(naming('python').reject_evaluate_name).toEqual([]);
    expect(naming('node').reject_evaluate_name).toEqual([]);
  });
});

describe('childPath with templates (the language of the breakpoint file)', () => {
  const gdb = naming('gdb');
  const ruby = naming('ruby');
  it("writes Fortran's elements and components in Fortran, C's as before", () => {
    const fortran = { breakpointPath: '/src/stations.f90' };
    expect(childPath('temps', v('1', 'temps.1'), gdb, fortran)).toBe('temps(1)');
    expect(childPath('s%celsius', v('[2]', 's%celsius[2]'), gdb, fortran)).toBe('s%celsius(2)');
    expect(childPath('r', v('station', 'r.station'), gdb, fortran)).toBe('r%station');
    const c = { breakpointPath: '/src/labels.cpp' };
    expect(childPath('first', v('sku', 'first.public.sku'), gdb, { ...c, parentType: 'Item *' })).toBe('first->sku');
    expect(childPath('product', v('name', 'product.public.name'), gdb, { ...c, parentType: 'const Product &' })).toBe(
      'product.name',
    );
    expect(childPath('counts', v('[3]', 'counts[3]'), gdb, c)).toBe('counts[3]');
  });
  it("writes Ruby's hash entries and instance variables in Ruby", () => {
    expect(childPath('totals', v(':sum'), ruby, { parentType: 'Hash' })).toBe('totals[:sum]');
    expect(childPath('h', v('"a b"'), ruby, { parentType: 'Hash' })).toBe('h["a b"]');
    expect(childPath('quote', v('@total'), ruby, { parentType: 'Quote' })).toBe('quote.@total');
    expect(childPath('parcel', v('zone'), ruby, { parentType: 'Parcel' })).toBe('parcel.zone');
  });
  it('fills ${parent} and ${name} once, so a name holding a placeholder stays as it is', () => {
    const naming = { templates: [{ name: '^(\\w+)$', path: '${parent}::${1}' }] };
    expect(childPath('a', v('${parent}'), naming)).toBe('a["${parent}"]');
    expect(childPath('a', v('b'), naming)).toBe('a::b');
  });
});
