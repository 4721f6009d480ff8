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
import type { ValueStep } from './types.js';

export { MARKER_CLOSE, MARKER_OPEN, unmaskValue } from '../core/markers.js';

const WORD = /[\p{L}\p{N}_$]/u;
/** How debuggers write a cut: pydevd, V8 and bpdiff's Rust formatters `...`, bpdiff's own cut `…`. */
const ELLIPSES = ['...', '…'] as const;
/** lldb's text of an aggregate: a type and an address, nothing of its children. */
const TYPE_AT_ADDRESS = / @ 0x(?:…|[0-9a-fA-F]+)$/;
/** An integer written as its decimal and its hex (dlv). */
const DECIMAL_AND_HEX = /^(-?\d+) = 0x[0-9a-fA-F]+$/;
/** A pointer's address before what it points to. */
const ADDRESS_PREFIX = /^0x(?:…|[0-9a-fA-F]+) (?=\S)/;
/** How a summary labels a child by its name before its value: `qty=1`, `qty: 1`, `sku:"a"`, `'k': 1`. */
const LABEL_SEPARATORS = ['=', ': ', ':', ' = '] as const;
/** Template matches tried per child, so a pathological summary cannot make masking slow. */
const MAX_STARTS = 400;
/** The longest start or end of a child a shortened form is looked for with (debuggers keep a few dozen characters). */
const MAX_KEPT = 256;

/** A captured value as the masking sees it. */
interface ValueNode {
  name: string;
  /** Where it was captured (its variable path), or null for a summary's given children. */
  path: string | null;
  text: string;
  children: ValueNode[];
  /** The masked text as parts: literal text and the children that stand where their markers are. */
  parts: Array<string | ValueNode> | null;
}

interface Span {
  start: number;
  end: number;
}

/** Where each ellipsis of `text` is (start, length), an address token's `0x…` aside. */
function ellipses(text: string): Span[] {
  const found: Span[] = [];
  for (const ellipsis of ELLIPSES) {
    for (let at = text.indexOf(ellipsis); at !== -1; at = text.indexOf(ellipsis, at + ellipsis.length)) {
      if (ellipsis === '…' && text.slice(Math.max(0, at - 2), at) === '0x') continue;
      if (ellipsis === '...' && found.some((span) => span.start === at)) continue;
      found.push({ start: at, end: at + ellipsis.length });
    }
  }
  return found.sort((x, y) => x.start - y.start);
}

function isWordAt(text: string, index: number): boolean {
  return index >= 0 && index < text.length && WORD.test(text[index]!);
}

/** Whether `text[start, end)` is a whole token for a value `value` (not inside a longer word or number). */
function bounded(text: string, start: number, end: number, value: string): boolean {
  if (WORD.test(value[0]!) && isWordAt(text, start - 1)) return false;
  if (WORD.test(value[value.length - 1]!) && isWordAt(text, end)) return false;
  return true;
}

/**
 * Finds the places of children in one summary. Each child's places are found once (memo), and a
 * grandchild's places in the same summary serve every child that holds it.
 */
class SummaryMatcher {
  private readonly memo = new Map<ValueNode, Span[]>();
  private readonly cuts: Span[];

  constructor(private readonly text: string) {
    this.cuts = ellipses(text);
  }

  /** Every place where `node` stands in the summary, whole, shortened, or as its masked text. */
  places(node: ValueNode): Span[] {
    const known = this.memo.get(node);
    if (known !== undefined) return known;
    this.memo.set(node, []);
    const found = new Map<string, Span>();
    const add = (span: Span): void => void found.set(`${span.start}:${span.end}`, span);
    // A pointer reads as its address and what it points to (lldb: `0x… {name:"ann"}`); a container
    // that holds it may show what it points to alone.
    const referent = ADDRESS_PREFIX.exec(node.text)?.[0];
    const texts = [node.text];
    if (referent !== undefined) texts.push(node.text.slice(referent.length));
    for (const text of texts) {
      if (text.length === 0) continue;
      for (const span of this.whole(text)) add(span);
      for (const span of this.shortened(text)) add(span);
    }
    // dlv writes an integer as its decimal and its hex (`2 = 0x2`), and in a struct's summary as its
    // decimal after the field's name (`Major: 2`): there only, a bare number being too easily another's.
    const decimal = DECIMAL_AND_HEX.exec(node.text)?.[1];
    if (decimal !== undefined) for (const span of this.whole(decimal)) if (this.labelled(span, node.name)) add(span);
    if (node.parts !== null) {
      for (const span of this.template(node.parts)) add(span);
      const first = node.parts[0];
      if (referent !== undefined && typeof first === 'string' && first.startsWith(referent)) {
        const rest = first.slice(referent.length);
        for (const span of this.template(rest === '' ? node.parts.slice(1) : [rest, ...node.parts.slice(1)])) add(span);
      }
    }
    const spans = [...found.values()].sort((x, y) => x.start - y.start || x.end - y.end);
    this.memo.set(node, spans);
    return spans;
  }

  private whole(value: string): Span[] {
    const spans: Span[] = [];
    for (let at = this.text.indexOf(value); at !== -1; at = this.text.indexOf(value, at + 1)) {
      if (bounded(this.text, at, at + value.length, value)) spans.push({ start: at, end: at + value.length });
    }
    return spans;
  }

