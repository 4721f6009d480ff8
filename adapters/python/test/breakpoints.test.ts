// The light adapter's breakpoints over DAP, on every Python 3.8+ this machine has: where a line
// binds, conditions (and one that cannot be evaluated), hit conditions, the ends of a program that
// does not stop (its exit code, an uncaught exception, SystemExit, one that never stops), and no
// program left behind.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

const COUNTER = path.join(FIXTURES, 'counter.py');
const CRASH = path.join(FIXTURES, 'crash.py');
const SHOP = path.join(FIXTURES, 'shop.py');

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

describe.each(pythons())('light adapter breakpoints on $name', ({ executable }) => {
  it('stops at a breakpoint and reads the frame as debugpy writes it', async () => {
    const session = LightSession.start(executable, ['shop.py', '10']);
    const [set] = await session.configure({ [SHOP]: [27] });
    expect(set).toEqual([expect.objectContaining({ verified: true, line: 27 })]);
    const stop = await session.run();
    expect(stop?.body).toMatchObject({ reason: 'breakpoint', threadId: 1, hitBreakpointIds: [set![0]!.id] });
    const frames = await session.frames(1);
    expect(frames.map((frame) => [frame.name, frame.line])).toEqual([
      ['price', 27],
      ['main', 33],
      ['<module>', 36],
    ]);
    expect(frames[0]!.source?.path).toBe(SHOP);
    expect(await session.locals(1)).toEqual({
      item: "LineItem(sku='tea', qty=2, unit_price=4.5)",
      line_total: '9.0',
      order:
        "Order(customer='ann', items=[LineItem(sku='tea', qty=2, unit_price=4.5), LineItem(sku='mug', qty=10, unit_price=12.0)], coupon='WELCOME5')",
      rate: '0.0',
      total: '9.0',
    });
    const scopes = (
      await session.ok<{ scopes: Array<{ name: string; variablesReference: number }> }>('scopes', {
        frameId: frames[0]!.id,
      })
    ).scopes;
    expect(scopes.map((scope) => scope.name)).toEqual(['Locals', 'Globals']);
    const item = (await session.variables(scopes[0]!.variablesReference)).find((variable) => variable.name === 'item')!;
    expect(await session.variables(item.variablesReference)).toEqual([
      expect.objectContaining({
        name: 'qty',
        value: '2',
        type: 'int',
        evaluateName: 'item.qty',
        variablesReference: 0,
      }),
      expect.objectContaining({ name: 'sku', value: "'tea'", type: 'str', evaluateName: 'item.sku' }),
      expect.objectContaining({ name: 'unit_price', value: '4.5', type: 'float', evaluateName: 'item.unit_price' }),
    ]);
    expect((await session.evaluate('item.qty * 2', 1)).body.result).toBe('4');
    const failed = await session.evaluate('nope + 1', 1);
    expect(failed.success).toBe(false);
    expect(failed.message).toBe("NameError: name 'nope' is not defined");
    expect(await session.resume('continue', 1)).toMatchObject({ body: { reason: 'breakpoint' } });
    expect(await session.resume('continue', 1)).toBeNull();
    expect(await session.exit).toEqual({ code: 0, signal: null });
    expect(session.events.find((event) => event.event === 'exited')?.body).toEqual({ exitCode: 0 });
  });

  it('binds a line without a statement to the next one, and says so; a line past the end is not verified', async () => {
    const session = LightSession.start(executable, ['counter.py', '3']);
    const [set] = await session.configure({ [COUNTER]: [10, 8, 40] });
    expect(set!.map((breakpoint) => [breakpoint.verified, breakpoint.line])).toEqual([
      [true, 11],
      [true, 8],
      [false, 40],
    ]);
    expect(set![2]!.message).toBe(`no statement starts on line 40 or after it in ${COUNTER}`);
    const stops: Array<[number, string]> = [];
    for (let stop = await session.run(); stop; stop = await session.resume('continue', 1)) {
      const [top] = await session.frames(1);
      stops.push([top!.line, (await session.locals(1)).total!]);
    }
    expect(stops).toEqual([
      [8, '0'],
      [8, '0'],
      [8, '1'],
      [11, '3'],
    ]);
  });

  it('stops only where the condition holds, and counts hits for a hit condition', async () => {
    const session = LightSession.start(executable, ['counter.py', '10']);
    await session.configure({ [COUNTER]: [{ line: 8, condition: 'i % 4 == 1' }] });
    const seen: string[] = [];
    for (let stop = await session.run(); stop; stop = await session.resume('continue', 1))
      seen.push((await session.locals(1)).i!);
    expect(seen).toEqual(['1', '5', '9']);

    const hits = LightSession.start(executable, ['counter.py', '10']);
    await hits.configure({ [COUNTER]: [{ line: 8, hitCondition: '>= 8' }] });
    const counted: string[] = [];
    for (let stop = await hits.run(); stop; stop = await hits.resume('continue', 1))
      counted.push((await hits.locals(1)).i!);
    expect(counted).toEqual(['7', '8', '9']);
  });

  it('counts a hit condition only over the hits where the condition holds, thousands of hits without a stop', async () => {
    const session = LightSession.start(executable, ['counter.py', '4010']);
    // The odd i are 1, 3, 5, ...: the 2000th is 3999, then every one after, to 4009.
    await session.configure({ [COUNTER]: [{ line: 8, condition: 'i % 2 == 1', hitCondition: '>= 2000' }] });
    const seen: string[] = [];
    for (let stop = await session.run(); stop; stop = await session.resume('continue', 1)) {
      const locals = await session.locals(1);
      seen.push(`${locals.i}:${locals.total}`);
    }
    expect(seen).toEqual([3999, 4001, 4003, 4005, 4007, 4009].map((i) => `${i}:${(i * (i - 1)) / 2}`));
  });

  it('stops at a condition it cannot evaluate, and says why', async () => {
    for (const [condition, error] of [
      ['missing > 1', /^NameError: name 'missing' is not defined$/],
      // Python's words for it change with the version ("invalid syntax", "unexpected EOF while parsing").
      ['total >', /^SyntaxError: .+ \(<condition>, line 1\)$/],
    ] as const) {
      const session = LightSession.start(executable, ['counter.py', '3']);
      await session.configure({ [COUNTER]: [{ line: 8, condition }] });
      const stop = await session.run();
      expect(stop?.body).toMatchObject({
        reason: 'breakpoint',
        description: 'condition error',
        text: expect.stringMatching(error),
      });
      await session.end();
    }
  });

  it('stops at an uncaught exception where it was raised, with its type and message', async () => {
    const session = LightSession.start(executable, ['crash.py', 'boom'], { keepOutput: true });
    await session.configure({ [CRASH]: [10] });
    const stop = await session.run();
    expect(stop?.body).toMatchObject({ reason: 'exception', description: 'boom in check', text: 'ValueError' });
    const info = await session.ok<{ exceptionId: string; description: string; breakMode: string }>('exceptionInfo', {
      threadId: 1,
    });
    expect(info).toMatchObject({ exceptionId: 'ValueError', description: 'boom in check', breakMode: 'unhandled' });
    expect((await session.frames(1)).map((frame) => [frame.name, frame.line])).toEqual([
      ['check', 7],
      ['main', 19],
      ['<module>', 23],
    ]);
    expect(await session.locals(1)).toEqual({ mode: "'boom'" });
    expect(await session.resume('continue', 1)).toBeNull();
    expect(await session.exit).toEqual({ code: 1, signal: null });
    await session.outputRead;
    // Python's own report, without a frame of the adapter.
    // (Python 3.8 names the script as it was typed: its __main__ file was made absolute in 3.9.)
    expect(session.stderr).toMatch(
      /^Traceback \(most recent call last\):\n {2}File "(.*\/)?crash\.py", line 23, in <module>\n/m,
    );
    expect(session.stderr).toContain('ValueError: boom in check');
    expect(session.stderr).not.toContain('_bpdiff_light');
    expect(session.events.find((event) => event.event === 'exited')?.body).toEqual({ exitCode: 1 });
  });

  it("does not stop for SystemExit: the exit code is the program's", async () => {
    const session = LightSession.start(executable, ['crash.py', 'exit']);
    await session.configure({ [CRASH]: [10] });
    expect(await session.run()).toBeNull();
    expect(await session.exit).toEqual({ code: 3, signal: null });
    expect(session.events.find((event) => event.event === 'exited')?.body).toEqual({ exitCode: 3 });
  });

  it('ends a program that never stops when the client disconnects, and when the client goes away', async () => {
    const session = LightSession.start(executable, ['crash.py', 'hang']);
    await session.configure({ [CRASH]: [10] });
    await session.ok('configurationDone');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.child.exitCode).toBeNull();
    expect(await session.end()).toEqual({ code: 0, signal: null });

    const orphan = LightSession.start(executable, ['crash.py', 'hang']);
    await orphan.configure({ [CRASH]: [10] });
    await orphan.ok('configurationDone');
    // bpdiff gone: the socket's end reaches the program, which ends.
    (orphan.child.stdio[3] as import('node:net').Socket).destroy();
    expect((await orphan.exit).code).toBe(0);
  });

  it('lets the program run on without a debugger after a disconnect that says so', async () => {
    const session = LightSession.start(executable, ['counter.py', '5'], { keepOutput: true });
    await session.configure({ [COUNTER]: [8] });
    expect(await session.run()).not.toBeNull();
    await session.ok('disconnect', { terminateDebuggee: false });
    expect(await session.exit).toEqual({ code: 0, signal: null });
  });
});
