// readFrame against a scripted adapter: the hard cap on variables, pages no bigger than the budget,
// answers taken in order whatever order they come in, and a child request that fails, is slow, or
// meets the run's deadline costing only its own container.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { AdapterDefinition } from '../../../src/adapters/definition.js';
import { declaredAt, readFrame, REQUEST_WINDOW, type FrameLimits } from '../../../src/capture/read-frame.js';
import { defaultCaptureOptions } from '../../../src/core/types.js';
import { FakeAdapter } from '../../support/fake-adapter.js';

const DEFINITION = {
  id: 'fake',
  name: 'fake-adapter',
  scopes: { locals: ['^Locals$'], globals: ['^Globals$'], never: [] },
  skip_variables: ['^len\\(\\)$'],
  no_expand_types: [],
} as unknown as AdapterDefinition;

const LIMITS: FrameLimits = { ...defaultCaptureOptions().limits, value_timeout_seconds: 0.05 };

/** A variable; `children` > 0 gives it a reference of its own. */
function v(
  name: string,
  value: string,
  reference = 0,
  extra: Partial<DebugProtocol.Variable> = {},
): DebugProtocol.Variable {
  return { name, value, variablesReference: reference, ...extra };
}

type Answer =
  | DebugProtocol.Variable[]
  | 'never'
  | { fail: string }
  | { delayMs: number; variables: DebugProtocol.Variable[] };

/**
 * An adapter whose frame has the scopes given, and whose `variables` answers come from `children`
 * (by reference). A paged request gets its page; an unpaged one gets everything, as debugpy does.
 */
function adapter(scopes: DebugProtocol.Scope[], children: (reference: number) => Answer): FakeAdapter {
  return new FakeAdapter({
    scopes: (request, peer) => peer.respond(request, { scopes }),
    variables: (request, peer) => {
      const args = request.arguments as DebugProtocol.VariablesArguments;
      const answer = children(args.variablesReference);
      if (answer === 'never') return;
      if ('fail' in answer) return peer.respond(request, {}, false, answer.fail);
      const all = Array.isArray(answer) ? answer : answer.variables;
      let variables = all;
      if (args.filter === 'named') variables = all.filter((child) => !/^\d+$/.test(child.name));
      if (args.filter === 'indexed')
        variables = all
          .filter((child) => /^\d+$/.test(child.name))
          .slice(args.start ?? 0, (args.start ?? 0) + (args.count ?? all.length));
      if (Array.isArray(answer)) peer.respond(request, { variables });
      else setTimeout(() => peer.respond(request, { variables }), answer.delayMs);
    },
  });
}

const LOCALS: DebugProtocol.Scope = { name: 'Locals', variablesReference: 1, expensive: false };
const variablesRequests = (peer: FakeAdapter): DebugProtocol.VariablesArguments[] =>
  peer.requests
    .filter((request) => request.command === 'variables')
    .map((request) => request.arguments as DebugProtocol.VariablesArguments);

/** `n` elements named 0..n-1, each a container (reference base+i) when base > 0. */
function elements(n: number, base = 0): DebugProtocol.Variable[] {
  return Array.from({ length: n }, (_, i) => v(String(i), base > 0 ? `[${i}]` : String(i), base > 0 ? base + i : 0));
}

const far = (): number => Date.now() + 60_000;

// The clock is a fake one: seconds of adapter delays and timeouts pass in milliseconds.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** `work` run to its end, the fake clock moved on in small steps while it waits. */
async function settled<T>(work: Promise<T>, stepMs = 10): Promise<T> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let waited = 0; !done && waited < 120_000; waited += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  return work;
}

