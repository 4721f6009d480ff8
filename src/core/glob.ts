// Globs over a dotted path (--only, --ignore, --redact): the one rule every name pattern follows.

/** A glob over a dotted path: `*` any run of characters, `?` one; everything else literal. */
export function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*').replaceAll('?', '.');
  return new RegExp(`^${body}$`);
}
