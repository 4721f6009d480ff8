// Hit conditions: N, >= N, % N, counted only where the condition holds; a hit condition that does not
// parse (never bound, said in the breakpoint's message); a throwing condition still stops; a breakpoint
// set again, and each process, count from zero.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf, mustGet, type BreakpointSpec } from './helpers.js';

const DIR = path.join(FIXTURES, 'hits');
const FILE = path.join(DIR, 'loop.js');
const LINE = lineOf(FILE, '// each iteration');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

/** The loop's `i` where the program stopped. */
async function iteration(active: AdapterSession, stopped: DebugProtocol.StoppedEvent): Promise<string> {
  const frame = await active.topFrame(stopped.body.threadId!);
  expect(frame).toMatchObject({ name: 'step', line: LINE, source: { path: FILE } });
  return mustGet(await active.locals(frame.id), 'i').value;
}

/** Continues, then the next stop, or null when the program ended instead. */
function next(active: AdapterSession, stopped: DebugProtocol.StoppedEvent): Promise<DebugProtocol.StoppedEvent | null> {
  return active.continueToNext(stopped.body.threadId!);
}

/** Runs the loop with one breakpoint and answers the `i` of every stop until the program ends (at most `limit`). */
async function stops(breakpoint: Omit<BreakpointSpec, 'path' | 'line'>, limit = 8): Promise<string[]> {
  session = await AdapterSession.start();
  const result = await session.run({
    command: ['node', 'loop.js'],
    cwd: DIR,
    breakpoints: [{ path: FILE, line: LINE, ...breakpoint }],
  });
  const seen: string[] = [];
  let stopped = result.stopped;
  while (stopped !== null && seen.length < limit) {
    expect(stopped.body.reason).toBe('breakpoint');
    seen.push(await iteration(session, stopped));
    stopped = await next(session, stopped);
  }
  return seen;
}

describe('hit conditions', () => {
  it('N stops at the Nth hit only', async () => {
    expect(await stops({ hitCondition: '3' })).toEqual(['3']);
    expect(session!.output('stdout')).toBe('total 36\n');
  });

  it('>= N stops at the Nth hit and every one after', async () => {
    expect(await stops({ hitCondition: '>= 2' })).toEqual(['2', '3', '4', '5', '6', '7', '8']);
  });

  it.each([
    ['== 2', ['2']],
    ['> 6', ['7', '8']],
    ['<= 2', ['1', '2']],
    ['< 3', ['1', '2']],
  ])('%s', async (hitCondition, expected) => {
    expect(await stops({ hitCondition })).toEqual(expected);
  });

  it('% N stops at every Nth hit', async () => {
    expect(await stops({ hitCondition: '%2' })).toEqual(['2', '4', '6', '8']);
  });

  it('counts only the hits where the condition holds', async () => {
    // Odd iterations are 1, 3, 5, 7: the second of them is 3.
    expect(await stops({ condition: 'i % 2 === 1', hitCondition: ' 2 ' })).toEqual(['3']);
  });

  it('>= N with a condition: the Nth hit where it holds, and every one after', async () => {
    // Odd iterations are 1, 3, 5, 7: from the second of them on.
    expect(await stops({ condition: 'i % 2 === 1', hitCondition: '>= 2' })).toEqual(['3', '5', '7']);
  });

  it('an empty hit condition is none', async () => {
    expect(await stops({ hitCondition: '  ' }, 2)).toEqual(['1', '2']);
  });

  it.each(['abc', '0', '== 0', '>= -1', '2.5', '=== 2'])(
    '%j does not parse: the breakpoint is unverified, says why, and never stops',
    async (hitCondition) => {
      session = await AdapterSession.start();
      const result = await session.run({
        command: ['node', 'loop.js'],
        cwd: DIR,
        breakpoints: [{ path: FILE, line: LINE, hitCondition }],
      });
      const breakpoint = result.setBreakpoints[0]!.body.breakpoints[0]!;
      expect(breakpoint.verified).toBe(false);
      expect(breakpoint.message).toBe(
        `Hit condition ${JSON.stringify(hitCondition)} is not understood: use N (the Nth hit), == N, >= N, > N, <= N, < N or % N (every Nth hit), N a whole number of at least 1`,
      );
      expect(result.stopped).toBeNull();
      expect(result.exitCode).toBe(0);
      expect(session.events.some((event) => event.event === 'breakpoint')).toBe(false);
    },
  );

  it('a condition that throws still stops and is reported as a condition error', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'loop.js'],
      cwd: DIR,
      breakpoints: [{ path: FILE, line: LINE, condition: 'i.nope.deeper > 1', hitCondition: '3' }],
    });
    const message = "TypeError: Cannot read properties of undefined (reading 'deeper')";
    expect(result.stopped?.body).toMatchObject({
      reason: 'exception',
      description: 'Breakpoint condition error',
      text: message,
    });
    expect(await iteration(session, result.stopped!)).toBe('1');
    expect(session.output('important')).toBe(`Breakpoint condition error: ${message}\n`);
    const info = await session.dc.exceptionInfoRequest({ threadId: result.stopped!.body.threadId! });
    expect(info.body.description).toBe(message);
  });

  it('a breakpoint set again counts from zero', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'loop.js'],
      cwd: DIR,
      breakpoints: [{ path: FILE, line: LINE, hitCondition: '2' }],
    });
    expect(await iteration(session, result.stopped!)).toBe('2');
    const again = await session.dc.setBreakpointsRequest({
      source: { path: FILE },
      breakpoints: [{ line: LINE, hitCondition: '2' }],
    });
    const id = again.body.breakpoints[0]!.id;
    expect(id).not.toBe(result.setBreakpoints[0]!.body.breakpoints[0]!.id);
    const stopped = await next(session, result.stopped!);
    expect(stopped?.body.hitBreakpointIds).toEqual([id]);
    expect(await iteration(session, stopped!)).toBe('4');
    expect(await next(session, stopped!)).toBeNull();
  });

  it('each process counts its own hits', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['sh', '-c', 'node loop.js && node loop.js'],
      cwd: DIR,
      breakpoints: [{ path: FILE, line: LINE, hitCondition: '3' }],
    });
    expect(await iteration(session, result.stopped!)).toBe('3');
    const second = await next(session, result.stopped!);
    expect(second?.body.threadId).not.toBe(result.stopped!.body.threadId);
    expect(await iteration(session, second!)).toBe('3');
    expect(await next(session, second!)).toBeNull();
    expect(session.output('stdout')).toBe('total 36\ntotal 36\n');
  });
});
