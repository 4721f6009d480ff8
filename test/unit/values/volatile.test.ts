// The `volatile` rules of an adapter definition (src/values/volatile.ts) and the built-in ones of dlv
// and lldb-dap, on values as those adapters write them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdapterDefinition, VolatileRule } from '../../../src/adapters/definition.js';
import { builtinDefinitions } from '../../../src/adapters/registry.js';
import { parseDefinition } from '../../../src/adapters/parse-definition.js';
import { BpdiffError } from '../../../src/errors.js';
import { applyVolatileRules } from '../../../src/values/volatile.js';
import { selfAndAncestors, splitChildPath } from '../../../src/core/child-path.js';
import { runValuePipeline, type CapturedValues } from '../../../src/values/pipeline.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-volatile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function captured(entries: Record<string, [value: string, type: string]>): CapturedValues {
  const values: CapturedValues = { variables: {}, types: {}, truncated: [], normalised: [] };
  for (const [name, [value, type]] of Object.entries(entries)) {
    values.variables[name] = value;
    values.types[name] = type;
  }
  return values;
}

function builtin(id: string): AdapterDefinition {
  return builtinDefinitions().find((definition) => definition.id === id)!;
}

/** The whole pipeline with a built-in adapter's data (no hooks: they are the adapters' own tests'). */
function pipeline(id: string, values: CapturedValues, raw = false): CapturedValues {
  return runValuePipeline(values, { adapter: { definition: builtin(id), hooks: {} }, breakpointPath: '/src/x', raw });
}

describe('splitChildPath', () => {
  it.each([
    ['a.b', 'a', 'b'],
    ['(*t).common.start', '(*t).common', 'start'],
    ['(*t)', 't', '*'],
    ['(*(*t).context).match', '(*(*t).context)', 'match'],
    ['(*(*t).context)', '(*t).context', '*'],
    ['(*t).common.w.(data)', '(*t).common.w', '(data)'],
    ['m["a.b"]', 'm', '["a.b"]'],
    ['x.y[0][1]', 'x.y[0]', '[1]'],
    ['p->next->name', 'p->next', 'name'],
    ['*p', 'p', '*'],
    ['*(u.next)', 'u.next', '*'],
    ["d['k->v']", 'd', "['k->v']"],
    ["s{'t0'}", 's', "{'t0'}"],
    ["d['k3']{'p'}", "d['k3']", "{'p'}"],
    // Fortran (adapters/gdb), Perl (examples/adapters/perl.json), Ruby (adapters/ruby).
    ['all(2)%celsius(3)', 'all(2)%celsius', '(3)'],
    ['all(2)%celsius', 'all(2)', 'celsius'],
    ['items(1)', 'items', '(1)'],
    ['$item->{qty}', '$item', '{qty}'],
    ['$order->{lines}->[0]', '$order->{lines}', '[0]'],
    ['%prices{mug}', '%prices', '{mug}'],
    ['quote.@total', 'quote', '@total'],
    ['rates[:europe]', 'rates', '[:europe]'],
    ['x.(data)', 'x', '(data)'],
    // A method's call after a dot (the Node adapter's Map entries) is one child.
    ['cart.quantities.get("pen")', 'cart.quantities', 'get("pen")'],
    ['m.get("a.b(c)")', 'm', 'get("a.b(c)")'],
  ])('%s is %s and %s', (path, parent, name) => {
    expect(splitChildPath(path)).toEqual({ parent, name });
  });

  it('lists a path and every path it lies under, quotes respected', () => {
    expect(selfAndAncestors("order.items[0]{'a.b'}")).toEqual([
      "order.items[0]{'a.b'}",
      'order.items[0]',
      'order.items',
      'order',
    ]);
    expect(selfAndAncestors('t')).toEqual(['t']);
  });

  it('finds no parent for a scope variable', () => {
    expect(splitChildPath('t')).toBeNull();
    expect(splitChildPath('(x)')).toBeNull();
  });
});

