// Known secret texts found in any text: each replaced by its marker wherever it stands, in the forms
// bpdiff's writers give it (as JSON escapes it, as the markdown writer HTML-escapes it, as GitHub's
// workflow commands %-encode it). Text already replaced (a marker) is never touched again.
import { isMarker, isNullLike, splitAroundMarkers } from './shapes.js';

/** The shortest remembered text looked for: a shorter one would take whole words out of bpdiff's own text. */
export const MIN_SCRUBBED_LENGTH = 4;
/** The shortest all-digit text looked for (a PIN or a port of 4 digits would take line numbers and counts with it). */
const MIN_SCRUBBED_DIGITS = 8;

/**
 * `text` with each known secret replaced by its marker, between markers only. With `escaped`, also
 * the forms the writers give a secret (JSON string escapes; markdown's HTML escapes; GitHub's %XX).
 */
export function replaceKnown(text: string, known: ReadonlyArray<readonly [string, string]>, escaped: boolean): string {
  if (known.length === 0) return text;
  return splitAroundMarkers(text, (part) => {
    let out = part;
    for (const [secret, marker] of known) {
      for (const form of escaped ? escapedForms(secret) : [secret]) {
        if (form.length >= MIN_SCRUBBED_LENGTH && out.includes(form)) out = out.split(form).join(marker);
      }
    }
    return replaceShortened(out, known);
  });
}

/** The fewest characters of a secret a shortened form must keep to be taken for it (a prefix and a suffix together). */
const MIN_SHORTENED_KEPT = 6;
const ELLIPSIS = /\.\.\.|…/g;
/** The longest part of a shortened secret looked at on either side: a debugger keeps a few dozen characters. */
const MAX_SHORTENED_PART = 256;

/**
 * A secret shortened in the middle, as a debugger shortens a long string inside a container's summary
 * (debugpy: `'ghp_LiStLiStLiSt...StLiStLiSt'`, 26 of 36 characters): a prefix of the secret, `...` or
 * `…`, a suffix of it. Taken for the secret, and shown as its marker, when the two keep at least
 * MIN_SHORTENED_KEPT of its characters between them, the prefix at least MIN_SCRUBBED_LENGTH, and the
 * prefix starts where a word does (or, at the end of a value bpdiff cut, anywhere).
 */
function replaceShortened(text: string, known: ReadonlyArray<readonly [string, string]>): string {
  if (!text.includes('...') && !text.includes('…')) return text;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(ELLIPSIS)) {
    const at = match.index;
    if (at < last) continue;
    const after = at + match[0].length;
    for (const [secret, marker] of known) {
      if (secret.length < MIN_SHORTENED_KEPT + 2) continue;
      const prefix = commonEnd(text, last, at, secret);
      const suffix = commonStart(text, after, secret);
      const start = at - prefix;
      if (prefix < MIN_SCRUBBED_LENGTH || prefix + suffix < MIN_SHORTENED_KEPT || prefix + suffix >= secret.length)
        continue;
      // A value bpdiff cut at --max-value-length ends in `…`: whatever the secret's start is glued to, it is the secret's.
      const cutAtEnd = after === text.length && suffix === 0;
      if (!cutAtEnd && start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1]!) && /[\p{L}\p{N}_]/u.test(secret[0]!))
        continue;
      out += text.slice(last, start) + marker;
      last = after + suffix;
      break;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

/** How many characters before `end` (and not before `floor`) are the secret's first ones. */
function commonEnd(text: string, floor: number, end: number, secret: string): number {
  const most = Math.min(end - floor, secret.length - 1, MAX_SHORTENED_PART);
  for (let length = most; length > 0; length--)
    if (text.startsWith(secret.slice(0, length), end - length)) return length;
  return 0;
}

/** How many characters from `start` are the secret's last ones. */
function commonStart(text: string, start: number, secret: string): number {
  const most = Math.min(text.length - start, secret.length - 1, MAX_SHORTENED_PART);
  for (let length = most; length > 0; length--)
    if (text.startsWith(secret.slice(secret.length - length), start)) return length;
  return 0;
}

export function longestFirst(entries: Array<[string, string]>): Array<[string, string]> {
  return entries.sort((x, y) => y[0].length - x[0].length || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
}

/** How a secret may stand in bpdiff's outputs. */
function escapedForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const html = secret.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const cell = html.replaceAll('|', '&#124;').replace(/\r?\n/g, '<br>');
  const github = secret.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  return [...new Set([secret, json, html, cell, github, JSON.stringify(cell).slice(1, -1)])];
}

/** A quoted string's text without its quotes, and with its escapes undone (`'it\'s'` -> `it\'s`, `it's`). */
export function innerTexts(text: string): string[] {
  const quoted = /^(?:[bru]|[bB][rR]|[rR][bB])?(['"`])([\s\S]*)\1$/.exec(text.trim());
  if (quoted === null) return [];
  const inner = quoted[2]!;
  const unescaped = inner.replace(
    /\\(?:([\\'"`])|n|t|r)/g,
    (whole, char: string | undefined) => char ?? { '\\n': '\n', '\\t': '\t', '\\r': '\r' }[whole]!,
  );
  return unescaped === inner ? [inner] : [inner, unescaped];
}

/**
 * Whether a secret text is looked for in other text: not one that says nothing (`None`, `true`), is
 * shorter than MIN_SCRUBBED_LENGTH, or is a short number; those would take bpdiff's own words and
 * numbers with them. (A variable named as a secret is redacted whatever its value.)
 */
export function worthLookingFor(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < MIN_SCRUBBED_LENGTH || isMarker(trimmed) || isNullLike(trimmed)) return false;
  if (/^(?:true|false|yes|no|on|off|none|null|nil|undefined)$/i.test(trimmed)) return false;
  if (/^[-+]?[\d.,_ ]+$/.test(trimmed) && trimmed.replace(/\D/g, '').length < MIN_SCRUBBED_DIGITS) return false;
  return true;
}
