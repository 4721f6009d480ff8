// The value a method returned, at the DAP level: a step that asks for it (bpdiffReturns, what
// bpdiff's walk by effects sends) and leaves its frame stops in the caller with `(return) NAME` among
// the top frame's locals; a step that does not ask, or does not leave the frame, shows none.
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, compileFixture, describeWithJava, lineOf } from './helpers.js';

const RETURNS = path.join(FIXTURES, 'returns', 'Returns.java');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

/** One step, with or without bpdiffReturns: where it stopped, and the top frame's locals by name and value. */
async function step(
  kind: 'next' | 'stepIn',
  threadId: number,
  returns: boolean,
): Promise<{ frame: DebugProtocol.StackFrame; locals: Record<string, string> }> {
  const args = { threadId, ...(returns ? { bpdiffReturns: true } : {}) };
  const since = session!.events.length;
  if (kind === 'next') await session!.dc.nextRequest(args);
  else await session!.dc.stepInRequest(args);
  const stop = await session!.nextStop(since);
  if (!stop) throw new Error(`the program ended during ${kind}`);
  expect(stop.body).toMatchObject({ reason: 'step', threadId });
  const frame = await session!.topFrame(threadId);
  const locals = Object.fromEntries([...(await session!.locals(frame.id))].map(([name, v]) => [name, v.value]));
  return { frame, locals };
}

async function stopAt(marker: string): Promise<number> {
  const classes = compileFixture('returns');
  session = await AdapterSession.start();
  const result = await session.run({
    command: ['java', '-cp', classes, 'Returns'],
    cwd: FIXTURES,
    breakpoints: [{ path: RETURNS, line: lineOf(RETURNS, marker) }],
  });
  return result.stopped!.body.threadId!;
}

describeWithJava('Java adapter: values returned (bpdiffReturns)', () => {
  it('a step that leaves its method stops in the caller with the value returned, named by the method', async () => {
    const threadId = await stopAt('int y = scale(21)');
    const call = lineOf(RETURNS, 'int y = scale(21)');
    expect((await step('stepIn', threadId, true)).frame).toMatchObject({ name: 'Returns.scale' });
    const back = await step('next', threadId, true);
    expect(back.frame).toMatchObject({ name: 'Returns.main', line: call });
    expect(back.locals['(return) scale']).toBe('42');
    // The next step stays in main: the value was that stop's only.
    const after = await step('next', threadId, true);
    expect(after.frame).toMatchObject({ name: 'Returns.main', line: call + 1 });
    expect(after.locals).toMatchObject({ y: '42' });
    expect(Object.keys(after.locals).filter((name) => name.startsWith('(return)'))).toEqual([]);
    // A String, as the adapter writes values.
    await step('stepIn', threadId, true);
    const label = await step('next', threadId, true);
    expect(label.frame).toMatchObject({ name: 'Returns.main', line: call + 1 });
    expect(label.locals['(return) label']).toBe('"n=42"');
  });

  it("a recursion: the stepped frame's own return, not its inner calls' of the same method", async () => {
    // The first hit is fact(3), the outermost: stepping over its line runs fact(2) and fact(1), which return first.
    const threadId = await stopAt('return n <= 1 ? 1');
    await session!.dc.setBreakpointsRequest({ source: { path: RETURNS }, breakpoints: [] });
    const back = await step('next', threadId, true);
    expect(back.frame).toMatchObject({ name: 'Returns.main', line: lineOf(RETURNS, 'int f = fact(3)') });
    expect(Object.entries(back.locals).filter(([name]) => name.startsWith('(return)'))).toEqual([
      ['(return) fact', '6'],
    ]);
  });

  it("a return whose line calls a method of the same class first: the frame's own value, also from the return itself", async () => {
    const threadId = await stopAt('int g = twice(f)');
    const call = lineOf(RETURNS, 'int g = twice(f)');
    const returned = (locals: Record<string, string>): Array<[string, string]> =>
      Object.entries(locals).filter(([name]) => name.startsWith('(return)'));
    expect((await step('stepIn', threadId, true)).frame).toMatchObject({ name: 'Returns.twice' });
    const fromTwice = await step('next', threadId, true);
    expect(fromTwice.frame).toMatchObject({ name: 'Returns.main', line: call });
    expect(returned(fromTwice.locals)).toEqual([['(return) twice', '24']]);
    expect((await step('stepIn', threadId, true)).frame).toMatchObject({ name: 'Returns.passOn' });
    expect((await step('stepIn', threadId, true)).frame).toMatchObject({ name: 'Returns.scale' });
    const fromScale = await step('next', threadId, true);
    expect(fromScale.frame).toMatchObject({ name: 'Returns.passOn' });
    expect(returned(fromScale.locals)).toEqual([['(return) scale', '12']]);
    // It stands on passOn's return instruction now: the next exit is its own.
    const fromPassOn = await step('next', threadId, true);
    expect(fromPassOn.frame).toMatchObject({ name: 'Returns.main', line: call });
    expect(returned(fromPassOn.locals)).toEqual([['(return) passOn', '12']]);
  });

  it('none where the step does not ask, does not leave its method, or the method returns nothing', async () => {
    const threadId = await stopAt('int y = scale(21)');
    const returned = (locals: Record<string, string>): string[] =>
      Object.keys(locals).filter((name) => name.startsWith('(return)'));
    // Over a line whose call returns: main's frame does not return.
    const over = await step('next', threadId, true);
    expect(over.frame).toMatchObject({ name: 'Returns.main', line: lineOf(RETURNS, 'String text = label(y)') });
    expect(returned(over.locals)).toEqual([]);
    // Out of label() without asking.
    await step('stepIn', threadId, false);
    const unasked = await step('next', threadId, false);
    expect(unasked.frame).toMatchObject({ name: 'Returns.main' });
    expect(returned(unasked.locals)).toEqual([]);
    await step('next', threadId, true);
    expect((await step('next', threadId, true)).frame).toMatchObject({ line: lineOf(RETURNS, 'note(f)') });
    // Out of note(), a void method: nothing returned.
    let inNote = await step('stepIn', threadId, true);
    expect(inNote.frame).toMatchObject({ name: 'Returns.note' });
    for (let steps = 0; steps < 3 && inNote.frame.name === 'Returns.note'; steps++)
      inNote = await step('next', threadId, true);
    // No code of main's line is left after the call: the step stops at once on the next line.
    expect(inNote.frame).toMatchObject({ name: 'Returns.main', line: lineOf(RETURNS, 'int g = twice(f)') });
    expect(returned(inNote.locals)).toEqual([]);
  });
});
