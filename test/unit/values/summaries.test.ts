// Containers compared by their children (src/values/summaries.ts): one change is reported once, at
// the leaf, and nothing that only a summary holds can hide behind a marker.
import { describe, expect, it } from 'vitest';
import { maskContainers, maskSummary } from '../../../src/values/summaries.js';
import { diffVariables } from '../../../src/core/diff-variables.js';
import { containersOfChanges } from '../../../src/core/findings.js';
import { runValuePipeline, type CapturedValues } from '../../../src/values/pipeline.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';
import { loadHooks } from '../../../src/adapters/load-hooks.js';

const child = (name: string, value: string) => ({ name, value });

describe('maskSummary', () => {
  it('replaces each child text by a marker naming the child', () => {
    expect(maskSummary('[1, 2, 3]', [child('[0]', '1'), child('[1]', '2'), child('[2]', '3')])).toBe('[‹0›, ‹1›, ‹2›]');
    expect(maskSummary("{'k': [1, 2]}", [child("['k']", '[1, 2]')])).toBe("{'k': ‹'k'›}");
    expect(maskSummary("Item('a', 2)", [child('qty', '2'), child('sku', "'a'")])).toBe('Item(‹sku›, ‹qty›)');
    expect(maskSummary('main.Cart {Items: x, N: 4}', [child('Items', 'x'), child('N', '4')])).toBe(
      'main.Cart {Items: ‹Items›, N: ‹N›}',
    );
  });

  it('keeps the counts a Go slice shows before its elements', () => {
    expect(
      maskSummary('[]int len: 3, cap: 5, [5,0,0]', [child('[0]', '5'), child('[1]', '0'), child('[2]', '0')]),
    ).toBe('[]int len: 3, cap: 5, [‹0›,‹1›,‹2›]');
    expect(
      maskSummary('[]int len: 3, cap: 3, [3,3,3]', [child('[0]', '3'), child('[1]', '3'), child('[2]', '3')]),
    ).toBe('[]int len: 3, cap: 3, [‹0›,‹1›,‹2›]');
  });

  it('does not take a digit inside a longer number or word for a child', () => {
    expect(maskSummary('[12, 1]', [child('[0]', '12'), child('[1]', '1')])).toBe('[‹0›, ‹1›]');
    expect(maskSummary("{'k1': 5, 'k2': 1}", [child("['k1']", '5'), child("['k2']", '1')])).toBe(
      "{'k1': ‹'k1'›, 'k2': ‹'k2'›}",
    );
  });

  it('leaves a summary whole unless every child was found in it', () => {
    expect(maskSummary('int[3] @ 0x…', [child('[0]', '0'), child('[1]', '0'), child('[2]', '3')])).toBe('int[3] @ 0x…');
    expect(maskSummary('<Cart object at 0x…>', [child('items', '[]')])).toBe('<Cart object at 0x…>');
  });

  it('leaves a summary that already holds a marker as it is (idempotent)', () => {
    const once = maskSummary('[1, 2]', [child('[0]', '1'), child('[1]', '2')]);
    expect(maskSummary(once, [child('[0]', '1'), child('[1]', '2')])).toBe(once);
  });

  it('names a child by its whole name when two children would share a marker', () => {
    expect(maskSummary('{a: 1, a: 2}', [child('[a]', '1'), child('a', '2')])).toBe('{a: ‹[a]›, a: ‹a›}');
  });
});

