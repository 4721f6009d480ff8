// Long pure loops in time slices. Node.js runs a signal's handler only between two turns of its
// event loop: a loop over a million values that never gives the turn back keeps Ctrl-C and SIGTERM
// waiting until it ends (minutes). A loop that calls `tick()` for each item gives the turn back every
// SLICE_MS, and stops there (the `interrupted` error) once the call's signal is aborted.
import { interrupted } from '../errors.js';

/** How long a loop runs before it lets signals and timers in: well under the second a signal may wait. */
export const SLICE_MS = 50;
/** Items between two looks at the clock: the clock costs more than most items. */
const ITEMS_PER_LOOK = 64;

export class TimeSlicer {
  private sliceStart = performance.now();
  private items = 0;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** Resolves at once in most calls; every SLICE_MS it waits for the event loop's next turn. Throws once aborted. */
  tick(): Promise<void> | undefined {
    if (++this.items < ITEMS_PER_LOOK) return undefined;
    this.items = 0;
    if (performance.now() - this.sliceStart < this.sliceMs) return undefined;
    return this.pause();
  }

  /** Between two pieces of work: lets the event loop turn when the slice is used up; throws once aborted. */
  between(): Promise<void> | undefined {
    if (this.signal?.aborted) throw interrupted();
    return performance.now() - this.sliceStart < this.sliceMs ? undefined : this.pause();
  }

  /** Lets the event loop turn (signals, timers, the other run's adapter), then goes on, unless aborted. */
  async pause(): Promise<void> {
    if (this.signal?.aborted) throw interrupted();
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.signal?.aborted) throw interrupted();
    this.sliceStart = performance.now();
  }
}

/**
 * A loop written once as a generator that yields after each item, run to its end at once (a step's
 * `apply`) or in time slices (its `applyInSlices`).
 */
export function runToEnd<T>(work: Generator<void, T>): T {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
}

export async function runInSlices<T>(work: Generator<void, T>, slicer: TimeSlicer): Promise<T> {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
    const pause = slicer.tick();
    if (pause) await pause;
  }
}
