// A container is compared by its children, not twice: where a value's children were captured, the
// text each child's value takes in the container's own summary is replaced by a marker naming that
// child (`Cart(items=‹items›, total=‹total›)`, `[‹0›, ‹1›]`), so one changed `cart.items[0].qty` is
// reported once, at the leaf, and not again at `cart.items[0]`, `cart.items` and `cart`.
//
// Nothing can hide behind a marker. Each marker names one child, and the child's own value is
// compared: given the same children, two masked summaries are equal only when the summaries were
// (put each child's text back where its marker stands). What a summary holds beyond its children (a
// Go slice's cap, elements past --max-children, a custom repr's extra text) stays in it and is
// compared. A summary that already holds a marker character is left whole (a capture masked before,
// or a program's own text), so the step is idempotent. Skipped with --raw-values.
import { splitChildPath } from '../core/child-path.js';
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export const MARKER_OPEN = '‹';
export const MARKER_CLOSE = '›';

const WORD = /[\p{L}\p{N}_$]/u;

/** The marker of a child named `name` by its parent (`[0]` -> `0`, `['k']` -> `'k'`, `(1)` -> `1`, `items` -> `items`). */
function markerName(name: string): string {
  if ((name.startsWith('[') && name.endsWith(']')) || (name.startsWith('{') && name.endsWith('}')) || (name.startsWith('(') && name.endsWith(')'))) return name.slice(1, -1);
  return name;
}

/** Where `value` last stands in `text` ending by `before`, as a whole token (not inside a longer word or number), outside every claimed span; -1 if nowhere. */
function findToken(text: string, value: string, before: number, claimed: ReadonlyArray<readonly [number, number, string]>): number {
  const wordStart = WORD.test(value[0]!);
  const wordEnd = WORD.test(value[value.length - 1]!);
  for (let at = text.lastIndexOf(value, before - value.length); at !== -1; at = at === 0 ? -1 : text.lastIndexOf(value, at - 1)) {
    const end = at + value.length;
    if (wordStart && at > 0 && WORD.test(text[at - 1]!)) continue;
    if (wordEnd && end < text.length && WORD.test(text[end]!)) continue;
    if (claimed.some(([start, stop]) => at < stop && end > start)) continue;
    return at;
  }
  return -1;
}

/**
 * `summary` with each child's text replaced by its marker, or `summary` itself unless every child's
 * text was found in it (a summary that does not list its children, like lldb's `int[3] @ 0x…`, must
 * not have a digit of its own taken for a child). Children are matched from the last one back, each
 * before the previous one's text where it can be (a summary lists its children last, after counts
 * like a Go slice's `len: 3, cap: 5`), else at its last free place (a repr that orders its fields
 * otherwise).
 */
export function maskSummary(summary: string, children: ReadonlyArray<{ name: string; value: string }>): string {
  if (summary.includes(MARKER_OPEN) || children.length === 0) return summary;
  const markers = children.map((child) => markerName(child.name));
  const unique = new Set(markers).size === markers.length;
  const claimed: Array<[number, number, string]> = [];
  let cursor = summary.length;
  for (let index = children.length - 1; index >= 0; index--) {
    const child = children[index]!;
    if (child.value.length === 0) continue;
    let at = findToken(summary, child.value, cursor, claimed);
    if (at === -1) at = findToken(summary, child.value, summary.length, claimed);
    if (at === -1) return summary;
    claimed.push([at, at + child.value.length, unique ? markers[index]! : child.name]);
    cursor = at;
  }
  if (claimed.length === 0) return summary;
  claimed.sort((x, y) => x[0] - y[0]);
  let out = '';
  let last = 0;
  for (const [start, stop, marker] of claimed) {
    out += summary.slice(last, start) + MARKER_OPEN + marker + MARKER_CLOSE;
    last = stop;
  }
  return out + summary.slice(last);
}

/**
 * Every value whose children were captured, its summary masked by the children's texts (as they
 * were before this step). A pointer's pointee (the child `*`) is not a marker but its own masked
 * text: `*main.Reading {Sensor: ‹Sensor›, Value: ‹Value›}` reads better than `*‹*›`, and says no
 * more than the pointee does.
 */
export function maskContainers(variables: Readonly<Record<string, string>>): Record<string, string> {
  const children = new Map<string, Array<{ path: string; name: string }>>();
  for (const path of Object.keys(variables)) {
    const split = splitChildPath(path);
    if (split === null || !Object.hasOwn(variables, split.parent)) continue;
    let list = children.get(split.parent);
    if (list === undefined) children.set(split.parent, (list = []));
    list.push({ path, name: split.name });
  }
  if (children.size === 0) return variables as Record<string, string>;
  const masked = new Map<string, string>();
  const maskedText = (path: string): string => {
    const known = masked.get(path);
    if (known !== undefined) return known;
    const value = variables[path]!;
    const list = children.get(path);
    let text = value;
    if (list !== undefined) {
      const pointee = list.length === 1 && list[0]!.name === '*' ? list[0]! : null;
      if (pointee !== null && value.endsWith(variables[pointee.path]!) && variables[pointee.path]!.length > 0) {
        text = value.slice(0, value.length - variables[pointee.path]!.length) + maskedText(pointee.path);
      } else {
        text = maskSummary(value, list.map((child) => ({ name: child.name, value: variables[child.path]! })));
      }
    }
    masked.set(path, text);
    return text;
  };
  const out: Record<string, string> = {};
  for (const path of Object.keys(variables)) setOwn(out, path, maskedText(path));
  return out;
}

export const summariesStep: ValueStep = {
  name: 'containers by their children',
  apply(values, context) {
    if (context.raw || context.adapter?.definition.summaries_list_children === false) return values;
    const variables = maskContainers(values.variables);
    return variables === values.variables ? values : { ...values, variables };
  },
};
