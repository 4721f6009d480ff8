// One answer per key for slow questions asked by both runs at once (which interpreter, which
// sysroot, which version): the second run waits for the first run's answer instead of asking again.

/** Remembers `compute()` per key; a call that fails is forgotten, so the next one asks again. */
export type AsyncMemo<V> = (key: string, compute: () => Promise<V>) => Promise<V>;

export function memoAsync<V>(): AsyncMemo<V> {
  const answers = new Map<string, Promise<V>>();
  return (key, compute) => {
    let answer = answers.get(key);
    if (!answer) {
      answer = compute();
      answers.set(key, answer);
      answer.catch(() => {
        if (answers.get(key) === answer) answers.delete(key);
      });
    }
    return answer;
  };
}