describe('applyVolatileRules', () => {
  const rules: VolatileRule[] = [
    {
      type: '^\\*?pkg\\.T$',
      pattern: '\\{.*$',
      replacement: '{<internals>}',
      keep_children: ['*', 'name'],
      what: 'T internals',
    },
    { path: '^secret$', replacement: '<${type}>', what: 'secrets' },
  ];

  it('rewrites a matching value, keeps the children named and leaves out the rest with everything under them', () => {
    const out = applyVolatileRules(
      captured({
        t: ['*pkg.T {name: "x", n: 1}', '*pkg.T'],
        '(*t)': ['pkg.T {name: "x", n: 1}', 'pkg.T'],
        '(*t).name': ['"x"', 'string'],
        '(*t).n': ['1', 'int'],
        '(*t).inner': ['pkg.In {a: 1}', 'pkg.In'],
        '(*t).inner.a': ['1', 'int'],
        secret: ['42', 'int$x'],
        other: ['pkg.T {}', 'pkg.U'],
      }),
      rules,
    );
    expect(out.variables).toEqual({
      t: '*pkg.T {<internals>}',
      '(*t)': 'pkg.T {<internals>}',
      '(*t).name': '"x"',
      secret: '<int$x>',
      other: 'pkg.T {}',
    });
    expect(Object.keys(out.types)).toEqual(Object.keys(out.variables));
    expect(out.normalised).toEqual(['(*t)', 'secret', 't']);
    expect(out.notes).toEqual(['internals left out (--raw-values shows them): T internals, 3 values inside (*t)']);
  });

  it('leaves values alone that no rule picks, and keeps lists of paths that are left in', () => {
    const values = { ...captured({ x: ['1', 'int'] }), truncated: ['x'] };
    expect(applyVolatileRules(values, rules)).toBe(values);
    const dropped = applyVolatileRules(
      {
        ...captured({ t: ['*pkg.T {…', '*pkg.T'], '(*t)': ['pkg.T {…', 'pkg.T'], '(*t).n': ['1', 'int'] }),
        truncated: ['(*t).n', 't'],
      },
      rules,
    );
    expect(dropped.truncated).toEqual(['t']);
    // A container the capture did not keep still leads up to one it did.
    expect(
      applyVolatileRules(captured({ '(*t)': ['pkg.T {…', 'pkg.T'], '(*(*t).in).x': ['1', 'int'] }), rules).variables,
    ).toEqual({ '(*t)': 'pkg.T {<internals>}' });
  });

  it('is skipped with --raw-values', () => {
    const values = captured({
      t: ['*pkg.T {n: 1}', '*pkg.T'],
      '(*t)': ['pkg.T {n: 1}', 'pkg.T'],
      '(*t).n': ['1', 'int'],
    });
    const definition = { ...builtin('go'), volatile: rules, normalise: [] };
    const raw = runValuePipeline(values, { adapter: { definition, hooks: {} }, breakpointPath: '/x.go', raw: true });
    expect(raw.variables).toEqual(values.variables);
  });
});

