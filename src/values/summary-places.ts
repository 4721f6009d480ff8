// Where each child of a container stands in the container's summary (src/values/summaries.ts masks
// them there): as its own text, as the debugger's shortened form of it, or as its own masked text;
// one place each, none overlapping, a label that names a child preferred.
import { markerName } from '../core/markers.js';

const WORD = /[\p{L}\p{N}_$]/u;
/** How debuggers write a cut: pydevd, V8 and bpdiff's Rust formatters `...`, bpdiff's own cut `…`. */
const ELLIPSES = ['...', '…'] as const;
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
export interface ValueNode {
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
  /** Each child name's label (its marker), or null for one no label names (`0`, `[0]`). */
  private readonly labels = new Map<string, string | null>();

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
    // Without copying the text before the place: a summary of a few hundred children is long.
    const label = this.labelOf(name);
    return (
      label !== null &&
      LABEL_SEPARATORS.some(
        (separator) =>
          this.text.endsWith(separator, span.start) &&
          this.text.endsWith(label, span.start - separator.length) &&
          !isWordAt(this.text, span.start - separator.length - label.length - 1),
      )
    );
  }

  private labelOf(name: string): string | null {
    let label = this.labels.get(name);
    if (label === undefined) {
      const marker = markerName(name);
      label = marker === '' || /^\d+$/.test(marker) ? null : marker;
      this.labels.set(name, label);
    }
    return label;
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
export function placeChildren(
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
  // The children whose label comes right before a place, found once a place: asked of every child at
  // every candidate place, child by child, this was the time of a walk through code with long arrays.
  const labelledAt = new Map<number, Set<string>>();
  const labelledFor = (span: Span, self: ValueNode): 'self' | 'other' | 'none' => {
    let names = labelledAt.get(span.start);
    if (names === undefined) {
      names = new Set(children.filter((child) => matcher.labelled(span, child.name)).map((child) => child.name));
      labelledAt.set(span.start, names);
    }
    if (names.has(self.name)) return 'self';
    return names.size > 0 ? 'other' : 'none';
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
