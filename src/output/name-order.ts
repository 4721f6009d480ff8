// The order the writers a person reads (text, markdown, side-by-side, a check's changes) list names
// in: natural, numbers by their value (x2 before x10, items[2] before items[10]), as a person counts.
// The documents keep code-unit order (docs/result-document.md: "names sorted by code unit"), the same
// for every tool that reads them; this order, too, depends on no locale: digits compare as numbers, the
// rest by code unit.

/** Natural order: runs of digits by their value (then by length: 02 after 2), the rest by code unit. */
export function compareNatural(x: string, y: string): number {
  const partsX = x.match(/\d+|\D+/g) ?? [];
  const partsY = y.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(partsX.length, partsY.length); i++) {
    const [px, py] = [partsX[i]!, partsY[i]!];
    if (px === py) continue;
    if (/^\d/.test(px) && /^\d/.test(py)) {
      // By value without parsing (a 30-digit index stays exact): fewer significant digits is smaller.
      const [vx, vy] = [px.replace(/^0+(?=\d)/, ''), py.replace(/^0+(?=\d)/, '')];
      if (vx.length !== vy.length) return vx.length - vy.length;
      if (vx !== vy) return vx < vy ? -1 : 1;
      if (px.length !== py.length) return px.length - py.length;
      continue;
    }
    return px < py ? -1 : 1;
  }
  return partsX.length - partsY.length || (x < y ? -1 : x > y ? 1 : 0);
}

/** The names in natural order (a copy). */
export function naturalOrder(names: Iterable<string>): string[] {
  return [...names].sort(compareNatural);
}