describe('definitions with volatile rules', () => {
  const base = { id: 'x', name: 'x', adapter: { transport: 'stdio', executables: ['x'] }, launch: {} };
  const parse = (volatile: unknown): AdapterDefinition => {
    const file = path.join(tmp, 'x.json');
    fs.writeFileSync(file, JSON.stringify({ ...base, volatile }));
    return parseDefinition(fs.readFileSync(file, 'utf8'), file);
  };
  const problem = (volatile: unknown): string => {
    try {
      parse(volatile);
    } catch (error) {
      if (error instanceof BpdiffError) return error.message;
      throw error;
    }
    throw new Error('expected an error');
  };

  it('are read, and are optional', () => {
    expect(parse([{ type: '^T$', keep_children: [], what: 'T' }]).volatile).toEqual([
      { type: '^T$', keep_children: [], what: 'T' },
    ]);
    expect(parse(undefined).volatile).toBeUndefined();
  });

  it('must say which variables, what becomes of them and what they are', () => {
    expect(problem([{ replacement: 'x', what: 'T' }])).toMatch(/volatile\[0\]/);
    expect(problem([{ type: '^T$', what: 'T' }])).toMatch(/volatile\[0\]/);
    expect(problem([{ type: '^T$', keep_children: [] }])).toMatch(/"volatile\[0\]\.what" is missing/);
    expect(problem([{ type: '^T$', pattern: 'x', keep_children: [], what: 'T' }])).toMatch(/replacement/);
    expect(problem([{ type: '^T$', pattern: '(', replacement: '', what: 'T' }])).toMatch(
      /"volatile\[0\]\.pattern" is not a valid regular expression/,
    );
  });
});

