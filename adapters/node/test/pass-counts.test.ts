// Passes the program counts itself (src/pass-plan.ts, src/pass-counts.ts): a breakpoint whose hit
// condition is `>= N` on a line a statement starts, in a CommonJS module, stops first at the Nth pass
// without V8 evaluating a condition at the passes before it, and at every pass after, as a
// V8-counted one does; a step from there goes on to the next line. Where the program cannot count (a
// line inside an expression, a breakpoint with a condition), V8 counts, with the same stops.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf, mustGet, type BreakpointSpec } from './helpers.js';

const DIR = path.join(FIXTURES, 'passes');
const CJS = path.join(DIR, 'loop.js');
const ESM = path.join(DIR, 'loop.mjs');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

async function local(stopped: DebugProtocol.StoppedEvent, name: string): Promise<string> {
  const frame = await session!.topFrame(stopped.body.threadId!);
  return mustGet(await session!.locals(frame.id), name).value;
}

/**
 * Runs `file` with one breakpoint: the first stop, its line, and whether the program counted (V8 then
 * stands after the call put before the statement, some 40 columns further than the statement's start).
 */
async function firstStop(file: string, breakpoint: BreakpointSpec) {
  session = await AdapterSession.start();
  const result = await session.run({ command: ['node', path.basename(file)], cwd: DIR, breakpoints: [breakpoint] });
  const stopped = result.stopped!;
  expect(stopped.body.reason).toBe('breakpoint');
  const frame = await session.topFrame(stopped.body.threadId!);
  const text = fs.readFileSync(file, 'utf8').split('\n')[breakpoint.line - 1]!;
  const own = text.length - text.trimStart().length + 1;
  return { result, stopped, line: frame.line, counted: frame.column > own + 30 };
}

describe('passes the program counts', () => {
  it.each([
    ['a CommonJS module', CJS],
    ['an ES module (through the loader hook)', ESM],
  ])(
    '>= 2500 on a statement of %s: counted by the program, the 2500th pass, then every later one',
    async (_what, file) => {
      const line = lineOf(file, '// counted line');
      const { stopped, line: at, counted } = await firstStop(file, { path: file, line, hitCondition: '>= 2500' });
      expect(counted).toBe(true);
      expect(at).toBe(line);
      expect(await local(stopped, 'i')).toBe('2500');
      expect(await local(stopped, 'next')).toBe('undefined');
      const later = await session!.continueToNext(stopped.body.threadId!);
      expect(later?.body.reason).toBe('breakpoint');
      expect(await local(later!, 'i')).toBe('2501');
    },
  );

  it('a step from the counted stop goes on to the next line, and a step into the line stops there once', async () => {
    const line = lineOf(CJS, '// counted line');
    const after = lineOf(CJS, '// after it');
    const { stopped } = await firstStop(CJS, { path: CJS, line, hitCondition: '>= 3' });
    const threadId = stopped.body.threadId!;
    const lines: number[] = [];
    // Into shape(), out to the loop, into step() again at the counted line (the call before its
    // statement is the bootloader's, stepped over), and on past the statement to the next line.
    while (lines.filter((seen) => seen === after).length < 2 && lines.length < 40) {
      const since = session!.events.length;
      await session!.dc.stepInRequest({ threadId });
      const next = await session!.nextStop(since);
      if (next === null) break;
      lines.push((await session!.topFrame(threadId)).line);
    }
    expect(lines[0]).toBe(after);
    const back = lines.indexOf(line);
    expect(back).toBeGreaterThan(0);
    expect(lines.slice(back, back + 2)).toEqual([line, after]);
  });

  it('a breakpoint set again on the counted line counts from zero in V8', async () => {
    const line = lineOf(CJS, '// counted line');
    const { stopped, result } = await firstStop(CJS, { path: CJS, line, hitCondition: '>= 3' });
    expect(await local(stopped, 'i')).toBe('3');
    const again = await session!.dc.setBreakpointsRequest({
      source: { path: CJS },
      breakpoints: [{ line, hitCondition: '>= 2' }],
    });
    const id = again.body.breakpoints[0]!.id;
    expect(id).not.toBe(result.setBreakpoints[0]!.body.breakpoints[0]!.id);
    const next = await session!.continueToNext(stopped.body.threadId!);
    expect(next?.body.hitBreakpointIds).toEqual([id]);
    expect(await local(next!, 'i')).toBe('5');
  });

  it.each([
    ['a line inside an expression', CJS, '// inside an expression', {}],
    ['a breakpoint with a condition', CJS, '// counted line', { condition: 'i > 0' }],
  ])('%s: counted by V8, the same stop', async (_what, file, marker, extra) => {
    const line = lineOf(file, marker);
    const {
      stopped,
      line: at,
      counted,
    } = await firstStop(file, { path: file, line, hitCondition: '>= 2500', ...extra });
    expect(counted).toBe(false);
    expect(at).toBe(line);
    expect(await local(stopped, 'i')).toBe('2500');
  });
});
