// The streamed first-divergence walk's pure parts (src/walk/hits-streamed.ts): the scan that compares two
// runs' streams of hit texts, which options it serves, and the paths one run's pipeline rewrites alone.
import { describe, expect, it } from 'vitest';
import { canStreamHits, HitScan, pathsApart } from '../../../src/walk/hits-streamed.js';
import { defaultCaptureOptions } from '../../../src/core/types.js';
import type { StreamedHit } from '../../../src/dap/hit-stream.js';

const hit = (i: number, extra: Record<string, string> = {}): StreamedHit => ({ values: { i: String(i), ...extra } });
const hits = (from: number, to: number): StreamedHit[] =>
  Array.from({ length: to - from + 1 }, (_, k) => hit(from + k));
const same = (a: StreamedHit, b: StreamedHit): boolean => JSON.stringify(a) === JSON.stringify(b);

describe('HitScan', () => {
  it('compares as far as both streams go, and ends at the first hit whose texts differ', async () => {
    const scan = new HitScan(1000, same);
    // A runs ahead: it is told to go on, the comparison waits for B.
    expect(await scan.offer('a', hits(1, 10), 'more')).toBe(true);
    expect(scan.over).toBeNull();
    const b = scan.offer('b', [...hits(1, 6), hit(7, { x: '1' }), ...hits(8, 9)], 'more');
    expect(await b).toBe(false);
    expect(scan.over).toEqual({ agreed: 6, end: 'parted' });
    await scan.done;
  });

  it('ends where both runs end, where one ends and the other hits again, at its cap, or where a stream is lost', async () => {
    const both = new HitScan(1000, same);
    void both.offer('a', hits(1, 5), 'ended');
    void both.offer('b', hits(1, 5), 'ended');
    expect(both.over).toEqual({ agreed: 5, end: 'ended' });

    const one = new HitScan(1000, same);
    void one.offer('a', hits(1, 3), 'ended');
    expect(one.over).toBeNull();
    void one.offer('b', hits(1, 4), 'more');
    expect(one.over).toEqual({ agreed: 3, end: 'parted' });

    const capped = new HitScan(4, same);
    void capped.offer('a', hits(1, 9), 'more');
    void capped.offer('b', hits(1, 9), 'more');
    expect(capped.over).toEqual({ agreed: 4, end: 'cap' });

    const lost = new HitScan(1000, same);
    void lost.offer('a', hits(1, 3), 'lost');
    void lost.offer('b', hits(1, 8), 'more');
    expect(lost.over).toEqual({ agreed: 3, end: 'lost' });
  });

  it('holds a run that settles until its hits are compared, and lets every waiting run go when abandoned', async () => {
    const scan = new HitScan(1000, same);
    let settled = false;
    const a = scan.offer('a', hits(1, 1), 'more', true).then((goOn) => ((settled = true), goOn));
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(await scan.offer('b', hits(1, 1), 'more', true)).toBe(true);
    expect(await a).toBe(true);
    const waiting = scan.offer('a', [], 'ended');
    scan.abandon();
    expect(await waiting).toBe(false);
    expect(scan.over).toEqual({ agreed: 1, end: 'failed' });
  });
});

describe('canStreamHits', () => {
  it('streams a walk of the locals of runs that go at once, with more than one hit to compare', () => {
    const options = defaultCaptureOptions({ breakpoint: { first_divergence: true } });
    expect(canStreamHits(options)).toBe(true);
    expect(
      canStreamHits(defaultCaptureOptions({ breakpoint: { first_divergence: true }, values: { scope: 'globals' } })),
    ).toBe(false);
    expect(canStreamHits(defaultCaptureOptions({ breakpoint: { first_divergence: true, exact_line: true } }))).toBe(
      false,
    );
    expect(canStreamHits(defaultCaptureOptions({ breakpoint: { first_divergence: true, max_hits: 1 } }))).toBe(false);
    expect(
      canStreamHits(defaultCaptureOptions({ breakpoint: { first_divergence: true }, run: { sequential: true } })),
    ).toBe(false);
  });
});

describe('pathsApart', () => {
  it('names the paths each run rewrites and the other does not, or not alike', () => {
    const a = [
      { path: '/w/a', token: '<cwd>' },
      { path: '/w', token: '<root>' },
    ];
    const b = [
      { path: '/w/b', token: '<cwd>' },
      { path: '/w', token: '<root>' },
    ];
    expect(pathsApart(a, b)).toEqual(['/w/a', '/w/b']);
    expect(pathsApart(a, a)).toEqual([]);
    // The same path, one run's cwd and the other's root: rewritten unlike.
    expect(pathsApart([{ path: '/w', token: '<cwd>' }], [{ path: '/w', token: '<root>' }])).toEqual(['/w']);
  });
});