describe('readFrame', () => {
  it('never captures more than --max-variables, on a level that would add 300 x 300', async () => {
    // grid: 300 rows (references 1000..1299) of 300 ints each, as an adapter that does not page answers.
    const peer = adapter([LOCALS], (reference) => {
      if (reference === 1) return [v('grid', '[[...]]', 2), v('name', "'g'")];
      if (reference === 2) return [...elements(300, 1000), v('len()', '300')];
      return elements(300);
    });
    const read = await settled(
      readFrame(peer.connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 300, max_variables: 1000 }, far()),
    );
    expect(Object.keys(read.variables)).toHaveLength(1000);
    expect(read.variables.name).toBe("'g'");
    expect(read.variables['grid[0][299]']).toBe('299');
    // 2 locals + 300 rows, then 698 ints: rows 0 and 1 whole, row 2 in part (98 of 300).
    expect(read.variables['grid[2][97]']).toBe('97');
    expect(read.variables['grid[2][98]']).toBeUndefined();
    expect(read.cuts[0]).toEqual({
      kind: 'max_variables',
      path: 'grid[2]',
      where: 'value',
      shown: 98,
      total: 300,
      limit: 1000,
    });
    expect(read.cuts.slice(1).every((cut) => cut.kind === 'max_variables' && cut.shown === 0)).toBe(true);
    expect(read.cuts).toHaveLength(298);
    expect(read.truncated).toContain('grid[299]');
    // The rows not read at all are unread; grid[2], read in part, is not.
    expect(read.unread).toHaveLength(297);
    expect(read.unread).toContain('grid[299]');
    expect(read.unread).not.toContain('grid[2]');
    expect(read.warnings).toEqual([
      'Reading stopped at --max-variables 1000, so the comparison does not cover the rest: grid[2]: 98 of 300 children shown; the children of grid[3], grid[4], grid[5] and 294 more not read (raise --max-variables, or lower --depth or --max-children to see a smaller part in full).',
    ]);
    // Requests go out a window at a time: the rows past the budget were never asked for.
    expect(variablesRequests(peer).length).toBeLessThanOrEqual(2 + 3 + REQUEST_WINDOW);
  });

  it('pages a huge array: no more than --max-children, nor the budget left, plus one', async () => {
    const million = 1_000_000;
    const peer = adapter([LOCALS], (reference) => {
      if (reference === 1)
        return [v('items', `[${million}]`, 2, { indexedVariables: million }), v('size', String(million))];
      return [v('length', String(million)), ...elements(2000)];
    });
    const read = await settled(
      readFrame(peer.connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 300 }, far()),
    );
    const paged = variablesRequests(peer).filter((args) => args.variablesReference === 2);
    expect(paged).toEqual([
      { variablesReference: 2, filter: 'named', start: 0, count: 301 },
      { variablesReference: 2, filter: 'indexed', start: 0, count: 301 },
    ]);
    expect(read.variables['items.length']).toBe(String(million));
    expect(read.variables['items[298]']).toBe('298');
    expect(read.variables['items[299]']).toBeUndefined(); // the named child counts too
    expect(read.cuts).toEqual([{ kind: 'max_children', path: 'items', shown: 300, total: million + 1, limit: 300 }]);
    expect(read.warnings[0]).toBe(
      `items: 300 of ${million + 1} children shown (--max-children 300); the rest are not compared (raise --max-children to see them).`,
    );

    const small = adapter([LOCALS], (reference) =>
      reference === 1
        ? [v('a', '1'), v('b', '2'), v('items', '[...]', 2, { indexedVariables: million })]
        : elements(2000),
    );
    const capped = await settled(
      readFrame(small.connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 300, max_variables: 10 }, far()),
    );
    expect(variablesRequests(small).find((args) => args.filter === 'indexed')).toMatchObject({ start: 0, count: 8 });
    expect(Object.keys(capped.variables)).toHaveLength(10);
    expect(capped.cuts).toEqual([
      { kind: 'max_variables', path: 'items', where: 'value', shown: 7, total: million, limit: 10 },
    ]);
  });

  it('drops the repeats of an adapter that ignores `filter` and answers the named page with elements (lldb-dap)', async () => {
    const peer = new FakeAdapter({
      scopes: (request, fake) => fake.respond(request, { scopes: [LOCALS] }),
      variables: (request, fake) => {
        const args = request.arguments as DebugProtocol.VariablesArguments;
        if (args.variablesReference === 1)
          return fake.respond(request, { variables: [v('big', 'int[200000]', 2, { indexedVariables: 200_000 })] });
        const start = args.start ?? 0;
        const count = args.count ?? 200_000;
        fake.respond(request, {
          variables: Array.from({ length: count }, (_, i) => v(`[${start + i}]`, String(start + i))),
        });
      },
    });
    const read = await settled(
      readFrame(peer.connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 100 }, far()),
    );
    expect(Object.keys(read.variables)).toHaveLength(101);
    expect(read.variables['big[99]']).toBe('99');
    expect(read.cuts).toEqual([{ kind: 'max_children', path: 'big', shown: 100, total: 200_000, limit: 100 }]);
  });

  it('keeps what answers in order, whatever order they arrive in', async () => {
    // Row i answers after (10 - i) * 5 ms: the last asked comes first.
    const peer = adapter([LOCALS], (reference) => {
      if (reference === 1) return [v('rows', '[...]', 2)];
      if (reference === 2) return elements(10, 100);
      return { delayMs: (110 - reference) * 5, variables: elements(5) };
    });
    const read = await settled(
      readFrame(peer.connection, DEFINITION, 7, 'locals', { ...LIMITS, max_variables: 1 + 10 + 12 }, far()),
    );
    expect(Object.keys(read.variables).filter((name) => /^rows\[\d\]\[/.test(name))).toEqual([
      ...['0', '1', '2', '3', '4'].map((i) => `rows[0][${i}]`),
      ...['0', '1', '2', '3', '4'].map((i) => `rows[1][${i}]`),
      'rows[2][0]',
      'rows[2][1]',
    ]);
  });

  it('a child request that fails or does not answer costs only its own children', async () => {
    const peer = adapter([LOCALS], (reference) => {
      if (reference === 1)
        return [v('slow', 'Slow()', 2), v('broken', 'Broken()', 3), v('fine', 'Fine()', 4), v('n', '3')];
      if (reference === 2) return 'never';
      if (reference === 3) return { fail: 'Unable to list the attributes' };
      return [v('x', '1')];
    });
    const read = await settled(readFrame(peer.connection, DEFINITION, 7, 'locals', LIMITS, far()));
    expect(read.variables).toEqual({ slow: 'Slow()', broken: 'Broken()', fine: 'Fine()', n: '3', 'fine.x': '1' });
    expect(read.cuts).toEqual([
      { kind: 'timed_out', path: 'slow', where: 'value', seconds: 1.05 },
      { kind: 'failed', path: 'broken', where: 'value', message: 'Unable to list the attributes' },
    ]);
    expect(read.truncated).toEqual(['broken', 'slow']);
    // None of their children read: unknown in this run, not absent (the comparison sets the other run's aside).
    expect(read.unread).toEqual(['broken', 'slow']);
    expect(read.warnings).toEqual([
      'Reading the children of slow timed out after 1.05 s: its own value is kept, its children are not compared (raise --value-timeout).',
      'Reading the children of broken failed: Unable to list the attributes: its own value is kept, its children are not compared.',
    ]);
  });

  it('gives a page of thousands of children more time than one value: a second per 4,000', async () => {
    // One value may take 0.05 s + 1 s; a page of 4,000 children 1 s more.
    const page = (delayMs: number) =>
      adapter([LOCALS], (reference) =>
        reference === 1 ? [v('items', '[...]', 2, { indexedVariables: 4000 })] : { delayMs, variables: elements(4000) },
      );
    const inTime = await settled(
      readFrame(page(1500).connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 4000 }, far()),
    );
    expect(inTime.variables['items[3999]']).toBe('3999');
    expect(inTime.cuts).toEqual([]);
    const late = await settled(
      readFrame(page(3000).connection, DEFINITION, 7, 'locals', { ...LIMITS, max_children: 4000 }, far()),
    );
    expect(late.cuts).toEqual([{ kind: 'timed_out', path: 'items', where: 'value', seconds: 2.05 }]);
    expect(late.unread).toEqual(['items']);
  });

  it('requests queued behind a slow one in an adapter that answers one at a time get their own time', async () => {
    // Answers in order; `slow`'s children take 2.5 s (more than twice its limit: 0.05 s + the 1 s margin), the rest 20 ms.
    let queue = Promise.resolve();
    const peer = new FakeAdapter({
      scopes: (request, fake) => fake.respond(request, { scopes: [LOCALS] }),
      variables: (request, fake) => {
        const reference = (request.arguments as DebugProtocol.VariablesArguments).variablesReference;
        const children =
          reference === 1
            ? [v('slow', 'S', 2), ...['a', 'b', 'c'].map((name, i) => v(name, name.toUpperCase(), 3 + i))]
            : [v('x', String(reference))];
        queue = queue.then(
          () =>
            new Promise((resolve) =>
              setTimeout(
                () => {
                  fake.respond(request, { variables: children });
                  resolve();
                },
                reference === 2 ? 2500 : 20,
              ),
            ),
        );
      },
    });
    const read = await settled(readFrame(peer.connection, DEFINITION, 7, 'locals', LIMITS, far()));
    expect(read.variables).toEqual({ slow: 'S', a: 'A', b: 'B', c: 'C', 'a.x': '3', 'b.x': '4', 'c.x': '5' });
    expect(read.cuts).toEqual([{ kind: 'timed_out', path: 'slow', where: 'value', seconds: 1.05 }]);
  });

  it('stops at the run deadline and keeps what it has read; a scope waits for it, not for a value time', async () => {
    const globals: DebugProtocol.Scope = { name: 'Globals', variablesReference: 9, expensive: false };
    // Locals answers after 300 ms (longer than a value may take, 50 ms + margin is not the limit for a scope).
    const peer = adapter([LOCALS, globals], (reference) => {
      if (reference === 1) return { delayMs: 300, variables: [v('n', '1'), v('rows', '[...]', 2)] };
      if (reference === 2) return 'never';
      return [v('G', '2')];
    });
    const read = await settled(
      readFrame(peer.connection, DEFINITION, 7, 'globals', { ...LIMITS, value_timeout_seconds: 10 }, Date.now() + 800),
    );
    expect(read.variables).toEqual({ n: '1', rows: '[...]', G: '2' });
    expect(read.cuts).toEqual([{ kind: 'deadline', path: 'rows', where: 'value' }]);
    expect(read.unread).toEqual(['rows']);
    expect(read.warnings).toEqual([
      "Reading stopped at the run's --timeout after 3 variables: the children of rows were not read (raise --timeout).",
    ]);

    const late = await settled(
      readFrame(adapter([LOCALS], () => [v('n', '1')]).connection, DEFINITION, 7, 'locals', LIMITS, Date.now() - 1),
    );
    expect(late.variables).toEqual({});
    expect(late.cuts).toEqual([{ kind: 'deadline', path: '', where: 'frame' }]);
  });

  it('a scope or the frame that cannot be read leaves a warning, not an error', async () => {
    const globals: DebugProtocol.Scope = { name: 'Globals', variablesReference: 9, expensive: false };
    const peer = adapter([LOCALS, globals], (reference) =>
      reference === 1 ? { fail: 'Unable to find thread' } : [v('G', '2')],
    );
    const read = await settled(readFrame(peer.connection, DEFINITION, 7, 'globals', LIMITS, far()));
    expect(read.variables).toEqual({ G: '2' });
    expect(read.scopes).toEqual(['Locals', 'Globals']);
    expect(read.warnings).toEqual([
      "Reading the scope 'Locals' failed: Unable to find thread: its variables are missing.",
    ]);

    const noScopes = new FakeAdapter({ scopes: (request, fake) => fake.respond(request, {}, false, 'invalid frame') });
    const empty = await settled(readFrame(noScopes.connection, DEFINITION, 7, 'locals', LIMITS, far()));
    expect(empty.variables).toEqual({});
    expect(empty.warnings).toEqual(["Reading the frame's scopes failed: invalid frame: no variables were captured."]);
  });
});