describe('maskContainers', () => {
  it('masks each level by the texts of its own children, as they were captured', () => {
    const masked = maskContainers({
      cart: "Cart(items=[Item('a', 2)])",
      'cart.items': "[Item('a', 2)]",
      'cart.items[0]': "Item('a', 2)",
      'cart.items[0].qty': '2',
      'cart.items[0].sku': "'a'",
    });
    expect(masked).toEqual({
      cart: 'Cart(items=‹items›)',
      'cart.items': '[‹0›]',
      'cart.items[0]': 'Item(‹sku›, ‹qty›)',
      'cart.items[0].qty': '2',
      'cart.items[0].sku': "'a'",
    });
  });

  it('writes a pointer as its pointee, masked', () => {
    const masked = maskContainers({
      p: '*main.R {S: "s2", V: 30}',
      '(*p)': 'main.R {S: "s2", V: 30}',
      '(*p).S': '"s2"',
      '(*p).V': '30',
      q: '*main.R nil',
    });
    expect(masked.p).toBe('*main.R {S: ‹S›, V: ‹V›}');
    expect(masked['(*p)']).toBe('main.R {S: ‹S›, V: ‹V›}');
    expect(masked.q).toBe('*main.R nil');
  });

  it('reports a nested change once, at the leaf', () => {
    const a = maskContainers({
      cart: '{items: [{qty: 2}]}',
      'cart.items': '[{qty: 2}]',
      'cart.items[0]': '{qty: 2}',
      'cart.items[0].qty': '2',
    });
    const b = maskContainers({
      cart: '{items: [{qty: 3}]}',
      'cart.items': '[{qty: 3}]',
      'cart.items[0]': '{qty: 3}',
      'cart.items[0].qty': '3',
    });
    const diff = diffVariables(a, b);
    expect(Object.keys(diff.changed)).toEqual(['cart.items[0].qty']);
    expect(diff.unchanged).toEqual(['cart', 'cart.items', 'cart.items[0]']);
  });

  it('still reports what only the summary holds: a Go slice cap, elements past the cut', () => {
    const cap = diffVariables(
      maskContainers({ xs: '[]int len: 2, cap: 2, [1,2]', 'xs[0]': '1', 'xs[1]': '2' }),
      maskContainers({ xs: '[]int len: 2, cap: 4, [1,2]', 'xs[0]': '1', 'xs[1]': '2' }),
    );
    expect(cap.changed).toEqual({ xs: { a: '[]int len: 2, cap: 2, [‹0›,‹1›]', b: '[]int len: 2, cap: 4, [‹0›,‹1›]' } });
    // Only the first two elements were captured (--max-children 2): the third differs in the summary alone.
    const cut = diffVariables(
      maskContainers({ xs: '[1, 2, 3]', 'xs[0]': '1', 'xs[1]': '2' }),
      maskContainers({ xs: '[1, 2, 4]', 'xs[0]': '1', 'xs[1]': '2' }),
    );
    expect(cut.changed).toEqual({ xs: { a: '[‹0›, ‹1›, 3]', b: '[‹0›, ‹1›, 4]' } });
  });

  it('a summary that differs only where a child stands compares equal exactly when that child does', () => {
    // Same children, different summaries: never equal after masking (put each child back where its marker is).
    const children = { 'o.x': '1', 'o.y': '2' };
    const pairs: Array<[string, string]> = [
      ['P(1, 2)', 'P(2, 1)'],
      ['P(1, 2)', 'P(1, 2, 2)'],
      ['[1, 2]', '[2, 1]'],
      ['{x: 1, y: 2}', '{x: 1, y: 2, z: 1}'],
    ];
    for (const [a, b] of pairs) {
      expect(maskContainers({ o: a, ...children }).o).not.toBe(maskContainers({ o: b, ...children }).o);
    }
  });
});

