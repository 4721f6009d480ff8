// Steps that skip other people's code: stepIn goes over a package's function (node_modules) and over
// Node's internals (require, console.log), but stops in the program's own code they call back (a
// function given to Array.prototype.map, a callback a package calls). A breakpoint the user sets in a
// package still stops there. Stepping off the end of the main module ends the program. Every
// stackTrace says the stack's depth (totalFrames).
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf } from './helpers.js';

const DIR = path.join(FIXTURES, 'stepping');
const MAIN = path.join(DIR, 'main.js');
const HELPER = path.join(DIR, 'node_modules', 'helper', 'index.js');
const at = (marker: string): number => lineOf(MAIN, marker);

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

interface Place {
  name: string;
  line: number;
  /** The stack's depth, less the depth at the main module's top level. */
  depth: number;
}

/** Where a stop stands: its top frame's name and line, and the stack's depth (totalFrames). */
async function place(threadId: number): Promise<{
  name: string;
  line: number;
  file: string | undefined;
  totalFrames: number;
  frame: DebugProtocol.StackFrame;
}> {
  const { body } = await session!.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 1 });
  const frame = body.stackFrames[0]!;
  return { name: frame.name, line: frame.line, file: frame.source?.path, totalFrames: body.totalFrames!, frame };
}

/** Sends a step and waits for its stop, or null when the program ended instead. */
async function step(kind: 'stepIn' | 'next' | 'stepOut', threadId: number): Promise<DebugProtocol.StoppedEvent | null> {
  const since = session!.events.length;
  if (kind === 'stepIn') await session!.dc.stepInRequest({ threadId });
  else if (kind === 'next') await session!.dc.nextRequest({ threadId });
  else await session!.dc.stepOutRequest({ threadId });
  const event = await session!.waitFor(
    (candidate) => candidate.event === 'stopped' || candidate.event === 'terminated',
    30_000,
    since,
  );
  return event.event === 'stopped' ? (event as DebugProtocol.StoppedEvent) : null;
}

/** The fixture `name` run to the first pass through the line holding `marker`, its breakpoint then cleared. */
async function stoppedOnceAt(name: string, marker: string): Promise<{ file: string; threadId: number }> {
  const file = path.join(DIR, name);
  session = await AdapterSession.start();
  const result = await session.run({ command: ['node', name], cwd: DIR, stopOnEntry: true });
  const threadId = result.stopped!.body.threadId!;
  await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: lineOf(file, marker) }] });
  const since = session.events.length;
  await session.dc.continueRequest({ threadId });
  await session.waitFor((event) => event.event === 'stopped', 30_000, since);
  await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
  return { file, threadId };
}

describe('bpdiffReturns', () => {
  it("a step that leaves a function shows the value it returned among the caller's locals, as `(return) NAME`; a step without it shows none", async () => {
    const { file, threadId } = await stoppedOnceAt('returns.js', 'return x * 3');
    const live = session!;
    const returning = live.events.length;
    await live.dc.nextRequest({ threadId, bpdiffReturns: true } as DebugProtocol.NextArguments);
    await live.waitFor((event) => event.event === 'stopped', 30_000, returning);
    const back = await place(threadId);
    // V8 goes on to the caller's next statement (the assignment is no place it pauses at).
    expect([back.name, back.line]).toEqual(['<anonymous>', lineOf(file, 'const second = scale(first)')]);
    expect((await live.locals(back.frame.id)).get('(return) scale')?.value).toBe('42');
    // The next call, left by a step that does not ask: no value shown.
    await step('stepIn', threadId);
    expect((await place(threadId)).name).toBe('scale');
    await step('next', threadId);
    const plain = await place(threadId);
    expect(plain.name).toBe('<anonymous>');
    expect([...(await live.locals(plain.frame.id)).keys()].some((name) => name.startsWith('(return)'))).toBe(false);
  });
});

