// The Python hook's container patches (adapters/debugpy/sitecustomize.py, parts 5 and 6) on pydevd's
// own SafeRepr and resolvers, without an adapter: sets written and named in one order under any hash
// seed, and long lists listed flat as far as BPDIFF_MAX_CHILDREN.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { debugpyModulesFolder } from './debugpy-modules.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PYDEVD = '/usr/lib/python3/dist-packages/debugpy/_vendored/pydevd';

const PROGRAM = `
import json, sys
sys.path.insert(0, ${JSON.stringify(PYDEVD)})
from _pydevd_bundle.pydevd_safe_repr import SafeRepr
from _pydevd_bundle import pydevd_resolver as resolver

class Node:
    def __init__(self, v):
        self.v = v

def names(lst):
    return [name for name, _, _ in lst if name.startswith(("{", "0", "1", "2", "3", "4", "5", "6", "7", "more"))]

show = SafeRepr()
nodes = {Node(2), Node(1)}
print(json.dumps({
    "set": show({"t2", "t0", "t1", "alpha"}),
    "frozenset": show(frozenset("zyxw")),
    "in_list": show([{"m", "n", "o"}, 5]),
    "mixed": show({10, 2, "b", "a", b"x", None, (1, "y")}),
    "empty": [show(set()), show(frozenset())],
    "dict": show({"k2": {"q", "p"}, frozenset("ba"): 1}),
    "set_names": names(resolver.setResolver.get_contents_debug_adapter_protocol({("b", 2), ("a", 1), "c", 3})),
    "set_evaluate_names": [e for n, _, e in resolver.setResolver.get_contents_debug_adapter_protocol({"t1", "t0"}) if n.startswith("{")],
    "frozenset_key": resolver.dictResolver.key_to_str(("t", frozenset("cba"))),
    "nodes": [(name, item.v) for name, item, _ in resolver.setResolver.get_contents_debug_adapter_protocol(nodes) if name.startswith("{")],
    "list_names": names(resolver.tupleResolver.get_contents_debug_adapter_protocol(list(range(8)))),
}))
`;

async function run(env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout } = await execa('python3', ['-c', PROGRAM], {
    env: {
      ...env,
      PYTHONPATH: [path.join(ROOT, 'adapters/debugpy'), debugpyModulesFolder()].join(path.delimiter),
      PYDEVD_DISABLE_FILE_VALIDATION: '1',
    },
    extendEnv: false,
    stdin: 'ignore',
    timeout: 20_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
}

describe.skipIf(!fs.existsSync(PYDEVD))('the Python container patches', () => {
  it('writes and names set elements in one order, whatever the hash seed', async () => {
    const one = await run({ PYTHONHASHSEED: '1' });
    expect(await run({ PYTHONHASHSEED: '2' })).toEqual(one);
    expect(await run({ PYTHONHASHSEED: '3' })).toEqual(one);
    expect(one).toMatchObject({
      set: "{'alpha', 't0', 't1', 't2'}",
      frozenset: "frozenset({'w', 'x', 'y', 'z'})",
      in_list: "[{'m', 'n', 'o'}, 5]",
      // Numbers by value, then strings, bytes, None, tuples.
      mixed: "{2, 10, 'a', 'b', b'x', None, (1, 'y')}",
      empty: ['set()', 'frozenset()'],
      // A dict in the program's order; the sets in it in the stable one.
      dict: "{'k2': {'p', 'q'}, frozenset({'a', 'b'}): 1}",
      set_names: ['{3}', "{'c'}", "{('a', 1)}", "{('b', 2)}"],
      set_evaluate_names: ["{'t0'}", "{'t1'}"],
      frozenset_key: "('t', frozenset({'a', 'b', 'c'}))",
      // Objects that read the same apart from their address: told apart by their fields.
      nodes: [
        ['{<__main__.Node object at 0x…>}', 1],
        ['{<__main__.Node object at 0x…> #2}', 2],
      ],
    });
  });

  it('lists a long list flat up to BPDIFF_MAX_CHILDREN and one more, else as pydevd does', async () => {
    expect((await run({ BPDIFF_MAX_CHILDREN: '5' })).list_names).toEqual(['0', '1', '2', '3', '4', '5', 'more']);
    expect((await run({ BPDIFF_MAX_CHILDREN: '8' })).list_names).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect((await run({})).list_names).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });
});
