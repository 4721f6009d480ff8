// FrameDump against a scripted adapter that holds one frame as a tree: the locals read from one dump
// give the frame reader exactly what it reads through `variables` requests (values, types, paths,
// declarations, cuts), and it falls back to the requests where the dump is cut, does not parse, or is
// refused.
import { describe, expect, it } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { FrameDump } from '../../../src/capture/frame-dump.js';
import { readFrame, type FrameLimits } from '../../../src/capture/read-frame.js';
import { defaultCaptureOptions } from '../../../src/core/types.js';
import { FakeAdapter } from '../../support/fake-adapter.js';

const DEFINITION = {
  id: 'fake',
  name: 'fake-adapter',
  scopes: { locals: ['^Locals$'], globals: ['^Globals$'], never: [] },
  skip_variables: [],
  no_expand_types: ['^char \\*$'],
  frame_dump: { command: '`dump ${depth} ${max_children} ${max_variables} ${no_expand_hex}', answer: '^dump\\t' },
  locate: { declared_at: '$__lldb_extensions.declaration' },
} as unknown as AdapterDefinition;

const LIMITS: FrameLimits = { ...defaultCaptureOptions().limits, max_children: 4, depth: 2 };

/** A value of the fake frame. */
interface Value {
  name: string;
  value: string;
  type: string;
  path?: string;
  indexed?: number;
  children?: Value[];
  declared?: [string, number];
}

const leaf = (name: string, value: string, type = 'int', path = name): Value => ({ name, value, type, path });

const FRAME: Value[] = [
  leaf('count', '3'),
  {
    name: 'order',
    value: 'order @ 0x1000',
    type: 'struct order',
    path: 'order',
    declared: ['/src/shop.c', 12],
    children: [
      leaf('qty', '2', 'int', 'order.qty'),
      {
        name: 'line',
        value: 'line @ 0x1010',
        type: 'struct line',
        path: 'order.line',
        children: [
          // Below --depth 2: listed as a container, never expanded.
          {
            name: 'sku',
            value: 'sku @ 0x1020',
            type: 'struct sku',
            path: 'order.line.sku',
            children: [leaf('id', '9')],
          },
        ],
      },
      { name: 'note', value: '"hi"', type: 'char *', path: 'order.note', children: [leaf('*note', "'h'")] },
      {
        name: 'next',
        value: '0x0000000000000000',
        type: 'struct order *',
        path: 'order.next',
        children: [leaf('qty', '<error: parent is NULL>')],
      },
    ],
  },
  {
    name: 'prices',
    value: 'int[7] @ 0x2000',
    type: 'int[7]',
    path: 'prices',
    indexed: 7,
    children: Array.from({ length: 7 }, (_, i) => leaf(`[${i}]`, String(i * 10), 'int', `prices[${i}]`)),
  },
  { name: 'i', value: '1', type: 'int', path: 'i', declared: ['/src/shop.c', 20] },
  { name: 'i', value: '5', type: 'int', path: 'i', declared: ['/src/shop.c', 31] },
];

const GLOBALS: Value[] = [leaf('total', '44')];

/** What the dump command answers for a frame, by the rules of adapters/lldb/bpdiff_lldb_dump.py. */
function dumpOf(values: Value[], limits: FrameLimits, noExpand: RegExp[], level = 0): unknown[] {
  return values.map((value) => {
    const expandable = value.children !== undefined;
    const expands =
      expandable &&
      level < limits.depth &&
      !/^0x0+$/.test(value.value) &&
      !noExpand.some((pattern) => pattern.test(value.type));
    return [
      value.name,
      value.value,
      value.type,
      value.path ?? '',
      expandable,
      value.indexed ?? null,
      expands ? dumpOf(value.children!.slice(0, limits.max_children + 1), limits, noExpand, level + 1) : null,
      value.children?.length ?? 0,
      value.declared ?? null,
    ];
  });
}

interface Script {
  /** What the evaluate answers: the dump (cut or not), a text that does not parse, or a refusal. */
  dump: 'whole' | 'cut' | 'garbled' | 'refused';
  /** The frame's locals (FRAME unless said). */
  frame?: Value[];
}