describe('maskContainers, level by level (issue 22 item 3)', () => {
  // What debugpy captured for `carts = [Cart('ann', shared), Cart('bob', shared)]` at --depth 3: pydevd
  // writes a nested element as its first 20 characters, `...` and its last 10, and the parent may
  // show a child whole whose own text it cut.
  const python = (qty: number): Record<string, string> => ({
    carts: `[Cart(owner='ann', it...tags=[])]), Cart(owner='bob', it...tags=[])])]`,
    'carts[0]': `Cart(owner='ann', items=[Item(sku='a', qty=${qty}, tags=['x', 'y']), Item(sku='b', qty=2, tags=[])])`,
    'carts[0].items': `[Item(sku='a', qty=${qty},...'x', 'y']), Item(sku='b', qty=2, tags=[])]`,
    'carts[0].items[0]': `Item(sku='a', qty=${qty}, tags=['x', 'y'])`,
    'carts[0].items[1]': `Item(sku='b', qty=2, tags=[])`,
    'carts[0].owner': `'ann'`,
    'carts[1]': `Cart(owner='bob', items=[Item(sku='a', qty=${qty}, tags=['x', 'y']), Item(sku='b', qty=2, tags=[])])`,
    'carts[1].items': `[Item(sku='a', qty=${qty},...'x', 'y']), Item(sku='b', qty=2, tags=[])]`,
    'carts[1].items[0]': `Item(sku='a', qty=${qty}, tags=['x', 'y'])`,
    'carts[1].items[1]': `Item(sku='b', qty=2, tags=[])`,
    'carts[1].owner': `'bob'`,
    cart: `Cart(owner='ann', items=[Item(sku='a', qty=${qty}, tags=['x', 'y']), Item(sku='b', qty=2, tags=[])])`,
    'cart.items': `[Item(sku='a', qty=${qty},...'x', 'y']), Item(sku='b', qty=2, tags=[])]`,
    'cart.items[0]': `Item(sku='a', qty=${qty}, tags=['x', 'y'])`,
    'cart.items[0].qty': String(qty),
    'cart.items[0].sku': `'a'`,
    'cart.items[0].tags': `['x', 'y']`,
    'cart.items[1]': `Item(sku='b', qty=2, tags=[])`,
    'cart.items[1].qty': '2',
    'cart.items[1].sku': `'b'`,
    'cart.items[1].tags': '[]',
    'cart.owner': `'ann'`,
  });

  it("masks a parent by a child it shows whole though the child's own text was cut, and by children it cut", () => {
    const masked = maskContainers(python(1));
    expect(masked.cart).toBe('Cart(owner=‹owner›, items=‹items›)');
    expect(masked['cart.items']).toBe('[‹0›, ‹1›]');
    expect(masked.carts).toBe('[‹0›, ‹1›]');
    expect(masked['carts[0]']).toBe('Cart(owner=‹owner›, items=‹items›)');
    expect(masked['carts[0].items']).toBe('[‹0›, ‹1›]');
  });

  it('reports one nested change once per path, at its deepest captured level', () => {
    const diff = diffVariables(maskContainers(python(1)), maskContainers(python(5)));
    expect(Object.keys(diff.changed)).toEqual(['cart.items[0].qty', 'carts[0].items[0]', 'carts[1].items[0]']);
  });

  it("masks V8's previews, which cut a nested object or array to {...} and [...]", () => {
    const masked = maskContainers({
      cart: "{ owner: 'ann', items: [...] }",
      'cart.items': '[ {...}, {...} ]',
      'cart.items[0]': "{ sku: 'a', qty: 1, tags: [...] }",
      'cart.items[0].qty': '1',
      'cart.items[0].sku': "'a'",
      'cart.items[0].tags': "[ 'x', 'y' ]",
      'cart.items[1]': "{ sku: 'b', qty: 2, tags: [] }",
      'cart.owner': "'ann'",
      deep: '{ a: {...} }',
      'deep.a': '{ b: {...} }',
      'deep.a.b': '{ c: 1 }',
      'deep.a.b.c': '1',
    });
    expect(masked.cart).toBe('{ owner: ‹owner›, items: ‹items› }');
    expect(masked['cart.items']).toBe('[ ‹0›, ‹1› ]');
    expect(masked['cart.items[0]']).toBe('{ sku: ‹sku›, qty: ‹qty›, tags: ‹tags› }');
    expect(masked.deep).toBe('{ a: ‹a› }');
    expect(masked['deep.a']).toBe('{ b: ‹b› }');
  });

  it("finds an integer dlv wrote with its hex by its decimal, as the struct's summary writes it", () => {
    const masked = maskContainers({
      '(*v)': 'main.Version {Major: 2, Minor: 18446744073709551615}',
      '(*v).Major': '2 = 0x2',
      '(*v).Minor': '18446744073709551615 = 0xffffffffffffffff',
    });
    expect(masked['(*v)']).toBe('main.Version {Major: ‹Major›, Minor: ‹Minor›}');
  });

  it('finds a pointer in a container by what it points to (lldb: a Vec of references to structs)', () => {
    const masked = maskContainers({
      reachable: '[{name:"ann", age:34}, {name:"cy", age:29}]',
      'reachable[0]': '0x… {name:"ann", age:34}',
      'reachable[0].name': '"ann"',
      'reachable[0].age': '34',
      'reachable[1]': '0x… {name:"cy", age:29}',
      'reachable[1].name': '"cy"',
      'reachable[1].age': '29',
    });
    expect(masked.reachable).toBe('[‹0›, ‹1›]');
    expect(masked['reachable[0]']).toBe('0x… {name:‹name›, age:‹age›}');
  });

  it('names the right child when two children have the same text: the one its label names', () => {
    const flags = {
      flags: "Flags(zeta='same', alpha='same', beta='other')",
      'flags.alpha': "'same'",
      'flags.beta': "'other'",
      'flags.zeta': "'same'",
    };
    expect(maskContainers(flags).flags).toBe('Flags(zeta=‹zeta›, alpha=‹alpha›, beta=‹beta›)');
    expect(maskContainers({ o: '{ zeta: 1, alpha: 1 }', 'o.alpha': '1', 'o.zeta': '1' }).o).toBe(
      '{ zeta: ‹zeta›, alpha: ‹alpha› }',
    );
    expect(maskContainers({ d: "{'z': 1, 'a': 1}", "d['a']": '1', "d['z']": '1' }).d).toBe("{'z': ‹'z'›, 'a': ‹'a'›}");
    expect(maskContainers({ xs: "['a', 'a']", 'xs[0]': "'a'", 'xs[1]': "'a'" }).xs).toBe('[‹0›, ‹1›]');
  });

  it('compares a summary the debugger cut through the children it still shows, and keeps the cut', () => {
    const children = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`xs[${i}]`, String(i)]));
    const masked = maskContainers({ xs: '[0, 1, 2, 3, ...]', ...children });
    expect(masked.xs).toBe('[‹0›, ‹1›, ‹2›, ‹3›, ...]');
    // Children of one text each: a cut summary shows the first ones.
    const same = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`os[${i}]`, '<Plain object at 0x…>']));
    expect(maskContainers({ os: '[<Plain obj...0x…>, <Plain obj...0x…>, ...]', ...same }).os).toBe('[‹0›, ‹1›, ...]');
    // An address token is not a cut: a summary that lists no child stays whole.
    expect(maskContainers({ xs: 'int[1] @ 0x…', 'xs[0]': '1' }).xs).toBe('int[1] @ 0x…');
    expect(maskContainers({ p: 'main.P {A: 1, B: 0x…}', 'p.A': '1', 'p.B': '2' }).p).toBe('main.P {A: 1, B: 0x…}');
  });

  it('never lets a marker hide what only the summary holds', () => {
    const a = maskContainers({ xs: '[0, 1, ...] (len 9)', 'xs[0]': '0', 'xs[1]': '1', 'xs[2]': '2' });
    const b = maskContainers({ xs: '[0, 1, ...] (len 8)', 'xs[0]': '0', 'xs[1]': '1', 'xs[2]': '2' });
    expect(a.xs).toBe('[‹0›, ‹1›, ...] (len 9)');
    expect(diffVariables(a, b).changed).toEqual({ xs: { a: '[‹0›, ‹1›, ...] (len 9)', b: '[‹0›, ‹1›, ...] (len 8)' } });
  });
});

