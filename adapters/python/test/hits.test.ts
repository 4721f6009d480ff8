// The bpdiffHits stream (for a streamed --first-divergence walk, src/walk/hits-streamed.ts): the program
// runs through the hits a normal stop would make (conditions and hit conditions checked alike), each
// recorded as its locals' texts and its watch expressions', and stops on the last; a stop that is no
// hit (a condition that cannot be evaluated) and the program's end answer with the hits before them.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

const COUNTER = path.join(FIXTURES, 'counter.py');

interface HitsBody {
  hits: Array<{ values: Record<string, string>; watch?: Record<string, string> }>;
  last: boolean;
  ended: null | { exitCode: number | null };
}

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

const TEXTS = { maxValueLength: 100, seconds: 5 };

describe.each(pythons())('light adapter hit stream on $name', ({ executable }) => {
  it('runs through the hits of a conditional breakpoint, stops on the last, and answers the rest at the end', async () => {
    const session = LightSession.start(executable, ['counter.py']);
    await session.configure({ [COUNTER]: [{ line: 8, condition: 'i % 2 == 1' }] });
    expect((await session.run())?.body.reason).toBe('breakpoint');
    let since = session.events.length;
    const first = await session.ok<HitsBody>('bpdiffHits', { threadId: 1, count: 2, current: true, ...TEXTS });
    expect(first).toEqual({
      hits: [
        { values: { i: '1', n: '10', total: '0' } },
        { values: { i: '3', n: '10', total: '3' } },
        { values: { i: '5', n: '10', total: '10' } },
      ],
      last: true,
      ended: null,
    });
    // Stopped on the last hit, as at a breakpoint: its frame reads the same values.
    expect((await session.nextStop(since))?.body.reason).toBe('breakpoint');
    expect(await session.locals(1)).toEqual({ i: '5', n: '10', total: '10' });
    since = session.events.length;
    const rest = await session.ok<HitsBody>('bpdiffHits', { threadId: 1, count: 10, ...TEXTS });
    expect(rest).toEqual({
      hits: [{ values: { i: '7', n: '10', total: '21' } }, { values: { i: '9', n: '10', total: '36' } }],
      last: false,
      ended: { exitCode: 0 },
    });
    expect(await session.nextStop(since)).toBeNull();
    expect(await session.exit).toEqual({ code: 0, signal: null });
  });

  it('counts a hit condition over the hits, records watch expressions, and leaves the locals out on request', async () => {
    const session = LightSession.start(executable, ['counter.py']);
    await session.configure({ [COUNTER]: [{ line: 8, hitCondition: '% 3' }] });
    expect((await session.run())?.body.reason).toBe('breakpoint');
    const body = await session.ok<HitsBody>('bpdiffHits', {
      threadId: 1,
      count: 2,
      current: true,
      values: false,
      watch: ['total * 2', 'missing'],
      ...TEXTS,
    });
    const error = "<error> NameError: name 'missing' is not defined";
    // Every third pass: i = 2, 5, 8.
    expect(body.hits).toEqual([
      { values: {}, watch: { 'total * 2': 'int: 2', missing: error } },
      { values: {}, watch: { 'total * 2': 'int: 20', missing: error } },
      { values: {}, watch: { 'total * 2': 'int: 56', missing: error } },
    ]);
    await session.end();
  });

  it("answers a rule Python's regular expressions cannot take at once, as the request's error, and stays stopped", async () => {
    const session = LightSession.start(executable, ['counter.py']);
    await session.configure({ [COUNTER]: [{ line: 8 }] });
    expect((await session.run())?.body.reason).toBe('breakpoint');
    const since = session.events.length;
    // A lookbehind of varying length: JavaScript takes it, Python does not.
    const rules = [{ pattern: '(?<=<tmp>(?:/[a-z]+)*/tmp)[a-z0-9_]{8}', replacement: '…' }];
    for (const command of ['bpdiffHits', 'bpdiffSteps']) {
      const response = await session.request(
        command,
        { threadId: 1, count: 5, roots: [FIXTURES], addresses: '0x[0-9a-f]+', rules, ...TEXTS },
        5_000,
      );
      expect(response.success).toBe(false);
      expect(response.message).toMatch(/^ValueError: the adapter's normalise rule .* is not a pattern Python takes/);
    }
    expect(session.events.slice(since).map((event) => event.event)).toEqual([]);
    expect(await session.locals(1)).toEqual({ i: '0', n: '10', total: '0' });
    await session.end();
  });

  it('writes the hit it stands on alone (count 0), and stays there', async () => {
    const session = LightSession.start(executable, ['counter.py']);
    await session.configure({ [COUNTER]: [{ line: 8, condition: 'i == 4' }] });
    expect((await session.run())?.body.reason).toBe('breakpoint');
    const since = session.events.length;
    const body = await session.ok<HitsBody>('bpdiffHits', {
      threadId: 1,
      count: 0,
      current: true,
      watch: ['i + 1'],
      ...TEXTS,
    });
    expect(body).toEqual({
      hits: [{ values: { i: '4', n: '10', total: '6' }, watch: { 'i + 1': 'int: 5' } }],
      last: true,
      ended: null,
    });
    // No stop, no run: the frame reads the same.
    expect(session.events.slice(since).map((event) => event.event)).toEqual([]);
    expect(await session.locals(1)).toEqual({ i: '4', n: '10', total: '6' });
    await session.end();
  });

  it('answers with the hits before a condition that cannot be evaluated, then stops there as without the stream', async () => {
    const session = LightSession.start(executable, ['counter.py']);
    await session.configure({ [COUNTER]: [{ line: 8, condition: 'total < 5 or missing' }] });
    expect((await session.run())?.body.reason).toBe('breakpoint');
    const since = session.events.length;
    const body = await session.ok<HitsBody>('bpdiffHits', { threadId: 1, count: 10, current: true, ...TEXTS });
    expect(body.hits.map((hit) => hit.values['i'])).toEqual(['0', '1', '2', '3']);
    expect([body.last, body.ended]).toEqual([false, null]);
    const stop = await session.nextStop(since);
    expect(stop?.body.description).toBe('condition error');
    expect(await session.locals(1)).toMatchObject({ i: '4', total: '6' });
    await session.end();
  });
});
