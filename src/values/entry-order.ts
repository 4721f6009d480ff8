// Dicts and objects are compared by key. A Python dict filled from a set of strings lists its keys in
// an order of that run's own (string hashes are salted per process), so two runs that hold the same
// keys and values may write it otherwise: `{'b': ‹'b'›, 'a': ‹'a'›}` and `{'a': ‹'a'›, 'b': ‹'b'›}`.
// Each entry's value is compared under its key (the children), so a container whose entries are the
// same, in another order, has not changed its contents. A pair step, as --tolerance is: run B's text
// becomes run A's, so the spec's rule (different texts are `changed`) holds, and a note says which
// containers differ only in their order, with both orders: order can matter to a program (iteration,
// a JSON dump), so it is said, never dropped.
import { setOwn } from '../core/own-record.js';

/** How many containers the note names, and how many keys of each, before it counts the rest. */
const LISTED = 5;
const LISTED_KEYS = 6;

export interface EntryOrderResult {
  /** Run B's variables, with each container that differs only in its order written as run A's. */
  variables: Record<string, string>;
  /** The containers taken as equal, by name, with both texts. */
  reordered: Array<{ name: string; a: string; b: string }>;
}

interface Entries {
  /** Everything before the entries (`{`, `Counter({`) and after them (`}`, `})`). */
  open: string;
  close: string;
  entries: string[];
}

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}', '‹': '›' };

/**
 * The entries of a dict-like text: `{K: V, ...}`, `{ K: V }`, or `Name({K: V, ...})`, split at its
 * top-level commas (quotes and brackets respected). Null for any other text, or one whose entries are
 * not all `key: value` (a set, a list: their order is their own).
 */
export function dictEntries(text: string): Entries | null {
  const head = /^([A-Za-z_][\w.]*\()?\{/.exec(text);
  if (head === null) return null;
  const openLength = head[0].length;
  const closing = head[1] === undefined ? '}' : '})';
  if (!text.endsWith(closing) || text.length < openLength + closing.length) return null;
  const body = text.slice(openLength, text.length - closing.length);
  const entries: string[] = [];
  const stack: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quote !== null) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (Object.hasOwn(CLOSING, char)) stack.push(CLOSING[char]!);
    else if (stack.length > 0 && char === stack.at(-1)) stack.pop();
    else if (stack.length === 0 && char === ',') {
      entries.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (quote !== null || stack.length > 0) return null;
  const last = body.slice(start).trim();
  if (last !== '') entries.push(last);
  if (entries.length < 2 || !entries.every(isKeyValue)) return null;
  return { open: text.slice(0, openLength), close: closing, entries };
}

/** `key: value` at the entry's top level (a quoted key, a name, a marker's key). */
function isKeyValue(entry: string): boolean {
  // A quoted key as runs between escapes: one alternation a character grew V8's backtracking stack with the key's length.
  return /^(?:'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*"|[\w$.+-]+|\[[^\]]*\]): /.test(entry);
}

/** Whether two texts are the same dict-like container with its entries in another order. */
export function onlyOrderDiffers(a: string, b: string): boolean {
  if (a === b) return false;
  const x = dictEntries(a);
  const y = dictEntries(b);
  if (x === null || y === null || x.open !== y.open || x.close !== y.close || x.entries.length !== y.entries.length)
    return false;
  const sorted = (entries: string[]): string => JSON.stringify([...entries].sort());
  return sorted(x.entries) === sorted(y.entries);
}

export function applyEntryOrder(
  variablesA: Readonly<Record<string, string>>,
  variablesB: Readonly<Record<string, string>>,
): EntryOrderResult {
  const reordered: EntryOrderResult['reordered'] = [];
  const variables: Record<string, string> = {};
  for (const [name, textB] of Object.entries(variablesB)) {
    const textA = Object.hasOwn(variablesA, name) ? variablesA[name]! : undefined;
    let next = textB;
    if (textA !== undefined && onlyOrderDiffers(textA, textB)) {
      next = textA;
      reordered.push({ name, a: textA, b: textB });
    }
    setOwn(variables, name, next);
  }
  return { variables, reordered };
}

/** A container's keys in its order, for the note: `'eps', 'beta', 'delta'`. */
function keysOf(text: string): string {
  const entries = dictEntries(text)?.entries ?? [];
  const keys = entries.map((entry) => entry.slice(0, entry.indexOf(': ')));
  return keys.slice(0, LISTED_KEYS).join(', ') + (keys.length > LISTED_KEYS ? `, … (${keys.length} keys)` : '');
}

/** "counts holds the same entries in another order in B (keys 'beta', 'eps' in B; 'eps', 'beta' in A): compared by key, shown in A's order" */
export function describeReordered(reordered: EntryOrderResult['reordered'], labels: { a: string; b: string }): string {
  const listed = reordered
    .slice(0, LISTED)
    .map((entry) => `${entry.name} (${keysOf(entry.a)} in ${labels.a}; ${keysOf(entry.b)} in ${labels.b})`);
  const rest = reordered.length - listed.length;
  const which = `${listed.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}`;
  const one = reordered.length === 1;
  return `only the order differs: ${which} ${one ? 'holds' : 'hold'} the same keys and values in ${labels.a} and ${labels.b}, listed in another order (compared by key, shown in ${labels.a}'s order; the order can matter to a program that iterates ${one ? 'it' : 'them'})`;
}
