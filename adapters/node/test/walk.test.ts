// A walk over the stops of one breakpoint, as bpdiff's --first-divergence does it: at each stop the
// stack and a watch expression in the top frame, then continue. Handles of a stop are void after it;
// the sourceReference of a script without a file (Node's internals) is the same at every stop, and
// its source stays readable.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterSession, FIXTURES, lineOf } from './helpers.js';

const DIR = path.join(FIXTURES, 'hits');
const FILE = path.join(DIR, 'loop.js');
const LINE = lineOf(FILE, '// each iteration');

let session: AdapterSession | null = null;
afterEach(async () => {
  await session?.finish();
  session = null;
});

describe('a walk over many stops', () => {
  it('evaluates at every stop, and gives each internal script one sourceReference', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'loop.js'],
      cwd: DIR,
      breakpoints: [{ path: FILE, line: LINE }],
    });
    let stopped: DebugProtocol.StoppedEvent | null = result.stopped;
    const watched: string[] = [];
    const referencesPerStop: number[][] = [];
    let previousFrame: number | undefined;
    while (stopped !== null) {
      const threadId = stopped.body.threadId!;
      const { body } = await session.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 });
      const top = body.stackFrames[0]!;
      expect(top).toMatchObject({ name: 'step', line: LINE, source: { path: FILE } });
      watched.push((await session.evaluate('i', top.id)).result);
      referencesPerStop.push(
        body.stackFrames.flatMap((frame) => (frame.source?.sourceReference ? [frame.source.sourceReference] : [])),
      );
      if (previousFrame !== undefined) {
        await expect(session.evaluate('i', previousFrame)).rejects.toThrow(/no longer valid/);
      }
      previousFrame = top.id;

      stopped = await session.continueToNext(threadId);
    }
    expect(watched).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(session.output('stdout')).toBe('total 36\n');
    const [first = []] = referencesPerStop;
    expect(first.length).toBeGreaterThan(0);
    for (const references of referencesPerStop) expect(references).toEqual(first);
  });

  it('reads an internal source by its sourceReference at a later stop', async () => {
    session = await AdapterSession.start();
    const result = await session.run({
      command: ['node', 'loop.js'],
      cwd: DIR,
      breakpoints: [{ path: FILE, line: LINE }],
    });
    const threadId = result.stopped!.body.threadId!;
    const firstStack = (await session.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 })).body.stackFrames;
    const internal = firstStack.find((frame) => frame.source?.sourceReference);
    expect(internal).toBeDefined();
    const sourceReference = internal!.source!.sourceReference!;

    const since = session.events.length;
    await session.dc.continueRequest({ threadId });
    await session.waitFor((event) => event.event === 'stopped', 30_000, since);
    const { body } = await session.dc.sourceRequest({ sourceReference, source: { sourceReference } });
    expect(body.content.length).toBeGreaterThan(0);
  });
});
