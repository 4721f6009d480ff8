// "Did you mean ...?": the known word closest to a mistyped one, as git and clig.dev's examples do,
// when it is close enough to be the one meant (a typo, a letter left out, two swapped).

/** The candidate nearest to `word`, or null when none is within a few edits of it. */
export function closestWord(word: string, candidates: readonly string[]): string | null {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    // The distance is at least the difference in length: a word far longer than every candidate (a
    // 100 KB flag) is no typo of one, and its table (its length times the candidate's) is not built.
    if (Math.abs(word.length - candidate.length) > limit) continue;
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (best === null || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, and two letters swapped. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