/** An adapter holding FRAME (reference 1) and GLOBALS (reference 2), answering requests as lldb-dap does, and the dump. */
function adapter(script: Script): FakeAdapter {
  const byReference = new Map<number, Value[]>([[2, GLOBALS]]);
  const references = new Map<Value, number>();
  const referenceOf = (value: Value): number => {
    if (value.children === undefined) return 0;
    let reference = references.get(value);
    if (reference === undefined) {
      reference = 100 + references.size;
      references.set(value, reference);
      byReference.set(reference, value.children);
    }
    return reference;
  };
  const variable = (value: Value): DebugProtocol.Variable => ({
    name: value.name,
    value: value.value,
    type: value.type,
    variablesReference: referenceOf(value),
    ...(value.path ? { evaluateName: value.path } : {}),
    ...(value.indexed !== undefined ? { indexedVariables: value.indexed } : {}),
    ...(value.declared
      ? { $__lldb_extensions: { declaration: { path: value.declared[0], line: value.declared[1], column: 5 } } }
      : {}),
  });
  return new FakeAdapter({
    scopes: (request, peer) =>
      peer.respond(request, {
        scopes: [
          { name: 'Locals', variablesReference: 1, expensive: false },
          { name: 'Globals', variablesReference: 2, expensive: false },
        ],
      }),
    variables: (request, peer) => {
      const args = request.arguments as DebugProtocol.VariablesArguments;
      const all = args.variablesReference === 1 ? (script.frame ?? FRAME) : byReference.get(args.variablesReference);
      if (all === undefined) return peer.respond(request, {}, false, 'invalid variablesReference');
      // lldb-dap ignores `filter`: a page is start..start+count of every child.
      const start = args.start ?? 0;
      const page = args.count ? all.slice(start, start + args.count) : all.slice(start);
      peer.respond(request, { variables: page.map(variable) });
    },
    evaluate: (request, peer) => {
      const { expression } = request.arguments as DebugProtocol.EvaluateArguments;
      if (script.dump === 'refused') return peer.respond(request, {}, false, "'dump' is not a valid command.");
      const [, depth, maxChildren, maxVariables, hex] = expression.split(' ');
      const limits = { ...LIMITS, depth: Number(depth), max_children: Number(maxChildren) };
      const noExpand = (JSON.parse(Buffer.from(hex!, 'hex').toString()) as string[]).map((p) => new RegExp(p));
      const locals = dumpOf(script.frame ?? FRAME, limits, noExpand);
      const text =
        script.dump === 'garbled'
          ? 'dump\t{"locals": [['
          : `dump\t${JSON.stringify({ locals, cut: script.dump === 'cut' || Number(maxVariables) < 5 })}`;
      peer.respond(request, { result: `(lldb) ${expression.slice(1)}\n${text}\n`, variablesReference: 0 });
    },
  });
}

const far = (): number => Date.now() + 60_000;

async function readBoth(script: Script, limits = LIMITS, selection: 'locals' | 'globals' = 'locals') {
  const plain = adapter(script);
  const byRequests = await readFrame(plain.connection, DEFINITION, 7, selection, limits, far());
  const dumped = adapter(script);
  const dump = new FrameDump(dumped.connection, DEFINITION, limits);
  const byDump = await readFrame(dump, DEFINITION, 7, selection, limits, far());
  return { byRequests, byDump, dump, peer: dumped };
}

