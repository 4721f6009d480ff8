// bpdiffReturns (bpdiff's walk by effects): a step that leaves its function stops in the caller at once,
// on the line of the call, with the value the function returned among the caller's locals, `(return)
// NAME`, or the exception that unwound it, `(raised) NAME` (a test's failed assertion, caught by its
// runner); a step that does not ask goes on as before.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

const WALK = path.join(FIXTURES, 'walk.py');

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

describe.each(pythons())('light adapter steps that return, on $name', ({ executable }) => {
  it('bpdiffReturns: a step that returns stops in the caller on the line of the call, the value returned shown as `(return) NAME`; without it, the step goes on as before', async () => {
    const session = LightSession.start(executable, ['walk.py']);
    await session.configure({ [WALK]: [4] });
    expect(await session.run()).not.toBeNull();
    const since = session.events.length;
    await session.ok('next', { threadId: 1, bpdiffReturns: true });
    expect((await session.nextStop(since))?.body.reason).toBe('step');
    const [top] = await session.frames(1);
    expect([top!.name, top!.line]).toEqual(['main', 15]);
    expect(await session.locals(1)).toMatchObject({ '(return) add': '0', total: '0', i: '0' });
    // The next step of the caller, asked as before, finishes the line: no value returned is shown.
    expect(await session.resume('next', 1)).not.toBeNull();
    const [after] = await session.frames(1);
    expect([after!.name, after!.line]).toEqual(['main', 14]);
    expect(Object.keys(await session.locals(1)).filter((name) => name.startsWith('(return)'))).toEqual([]);
    await session.ok('disconnect', { terminateDebuggee: true });
  });

  it('bpdiffReturns: a step whose function an exception unwinds stops in the caller with `(raised) NAME`; one the function caught itself returns as ever', async () => {
    const file = path.join(FIXTURES, 'raises.py');
    const session = LightSession.start(executable, ['raises.py']);
    await session.configure({ [file]: [3, 11] });
    expect(await session.run()).not.toBeNull();
    let since = session.events.length;
    await session.ok('next', { threadId: 1, bpdiffReturns: true });
    expect((await session.nextStop(since))?.body.reason).toBe('step');
    const [caller] = await session.frames(1);
    expect([caller!.name, caller!.line]).toEqual(['main', 17]);
    const locals = await session.locals(1);
    expect(locals).toMatchObject({ '(raised) check': "ValueError('too big: 3')", x: '3' });
    expect(Object.keys(locals).filter((name) => name.startsWith('(return)'))).toEqual([]);
    // The function that raised and caught its own exception: its value returned, no exception.
    since = session.events.length;
    await session.ok('continue', { threadId: 1 });
    await session.nextStop(since);
    since = session.events.length;
    await session.ok('next', { threadId: 1, bpdiffReturns: true });
    await session.nextStop(since);
    const back = await session.locals(1);
    expect(back).toMatchObject({ '(return) caught': "'handled'" });
    expect(Object.keys(back).filter((name) => name.startsWith('(raised)'))).toEqual([]);
    await session.ok('disconnect', { terminateDebuggee: true });
  });
});
