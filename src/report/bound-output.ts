// `--max-output-bytes N`: a result document that fits in N bytes (an agent needs the answer in a few
// KB, not 150 KB for a 500-row list). Past the bound, unchanged parts are folded, in both runs alike,
// so they stay equal and the document keeps the spec's rules (each name in exactly one group, a name
// in both runs with equal values is unchanged):
//   1. an unchanged subtree (a value whose children are all unchanged, with nothing changed, only in
//      one run, under it) becomes its root alone, with a marker naming how many values it held,
//      largest subtrees first;
//   2. then the largest unchanged values become a marker naming their size;
//   3. then the unchanged children of one value, holding nothing more, go together into one entry
//      (`rows[…]`: how many, first to last), the largest groups first.
// Never a changed value or a name only in one run. Then, if that was not enough, the hints and the
// context (bound-hints.ts). A hint says what was folded, and, when even that was not enough, where the
// bytes go. Pure: a document in, a document out.
import type { ComparisonResult } from '../core/types.js';
import { selfAndAncestors, splitChildPath } from '../core/child-path.js';
import { compareNames } from '../core/diff-variables.js';
import { setOwn } from '../core/own-record.js';
import { formatJson } from './json.js';
import type { Finding } from '../core/findings.js';
import { describeSize, foldHints } from './bound-hints.js';

/** The default bound of the MCP server (the CLI has none). */
export const MCP_MAX_OUTPUT_BYTES = 64 * 1024;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

export function documentBytes(doc: ComparisonResult): number {
  return bytes(formatJson(doc));
}