describe('FrameDump', () => {
  it('reads what the requests read: values, types, paths, declarations, cuts, in one evaluate', async () => {
    const { byRequests, byDump, dump, peer } = await readBoth({ dump: 'whole' });
    expect(byDump).toEqual(byRequests);
    expect(byDump.variables).toMatchObject({
      count: '3',
      'order.qty': '2',
      'order.line.sku': 'sku @ 0x1020',
      'order.note': '"hi"',
      'order.next': '0x0000000000000000',
      'prices[3]': '30',
    });
    expect(byDump.variables['order.line.sku.id']).toBeUndefined();
    expect(byDump.variables['order.note[0]']).toBeUndefined();
    expect(byDump.declared).toEqual({ order: { path: '/src/shop.c', line: 12 }, i: { path: '/src/shop.c', line: 20 } });
    expect(byDump.cuts).toEqual([{ kind: 'max_children', path: 'prices', shown: 4, total: 7, limit: 4 }]);
    expect(peer.commands).toEqual(['scopes', 'evaluate']);
    expect(dump.counts).toEqual({ dumped: 1, by_requests: 0 });
    const evaluate = peer.requests[1]!.arguments as DebugProtocol.EvaluateArguments;
    expect(evaluate).toEqual({
      expression: `\`dump 2 4 ${LIMITS.max_variables} ${Buffer.from('["^char \\\\*$"]').toString('hex')}`,
      context: 'repl',
      frameId: 7,
    });
  });

  it('reads the other scopes by requests (--scope globals)', async () => {
    const { byRequests, byDump, peer } = await readBoth({ dump: 'whole' }, LIMITS, 'globals');
    expect(byDump).toEqual(byRequests);
    expect(byDump.variables['total']).toBe('44');
    expect(byDump.variables['count']).toBe('3');
    expect(byDump.scopes).toEqual(['Locals', 'Globals']);
    expect(peer.commands).toEqual(['scopes', 'evaluate', 'variables']);
  });

  it('reads by requests where the frame holds more than --max-variables values', async () => {
    const limits = { ...LIMITS, max_variables: 4 };
    const { byRequests, byDump, dump, peer } = await readBoth({ dump: 'whole' }, limits);
    expect(byDump).toEqual(byRequests);
    expect(byDump.cuts[0]).toMatchObject({ kind: 'max_variables', limit: 4 });
    expect(peer.commands.slice(0, 3)).toEqual(['scopes', 'evaluate', 'variables']);
    expect(dump.counts).toEqual({ dumped: 0, by_requests: 1 });
  });

  it('reads by requests where the answer does not parse, and dumps again at the next read', async () => {
    const script: Script = { dump: 'garbled' };
    const { byRequests, byDump, dump, peer } = await readBoth(script);
    expect(byDump).toEqual(byRequests);
    expect(dump.counts).toEqual({ dumped: 0, by_requests: 1 });
    script.dump = 'whole';
    expect(await readFrame(dump, DEFINITION, 7, 'locals', LIMITS, far())).toEqual(byRequests);
    expect(dump.counts).toEqual({ dumped: 1, by_requests: 1 });
    expect(peer.commands.filter((command) => command === 'evaluate')).toHaveLength(2);
  });

  it('reads by requests from then on where the adapter refuses the command', async () => {
    const { byRequests, byDump, dump, peer } = await readBoth({ dump: 'refused' });
    expect(byDump).toEqual(byRequests);
    expect(await readFrame(dump, DEFINITION, 7, 'locals', LIMITS, far())).toEqual(byRequests);
    expect(peer.commands.filter((command) => command === 'evaluate')).toHaveLength(1);
  });

  it("answers nothing of an earlier stop's dump once the next read begins", async () => {
    const peer = adapter({ dump: 'whole' });
    const dump = new FrameDump(peer.connection, DEFINITION, LIMITS);
    const first = await readFrame(dump, DEFINITION, 7, 'locals', LIMITS, far());
    await dump.request('scopes', { frameId: 7 }, { step: 'scopes', timeoutMs: 1000 });
    const parent = {
      path: 'order',
      where: 'value',
      reference: 2 ** 44,
      indexed: undefined,
      type: undefined,
      depth: 0,
      maxChildren: 4,
    } as const;
    expect(await dump.children(parent, 1000)).toBeNull();
    expect(first.variables['order.qty']).toBe('2');
  });

  it("reads a line by requests where its last dump read no value's children, and dumps it again once a read did", async () => {
    const script: Script = { dump: 'whole', frame: [leaf('n', '1'), leaf('total', '2.5', 'double')] };
    const peer = adapter(script);
    const dump = new FrameDump(peer.connection, DEFINITION, LIMITS);
    const read = async (line: number) => {
      dump.readingIn(`deep.c:${line}:f`);
      const from = peer.requests.length;
      const result = await readFrame(dump, DEFINITION, 7, 'locals', LIMITS, far());
      return { variables: result.variables, commands: peer.commands.slice(from) };
    };
    expect(await read(11)).toEqual({ variables: { n: '1', total: '2.5' }, commands: ['scopes', 'evaluate'] });
    // Plain values: the line's next read is one variables request (which a walk sends early).
    expect(await read(11)).toEqual({ variables: { n: '1', total: '2.5' }, commands: ['scopes', 'variables'] });
    // Another line is dumped first.
    expect((await read(12)).commands).toEqual(['scopes', 'evaluate']);
    // Line 11 again, now holding a struct: read by requests once, then dumped.
    script.frame = FRAME;
    // The locals, order's and order.line's children, and prices' two pages.
    expect((await read(11)).commands).toEqual(['scopes', ...Array<string>(5).fill('variables')]);
    expect((await read(11)).commands).toEqual(['scopes', 'evaluate']);
    expect(dump.counts).toEqual({ dumped: 3, by_requests: 2 });
  });
});