describe('a null pointer (issue 22 item 6)', () => {
  it('is a leaf with its value: the fields lldb lists under it are not read', async () => {
    // lldb-dap gives a NULL `struct node *` a reference whose children all read `<error: parent is NULL>`.
    const peer = adapter([LOCALS], (reference) => {
      if (reference === 1) return [v('root', '0x00005555555592a0', 2), v('none', '0x0000000000000000', 3)];
      if (reference === 2) return [v('next', '0x0000000000000000', 4), v('type', '1')];
      return [v('next', '<error: parent is NULL>', 5), v('type', '<error: parent is NULL>')];
    });
    const read = await settled(readFrame(peer.connection, DEFINITION, 7, 'locals', LIMITS, far()));
    expect(read.variables).toEqual({
      root: '0x00005555555592a0',
      'root.next': '0x0000000000000000',
      'root.type': '1',
      none: '0x0000000000000000',
    });
    expect(variablesRequests(peer).map((args) => args.variablesReference)).toEqual([1, 2]);
  });
});

describe('a stop that reads nothing', () => {
  it('says so when the frame has scopes but none is read with --scope locals', async () => {
    const peer = adapter([{ name: 'Globals', variablesReference: 2, expensive: false }], () => [v('g', '1')]);
    const result = await settled(readFrame(peer.connection, DEFINITION, 1, 'locals', LIMITS, far()));
    expect(result.variables).toEqual({});
    expect(result.warnings).toEqual([
      "the stop read no variables: the frame's scopes (Globals) are not read with --scope locals — try --scope globals, or a line inside a function",
    ]);
  });

  it('says so when the scopes read hold nothing', async () => {
    const peer = adapter([LOCALS], () => []);
    const result = await settled(readFrame(peer.connection, DEFINITION, 1, 'locals', LIMITS, far()));
    expect(result.warnings).toEqual([
      'the stop read no variables, though the frame has scopes (Locals): nothing was compared — try --scope globals, or a line inside a function',
    ]);
  });

  it('says nothing when variables were read', async () => {
    const peer = adapter([LOCALS], () => [v('x', '1')]);
    expect((await settled(readFrame(peer.connection, DEFINITION, 1, 'locals', LIMITS, far()))).warnings).toEqual([]);
  });
});