/** `findings`: those behind the document's hints, one each, so that the hints can be written shorter. */
export function boundDocument(
  doc: ComparisonResult,
  maxBytes: number | null,
  findings?: readonly Finding[],
): ComparisonResult {
  if (maxBytes === null || documentBytes(doc) <= maxBytes) return doc;
  const a: Record<string, string> = { ...doc.run_a.variables };
  const b: Record<string, string> = { ...doc.run_b.variables };
  const unchanged = new Set(doc.diff.unchanged);
  // Names under which something is not unchanged: their subtrees cannot fold.
  const holdsDifference = new Set<string>();
  for (const name of [...Object.keys(doc.diff.changed), ...doc.diff.only_in_a, ...doc.diff.only_in_b]) {
    for (const above of selfAndAncestors(name)) holdsDifference.add(above);
  }
  const descendants = new Map<string, string[]>();
  for (const name of unchanged) {
    for (const above of selfAndAncestors(name).slice(1)) {
      if (!unchanged.has(above)) continue;
      let list = descendants.get(above);
      if (list === undefined) descendants.set(above, (list = []));
      list.push(name);
    }
  }
  // Each entry's cost in the document: its name and value in both runs and its name in `unchanged`.
  const cost = (name: string): number => 2 * (bytes(name) + bytes(a[name] ?? '')) + bytes(name) + 16;
  let excess = documentBytes(doc) - maxBytes;

  // 1. Whole unchanged subtrees, the largest first; a subtree inside one already folded is gone with it.
  const subtrees = [...descendants.entries()]
    .filter(([root]) => !holdsDifference.has(root))
    .map(([root, under]) => ({ root, under, saved: under.reduce((sum, name) => sum + cost(name), 0) }))
    .sort((x, y) => y.saved - x.saved || (x.root < y.root ? -1 : 1));
  let foldedTrees = 0;
  let foldedValues = 0;
  for (const { root, under } of subtrees) {
    if (excess <= 0) break;
    if (!unchanged.has(root)) continue;
    const present = under.filter((name) => unchanged.has(name));
    if (present.length === 0) continue;
    const saved = present.reduce((sum, name) => sum + cost(name), 0);
    for (const name of present) {
      unchanged.delete(name);
      delete a[name];
      delete b[name];
    }
    const marker = ` ‹folded: ${present.length} ${present.length === 1 ? 'value' : 'values'} under it›`;
    a[root] = `${a[root]}${marker}`;
    b[root] = `${b[root]}${marker}`;
    excess -= saved - 2 * bytes(marker);
    foldedTrees++;
    foldedValues += present.length;
  }

  // 2. The largest unchanged values, each a marker naming its size.
  let foldedLong = 0;
  if (excess > 0) {
    const long = [...unchanged]
      .filter((name) => bytes(a[name]!) > 64)
      .sort((x, y) => bytes(a[y]!) - bytes(a[x]!) || (x < y ? -1 : 1));
    for (const name of long) {
      if (excess <= 0) break;
      const size = bytes(a[name]!);
      const marker = `‹folded: ${size} bytes›`;
      a[name] = marker;
      b[name] = marker;
      excess -= 2 * (size - bytes(marker));
      foldedLong++;
    }
  }

  // 3. Still too large (a changed list of 500 rows keeps 498 unchanged rows, each its root alone):
  // the unchanged children of one parent that hold nothing more go together into one entry, named
  // `parent[…]` in both runs, whose value says how many there were and which.
  let foldedGroups = 0;
  let foldedChildren = 0;
  if (excess > 0) {
    const remaining = new Set([...Object.keys(a), ...Object.keys(b)]);
    const hasChildren = new Set<string>();
    for (const name of remaining) for (const above of selfAndAncestors(name).slice(1)) hasChildren.add(above);
    const groups = new Map<string, string[]>();
    for (const name of unchanged) {
      const split = splitChildPath(name);
      if (split === null || hasChildren.has(name)) continue;
      let list = groups.get(split.parent);
      if (list === undefined) groups.set(split.parent, (list = []));
      list.push(name);
    }
    const ordered = [...groups.entries()]
      .filter(([, names]) => names.length > 1)
      .sort((x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : 1));
    for (const [parent, names] of ordered) {
      if (excess <= 0) break;
      const saved = names.reduce((sum, name) => sum + cost(name), 0);
      for (const name of names) {
        unchanged.delete(name);
        delete a[name];
        delete b[name];
      }
      const entry = `${parent}[…]`;
      const natural = [...names].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
      const value = `‹folded: ${names.length} unchanged children, ${natural[0]} to ${natural.at(-1)}›`;
      setOwn(a, entry, value);
      setOwn(b, entry, value);
      unchanged.add(entry);
      excess -= saved - cost(entry);
      foldedGroups++;
      foldedChildren += names.length;
    }
  }

  const parts = [
    foldedTrees > 0
      ? `${foldedValues} unchanged values into their ${foldedTrees} ${foldedTrees === 1 ? 'root' : 'roots'}`
      : null,
    foldedLong > 0
      ? `${foldedLong} long unchanged ${foldedLong === 1 ? 'value' : 'values'} to ${foldedLong === 1 ? 'its' : 'their'} size`
      : null,
    foldedGroups > 0
      ? `${foldedChildren} unchanged children of ${foldedGroups} ${foldedGroups === 1 ? 'value' : 'values'} into name[…]`
      : null,
  ].filter((part) => part !== null);
  const sorted = (record: Record<string, string>, order: readonly string[]): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const name of order) if (Object.hasOwn(record, name)) setOwn(out, name, record[name]!);
    return out;
  };
  const order = (names: Iterable<string>): string[] => [...names].sort(compareNames);
  const bounded: ComparisonResult = {
    ...doc,
    run_a: { ...doc.run_a, variables: sorted(a, order(Object.keys(a))) },
    run_b: { ...doc.run_b, variables: sorted(b, order(Object.keys(b))) },
    diff: { ...doc.diff, unchanged: order(unchanged) },
  };
  const hintOf = (said: readonly string[], over: string | null): string =>
    `--max-output-bytes ${maxBytes}: ${said.length === 0 ? 'nothing could be folded' : `folded ${said.join(', ')}`}, in both runs alike; every changed value is shown${over === null ? '' : ` (${over})`}.`;
  // Room for the bound's own hint, as long as it can get.
  const reserve = Buffer.byteLength(JSON.stringify(hintOf([...parts, 'x'.repeat(260)], 'x'.repeat(170))), 'utf8') + 8;
  const folded =
    documentBytes(bounded) + reserve > maxBytes
      ? foldHints(bounded, findings, maxBytes, reserve)
      : { doc: bounded, said: [] };
  const said = [...parts, ...folded.said];
  const final = folded.doc;
  const over =
    documentBytes({ ...final, analysis_hints: [...final.analysis_hints, hintOf(said, null)] }) > maxBytes
      ? describeSize(final)
      : null;
  return { ...final, analysis_hints: [...final.analysis_hints, hintOf(said, over)] };
}
