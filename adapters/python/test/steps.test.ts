// Steps: stepIn, next and stepOut stop where a debugger's steps stop, and the bpdiffSteps stream (for
// `bpdiff locate`) counts exactly the lines stepIn stops at in user code, with the values the
// `variables` request gives there.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

const WALK = path.join(FIXTURES, 'walk.py');

interface Step {
  file: string;
  line: number;
  function: string;
  depth: number;
  frames?: number;
  values: Record<string, string>;
}

interface StepsBody {
  steps: Step[];
  ended: null | { exitCode: number | null; exception?: string };
}

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

/** Every stop of `command` from the breakpoint on: function, line, stack depth and locals. */
async function stepAll(executable: string, command: string): Promise<Step[]> {
  const session = LightSession.start(executable, ['walk.py']);
  await session.configure({ [WALK]: [13] });
  const stops: Step[] = [];
  for (let stop = await session.run(); stop; stop = await session.resume(command, 1)) {
    if (stop !== null && stops.length === 0 && stop.body.reason === 'breakpoint') {
      stops.push(await describeStop(session));
      continue;
    }
    expect(stop.body.reason).toBe('step');
    stops.push(await describeStop(session));
  }
  expect(await session.exit).toEqual({ code: 0, signal: null });
  return stops.slice(1);
}

async function describeStop(session: LightSession): Promise<Step> {
  const frames = await session.frames(1);
  const top = frames[0]!;
  // All the frames are the program's (walk.py): the user frames (depth) are the stack's (frames).
  return {
    file: top.source!.path!,
    line: top.line,
    function: top.name,
    depth: frames.length,
    frames: frames.length,
    values: await session.locals(1),
  };
}

