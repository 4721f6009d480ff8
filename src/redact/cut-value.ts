// A value cut at --max-value-length must not keep the start of a credential: redaction runs on the
// value as it was kept, and `...xxxxghp_LoNgL…` (the token's prefix and 5 of its 36 characters) is no
// longer a whole token for the shapes to find. So the cut is made before any credential shape it
// would shorten: the kept text ends where the shape began, and nothing of it is shown.

/** A credential's start running to the end of the kept text (no left boundary: the cut may glue it to anything). */
const SHORTENED_AT_END: readonly RegExp[] = [
  /(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]*$/,
  /(?:AKIA|ASIA)[0-9A-Z]*$/,
  /eyJ[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]*){0,2}$/,
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[A-Za-z0-9+/=\s\\]*$/,
  /(?<=[Bb]earer\s+)[A-Za-z0-9._~+/-]+$/,
];

const TAIL = 16_384;

/** The text a value of more than `max` characters is kept as: cut, before a credential it would shorten, and `…`. */
export function cutValueText(value: string, max: number): string {
  if (value.length <= max) return value;
  let kept = value.slice(0, max);
  // Only a credential still running at the cut is shortened by it; it is looked for in the last
  // TAIL characters only (a credential is shorter), so a long value costs no more than a short one.
  if (/[A-Za-z0-9_\-.+/=\s\\]/.test(value[max]!)) {
    for (const shape of SHORTENED_AT_END) {
      const from = Math.max(0, kept.length - TAIL);
      const found = shape.exec(kept.slice(from));
      if (found) kept = kept.slice(0, from + found.index);
    }
  }
  return `${kept}…`;
}