describe('the value pipeline', () => {
  async function pipeline(
    id: string,
    variables: Record<string, string>,
    extra: { raw?: boolean; ignore?: string[] } = {},
  ): Promise<CapturedValues> {
    const definition = builtinDefinitions().find((candidate) => candidate.id === id)!;
    const hooks = await loadHooks(definition);
    return runValuePipeline(
      { variables, types: {}, truncated: [], normalised: [] },
      { adapter: { definition, hooks }, breakpointPath: '/x/y', raw: extra.raw ?? false, ignore: extra.ignore ?? [] },
    );
  }

  it('masks containers (python), leaves them with --raw-values, and an ignored field does not show in its parent', async () => {
    const variables = { o: "{'at': 5, 'n': 1}", "o['at']": '5', "o['n']": '1' };
    expect((await pipeline('python', variables)).variables.o).toBe("{'at': ‹'at'›, 'n': ‹'n'›}");
    expect((await pipeline('python', variables, { raw: true })).variables.o).toBe("{'at': 5, 'n': 1}");
    const ignored = await pipeline('python', variables, { ignore: ["o['at']"] });
    expect(ignored.variables).toEqual({ o: "{'at': ‹'at'›, 'n': ‹'n'›}", "o['n']": '1' });
  });

  it('does not mask lldb summaries, which are a type and an address', async () => {
    const values = await pipeline('lldb', { xs: 'int[1] @ 0x7ffd5a8c', 'xs[0]': '1' });
    expect(values.variables.xs).toBe('int[1] @ 0x…');
  });
});

describe('containersOfChanges', () => {
  it('names the changed names that hold another changed name', () => {
    expect([...containersOfChanges(['cart', 'cart.items', 'cart.items[0].qty', 'q', 'd', "d['k']"])].sort()).toEqual([
      'cart',
      'cart.items',
      'd',
    ]);
  });
});
