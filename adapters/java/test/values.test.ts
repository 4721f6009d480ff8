// Values at the DAP level, on adapters/java/test/fixtures/values/Values.java stopped at its last line:
// primitives as Java writes them, strings quoted, boxed values, arrays, the JDK's collections by their
// elements (hash-ordered ones by their keys' texts), records, enums, Optional, cycles, the JDK's value
// classes, paging, evaluateName, evaluate, and no identity hash code anywhere.
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, byName, compileFixture, describeWithJava, lineOf, mustGet } from './helpers.js';

const VALUES = path.join(FIXTURES, 'values', 'Values.java');

describeWithJava('Java adapter: values', () => {
  let session: AdapterSession;
  let frameId = 0;
  let locals: Map<string, DebugProtocol.Variable>;

  beforeAll(async () => {
    const classes = compileFixture('values');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Values'],
      cwd: FIXTURES,
      breakpoints: [{ path: VALUES, line: lineOf(VALUES, 'stop here') }],
    });
    if (!result.stopped)
      throw new Error(
        `no stop: exit ${result.exitCode}; ${session.output()}; ${JSON.stringify(result.setBreakpoints)}`,
      );
    frameId = (await session.topFrame(result.stopped!.body.threadId!)).id;
    locals = await session.locals(frameId);
  });

  afterAll(async () => {
    await session?.finish();
  });

  const value = (name: string): string => mustGet(locals, name).value;
  const children = async (
    name: string,
    args: Partial<DebugProtocol.VariablesArguments> = {},
  ): Promise<DebugProtocol.Variable[]> => session.children(mustGet(locals, name).variablesReference, args);

  it('shows primitives, strings and boxed values as Java writes them', () => {
    expect(
      Object.fromEntries(
        ['i', 'big', 'd', 'f', 'c', 'flag', 'b', 's', 'text', 'nothing', 'boxed', 'boxedD', 'boxedC'].map((name) => [
          name,
          value(name),
        ]),
      ),
    ).toEqual({
      i: '42',
      big: '9000000000',
      d: '0.1',
      f: '1.5',
      c: "'\\n'",
      flag: 'true',
      b: '-3',
      s: '300',
      text: '"say \\"hi\\"\\tnow"',
      nothing: 'null',
      boxed: '7',
      boxedD: '2.5',
      boxedC: "'x'",
    });
    expect(mustGet(locals, 'nothing')).toMatchObject({ type: 'java.lang.String', variablesReference: 0 });
    expect(mustGet(locals, 'boxed')).toMatchObject({ type: 'java.lang.Integer', variablesReference: 0 });
  });

  it('shows arrays by their elements, a long one by its type and length, paged', async () => {
    expect(value('ints')).toBe('int[3] {1, 2, 3}');
    expect(value('grid')).toBe('String[2][] {String[2] {"a", "b"}, String[1] {"c"}}');
    expect(mustGet(locals, 'many')).toMatchObject({ value: 'int[500]', indexedVariables: 500 });
    const page = await children('many', { filter: 'indexed', start: 498, count: 5 });
    expect(page.map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['[498]', '996', 'many[498]'],
      ['[499]', '998', 'many[499]'],
    ]);
    expect(await children('many', { filter: 'named' })).toEqual([]);
  });

  it("shows the JDK collections by their elements, hash-ordered ones by their keys' texts", async () => {
    expect(value('list')).toBe('[10, 20, 30]');
    expect(value('linked')).toBe('["x", "y"]');
    expect(value('deque')).toBe('[0, 1, 2]');
    expect(value('hash')).toBe('{"a"=1, "b"=2, "c"=3}');
    expect(value('ordered')).toBe('{"z"=26, "a"=1}');
    expect(value('tree')).toBe('{1="one", 2="two", 3="three"}');
    expect(value('immutable')).toBe('[5, 6]');
    expect(value('single')).toBe('[9]');
    expect(value('smallSet')).toBe('["p", "q", "r"]');
    expect(value('smallMap')).toBe('{"j"=2, "k"=1}');
    // Maps of one entry (Map.of's Map1, Collections.singletonMap) once read as a ClassCastException: a changed value went unseen.
    expect(value('oneMap')).toBe('{"k"=1}');
    expect(value('singletonMap')).toBe('{"s"=2}');
    expect((await children('oneMap')).map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['["k"]', '1', 'oneMap["k"]'],
    ]);
    expect(value('enumMap')).toBe('{Values.Color.RED=1, Values.Color.BLUE=3}');
    expect(value('enumSet')).toBe('[Values.Color.RED, Values.Color.GREEN]');
    expect(value('concurrent')).toBe('{"one"=1, "two"=2}');
    expect(value('nullInList')).toBe('[Values.Item{id=1, name="one"}, null]');
    expect(value('mixed')).toBe('Object[4] {1, "two", null, Values.Color.RED}');
    expect((await children('hash')).map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['["a"]', '1', 'hash["a"]'],
      ['["b"]', '2', 'hash["b"]'],
      ['["c"]', '3', 'hash["c"]'],
    ]);
    expect((await children('tree')).map((child) => child.evaluateName)).toEqual(['tree[1]', 'tree[2]', 'tree[3]']);
    expect(mustGet(locals, 'list')).toMatchObject({ type: 'java.util.ArrayList', indexedVariables: 3 });
  });

  it('orders objects without equals or hashCode (identity hash order) by their texts', async () => {
    expect(value('items')).toBe(
      '[Values.Item{id=1, name="one"}, Values.Item{id=2, name="two"}, Values.Item{id=3, name="three"}]',
    );
    expect(value('byItem')).toBe(
      '{Values.Item{id=1, name="one"}="ONE", Values.Item{id=2, name="two"}="TWO", Values.Item{id=3, name="three"}="THREE"}',
    );
    const entries = await children('byItem');
    expect(entries.map((child) => child.name)).toEqual([
      '[Values.Item{id=1, name="one"}]',
      '[Values.Item{id=2, name="two"}]',
      '[Values.Item{id=3, name="three"}]',
    ]);
    // An element of a set, or an entry keyed by an object, has no expression that names it.
    expect(entries.every((child) => child.evaluateName === undefined)).toBe(true);
  });

  it('shows records by their components, enums by name, Optional by its value, objects by their fields', async () => {
    expect(value('point')).toBe('Values.Point[x=3, y=4]');
    expect(value('color')).toBe('Values.Color.GREEN');
    expect(mustGet(locals, 'color').variablesReference).toBe(0);
    expect(value('op')).toBe('Values.Op.MUL');
    expect(value('present')).toBe('Optional["here"]');
    expect(value('absent')).toBe('Optional.empty');
    expect(value('pointOpt')).toBe('Optional[Values.Point[x=1, y=2]]');
    expect((await children('pointOpt')).map((child) => [child.name, child.evaluateName])).toEqual([
      ['value', 'pointOpt.get()'],
    ]);
    expect(value('item')).toBe('Values.Item{id=1, name="one"}');
    expect((await children('item')).map((child) => [child.name, child.value, child.evaluateName])).toEqual([
      ['id', '1', 'item.id'],
      ['name', '"one"', 'item.name'],
    ]);
    // A superclass's fields first; a cycle shows its members by type.
    expect(value('derived')).toBe('Values.Derived{baseField=7, own="d"}');
    expect(value('ring')).toBe('Values.Node{...}');
    expect((await children('ring')).map((child) => [child.name, child.value])).toEqual([
      ['label', '"a"'],
      ['next', 'Values.Node{...}'],
    ]);
    expect(value('plain')).toBe('Object{}');
    // A map entry by its key and value (a HashMap node's other fields hold the key's identity hash).
    expect(value('entry')).toMatch(/^Values\.Item\{id=\d, name="\w+"\}="[A-Z]+"$/);
    expect((await children('entry')).map((child) => [child.name, child.evaluateName])).toEqual([
      ['key', 'entry.getKey()'],
      ['value', 'entry.getValue()'],
    ]);
    expect(value('pair')).toBe('"k"=2');
    // A program's own subclass of a JDK collection is that collection.
    expect(mustGet(locals, 'basket')).toMatchObject({ value: '["egg"]', type: 'Values$Basket', indexedVariables: 1 });
    // An exception by its message, its cause and its own fields; not its stack or its VM backtrace.
    expect(value('failure')).toBe(
      'Values$OutOfStock{detailMessage="no tea", cause=java.lang.IllegalStateException{detailMessage="closed"}, sku="tea"}',
    );
    expect(value('file')).toBe('"data/monday.csv"');
    expect(value('lambda')).toBe('Values$$Lambda');
    expect(value('price')).toBe('Values.Money{cents=1250}');
  });

  it('reads the JDK value classes from their fields', () => {
    expect(
      Object.fromEntries(
        [
          'money',
          'huge',
          'bigInt',
          'date',
          'when',
          'instant',
          'duration',
          'zoned',
          'offset',
          'time',
          'legacy',
          'uuid',
          'builder',
          'wide',
          'atomic',
          'current',
          'type',
        ].map((name) => [name, value(name)]),
      ),
    ).toEqual({
      money: '12.50',
      huge: '123456789012345678901234567890.5',
      bigInt: '-1180591620717411303424',
      date: '2024-02-29',
      when: '2024-01-02T03:04:05',
      instant: '2023-11-14T22:13:20.000000005Z',
      duration: 'PT1H30M',
      zoned: '2024-07-02T03:04:05+02:00[Europe/Paris]',
      offset: '2024-07-02T03:04:05-05:00',
      time: '23:59:01',
      legacy: '1970-01-02T00:00:00Z',
      current: 'Thread[main]',
      type: 'class Values$Item',
      uuid: '00000000-0000-1234-0000-000000005678',
      builder: '"built!"',
      wide: '"π≈3"',
      atomic: '11',
    });
  });

  it('never shows an identity hash code or an object id of its own', async () => {
    const texts: string[] = [];
    const walk = async (variables: DebugProtocol.Variable[], depth: number): Promise<void> => {
      for (const variable of variables) {
        if (variable.name !== 'identity') texts.push(`${variable.name} = ${variable.value}`);
        if (variable.variablesReference > 0 && depth < 3 && (variable.indexedVariables ?? 0) < 100)
          await walk(await session.children(variable.variablesReference), depth + 1);
      }
    };
    await walk([...locals.values()], 0);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => /@[0-9a-f]{4,}|\bid=\d{3,}/.test(text))).toEqual([]);
    // The program's own text that holds one is shown as it is (bpdiff's normalise rule masks it).
    expect(value('identity')).toMatch(/^"Values\$Item@[0-9a-f]+"$/);
  });

  it("evaluates watch expressions without running the program's code", async () => {
    const results: Record<string, string> = {};
    for (const expression of [
      'list.get(1)',
      'hash.get("a")',
      'hash["b"]',
      'items.size()',
      'point.x() + point.y',
      'color == Color.GREEN',
      'money.scale()',
      'counter.getCount()',
      'text.length()',
      'ints.length',
      'tree[2]',
      'present.get()',
      'item.equals(item)',
      '"a" + list',
      'Math.max(i, 50)',
      'Integer.MAX_VALUE + 1',
      'enumSet.contains(Color.RED)',
      '(int) d * 10',
      'big % 7',
      'c',
      'date.getYear() - 2000',
      'derived instanceof Base',
      'text.substring(4, 8).toUpperCase()',
      'nullInList.get(1) == null',
      'byItem.containsKey(item)',
      'smallMap.getOrDefault("x", -1)',
    ]) {
      results[expression] = (await session.evaluate(expression, frameId)).result;
    }
    expect(results).toEqual({
      'list.get(1)': '20',
      'hash.get("a")': '1',
      'hash["b"]': '2',
      'items.size()': '3',
      'point.x() + point.y': '7',
      'color == Color.GREEN': 'true',
      'money.scale()': '2',
      'counter.getCount()': '3',
      'text.length()': '12',
      'ints.length': '3',
      'tree[2]': '"two"',
      'present.get()': '"here"',
      'item.equals(item)': 'true',
      '"a" + list': '"a[10, 20, 30]"',
      'Math.max(i, 50)': '50',
      'Integer.MAX_VALUE + 1': '-2147483648',
      'enumSet.contains(Color.RED)': 'true',
      '(int) d * 10': '0',
      'big % 7': '5',
      c: "'\\n'",
      'date.getYear() - 2000': '24',
      'derived instanceof Base': 'true',
      'text.substring(4, 8).toUpperCase()': '"\\"HI\\""',
      'nullInList.get(1) == null': 'true',
      // Item keeps Object's equals: another Item with the same fields is another key.
      'byItem.containsKey(item)': 'false',
      'smallMap.getOrDefault("x", -1)': '-1',
    });
    const list = await session.evaluate('list', frameId);
    expect(list).toMatchObject({ result: '[10, 20, 30]', type: 'java.util.ArrayList', indexedVariables: 3 });
    expect((await session.children(list.variablesReference)).map((child) => child.evaluateName)).toEqual([
      'list[0]',
      'list[1]',
      'list[2]',
    ]);
  });

  it('refuses what it cannot evaluate, saying why', async () => {
    const errors: Record<string, string> = {};
    for (const expression of [
      'counter.twice()',
      'i / 0',
      '"x" + item',
      'price.toString()',
      'nothing.length()',
      'ints[3]',
      'list.get(7)',
      'nope + 1',
      'i +',
    ]) {
      errors[expression] = await session.evaluate(expression, frameId).then(
        (body) => `no error: ${body.result}`,
        (error: Error) => error.message,
      );
    }
    expect(errors).toEqual({
      'counter.twice()':
        "cannot call Values.Counter.twice(): it would run the program's code, and the adapter evaluates without running it",
      'i / 0': 'ArithmeticException: / by zero',
      '"x" + item': 'cannot turn a Values$Item into a string: Object.toString() gives an identity hash code',
      'price.toString()': 'cannot turn a Values$Money into a string: it would run Values.Money.toString()',
      'nothing.length()': 'NullPointerException: cannot call length() on null',
      'ints[3]': 'ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3',
      'list.get(7)': 'IndexOutOfBoundsException: Index 7 out of bounds for length 3',
      'nope + 1': "cannot find 'nope': no local variable, field or class of that name here",
      'i +': "cannot parse 'i +': the expression ends too early at column 4",
    });
  });
});

describeWithJava('Java adapter: toString() as an opt-in', () => {
  it('shows an object by its own toString() only when the launch asks for it (invokeToString)', async () => {
    const classes = compileFixture('values');
    const session = await AdapterSession.start();
    try {
      const result = await session.run({
        command: ['java', '-cp', classes, 'Values'],
        cwd: FIXTURES,
        invokeToString: true,
        breakpoints: [{ path: VALUES, line: lineOf(VALUES, 'stop here') }],
      });
      const locals = byName(
        await session.children(
          (await session.scopes((await session.topFrame(result.stopped!.body.threadId!)).id))[0]!.variablesReference,
        ),
      );
      expect(mustGet(locals, 'price').value).toBe('$12.50');
      // Classes without a toString of their own are still shown by their fields, never as Item@hash.
      expect(mustGet(locals, 'item').value).toBe('Values.Item{id=1, name="one"}');
    } finally {
      await session.finish();
    }
  });
});
