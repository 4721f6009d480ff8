// Depths through deep stacks (issue 32): the bpdiffSteps stream says each line's depth (the frames in
// the roots, and the stack's as stackTrace counts it) without walking the stack at each line, through a
// recursion 2,000 deep, an exception unwinding hundreds of frames, a generator resumed deeper and
// another thread; next and continue step the same through them; a frame that returned is let go at once.
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamedSteps as StepsBody } from '../../../src/dap/requests.js';
import { FIXTURES, LightSession, killAll, pythons } from './helpers.js';

afterEach(async () => {
  expect(await killAll(), 'programs left running').toEqual([]);
});

describe.each(pythons())('light adapter depths through deep stacks on $name', ({ executable }) => {
  const deep = path.join(FIXTURES, 'deep.py');

  it('streams the depth of each line through a recursion 2,000 deep, an exception unwinding 300 frames, a generator resumed deeper and another thread, reading no frame below at each line', async () => {
    const session = LightSession.start(executable, ['deep.py']);
    await session.configure({ [deep]: [35] });
    expect(await session.run()).not.toBeNull();
    const totalFrames = await session.totalFrames(1);
    // <module> and main, all of them the program's.
    expect(totalFrames).toBe(2);
    const body = await session.ok<StepsBody>(
      'bpdiffSteps',
      { threadId: 1, count: 100_000, roots: [deep], maxValueLength: 100 },
      120_000,
    );
    expect(body.ended).toEqual({ exitCode: 0 });
    const steps = body.steps;
    const at = (name: string) => steps.filter((step) => step.function === name).map((step) => [step.line, step.depth]);
    expect(new Set(at('main').map(([, depth]) => depth))).toEqual(new Set([2]));
    // The recursion's bottom (main, 2,001 calls of down, bottom), then down(20)'s while another thread recursed too.
    expect(at('bottom')).toEqual([
      [22, 2004],
      [22, 24],
    ]);
    expect(at('fail')).toEqual([[26, 304]]);
    // After 300 frames unwound, main's next line stands at main's depth again.
    expect(steps.find((step) => step.line === 41)).toMatchObject({ function: 'main', depth: 2 });
    // The generator runs first from main, then resumed 52 frames deeper (51 calls of down and the lambda).
    expect(at('numbers')).toEqual([
      [30, 3],
      [31, 55],
    ]);
    expect(at('<lambda>')).toEqual([
      [45, 54],
      [50, 14],
    ]);
    // made() is called by a function outside the roots (<outside>): one frame more than the roots' there.
    expect(
      steps.filter((step) => step.function === 'made').map((step) => [step.line, step.depth, step.frames]),
    ).toEqual([
      [59, 15, 16],
      [60, 15, 16],
    ]);
    // Everywhere else all the frames are the program's: the stack's count is the roots'.
    expect(steps.filter((step) => step.function !== 'made' && step.frames !== step.depth)).toEqual([]);
    // How many times the adapter read a frame's code while the recursion ran (the program's audit hook
    // counts them): a few a line, where walking the stack at each line read ~1,000 a line (millions).
    const recursion =
      steps.findIndex((step) => step.function === 'main' && step.line === 38) -
      steps.findIndex((step) => step.function === 'main' && step.line === 37);
    expect(recursion).toBe(4004);
    const walked = Number(steps.find((step) => step.values.walked !== undefined)!.values.walked);
    expect(walked).toBeGreaterThan(0);
    expect(walked).toBeLessThan(10 * recursion);
    // A frame of the roots that returned is let go at once: the object only its locals held is freed.
    expect(steps.filter((step) => step.values.gone !== undefined).map((step) => step.values.gone)).toEqual(['True']);
    await session.exit;
  });

  it('streams the same depths a batch at a time as in one batch (each batch carries on the depths of the one before)', async () => {
    const stream = async (count: number): Promise<Array<[string, number, number, number | undefined]>> => {
      const session = LightSession.start(executable, ['deep.py']);
      await session.configure({ [deep]: [34] });
      expect(await session.run()).not.toBeNull();
      const seen: Array<[string, number, number, number | undefined]> = [];
      for (;;) {
        const since = session.events.length;
        const body = await session.ok<StepsBody>(
          'bpdiffSteps',
          { threadId: 1, count, roots: [deep], values: false },
          120_000,
        );
        seen.push(
          ...body.steps.map((step): [string, number, number, number | undefined] => [
            step.function,
            step.line,
            step.depth,
            step.frames,
          ]),
        );
        if (body.ended !== null) break;
        expect((await session.nextStop(since))?.body.reason).toBe('step');
      }
      await session.exit;
      return seen;
    };
    const whole = await stream(100_000);
    expect(whole.length).toBeGreaterThan(4004);
    // 1,001 steps a batch: batches end deep in the recursion, on the way down and up, and in the generator.
    expect(await stream(1001)).toEqual(whole);
  });

  it('steps over a recursion 1,000 deeper and out of it, over an exception unwinding 300 frames, and out of a generator that yields', async () => {
    const session = LightSession.start(executable, ['deep.py']);
    await session.configure({ [deep]: [{ line: 18, condition: 'n == 1000' }, 26, 30] });
    const where = async (): Promise<[string, number, number]> => {
      const trace = await session.ok<DebugProtocol.StackTraceResponse['body']>('stackTrace', {
        threadId: 1,
        startFrame: 0,
        levels: 1,
      });
      const [top] = trace.stackFrames;
      return [top!.name, top!.line, trace.totalFrames ?? 0];
    };
    expect(await session.run()).not.toBeNull();
    expect(await where()).toEqual(['down', 18, 1003]);
    // Over a call that recurses 1,000 deeper, then out with it (a return mid-line in each caller): main's next line.
    expect((await session.resume('next', 1))?.body.reason).toBe('step');
    expect(await where()).toEqual(['main', 38, 2]);
    // Over the raise: main's handler, 301 frames of down unwound.
    expect((await session.resume('continue', 1))?.body.reason).toBe('breakpoint');
    expect(await where()).toEqual(['fail', 26, 304]);
    expect((await session.resume('next', 1))?.body.reason).toBe('step');
    expect(await where()).toEqual(['main', 41, 2]);
    // The generator yields to main: the step stops at main's next line.
    expect((await session.resume('continue', 1))?.body.reason).toBe('breakpoint');
    expect(await where()).toEqual(['numbers', 30, 3]);
    expect((await session.resume('next', 1))?.body.reason).toBe('step');
    expect(await where()).toEqual(['main', 45, 2]);
    // Over a line that resumes it 52 frames deeper.
    expect((await session.resume('next', 1))?.body.reason).toBe('step');
    expect(await where()).toEqual(['main', 46, 2]);
    await session.ok('disconnect', { terminateDebuggee: true });
  });
});