describe('bpdiffReturns where V8 itself is the caller', () => {
  it("a comparator Array.prototype.sort calls: the value it returned shows at the stop in its next call, which V8's sort makes (no frame of the program's between)", async () => {
    const { file, threadId } = await stoppedOnceAt('comparator.js', 'return x - y');
    const live = session!;
    const first = await place(threadId);
    const [x, y] = [
      (await live.locals(first.frame.id)).get('x')?.value,
      (await live.locals(first.frame.id)).get('y')?.value,
    ];
    const returning = live.events.length;
    await live.dc.nextRequest({ threadId, bpdiffReturns: true } as DebugProtocol.NextArguments);
    await live.waitFor((event) => event.event === 'stopped', 30_000, returning);
    const next = await place(threadId);
    // The comparator's next call, as deep: before, no value was shown there (only in a shallower stop).
    expect([next.name, next.line, next.totalFrames]).toEqual([
      'byValue',
      lineOf(file, 'return x - y'),
      first.totalFrames,
    ]);
    expect((await live.locals(next.frame.id)).get('(return) byValue')?.value).toBe(String(Number(x) - Number(y)));
  });
});

describe('stepping at a generator', () => {
  it('stepIn from a `yield` stops in the loop that asked for the value, its body next, then back in the generator', async () => {
    const file = path.join(DIR, 'generator.js');
    const line = (marker: string): number => lineOf(file, marker);
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'generator.js'], cwd: DIR, stopOnEntry: true });
    const threadId = result.stopped!.body.threadId!;
    await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: line('yield i * 2') }] });
    const since = session.events.length;
    await session.dc.continueRequest({ threadId });
    await session.waitFor((event) => event.event === 'stopped', 30_000, since);
    await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
    const seen: string[] = [];
    for (let steps = 0; steps < 7; steps++) {
      expect(await step('stepIn', threadId)).not.toBeNull();
      const { name, line: at } = await place(threadId);
      seen.push(`${name}:${at}`);
    }
    // Before: nums:4, nums:5, nums:4, ... (V8 steps from the suspension to the generator's resumption;
    // the loop's body ran unseen).
    const [loop, body, yields, header] = [
      line('for (const n'),
      line('total += n'),
      line('yield i * 2'),
      line('i < limit'),
    ];
    const top = '<anonymous>';
    // The generator's `for` header stops twice (its update, then its test), as any loop's does.
    expect(seen).toEqual([
      `${top}:${loop}`,
      `${top}:${body}`,
      `${top}:${loop}`,
      `nums:${header}`,
      `nums:${header}`,
      `nums:${yields}`,
      `${top}:${loop}`,
    ]);
  });
});

