// Breakpoints in another thread, in a generator and in a coroutine: each stops there, in that
// thread, with its own frame's locals.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

describe.each(pythons())('light adapter threads, generators and coroutines on $name', ({ name, executable }) => {
  it('stops in the worker thread that reaches the breakpoint', async () => {
    const session = LightSession.start(executable, ['threads.py'], { keepOutput: true });
    await session.configure({ [path.join(FIXTURES, 'threads.py')]: [8] });
    const stop = await session.run();
    expect(stop?.body.reason).toBe('breakpoint');
    const threadId = stop!.body.threadId!;
    expect(threadId).not.toBe(1);
    const threads = (await session.ok<{ threads: Array<{ id: number; name: string }> }>('threads')).threads;
    expect(threads).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'MainThread' },
        { id: threadId, name: 'worker' },
      ]),
    );
    expect((await session.frames(threadId)).map((frame) => frame.name)).toEqual([
      'work',
      'run',
      '_bootstrap_inner',
      '_bootstrap',
    ]);
    expect(await session.locals(threadId)).toEqual({ count: '10', label: "'worker-one'", results: '[10]' });
    expect(await session.resume('continue', threadId)).toBeNull();
    expect(await session.exit).toEqual({ code: 0, signal: null });
    await session.outputRead;
    expect(session.stdout).toBe('results [10]\n');
  });

  it('holds the other threads while one is stopped (3.12+), and stops at an uncaught exception in a thread', async () => {
    const session = LightSession.start(executable, ['busy.py'], { keepOutput: true });
    await session.configure({ [path.join(FIXTURES, 'busy.py')]: [18] });
    const stop = await session.run();
    expect(stop?.body.reason).toBe('breakpoint');
    const threadId = stop!.body.threadId!;
    const counted = async (): Promise<number> => Number((await session.evaluate('count[0]', threadId)).body.result);
    const first = await counted();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await counted();
    if (Number(/3\.(\d+)/.exec(name)![1]) >= 12) {
      // sys.monitoring holds the counting thread at its next line while the worker is stopped.
      expect(later).toBe(first);
    } else {
      // 3.8-3.11: only a thread that reaches a breakpoint waits (README: Threads).
      expect(later).toBeGreaterThanOrEqual(first);
    }
    const raised = await session.resume('continue', threadId);
    expect(raised?.body).toMatchObject({
      reason: 'exception',
      threadId,
      text: 'RuntimeError',
      description: 'worker failed',
    });
    expect((await session.frames(threadId))[0]).toMatchObject({ name: 'worker', line: 19 });
    expect(await session.resume('continue', threadId)).toBeNull();
    expect(await session.exit).toEqual({ code: 0, signal: null });
    await session.outputRead;
    expect(session.stderr).toMatch(/RuntimeError: worker failed/);
  });

  it('stops inside a generator at each value it yields, and inside a coroutine between its awaits', async () => {
    const file = path.join(FIXTURES, 'lazy.py');
    const session = LightSession.start(executable, ['lazy.py'], { keepOutput: true });
    await session.configure({ [file]: [8, 15] });
    const seen: Array<[string, number, Record<string, string>]> = [];
    for (let stop = await session.run(); stop; stop = await session.resume('continue', stop.body.threadId!)) {
      const [top, caller] = await session.frames(stop.body.threadId!);
      seen.push([`${top!.name} < ${caller!.name}`, top!.line, await session.locals(stop.body.threadId!)]);
    }
    expect(seen.slice(0, 3)).toEqual([
      ['squares < main', 8, { k: '0', n: '3', square: '0' }],
      ['squares < main', 8, { k: '1', n: '3', square: '1' }],
      ['squares < main', 8, { k: '2', n: '3', square: '4' }],
    ]);
    expect(seen[3]![0]).toMatch(/^fetch < /);
    expect(seen[3]!.slice(1)).toEqual([15, { name: "'coroutine'", size: '9' }]);
    expect(seen).toHaveLength(4);
    expect(await session.exit).toEqual({ code: 0, signal: null });
    await session.outputRead;
    expect(session.stdout).toBe('[0, 1, 4] 9\n');
  });
});
