import { describe, expect, it } from 'vitest';
import { maskAddressNames } from '../../../src/values/address-names.js';
import type { CapturedValues } from '../../../src/values/types.js';

const values = (variables: Record<string, string>): CapturedValues => ({
  variables,
  types: Object.fromEntries(Object.keys(variables).map((name) => [name, 'T'])),
  truncated: [],
  normalised: [],
});

describe('addresses in names', () => {
  it("masks a hash key's address in its name and every name under it, types and lists along", () => {
    const key = 'h[#<Account:0x00007f01ee674ac0 @owner="cid">]';
    const masked = maskAddressNames({
      ...values({ h: '{...}', [key]: '1', [`${key}.@owner`]: '"cid"', n: '0x00007f01ee674ac0' }),
      truncated: [key],
    });
    expect(masked.variables).toEqual({
      h: '{...}',
      'h[#<Account:0x… @owner="cid">]': '1',
      'h[#<Account:0x… @owner="cid">].@owner': '"cid"',
      // A value is normalise.ts's to mask.
      n: '0x00007f01ee674ac0',
    });
    expect(Object.keys(masked.types)).toEqual(Object.keys(masked.variables));
    expect(masked.truncated).toEqual(['h[#<Account:0x… @owner="cid">]']);
  });

  it('tells apart keys alike but for their addresses by their order, in the same way under each', () => {
    const masked = maskAddressNames(
      values({
        'd["<Node object at 0x7ffff716cd10>"]': '1',
        'd["<Node object at 0x7ffff716cd10>"].name': "'a'",
        'd["<Node object at 0x7ffff716ce90>"]': '2',
        'd["<Node object at 0x7ffff716ce90>"].name': "'b'",
      }),
    );
    expect(masked.variables).toEqual({
      'd["<Node object at 0x…>"]': '1',
      'd["<Node object at 0x…>"].name': "'a'",
      'd["<Node object at 0x…#2>"]': '2',
      'd["<Node object at 0x…#2>"].name': "'b'",
    });
  });

  it('leaves names without an address as they are, and a hex number too short to be one', () => {
    const given = values({ 'm[0x1f]': '1', x: '2' });
    expect(maskAddressNames(given)).toBe(given);
  });
});