describe.each(pythons())('light adapter steps on $name', ({ executable }) => {
  it('steps in, over and out', async () => {
    const stepIn = await stepAll(executable, 'stepIn');
    expect(stepIn.slice(0, 6).map((step) => [step.function, step.line])).toEqual([
      ['main', 14],
      ['main', 15],
      ['add', 3],
      ['add', 4],
      ['main', 14],
      ['main', 15],
    ]);
    expect(stepIn.slice(0, 4).map((step) => step.values)).toEqual([
      { total: '0' },
      { i: '0', total: '0' },
      { a: '0', b: '0' },
      { a: '0', b: '0', s: '0' },
    ]);
    // The generator's lines, each time it runs; never a line of the adapter, nor of sorted() (C).
    expect(stepIn.filter((step) => step.function === 'evens').map((step) => step.line)).toEqual([8, 9, 8, 9, 8]);
    expect(stepIn.at(-1)).toMatchObject({
      function: 'main',
      line: 20,
      values: { i: '2', text: "'ttt'", total: '5', v: '2', words: "['a', 'ttt']" },
    });
    expect(new Set(stepIn.map((step) => step.file))).toEqual(new Set([WALK]));

    const next = await stepAll(executable, 'next');
    expect(next.map((step) => step.line)).toEqual([14, 15, 14, 15, 14, 15, 14, 16, 17, 16, 17, 16, 18, 19, 20]);
    expect(new Set(next.map((step) => step.function))).toEqual(new Set(['main']));

    // Out of main: <module> has nothing left to run, so the program ends.
    expect(await stepAll(executable, 'stepOut')).toEqual([]);
  });

  it('streams the steps stepIn stops at (bpdiffSteps), with the same values, a batch at a time', async () => {
    const expected = await stepAll(executable, 'stepIn');
    const session = LightSession.start(executable, ['walk.py']);
    await session.configure({ [WALK]: [13] });
    expect(await session.run()).not.toBeNull();
    const streamed: Step[] = [];
    let ended: StepsBody['ended'] = null;
    let batches = 0;
    while (ended === null) {
      const since = session.events.length;
      const body = await session.ok<StepsBody>('bpdiffSteps', {
        threadId: 1,
        count: 7,
        roots: [FIXTURES],
        maxValueLength: 100,
      });
      batches++;
      streamed.push(...body.steps);
      ended = body.ended;
      if (ended === null) {
        expect(body.steps).toHaveLength(7);
        // Stopped at the last step, as after a stepIn: the stack reads that step's frame.
        const stop = await session.nextStop(since);
        expect(stop?.body.reason).toBe('step');
        const last = body.steps.at(-1)!;
        const [top] = await session.frames(1);
        expect([top!.name, top!.line]).toEqual([last.function, last.line]);
      }
    }
    expect(ended).toEqual({ exitCode: 0 });
    expect(batches).toBe(Math.ceil((expected.length + 1) / 7));
    expect(streamed).toEqual(expected);
    expect(await session.exit).toEqual({ code: 0, signal: null });
  });

  it("stops on entry at the main code's first line, and with justMyCode steps only through the program's own code", async () => {
    const walkFrom = async (attach: Record<string, unknown>): Promise<Array<[string, number]>> => {
      const session = LightSession.start(executable, ['entry.py']);
      await session.configure({}, { attach });
      const entry = await session.run();
      expect(entry?.body.reason).toBe('entry');
      const seen: Array<[string, number]> = [];
      for (let stop: DebugProtocol.StoppedEvent | null = entry; stop; stop = await session.resume('stepIn', 1)) {
        const [top] = await session.frames(1);
        seen.push([path.basename(top!.source!.path!), top!.line]);
      }
      return seen;
    };
    const mine = await walkFrom({ stopOnEntry: true, justMyCode: true });
    expect(mine).toEqual([
      ['entry.py', 1],
      ['entry.py', 4],
      ['entry.py', 9],
      ['entry.py', 5],
      ['entry.py', 6],
    ]);
    // Without justMyCode, stepIn goes into json's own lines too.
    const all = await walkFrom({ stopOnEntry: true });
    expect(all.slice(0, 4)).toEqual(mine.slice(0, 4));
    expect(all.some(([file]) => file === '__init__.py')).toBe(true);
  });

  it('skips steps silently, stays in the roots, masks addresses and hashes long values', async () => {
    const session = LightSession.start(executable, ['walk.py']);
    await session.configure({ [WALK]: [13] });
    expect(await session.run()).not.toBeNull();
    const body = await session.ok<StepsBody>('bpdiffSteps', {
      threadId: 1,
      skip: 2,
      count: 2,
      roots: [WALK],
      maxValueLength: 3,
    });
    expect(body.steps.map((step) => [step.function, step.line, step.depth, step.values])).toEqual([
      ['add', 3, 3, { a: '0', b: '0' }],
      ['add', 4, 3, { a: '0', b: '0', s: '0' }],
    ]);
    // Roots elsewhere: no line of walk.py counts, so the program runs to its end.
    const rest = await session.ok<StepsBody>('bpdiffSteps', {
      threadId: 1,
      count: 5,
      roots: [path.join(FIXTURES, 'pkg')],
      maxValueLength: 100,
    });
    expect(rest).toMatchObject({ steps: [], ended: { exitCode: 0 } });
    await session.exit;

    const values = LightSession.start(executable, ['values.py']);
    const file = path.join(FIXTURES, 'values.py');
    await values.configure({ [file]: [90] });
    expect(await values.run()).not.toBeNull();
    const one = (
      await values.ok<StepsBody>('bpdiffSteps', { threadId: 1, count: 1, roots: [FIXTURES], maxValueLength: 40 })
    ).steps[0]!;
    expect(one.values.n).toBe('1');
    // An address is masked; a text over 128 characters is a hash of the whole; others are cut.
    expect(one.values.bad).toBe('<error: repr raised RuntimeError: repr refuses>'.slice(0, 40));
    expect(one.values.plain).toMatch(/^<__main__\.Plain object at 0x…>$/);
    expect(one.values.wide).toMatch(/^#[0-9a-f]{16}$/);
    expect(one.values.long_list).toBe('[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1');
    expect(one.values.text).toBe("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    await values.end();
  });
});

describe.each(pythons())('light adapter steps for bpdiff locate on $name', ({ executable }) => {
  it("records the step it stands on (current), the stack's depth as stackTrace counts it, values left out or folded with their children, addresses as bpdiff masks them", async () => {
    const session = LightSession.start(executable, ['walk.py']);
    await session.configure({ [WALK]: [13] });
    expect(await session.run()).not.toBeNull();
    const [top] = await session.frames(1);
    const totalFrames = await session.totalFrames(1);
    expect(totalFrames).toBeGreaterThan(0);
    const here = await session.ok<StepsBody>('bpdiffSteps', {
      threadId: 1,
      count: 3,
      current: true,
      roots: [FIXTURES],
      maxValueLength: 100,
    });
    // The first is where it stood (main, line 13, before total is set); then two steps on.
    expect(here.steps.map((step) => [step.function, step.line])).toEqual([
      ['main', top!.line],
      ['main', 14],
      ['main', 15],
    ]);
    expect(here.steps[0]!.values).toEqual({});
    expect(here.steps[0]!.frames).toBe(totalFrames);
    const bare = await session.ok<StepsBody>('bpdiffSteps', {
      threadId: 1,
      count: 2,
      values: false,
      roots: [FIXTURES],
      maxValueLength: 100,
    });
    expect(bare.steps.map((step) => [step.function, step.line, step.values])).toEqual([
      ['add', 3, {}],
      ['add', 4, {}],
    ]);
    expect(bare.steps.map((step) => step.frames)).toEqual([totalFrames + 1, totalFrames + 1]);
    await session.end();

    const values = LightSession.start(executable, ['values.py']);
    const file = path.join(FIXTURES, 'values.py');
    await values.configure({ [file]: [90] });
    expect(await values.run()).not.toBeNull();
    const address = '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b';
    const one = (
      await values.ok<StepsBody>('bpdiffSteps', {
        threadId: 1,
        count: 1,
        roots: [FIXTURES],
        maxValueLength: 1 << 30,
        addresses: address,
        depth: 2,
        maxChildren: 100,
      })
    ).steps[0]!;
    // Immutable values as the variables request writes them; others with their type and children (two levels).
    expect(one.values.n).toBe('1');
    expect(one.values.point).toMatch(/^Point: Point\(x=1, y=2\) \{.*x=int: 1.*y=int: 2.*\}$/);
    // Over 128 characters with its children: a hash of the whole text, its address masked first.
    expect(one.values.plain).toMatch(/^#[0-9a-f]{16}$/);
    expect(one.values.one).toMatch(/^tuple: \(1,\) \{.*int: 1.*\}$/);
    await values.end();
  });

  it("folds an object's methods in with its repr at that very step, as the variables request writes them", async () => {
    const session = LightSession.start(executable, ['bound_methods.py']);
    const file = path.join(FIXTURES, 'bound_methods.py');
    await session.configure({ [file]: [38] });
    expect(await session.run()).not.toBeNull();
    const stream = async (count: number, depth: number): Promise<Step[]> =>
      (
        await session.ok<StepsBody>('bpdiffSteps', {
          threadId: 1,
          count,
          roots: [FIXTURES],
          maxValueLength: 1 << 30,
          addresses: '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b',
          depth,
          maxChildren: 100,
        })
      ).steps;
    // Counter.__init__ (5, 6), main 39, _bump (9), main 40, 41, 42: c's method holds c's repr, changed by
    // the line that bumps it and by the one that appends to its list, at the step after each.
    const steps = (await stream(7, 1)).filter((step) => step.function === 'main');
    expect(steps.map((step) => [step.line, step.values.c])).toEqual([
      [
        39,
        'Counter: Counter(0, []) {log=list: [], n=int: 0, _bump=method: <bound method Counter._bump of Counter(0, [])>}',
      ],
      [
        40,
        'Counter: Counter(1, []) {log=list: [], n=int: 1, _bump=method: <bound method Counter._bump of Counter(1, [])>}',
      ],
      [
        41,
        "Counter: Counter(1, ['x']) {log=list: ['x'], n=int: 1, _bump=method: <bound method Counter._bump of Counter(1, ['x'])>}",
      ],
      [
        42,
        "Counter: Counter(1, ['x']) {log=list: ['x'], n=int: 1, _bump=method: <bound method Counter._bump of Counter(1, ['x'])>}",
      ],
    ]);
    // A method of an object whose repr raises says so; one of a function with attributes of its own lists them.
    expect(steps.at(-1)!.values.f).toBe(
      'Failing: <error: repr raised ValueError: no repr> {_check=method: <error: repr raised ValueError: no repr>}',
    );
    // The variables request, at the stop the stream ended on (line 42), reads the same texts.
    const [top] = await session.frames(1);
    expect(top!.line).toBe(42);
    const scopes = (await session.ok<DebugProtocol.ScopesResponse['body']>('scopes', { frameId: top!.id })).scopes;
    const locals = await session.variables(scopes[0]!.variablesReference);
    for (const name of ['c', 'f']) {
      const local = locals.find((variable) => variable.name === name)!;
      const children = await session.variables(local.variablesReference);
      const folded = children.map((child) => `${child.name}=${child.type}: ${child.value}`).join(', ');
      expect(steps.at(-1)!.values[name]).toBe(`${local.type}: ${local.value} {${folded}}`);
    }
    const [last] = await stream(1, 2);
    expect(last!.line).toBe(43);
    expect(last!.values.t).toBe("Tagged: T {_tagged=method: <bound method tagged of T> {tag=str: 'mine'}}");
    expect(last!.values.f).toBe(
      'Failing: <error: repr raised ValueError: no repr> {_check=method: <error: repr raised ValueError: no repr> {}}',
    );
    await session.end();
  });

  it("keeps a compiled pattern's text from step to step: at each, what the variables request reads", async () => {
    const session = LightSession.start(executable, ['patterns.py']);
    const file = path.join(FIXTURES, 'patterns.py');
    await session.configure({ [file]: [7] });
    expect(await session.run()).not.toBeNull();
    const fold = async (variable: DebugProtocol.Variable, depth: number): Promise<string> => {
      const text = `${variable.type}: ${variable.value}`;
      if (depth <= 0 || !variable.variablesReference) return text;
      const children = await session.variables(variable.variablesReference);
      const folded = await Promise.all(children.map(async (child) => `${child.name}=${await fold(child, depth - 1)}`));
      return `${text} {${folded.join(', ')}}`;
    };
    const seen: Array<[number, string]> = [];
    for (let batch = 0; batch < 5; batch++) {
      const [step] = (
        await session.ok<StepsBody>('bpdiffSteps', {
          threadId: 1,
          count: 1,
          roots: [FIXTURES],
          maxValueLength: 1 << 30,
          addresses: '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b',
          depth: 2,
          maxChildren: 100,
        })
      ).steps;
      // The pattern with its children two levels down, as the variables request lists them: over 128
      // characters, so the stream sends a hash of the whole text.
      const [top] = await session.frames(1);
      const scopes = (await session.ok<DebugProtocol.ScopesResponse['body']>('scopes', { frameId: top!.id })).scopes;
      const word = (await session.variables(scopes[0]!.variablesReference)).find((local) => local.name === 'word')!;
      const whole = await fold(word, 2);
      expect(whole).toContain("groupindex=mappingproxy: mappingproxy({'word': 1, 'n': 2}) {");
      expect(step!.values.word).toBe(`#${createHash('sha256').update(whole).digest('hex').slice(0, 16)}`);
      seen.push([step!.line, step!.values.word!]);
    }
    expect(seen.map(([line]) => line)).toEqual([8, 9, 10, 9, 10]);
    expect(new Set(seen.map(([, text]) => text)).size).toBe(1);
    await session.end();
  });

  it('writes a repr slower than the value timeout as timed out, and the values beside it whole, step after step', async () => {
    const session = LightSession.start(executable, ['slow_repr.py']);
    const file = path.join(FIXTURES, 'slow_repr.py');
    await session.configure({ [file]: [23] }, { attach: { valueTimeout: 0.3 } });
    expect(await session.run()).not.toBeNull();
    const body = await session.ok<StepsBody>('bpdiffSteps', {
      threadId: 1,
      count: 3,
      roots: [FIXTURES],
      maxValueLength: 1 << 30,
      addresses: '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b',
      depth: 1,
      maxChildren: 100,
    });
    // Holder's repr runs the program's code too, but in time: it is whole at every step, the change to its
    // list seen at the step after it; Slow's runs out of time at every step it is there.
    expect(body.steps.map((step) => [step.line, step.values])).toEqual([
      [24, { holder: 'Holder: Holder(2) {items=list: [1, 2]}', slow: 'Slow: <timed out after 0.3 s> {}' }],
      [25, { holder: 'Holder: Holder(2) {items=list: [1, 2]}', slow: 'Slow: <timed out after 0.3 s> {}', n: '1' }],
      [26, { holder: 'Holder: Holder(3) {items=list: [1, 2, 3]}', slow: 'Slow: <timed out after 0.3 s> {}', n: '1' }],
    ]);
    await session.end();
  });
});