describe("dlv's rules", () => {
  const monotonic =
    'time.Time(2026-11-23T13:35:56Z, +373969){wall: 14031296893799625415, ext: 373969, loc: *time.Location {name: ""}}';

  it("leave only a test's name, failed and skipped of the testing package's bookkeeping", () => {
    const out = pipeline(
      'go',
      captured({
        t: [
          '*testing.T {common: testing.common {mu: (*sync.RWMutex)(0xc000096680), output: []uint8 len: 0, cap: 0, nil, ran: false, ...',
          '*testing.T',
        ],
        '(*t)': [
          'testing.T {common: testing.common {...}, isParallel: false, context: *testing.testContext {...}}',
          'testing.T',
        ],
        '(*t).common': ['testing.common {mu: sync.RWMutex {...}, ...', 'testing.common'],
        '(*t).common.name': ['"TestBalance"', 'string'],
        '(*t).common.failed': ['false', 'bool'],
        '(*t).common.skipped': ['false', 'bool'],
        '(*t).common.start': [monotonic, 'time.Time'],
        '(*t).common.start.ext': ['373969', 'int64'],
        '(*t).common.duration': ['30', 'time.Duration'],
        '(*t).common.creator': ['[]uintptr len: 3, cap: 50, [5573111,5193738,4646561]', '[]uintptr'],
        '(*t).common.parent': ['*(*testing.common)(0xc0000849c0)', '*testing.common'],
        '(*(*t).common.parent).name': ['"TestBalance"', 'string'],
        '(*t).context': ['*testing.testContext {running: 2, numWaiting: 0}', '*testing.testContext'],
        '(*(*t).context).running': ['2', 'int'],
        '(*t).isParallel': ['true', 'bool'],
        tb: ['testing.TB(*testing.T) *{common: testing.common {mu: ...', 'testing.TB'],
        'tb.(data)': ['*testing.T {common: ...', '*testing.T'],
        '(*tb.(data))': ['testing.T {common: ...', 'testing.T'],
        '(*tb.(data)).common': ['testing.common {mu: ...', 'testing.common'],
        '(*tb.(data)).common.name': ['"TestHelper"', 'string'],
        '(*tb.(data)).common.start': [monotonic, 'time.Time'],
        nilT: ['*testing.T nil', '*testing.T'],
      }),
    );
    expect(out.variables).toEqual({
      '(*t)': 'testing.T {<testing internals>}',
      '(*t).common': 'testing.common {<testing internals>}',
      '(*t).common.failed': 'false',
      '(*t).common.name': '"TestBalance"',
      '(*t).common.skipped': 'false',
      '(*tb.(data))': 'testing.T {<testing internals>}',
      '(*tb.(data)).common': 'testing.common {<testing internals>}',
      '(*tb.(data)).common.name': '"TestHelper"',
      nilT: '*testing.T nil',
      t: '*testing.T {<testing internals>}',
      tb: 'testing.TB(*testing.T) *{<testing internals>}',
      'tb.(data)': '*testing.T {<testing internals>}',
    });
    expect(out.notes).toEqual([
      "internals left out (--raw-values shows them): the testing package's bookkeeping, 10 values inside (*t), (*t).common and (*tb.(data)).common",
    ]);
  });

  it('show a time.Time as its wall-clock time, without the monotonic reading, in its value and in the values around it', () => {
    const out = pipeline(
      'go',
      captured({
        started: [monotonic, 'time.Time'],
        'started.wall': ['14031296893799625415 = 0xc2b92e2f14f7f2c7', 'uint64'],
        'started.ext': ['373969', 'int64'],
        'started.loc': ['*time.Location {name: ""}', '*time.Location'],
        stamp: [`ledger.stamped {Label: "opening", At: ${monotonic}}`, 'ledger.stamped'],
        nested: [
          'main.V {At: time.Time {wall: 12103456846468087808, ext: -1795440956351419894, loc: *(*time.Location)(0x649b60)}}',
          'main.V',
        ],
        opened: ['time.Time(2024-03-01T09:30:00Z){wall: 0, ext: 63844882200, loc: *time.Location nil}', 'time.Time'],
        'opened.ext': ['63844882200', 'int64'],
      }),
    );
    expect(out.variables).toEqual({
      nested: 'main.V {At: time.Time {wall: 12103456846468087808, ext: <monotonic>, loc: *(*time.Location)(0x…)}}',
      opened: 'time.Time(2024-03-01T09:30:00Z){wall: 0, ext: 63844882200, loc: *time.Location nil}',
      stamp:
        'ledger.stamped {Label: "opening", At: time.Time(2026-11-23T13:35:56Z){wall: 14031296893799625415, ext: <monotonic>, loc: *time.Location {name: ""}}}',
      started: 'time.Time(2026-11-23T13:35:56Z){wall: ‹wall›, ext: <monotonic>, loc: ‹loc›}',
      'started.loc': '*time.Location {name: ""}',
      // A uint64: its hex is the program's data, not an address (issue 22 item 7).
      'started.wall': '14031296893799625415 = 0xc2b92e2f14f7f2c7',
    });
  });

  it("leave out a channel's waiting goroutines and a timer's wake-up time", () => {
    const out = pipeline(
      'go',
      captured({
        done: ['chan bool 0/0', 'chan bool'],
        'done.qcount': ['0 = 0x0', 'uint'],
        'done.closed': ['0 = 0x0', 'uint32'],
        'done.recvq': [
          'waitq<bool> {first: *(*sudog<bool>)(0xc000088060), last: *(*sudog<bool>)(0xc000088000)}',
          'waitq<bool>',
        ],
        '(*done.recvq.first).g': [
          '*runtime.g {stack: (*runtime.stack)(0xc000007040), stackguard0: 824633963424, goid: 18}',
          '*runtime.g',
        ],
        'done.lock': ['runtime.mutex {lockRankStruct: runtime.lockRankStruct {}, key: 0}', 'runtime.mutex'],
        'c.elemtype': ['*runtime._type {size: 1, hash: 2953551688}', '*runtime._type'],
        c: ['<-chan time.Time 0/1', '<-chan time.Time'],
        '(*timer).r': [
          'time.runtimeTimer {pp: 824633894144, when: 9665601837375, period: 0, f: time.sendTime, seq: 0, nextwhen: 9665601837999, status: 1}',
          'time.runtimeTimer',
        ],
        '(*timer).r.when': ['9665601837375', 'int64'],
        '(*timer).r.status': ['1 = 0x1', 'uint32'],
      }),
    );
    expect(out.variables).toEqual({
      '(*timer).r':
        'time.runtimeTimer {pp: <P>, when: <monotonic>, period: 0, f: time.sendTime, seq: 0, nextwhen: <monotonic>, status: ‹status›}',
      '(*timer).r.status': '1 = 0x1',
      c: '<-chan time.Time 0/1',
      done: 'chan bool 0/0',
      'done.closed': '0 = 0x0',
      'done.qcount': '0 = 0x0',
    });
  });
});

