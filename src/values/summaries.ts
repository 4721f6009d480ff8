// A container is compared by its children, not twice: where a value's children were captured, the
// text each child's value takes in the container's own summary is replaced by a marker naming that
// child (`Cart(items=‹items›, total=‹total›)`, `[‹0›, ‹1›]`), so one changed `cart.items[0].qty` is
// reported once, at the leaf, and not again at `cart.items[0]`, `cart.items` and `cart`.
//
// Level by level: a child is found in its parent's text as its own text, as the debugger's shortened
// form of it (`Item(sku='a', qty=1,...'x', 'y'])`, `[...]`, `{…}`: a start of it, an ellipsis, an end
// of it), or, when the child is a container itself, as its own masked text with each of its markers
// standing for that grandchild found the same way (a parent may show a child whole whose own text
// the debugger cut, or cut what the child shows whole).
//
// Nothing can hide behind a marker. Each marker names one child, and the child's own value is
// compared; what a marker covers is that child's text, or a part of it. A summary is masked only when
// every child was found in it, or when the debugger cut the summary itself (an ellipsis no child
// covers): then the children it no longer shows are compared on their own, and the ellipsis stays.
// What a summary holds beyond its children (a Go slice's cap, elements past --max-children, a custom
// repr's extra text) stays in it and is compared. A summary that already holds a marker character is
// left whole (a capture masked before, or a program's own text), so the step is idempotent; so is
// lldb's summary of a type and an address (`item[4] @ 0x…`), which lists no child. Skipped with
// --raw-values.
import { splitChildPath } from '../core/child-path.js';
import { setOwn } from '../core/own-record.js';
import { MARKER_CLOSE, MARKER_OPEN, markerName } from '../core/markers.js';
import { placeChildren, type ValueNode } from './summary-places.js';
import type { ValueStep } from './types.js';

export { MARKER_CLOSE, MARKER_OPEN, unmaskValue } from '../core/markers.js';

/** lldb's text of an aggregate: a type and an address, nothing of its children. */
const TYPE_AT_ADDRESS = / @ 0x(?:…|[0-9a-fA-F]+)$/;

/** The marker each child is written as: its name, or its whole name when two children would share one. */
function markersOf(children: readonly ValueNode[]): Map<ValueNode, string> {
  const short = children.map((child) => markerName(child.name));
  const unique = new Set(short).size === short.length;
  return new Map(children.map((child, index) => [child, unique ? short[index]! : child.name]));
}

/** The parts of a summary masked by its children, or null when it is left whole. */
function maskParts(text: string, children: readonly ValueNode[]): Array<string | ValueNode> | null {
  if (text.includes(MARKER_OPEN) || children.length === 0 || TYPE_AT_ADDRESS.test(text)) return null;
  const placed = placeChildren(text, children);
  if (placed === null || placed.length === 0) return null;
  const parts: Array<string | ValueNode> = [];
  let last = 0;
  for (const { child, span } of placed) {
    if (span.start > last) parts.push(text.slice(last, span.start));
    parts.push(child);
    last = span.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function render(parts: ReadonlyArray<string | ValueNode>, markers: ReadonlyMap<ValueNode, string>): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : `${MARKER_OPEN}${markers.get(part)!}${MARKER_CLOSE}`))
    .join('');
}

/**
 * `summary` with each child's text replaced by its marker, or `summary` itself when the children
 * cannot all be placed in it (see placeChildren; a summary that does not list its children, like
 * lldb's `int[3] @ 0x…`, must not have a digit of its own taken for a child).
 */
export function maskSummary(summary: string, children: ReadonlyArray<{ name: string; value: string }>): string {
  const nodes = children.map(
    (child): ValueNode => ({ name: child.name, path: null, text: child.value, children: [], parts: null }),
  );
  const parts = maskParts(summary, nodes);
  return parts === null ? summary : render(parts, markersOf(nodes));
}

/**
 * Every value whose children were captured, its summary masked by the children's texts (as they
 * were before this step), deepest first. A pointer's pointee (the child `*`) is not a marker but its
 * own masked text: `*main.Reading {Sensor: ‹Sensor›, Value: ‹Value›}` reads better than `*‹*›`, and
 * says no more than the pointee does.
 */
export function maskContainers(
  variables: Readonly<Record<string, string>>,
  cutByBpdiff: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const nodes = new Map<string, ValueNode>();
  for (const [path, text] of Object.entries(variables))
    nodes.set(path, { name: '', path, text, children: [], parts: null });
  let any = false;
  for (const path of nodes.keys()) {
    const split = splitChildPath(path);
    const parent = split === null ? undefined : nodes.get(split.parent);
    if (split === null || parent === undefined) continue;
    const node = nodes.get(path)!;
    node.name = split.name;
    parent.children.push(node);
    any = true;
  }
  if (!any) return variables as Record<string, string>;

  const masked = new Map<ValueNode, string>();
  const maskedText = (node: ValueNode): string => {
    const known = masked.get(node);
    if (known !== undefined) return known;
    for (const child of node.children) maskedText(child);
    let text = node.text;
    // A value bpdiff itself cut at --max-value-length keeps its cut in sight (`Order(customer='ann…`):
    // no child's marker may stand for the ellipsis; its children are compared on their own.
    if (node.path !== null && cutByBpdiff.has(node.path) && node.text.endsWith('…')) {
      masked.set(node, text);
      return text;
    }
    const pointee = node.children.length === 1 && node.children[0]!.name === '*' ? node.children[0]! : null;
    if (pointee !== null) {
      if (pointee.text.length > 0 && node.text.endsWith(pointee.text))
        text = node.text.slice(0, node.text.length - pointee.text.length) + masked.get(pointee)!;
    } else {
      node.parts = maskParts(node.text, node.children);
      if (node.parts !== null) text = render(node.parts, markersOf(node.children));
    }
    masked.set(node, text);
    return text;
  };
  const out: Record<string, string> = {};
  for (const [path, node] of nodes) setOwn(out, path, maskedText(node));
  return out;
}

export const summariesStep: ValueStep = {
  name: 'containers by their children',
  apply(values, context) {
    if (context.raw) return values;
    const adapter = context.adapter;
    const lists =
      adapter?.hooks.summariesListChildren?.(context.breakpointPath) ??
      adapter?.definition.summaries_list_children !== false;
    if (!lists) return values;
    const variables = maskContainers(values.variables, new Set(values.truncated));
    return variables === values.variables ? values : { ...values, variables };
  },
};