describe('readFrame with paging by count (rdbg)', () => {
  it("reads an array's elements by page, asking for exactly as many as it has, and names children by the definition's templates", async () => {
    // An adapter like rdbg: unpaged, an array lists only its named pseudo-children; a page is padded with nils to the count asked for.
    const peer = new FakeAdapter({
      scopes: (request, adapter) => adapter.respond(request, { scopes: [LOCALS] }),
      variables: (request, adapter) => {
        const args = request.arguments as DebugProtocol.VariablesArguments;
        if (args.variablesReference === 1) {
          return adapter.respond(request, {
            variables: [
              v('%self', 'main', 0),
              v('tags', '["a", "b"]', 2, { indexedVariables: 2, type: 'Array' }),
              v('h', '{:k=>1}', 3, { namedVariables: 1, type: 'Hash' }),
            ],
          });
        }
        if (args.variablesReference === 3)
          return adapter.respond(request, { variables: [v('#class', 'Hash'), v(':k', '1')] });
        if (args.filter !== 'indexed') return adapter.respond(request, { variables: [v('#class', 'Array')] });
        const count = args.count ?? 0;
        adapter.respond(request, {
          variables: Array.from({ length: count }, (_, i) => v(String(i), i < 2 ? `"${'ab'[i]}"` : 'nil')),
        });
      },
    });
    const definition = {
      ...DEFINITION,
      skip_variables: ['^#class$'],
      paging: 'by_count',
      child_names: {
        reject_evaluate_name: [],
        rewrite_evaluate_name: [],
        templates: [
          { scope: true, name: '^%self$', path: 'self' },
          { parent_type: '^Hash$', path: '${parent}[${name}]' },
        ],
      },
    } as unknown as AdapterDefinition;
    const read = await settled(readFrame(peer.connection, definition, 7, 'locals', LIMITS, far(), '/src/x.rb'));
    expect(read.variables).toEqual({
      self: 'main',
      tags: '["a", "b"]',
      'tags[0]': '"a"',
      'tags[1]': '"b"',
      h: '{:k=>1}',
      'h[:k]': '1',
    });
    expect(
      variablesRequests(peer).find((args) => args.variablesReference === 2 && args.filter === 'indexed'),
    ).toMatchObject({ start: 0, count: 2 });
  });
});

describe('declaredAt: where the adapter says a local is declared (locate.declared_at)', () => {
  const variable = (extra: Record<string, unknown>): DebugProtocol.Variable => ({
    name: 'section',
    value: '{...}',
    variablesReference: 0,
    ...extra,
  });

  it("reads lldb-dap's $__lldb_extensions.declaration, and nothing where the path or its fields are not there", () => {
    const where = '$__lldb_extensions.declaration';
    const said = variable({ $__lldb_extensions: { declaration: { path: '/s/i.rs', line: 84 } } });
    expect(declaredAt(said, where)).toEqual({ path: '/s/i.rs', line: 84 });
    expect(declaredAt(said, undefined)).toBeNull();
    expect(declaredAt(variable({}), where)).toBeNull();
    expect(declaredAt(variable({ $__lldb_extensions: { declaration: { line: 84 } } }), where)).toBeNull();
    expect(declaredAt(variable({ $__lldb_extensions: 'x' }), where)).toBeNull();
  });
});
