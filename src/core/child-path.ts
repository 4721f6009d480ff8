// How a captured path names its parent: the one rule the value steps share (volatile internals keep
// or drop children by it; --ignore drops a name's descendants with it).

/**
 * The path a child's path was built from, and the child's name, as the capture joins them (see
 * src/adapters/child-names.ts): `a.b` and `a->b` are `b` of `a`, `a[0]` is `[0]` of `a`, `s{'t0'}` is `{'t0'}` of `s`, `(*p)` and
 * `*p` are `*` of `p`; Fortran's `p%x` is `x` of `p` and `items(1)` is `(1)` of `items`. Null for a
 * path with no parent (a scope's variable).
 */
export function splitChildPath(path: string): { parent: string; name: string } | null {
  if (path.startsWith('(*') && closingParen(path, 0) === path.length - 1)
    return { parent: path.slice(2, -1), name: '*' };
  if (path.startsWith('*') && path.length > 1) {
    const inner = path.slice(1);
    return {
      parent: inner.startsWith('(') && closingParen(inner, 0) === inner.length - 1 ? inner.slice(1, -1) : inner,
      name: '*',
    };
  }
  let depth = 0;
  let quote: string | null = null;
  let last: { at: number; skip: number } | null = null;
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (quote !== null) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(') {
      // Fortran's element `items(1)` (adapters/gdb names them so): a call-like suffix of a name. A
      // method's call after a dot is one child (`m.get("pen")` is `get("pen")` of `m`, as the Node
      // adapter names a Map's entries), not `("pen")` of `m.get`.
      const method = last !== null && path[last.at] === '.' && /^\w+$/.test(path.slice(last.at + 1, i));
      if (depth === 0 && i > 0 && /[\w)\]]/.test(path[i - 1]!) && !method) last = { at: i, skip: 0 };
      depth++;
    } else if (char === ')' || char === '}' || char === ']') depth--;
    else if (char === '[' || char === '{') {
      // `a[0]`, and a set's element `s{'t0'}` (adapters/python names them so); Perl's `$h->{k}` is
      // `{k}` of `$h`, split at its arrow.
      if (depth === 0 && i > 0 && !(path[i - 1] === '>' && path[i - 2] === '-')) last = { at: i, skip: 0 };
      depth++;
    } else if (depth === 0 && i > 0 && (char === '.' || char === '%')) last = { at: i, skip: 1 };
    else if (depth === 0 && i > 0 && char === '-' && path[i + 1] === '>') last = { at: i, skip: 2 };
  }
  if (last === null || last.at + last.skip >= path.length) return null;
  return { parent: path.slice(0, last.at), name: path.slice(last.at + last.skip) };
}

/** Where the parenthesis opened at `open` closes, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The path and every path it lies under, outermost last (`a.b[0]` -> `a.b[0]`, `a.b`, `a`). */
export function selfAndAncestors(path: string): string[] {
  const found = [path];
  for (let split = splitChildPath(path); split !== null; split = splitChildPath(split.parent)) found.push(split.parent);
  return found;
}
