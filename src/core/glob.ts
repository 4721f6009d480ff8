// Globs over a dotted path (--only, --ignore, --redact): the one rule every name pattern follows.
// Matched without a regular expression: `*a*a*a*b` compiled to `.*a.*a.*a.*b` backtracks in time
// that grows with the name's length to the power of the stars; this matcher keeps only the last star
// it passed, so a name costs at most its length times the glob's.

/** A glob over a dotted path: `*` any run of characters, `?` one; everything else literal. */
export function globMatcher(glob: string, options: { ignoreCase?: boolean } = {}): (text: string) => boolean {
  const fold =
    options.ignoreCase === true ? (text: string): string => text.toLowerCase() : (text: string): string => text;
  const pattern = fold(glob);
  return (given) => matchGlob(pattern, fold(given));
}

function matchGlob(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  // Where the last `*` was, and where in the text it began to match: a mismatch later retries from there.
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    const char = pattern[p];
    if (char === '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.length && (char === '?' || char === text[t])) {
      p++;
      t++;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}
