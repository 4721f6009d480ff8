// The value a function returned, renamed from the adapter's name for it to the walk's `(return) NAME`
// (src/walk/returned-names.ts): in the caller, by the name's group (debugpy, bpdiff's adapters); in
// the function at its end, by the stop's function (rdbg's `_return`), with what lies under it.
import { describe, expect, it } from 'vitest';
import { renameReturned, returnedNames, returnsUnread } from '../../../src/walk/returned-names.js';
import type { CapturedValues } from '../../../src/values/types.js';

function values(variables: Record<string, string>, types: Record<string, string> = {}): CapturedValues {
  return { variables, types, truncated: [], normalised: [] };
}

describe('renameReturned', () => {
  it("renames rdbg's _return (and its children) to the stop's own function, without its class", () => {
    const names = returnedNames({ locate: { returned: { pattern: '^[_%]return$', step: 'return' } } })!;
    const read = values({ x: '21', _return: '[1, 2]', '_return[0]': '1', _returned: '3' }, { _return: 'Array' });
    renameReturned(read, names, 'Object#scale');
    expect(read.variables).toEqual({
      x: '21',
      '(return) scale': '[1, 2]',
      '(return) scale[0]': '1',
      _returned: '3',
    });
    expect(read.types).toEqual({ '(return) scale': 'Array' });
    const block = values({ '%return': 'nil' });
    renameReturned(block, names, 'block in main');
    expect(block.variables).toEqual({ '(return) block in main': 'nil' });
  });

  it("takes the function's name from the value's own name in the caller, and leaves the walk's own name as it is", () => {
    const lldbLike = returnedNames({ locate: { returned: { pattern: '^<returned from (\\w+)>$', step: 'caller' } } })!;
    const read = values({ y: '0', '<returned from scale>': '42' });
    renameReturned(read, lldbLike, 'main');
    expect(read.variables).toEqual({ y: '0', '(return) scale': '42' });
    const python = returnedNames({ locate: { returned: { pattern: '^\\(return\\) (.+)$' } } })!;
    const same = values({ '(return) scale': '42', '(return) scale.real': '42' });
    renameReturned(same, python, 'main');
    expect(same.variables).toEqual({ '(return) scale': '42', '(return) scale.real': '42' });
  });

  it('knows no name where the definition gives no pattern (an adapter that shows no value returned)', () => {
    expect(returnedNames({ locate: { returned: { unread: 'dlv shows none' } } })).toBeNull();
    expect(returnedNames({ locate: {} })).toBeNull();
    expect(returnedNames({})).toBeNull();
  });
});

describe('returnsUnread: why a walk sees no value returned', () => {
  it("the definition's word; that a definition names no way to read one; none where both read them", () => {
    const reads = { name: 'node', locate: { returned: { pattern: '^\\(return\\) (.+)$' } } };
    const says = { name: 'dlv', locate: { returned: { unread: 'dlv shows none' } } };
    expect(returnsUnread([reads, says])).toBe('dlv shows none');
    expect(returnsUnread([{ name: 'mine', locate: {} }, reads])).toBe(
      'the adapter definition of mine names no way to read it (locate.returned.pattern)',
    );
    expect(returnsUnread([reads, reads])).toBeUndefined();
  });
});