describe('stepping past others code', () => {
  it('stepIn from the entry to the end: over the package and Node, into the program code they call back', async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'main.js'], cwd: DIR, stopOnEntry: true });
    const threadId = result.stopped!.body.threadId!;
    const start = await place(threadId);
    expect(start).toMatchObject({ line: at("require('helper')"), file: MAIN });
    const places: Place[] = [];
    const values: string[] = [];
    let stopped: DebugProtocol.StoppedEvent | null = result.stopped;
    while (stopped !== null) {
      expect(stopped.body.reason).toBe(places.length === 0 ? 'entry' : 'step');
      const here = await place(threadId);
      expect(here.file).toBe(MAIN);
      places.push({ name: here.name, line: here.line, depth: here.totalFrames - start.totalFrames });
      if (here.totalFrames > start.totalFrames) values.push((await session.evaluate('value', here.frame.id)).result);
      stopped = await step('stepIn', threadId);
      expect(places.length).toBeLessThan(30);
    }
    const top = (line: number): Place => ({ name: '<anonymous>', line, depth: 0 });
    // One stop a line of each call (V8's pause at the return, further along the line, is stepped
    // through, as a breakpoint on the line is hit once). After the last call of map and of sumWith,
    // the step comes back to the program's next line.
    const double: Place = { name: 'double', line: at('return value * 2'), depth: 1 };
    const callback: Place = { name: '<anonymous>', line: at('(value) => value + 1'), depth: 2 };
    expect(places).toEqual([
      top(at("require('helper')")),
      top(at("helper.pad('7', 3)")),
      top(at('[1, 2].map(double)')),
      double,
      double,
      top(at('helper.sumWith(')),
      callback,
      callback,
      top(at('console.log(')),
    ]);
    expect(values).toEqual(['1', '2', '2', '4']);
    expect(session.output('stdout')).toBe('007 [ 2, 4 ] 8\n');
    expect(
      session.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited')?.body.exitCode,
    ).toBe(0);
  });

  it('totalFrames is the whole stack, whatever levels asks', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'main.js'],
      cwd: DIR,
      breakpoints: [{ path: MAIN, line: at('return value * 2') }],
    });
    const threadId = result.stopped!.body.threadId!;
    const all = (await session.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 1000 })).body;
    const one = (await session.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 1 })).body;
    expect(one.stackFrames).toHaveLength(1);
    expect(all.totalFrames).toBe(all.stackFrames.length);
    expect(one.totalFrames).toBe(all.stackFrames.length);
    // double, called by the builtin map (no frame of its own), from the main module's top level.
    expect(all.stackFrames.slice(0, 2).map((frame) => [frame.name, frame.line])).toEqual([
      ['double', at('return value * 2')],
      ['<anonymous>', at('[1, 2].map(double)')],
    ]);
  });

  it('a breakpoint the user sets in a package stops there, and steps go on inside the package', async () => {
    const line = lineOf(HELPER, 'sum += each(value)');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'main.js'],
      cwd: DIR,
      stopOnEntry: true,
      breakpoints: [{ path: HELPER, line }],
    });
    const threadId = result.stopped!.body.threadId!;
    const hit = await session.continueToNext(threadId);
    expect(hit?.body.reason).toBe('breakpoint');
    expect(await place(threadId)).toMatchObject({ name: 'sumWith', line, file: HELPER });
    await step('stepIn', threadId);
    expect(await place(threadId)).toMatchObject({ line: at('(value) => value + 1'), file: MAIN });
    // Out of the callback, to the next place in sumWith after the call: its loop's next round.
    await step('stepOut', threadId);
    expect(await place(threadId)).toMatchObject({
      name: 'sumWith',
      line: lineOf(HELPER, 'for (const value of values)'),
      file: HELPER,
    });
  });

  it.each([['next'], ['stepOut']] as const)(
    '%s off the last line of the main module ends the program',
    async (kind) => {
      session = await AdapterSession.start();
      const last = at('console.log(');
      const result = await session.run({
        command: ['node', 'main.js'],
        cwd: DIR,
        breakpoints: [{ path: MAIN, line: last }],
      });
      const threadId = result.stopped!.body.threadId!;
      expect((await place(threadId)).line).toBe(last);
      expect(await step(kind, threadId)).toBeNull();
      expect(session.output('stdout')).toBe('007 [ 2, 4 ] 8\n');
      expect(
        session.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited')?.body.exitCode,
      ).toBe(0);
    },
  );
});

describe('a step through thousands of statements of Node', () => {
  it("node:test's test function, run after the main module ended: a step off the module's last line stops in it (the adapter runs to breakpoints at the program's positions)", async () => {
    const file = path.join(DIR, 'tested.js');
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'tested.js'],
      cwd: DIR,
      breakpoints: [{ path: file, line: lineOf(file, "test('total'") }],
    });
    const threadId = result.stopped!.body.threadId!;
    await session.dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
    // node:test runs the function after thousands of its own statements: a step through them one by
    // one gave up at 2,000 and let the program run to its end, the test unseen.
    expect(await step('next', threadId)).not.toBeNull();
    const inTest = await place(threadId);
    expect([inTest.file, inTest.line]).toEqual([file, lineOf(file, 'const got = total')]);
    expect(await step('stepIn', threadId)).not.toBeNull();
    expect((await place(threadId)).name).toBe('total');
  });
});