  /** `value` as the debugger shortened it here: its start, an ellipsis, its end (which may be empty). */
  private shortened(value: string): Span[] {
    const { text } = this;
    const spans: Span[] = [];
    const first = value.charCodeAt(0);
    const last = value.charCodeAt(value.length - 1);
    for (const cut of this.cuts) {
      let start = -1;
      // The shortest start and end that fit: a longer one may take in the parent's own brackets.
      for (let at = cut.start - 1; at >= Math.max(0, cut.start - Math.min(value.length - 1, MAX_KEPT)); at--) {
        if (text.charCodeAt(at) === first && text.startsWith(value.slice(0, cut.start - at), at)) {
          start = at;
          break;
        }
      }
      if (start === -1) continue;
      const head = cut.start - start;
      let tail = 0;
      for (let length = 1; length <= Math.min(value.length - head, text.length - cut.end, MAX_KEPT); length++) {
        if (
          text.charCodeAt(cut.end + length - 1) === last &&
          text.startsWith(value.slice(value.length - length), cut.end)
        ) {
          tail = length;
          break;
        }
      }
      const end = cut.end + tail;
      if (WORD.test(value[0]!) && isWordAt(text, start - 1)) continue;
      if (tail > 0 && WORD.test(value[value.length - 1]!) && isWordAt(text, end)) continue;
      spans.push({ start, end });
    }
    return spans;
  }

  /** Places where the masked parts read: each literal as it is, each child at one of its own places. */
  private template(parts: ReadonlyArray<string | ValueNode>): Span[] {
    const first = parts[0];
    if (first === undefined) return [];
    let starts: number[];
    if (typeof first === 'string') {
      starts = [];
      for (
        let at = this.text.indexOf(first);
        at !== -1 && starts.length < MAX_STARTS;
        at = this.text.indexOf(first, at + 1)
      )
        starts.push(at);
    } else {
      starts = this.places(first).map((span) => span.start);
    }
    const spans: Span[] = [];
    for (const start of starts.slice(0, MAX_STARTS))
      for (const end of this.ends(parts, 0, start)) spans.push({ start, end });
    return spans;
  }

  private ends(parts: ReadonlyArray<string | ValueNode>, index: number, at: number): number[] {
    if (index === parts.length) return [at];
    const part = parts[index]!;
    if (typeof part === 'string')
      return this.text.startsWith(part, at) ? this.ends(parts, index + 1, at + part.length) : [];
    const ends: number[] = [];
    for (const span of this.places(part)) if (span.start === at) ends.push(...this.ends(parts, index + 1, span.end));
    return [...new Set(ends)];
  }

  /** Whether the summary was cut somewhere no claimed span covers. */
  cutOutside(claimed: readonly Span[]): boolean {
    return this.cuts.some((cut) => !claimed.some((span) => span.start <= cut.start && cut.end <= span.end));
  }

  /** Whether `span` follows a label naming the child `name` (`qty=`, `qty: `, `'k': `). */
  labelled(span: Span, name: string): boolean {
    const label = markerName(name);
    if (label === '' || /^\d+$/.test(label)) return false;
    const before = this.text.slice(0, span.start);
    return LABEL_SEPARATORS.some(
      (separator) =>
        before.endsWith(`${label}${separator}`) &&
        !isWordAt(this.text, span.start - separator.length - label.length - 1),
    );
  }
}

/**
 * Where each child stands in `summary`, one place each, none overlapping; null when the summary does
 * not list them (a child not found, and the summary not cut). Children are placed from the last one
 * back, each where a label names it if one does, else before the previous one's place where it can
 * be (a summary lists its children last, after counts like a Go slice's `len: 3, cap: 5`), else at
 * its last free place (a repr that orders its fields otherwise). A place labelled for another child
 * is taken last. When some child is not in a summary the debugger cut, the summary shows the first
 * children: they are placed from the first one on, each after the previous one's place.
 */
function placeChildren(
  summary: string,
  children: readonly ValueNode[],
): Array<{ child: ValueNode; span: Span }> | null {
  const matcher = new SummaryMatcher(summary);
  const backward = place(matcher, summary, children, 'backward');
  if (backward.missing === 0) return backward.claimed;
  if (!matcher.cutOutside(backward.claimed.map(({ span }) => span))) return null;
  const forward = place(matcher, summary, children, 'forward');
  return forward.missing <= backward.missing && matcher.cutOutside(forward.claimed.map(({ span }) => span))
    ? forward.claimed
    : backward.claimed;
}

function place(
  matcher: SummaryMatcher,
  summary: string,
  children: readonly ValueNode[],
  direction: 'backward' | 'forward',
): { claimed: Array<{ child: ValueNode; span: Span }>; missing: number } {
  const claimed: Array<{ child: ValueNode; span: Span }> = [];
  const free = (span: Span): boolean =>
    !claimed.some(({ span: other }) => span.start < other.end && span.end > other.start);
  const labelledFor = (span: Span, self: ValueNode): 'self' | 'other' | 'none' => {
    if (matcher.labelled(span, self.name)) return 'self';
    return children.some((other) => other !== self && matcher.labelled(span, other.name)) ? 'other' : 'none';
  };
  const backward = direction === 'backward';
  let cursor = backward ? summary.length : 0;
  let missing = 0;
  const order = backward ? [...children].reverse() : children;
  for (const child of order) {
    if (child.text.length === 0 && child.parts === null) continue;
    const candidates = matcher.places(child).filter(free);
    let chosen: Span | undefined;
    for (const rank of ['self', 'none', 'other'] as const) {
      const ranked = candidates.filter((span) => labelledFor(span, child) === rank);
      chosen = backward
        ? (ranked.filter((span) => span.end <= cursor).at(-1) ?? ranked.at(-1))
        : (ranked.find((span) => span.start >= cursor) ?? ranked[0]);
      if (chosen !== undefined) break;
    }
    if (chosen === undefined) {
      missing++;
      continue;
    }
    claimed.push({ child, span: chosen });
    cursor = backward ? chosen.start : chosen.end;
  }
  return { claimed: claimed.sort((x, y) => x.span.start - y.span.start), missing };
}

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
