// dlv's map values in an order that does not change between runs.

/**
 * dlv writes a map as `map[K]V [k1: v1, k2: v2, ]` in the map's hash order, which Go seeds anew in
 * every run: the entries are sorted, at every depth, so that equal maps compare equal. A map dlv
 * loaded only in part (`..., ,...+36 more]`) or whose value it cut at 256 characters (`"k9": 1...`)
 * shows a different subset each run: its entries are replaced by their count (`[…100 entries]`) or
 * by `[…]`; its children (`m["key"]`) still compare one by one.
 */
export function sortMapEntries(value: string): string {
  if (!value.includes(', ')) return value;
  return rewriteGroups(value);
}

/** Made when a map is first sorted: making it loads ICU's collation data (~8 ms), before any run starts. */
let collator: Intl.Collator | null = null;

function rewriteGroups(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '[') {
      const close = matchingClose(text, i);
      if (close === MISMATCHED) return out + text.slice(i);
      if (close === UNTERMINATED) return out + (isCutMapList(text.slice(i + 1)) ? '[…]' : text.slice(i));
      out += `[${rewriteList(rewriteGroups(text.slice(i + 1, close)))}]`;
      i = close + 1;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

/** The start of an entry list dlv cut short: whole entries (`k: v`) before the cut. */
function isCutMapList(rest: string): boolean {
  const pieces = splitTopLevel(rest);
  return pieces.length >= 2 && pieces.slice(0, -1).every((entry) => hasTopLevelColon(entry));
}

function rewriteList(inner: string): string {
  const pieces = splitTopLevel(inner);
  if (pieces.length < 2) return inner;
  const last = pieces[pieces.length - 1]!;
  const entries = pieces.slice(0, -1);
  if (!entries.every((entry) => hasTopLevelColon(entry))) return inner;
  if (last === '') {
    collator ??= new Intl.Collator('en', { numeric: true });
    const order = collator;
    return `${[...entries].sort((x, y) => order.compare(x, y) || (x < y ? -1 : x > y ? 1 : 0)).join(', ')}, `;
  }
  const more = /^,\.\.\.\+(\d+) more$/.exec(last);
  if (more) return `…${entries.length + Number(more[1])} entries`;
  return inner;
}

/** Splits on `, ` outside strings and brackets. */
function splitTopLevel(text: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      i = stringEnd(text, i) - 1;
    } else if (char === '[' || char === '{' || char === '(') {
      depth++;
    } else if (char === ']' || char === '}' || char === ')') {
      depth--;
    } else if (depth === 0 && char === ',' && text[i + 1] === ' ') {
      pieces.push(text.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

function hasTopLevelColon(entry: string): boolean {
  let depth = 0;
  for (let i = 0; i < entry.length; i++) {
    const char = entry[i]!;
    if (char === '"') i = stringEnd(entry, i) - 1;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') depth--;
    else if (depth === 0 && char === ':' && entry[i + 1] === ' ') return true;
  }
  return false;
}

/** Index just past the string literal starting at `start` (a `"` with backslash escapes). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

const MISMATCHED = -1;
const UNTERMINATED = -2;

function matchingClose(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') i = stringEnd(text, i) - 1;
    else if (char === '[' || char === '{' || char === '(') depth++;
    else if (char === ']' || char === '}' || char === ')') {
      depth--;
      if (depth === 0) return char === ']' ? i : MISMATCHED;
    }
  }
  return UNTERMINATED;
}
