// Breakpoints in classes that load after the program starts (a nested class, a record, a local class
// of main): each waits for its class to load and stops on its own line, never on a line of the
// classes loaded before it (TypeLines.java).
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, compileFixture, describeWithJava, lineOf, mustGet } from './helpers.js';

const NESTED = path.join(FIXTURES, 'nested', 'Nested.java');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

describeWithJava('Java adapter: breakpoints in classes not loaded yet', () => {
  it.each([
    ['a nested class', 'return doubled;', 'Nested.Inner.apply', 'doubled', '6'],
    ['a record', 'return a + b;', 'Nested.Pair.sum', 'this', 'Nested.Pair[a=1, b=2]'],
    ['a local class of main', 'return y + y;', 'Nested$1Local.twice', 'y', '1'],
  ])(
    'in %s: pending while it is not loaded, then bound to its own line, where it stops',
    async (_what, text, frameName, local, value) => {
      const classes = compileFixture('nested');
      session = await AdapterSession.start();
      const line = lineOf(NESTED, text);
      const result = await session.run({
        command: ['java', '-cp', classes, 'Nested'],
        cwd: FIXTURES,
        breakpoints: [{ path: NESTED, line }],
      });
      expect(result.setBreakpoints[0]!.body.breakpoints[0]).toMatchObject({ verified: false, reason: 'pending' });
      // Main's class loads first: the breakpoint is not moved into it.
      const changes = session.events
        .filter((event): event is DebugProtocol.BreakpointEvent => event.event === 'breakpoint')
        .map((event) => event.body.breakpoint);
      expect(changes.map((breakpoint) => [breakpoint.verified, breakpoint.line])).toEqual([[true, line]]);
      const frame = await session.topFrame(result.stopped!.body.threadId!);
      expect(frame).toMatchObject({ name: frameName, line, source: { path: NESTED } });
      expect(mustGet(await session.locals(frame.id), local).value).toBe(value);
    },
  );
});
