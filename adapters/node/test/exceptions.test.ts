// Exception breakpoints: uncaught (what bpdiff asks for) and all, exceptionInfo, and what happens
// without any filter.
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf, mustGet } from './helpers.js';

const DIR = path.join(FIXTURES, 'exceptions');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

describe('uncaught exceptions', () => {
  it('stop before a breakpoint further on, with the message in the stop and in exceptionInfo', async () => {
    session = await AdapterSession.start();
    const file = path.join(DIR, 'uncaught.js');
    const result = await session.run({
      command: ['node', 'uncaught.js'],
      cwd: DIR,
      breakpoints: [{ path: file, line: lineOf(file, "console.log('never printed')") }],
      exceptionFilters: ['uncaught'],
    });
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Paused on uncaught exception',
      text: 'RangeError: not a price: 12,50',
    });
    const threadId = result.stopped!.body.threadId!;
    const info = await session.dc.exceptionInfoRequest({ threadId });
    expect(info.body).toMatchObject({
      exceptionId: 'RangeError',
      description: 'RangeError: not a price: 12,50',
      breakMode: 'unhandled',
      details: { typeName: 'RangeError', message: 'RangeError: not a price: 12,50' },
    });
    expect(info.body.details?.stackTrace).toMatch(/^\s+at parsePrice \(.*uncaught\.js:4:/);
    const frame = await session.topFrame(threadId);
    expect(frame).toMatchObject({
      name: 'parsePrice',
      line: lineOf(file, 'throw new RangeError'),
      source: { path: file },
    });
    const locals = await session.locals(frame.id);
    expect(mustGet(locals, 'text').value).toBe("'12,50'");
    expect(mustGet(locals, 'value').value).toBe('NaN');
    expect(session.output('stdout')).toBe('before\n');
  });

  it('stop in an ES module whose top level throws', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'esm-uncaught.mjs'],
      cwd: DIR,
      exceptionFilters: ['uncaught'],
    });
    expect(result.stopped?.body).toMatchObject({ reason: 'exception', text: 'TypeError: order without id' });
    const info = await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! });
    expect(info.body.exceptionId).toBe('TypeError');
  });

  it('without a filter end the program with exit code 1 and the error on stderr', async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'uncaught.js'], cwd: DIR });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(1);
    expect(session.output('stderr')).toContain('RangeError: not a price: 12,50');
    expect(session.output('stderr')).not.toContain('Debugger');
  });
});

describe('caught exceptions', () => {
  it("stop with the 'all' filter", async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'caught.js'], cwd: DIR, exceptionFilters: ['all'] });
    expect(result.stopped?.body).toMatchObject({ reason: 'exception', description: 'Paused on exception' });
    expect(result.stopped?.body.text).toMatch(/^SyntaxError: .*JSON/);
    const info = await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! });
    expect(info.body).toMatchObject({ exceptionId: 'SyntaxError', breakMode: 'always' });
    const frames = (await session.dc.stackTraceRequest({ threadId: result.stopped!.body.threadId! })).body.stackFrames;
    expect(frames.find((frame) => frame.source?.path === path.join(DIR, 'caught.js'))?.name).toBe('tryParse');
  });

  it("do not stop with the 'uncaught' filter", async () => {
    session = await AdapterSession.start();
    const result = await session.run({ command: ['node', 'caught.js'], cwd: DIR, exceptionFilters: ['uncaught'] });
    expect(result.stopped).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(session.output('stdout')).toBe('{ a: 1 } null\n');
  });
});
