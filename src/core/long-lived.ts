// A promise that lives as long as a run (the program's exit) raced against a short wait at every hit
// of a walk. Promise.race leaves a reaction on each promise it is given until that promise settles:
// raced 100,000 times, the long-lived promise held 100,000 reactions, with their closures and
// promises (bpdiff's memory grew ~1.5 MB/s in a long walk). Here each race adds a callback that is
// removed when the race ends, whichever way.

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export class LongLived<T> {
  private settled: Settled<T> | null = null;
  private readonly waiters = new Set<(settled: Settled<T>) => void>();

  constructor(promise: Promise<T>) {
    promise.then(
      (value) => this.settle({ ok: true, value }),
      (error: unknown) => this.settle({ ok: false, error }),
    );
  }

  /** Settles as `other` does, or as the long-lived promise does (wrapped by `wrap`) if it settles first. */
  race<U, W>(other: Promise<U>, wrap: (value: T) => W): Promise<U | W> {
    return new Promise<U | W>((resolve, reject) => {
      const onSettled = (settled: Settled<T>): void =>
        settled.ok ? resolve(wrap(settled.value)) : reject(settled.error);
      // `other` is always listened to, also when the long-lived promise settled before the race: a wait
      // on an adapter left unheard rejects later (its connection closed), and bpdiff ended as a crash.
      other.then(
        (value) => {
          this.waiters.delete(onSettled);
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(onSettled);
          reject(error);
        },
      );
      if (this.settled !== null) onSettled(this.settled);
      else this.waiters.add(onSettled);
    });
  }

  /** Callbacks waiting (for tests: none once each race has ended). */
  get waiting(): number {
    return this.waiters.size;
  }

  private settle(settled: Settled<T>): void {
    this.settled = settled;
    for (const waiter of this.waiters) waiter(settled);
    this.waiters.clear();
  }
}
