// Stepping at the DAP level (what `locate` builds on): next, stepIn into the program's own method
// but never into the JDK's, stepOut, a lambda called from the JDK's stream code (and from one call of
// it to the next), and a walk over every executed line in lockstep.
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, compileFixture, describeWithJava, lineOf, mustGet } from './helpers.js';

const LOOP = path.join(FIXTURES, 'loop', 'Loop.java');
const LAMBDAS = path.join(FIXTURES, 'loop', 'Lambdas.java');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

async function step(kind: 'next' | 'stepIn' | 'stepOut', threadId: number): Promise<DebugProtocol.StackFrame> {
  const since = session!.events.length;
  if (kind === 'next') await session!.dc.nextRequest({ threadId });
  if (kind === 'stepIn') await session!.dc.stepInRequest({ threadId });
  if (kind === 'stepOut') await session!.dc.stepOutRequest({ threadId });
  const stop = await session!.nextStop(since);
  if (!stop) throw new Error(`the program ended during ${kind}`);
  expect(stop.body).toMatchObject({ reason: 'step', threadId });
  return session!.topFrame(threadId);
}

describeWithJava('Java adapter: stepping', () => {
  it("steps in to the program's own method, over and out of it, and never into the JDK's", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const call = lineOf(LOOP, 'int sq = square(i)');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line: call }],
    });
    const threadId = result.stopped!.body.threadId!;

    expect(await step('stepIn', threadId)).toMatchObject({
      name: 'Loop.square',
      line: lineOf(LOOP, 'int result = n * n'),
    });
    expect(await step('next', threadId)).toMatchObject({ name: 'Loop.square', line: lineOf(LOOP, 'return result') });
    const back = await step('stepOut', threadId);
    expect(back).toMatchObject({ name: 'Loop.main', line: call });
    expect(await step('next', threadId)).toMatchObject({
      name: 'Loop.main',
      line: lineOf(LOOP, 'total += Math.abs(sq)'),
    });
    // Math.abs is the JDK's: stepping in goes over it, to the loop's next line of the program.
    const after = await step('stepIn', threadId);
    expect(after).toMatchObject({ name: 'Loop.main', line: lineOf(LOOP, 'for (int i = 1') });
    expect(mustGet(await session.locals(after.id), 'total').value).toBe('1');
  });

  it("steps in to a lambda the JDK's stream code calls, through the JDK's frames without stopping in them, and from it to its next call, through the lambda's hidden class", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const line = lineOf(LAMBDAS, 'List.of(1, 2).stream()');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Lambdas'],
      cwd: FIXTURES,
      breakpoints: [{ path: LAMBDAS, line }],
    });
    const threadId = result.stopped!.body.threadId!;
    await session.dc.setBreakpointsRequest({ source: { path: LAMBDAS }, breakpoints: [] });
    const seen: string[] = [];
    let frame = await step('stepIn', threadId);
    while (frame.name === 'Lambdas.main' && seen.length < 5) {
      seen.push(`${frame.name}:${frame.line}`);
      frame = await step('stepIn', threadId);
    }
    expect(seen).toEqual([`Lambdas.main:${line + 1}`, `Lambdas.main:${line + 2}`]);
    expect(frame).toMatchObject({ name: 'Lambdas.lambda$main$0', line: line + 1 });
    expect(mustGet(await session.locals(frame.id), 'x').value).toBe('1');
    // Before: the step stopped in Lambdas$$Lambda.apply (line 0, no lines), and a step out of it went
    // past the second call.
    frame = await step('stepIn', threadId);
    expect(frame).toMatchObject({ name: 'Lambdas.lambda$main$0', line: line + 1 });
    expect(mustGet(await session.locals(frame.id), 'x').value).toBe('2');
  });

  it("stops where the program's own code starts, by a function breakpoint on main, and on a method by its class", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      functionBreakpoints: ['main', 'Loop.square'],
    });
    expect(result.stopped?.body.reason).toBe('function breakpoint');
    expect(await session.topFrame(result.stopped!.body.threadId!)).toMatchObject({
      name: 'Loop.main',
      line: lineOf(LOOP, 'int rounds ='),
    });
    const changed = session.events
      .filter((event) => event.event === 'breakpoint')
      .map((event) => (event as DebugProtocol.BreakpointEvent).body.breakpoint.verified);
    expect(changed).toEqual([true, true]);
    const next = await session.continueToNext(result.stopped!.body.threadId!);
    expect(await session.topFrame(next!.body.threadId!)).toMatchObject({
      name: 'Loop.square',
      line: lineOf(LOOP, 'int result = n * n'),
    });
    // Cleared, as a walk clears them before it steps: the program runs to its end.
    await session.dc.setFunctionBreakpointsRequest({ breakpoints: [] });
    expect(await session.continueToNext(next!.body.threadId!)).toBeNull();
    expect(session.output('stdout')).toBe('total 5\n');
  });

  it("walks every executed line of main in lockstep, to the program's end", async () => {
    const classes = compileFixture('loop');
    session = await AdapterSession.start();
    const first = lineOf(LOOP, 'int rounds =');
    const result = await session.run({
      command: ['java', '-cp', classes, 'Loop', '2'],
      cwd: FIXTURES,
      breakpoints: [{ path: LOOP, line: first }],
    });
    const threadId = result.stopped!.body.threadId!;
    const lines: number[] = [first];
    for (let steps = 0; steps < 50; steps++) {
      const since = session.events.length;
      await session.dc.nextRequest({ threadId });
      const stop = await session.nextStop(since);
      if (!stop) break;
      lines.push((await session.topFrame(threadId)).line);
    }
    const at = (marker: string): number => lineOf(LOOP, marker);
    const loop = [at('int sq = square(i)'), at('total += Math.abs(sq)'), at('for (int i = 1')];
    expect(lines).toEqual([
      first,
      at('int total = 0'),
      at('for (int i = 1'),
      ...loop,
      ...loop,
      at('System.out.println'),
      at('System.out.println') + 1,
    ]);
    expect(session.output('stdout')).toBe('total 5\n');
  });
});