describe("lldb's rules", () => {
  it.each([
    ['char[32]', '"alice\\0\\0\\0\\b\\xe7\\xff\\xff\\U0000007f\\0\\0\\xe0"', '"alice" (char[32])'],
    ['char[16]', '"bob"', '"bob" (char[16])'],
    ['unsigned char[12]', '"k1\\0\\xe8ۈ\\x83\\xecߌ\\x87\\xf0"', '"k1" (unsigned char[12])'],
    ['const char[6]', '"hi"', '"hi" (const char[6])'],
    ['signed char[6]', '"ok"', '"ok" (signed char[6])'],
    ['uint8_t[8]', '"ab\\0\\xd8"', '"ab" (uint8_t[8])'],
    ['char[8]', '"\\0_early_"', '"" (char[8])'],
    // A backslash before a 0 is a backslash and a 0, not a NUL.
    ['char[16]', '"a\\\\0\\"b\\0zz"', '"a\\\\0\\"b" (char[16])'],
    // lldb's own cut at its summary limit keeps its dots.
    ['char[2000]', '"aaaa"...', '"aaaa"... (char[2000])'],
    ['char[2000]', '"aaaa\\0bb"...', '"aaaa" (char[2000])'],
    // Not character arrays: left as they are.
    ['const char *', '0x0000555555556018 "alice\\0x"', '0x… "alice\\0x"'],
    ['std::string', '"a\\0b"', '"a\\0b"'],
    ['int[4]', '{...}', '{...}'],
  ])('%s %s reads %s', (type, value, expected) => {
    expect(pipeline('lldb', captured({ v: [value, type] })).variables.v).toBe(expected);
  });

  it('leave out the bytes one by one of a uint8_t array, and keep the raw bytes with --raw-values', () => {
    const values = captured({
      raw: ['"ab\\0\\xd8"', 'uint8_t[4]'],
      'raw[0]': ["'a'", 'uint8_t'],
      'raw[3]': ["'\\xd8'", 'uint8_t'],
    });
    expect(pipeline('lldb', values).variables).toEqual({ raw: '"ab" (uint8_t[4])' });
    expect(pipeline('lldb', values, true).variables).toEqual(values.variables);
  });
});

describe("debugpy's pydevd attributes on a thread", () => {
  it('stop_reason is left out where pydevd set it, so a run whose thread it did not suspend compares alike', () => {
    const thread = (stopped: boolean): CapturedValues =>
      captured({
        t: ['<Thread(Thread-6 (work), stopped 140399631918784)>', 'Thread'],
        't._name': ["'Thread-6 (work)'", 'str'],
        ...(stopped ? { 't.stop_reason': ['105', 'int'] } : {}),
        stop_reason: ['105', 'int'],
      });
    const a = pipeline('debugpy', thread(true));
    const b = pipeline('debugpy', thread(false));
    expect(Object.keys(a.variables).sort()).toEqual(Object.keys(b.variables).sort());
    expect(a.variables['t._name']).toBe("'Thread-6 (work)'");
    // The program's own name, outside a thread, stays.
    expect(a.variables['stop_reason']).toBe('105');
    expect(a.notes?.join('\n')).toContain("pydevd's stop reason on a thread");
  });

  it('a rule that leaves its own variables out takes what lies under them too', () => {
    const rule: VolatileRule = { path: '\\.secret$', leave_out: true, what: 'a secret' };
    const values = applyVolatileRules(
      captured({ o: ['O()', 'O'], 'o.secret': ['S()', 'S'], 'o.secret.x': ['1', 'int'], 'o.y': ['2', 'int'] }),
      [rule],
    );
    expect(values.variables).toEqual({ o: 'O()', 'o.y': '2' });
  });
});
