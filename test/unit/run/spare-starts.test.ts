// run/spare-starts.ts: the pair a walk's next restart takes, started as a restart is made; the last,
// never taken, closed with the walk in whatever state its start is in.
import { describe, expect, it } from 'vitest';
import type { LiveRun } from '../../../src/run/live-run.js';
import { SpareStarts, WORTH_MS, type PairStart } from '../../../src/run/spare-starts.js';
import type { WalkStartOutcome } from '../../../src/run/walk-start.js';
import type { WalkedRun } from '../../../src/walk/line-walk-types.js';

/** A pair whose start ends when `finish` is called; what was done to its runs, in order. */
function fakePair(name: string, said: string[], signal: AbortSignal | null) {
  let finish: (outcomes: WalkStartOutcome[]) => void = () => undefined;
  const starts = new Promise<WalkStartOutcome[]>((resolve) => (finish = resolve));
  const run = (label: string) => ({ close: () => said.push(`${name} ${label} closed`) }) as unknown as LiveRun;
  signal?.addEventListener('abort', () => said.push(`${name} given up`));
  const pair: PairStart = {
    runs: [run('A'), run('B')],
    walks: [{} as WalkedRun, {} as WalkedRun],
    starts,
  };
  return { pair, finish };
}

function spares(env: Record<string, string> = {}) {
  const said: string[] = [];
  const made: Array<ReturnType<typeof fakePair> & { spare: boolean }> = [];
  const starts = new SpareStarts((signal) => {
    const made1 = fakePair(`pair ${made.length + 1}`, said, signal);
    made.push({ ...made1, spare: signal !== null });
    return made1.pair;
  }, env);
  return { starts, said, made };
}

describe('spare starts', () => {
  it('a restart with no spare starts a pair then; one after a restart takes the spare that restart started', () => {
    const { starts, made } = spares();
    const first = starts.take();
    expect(made.map((pair) => pair.spare)).toEqual([false]);
    expect(first).toBe(made[0]!.pair);
    starts.restarted(900);
    // A second restart noted before a take starts no second spare.
    starts.restarted(900);
    expect(made.map((pair) => pair.spare)).toEqual([false, true]);
    expect(starts.take()).toBe(made[1]!.pair);
    // Taken: the next restart without a spare started meanwhile starts one of its own.
    expect(starts.take()).toBe(made[2]!.pair);
    expect(made.map((pair) => pair.spare)).toEqual([false, true, false]);
  });

  it('a first restart whose start was short (a script) starts none ahead, for the rest of the walk', () => {
    const { starts, made } = spares();
    starts.take();
    starts.restarted(WORTH_MS - 1);
    starts.take();
    // Only a pair started then is measured: a later longer start does not turn spares on.
    starts.restarted(WORTH_MS * 5);
    starts.take();
    expect(made.map((pair) => pair.spare)).toEqual([false, false, false]);
  });

  it("a first restart whose start was long (a debugger's) starts spares, and a spare's short start taken keeps them on", () => {
    const { starts, made } = spares();
    starts.take();
    starts.restarted(WORTH_MS);
    expect(starts.take()).toBe(made[1]!.pair);
    starts.restarted(30);
    expect(made.map((pair) => pair.spare)).toEqual([false, true, true]);
  });

  it('BPDIFF_SPARE_STARTS=1: spares however short a start is', () => {
    const { starts, made } = spares({ BPDIFF_SPARE_STARTS: '1' });
    starts.take();
    starts.restarted(10);
    expect(made.map((pair) => pair.spare)).toEqual([false, true]);
  });

  it('BPDIFF_SPARE_STARTS=0: none is ever started ahead', () => {
    const { starts, made } = spares({ BPDIFF_SPARE_STARTS: '0' });
    starts.restarted(900);
    starts.take();
    expect(made.map((pair) => pair.spare)).toEqual([false]);
  });

  it('the spare never taken: its start given up and its runs closed at once, and again once its start ended (what it started late is killed too)', async () => {
    const { starts, said, made } = spares();
    starts.restarted(900);
    const closing = starts.close();
    expect(said).toEqual(['pair 1 given up', 'pair 1 A closed', 'pair 1 B closed']);
    made[0]!.finish([]);
    await closing;
    expect(said.slice(3)).toEqual(['pair 1 A closed', 'pair 1 B closed']);
    // Nothing left to close.
    await starts.close();
    expect(said).toHaveLength(5);
  });

  it('a spare whose start failed before it was taken is no unhandled rejection; the taker sees the failure', async () => {
    const said: string[] = [];
    const failing = new SpareStarts(() => ({
      runs: [{ close: () => said.push('closed') }, { close: () => said.push('closed') }] as unknown as [
        LiveRun,
        LiveRun,
      ],
      walks: [{} as WalkedRun, {} as WalkedRun],
      starts: Promise.reject(new Error('the adapter did not start')),
    }));
    failing.restarted(900);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(failing.take().starts).rejects.toThrow('the adapter did not start');
  });
});
