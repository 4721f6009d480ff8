// Loops over a container that each run of a program goes through in an order of its own: a Go map
// (the runtime starts each range at a random place, and seeds each map's hash at random), Rust's
// HashMap and HashSet (their hasher's keys are drawn at random in every process). Two runs of the same
// program go through such a loop in two orders, so its passes cannot be compared one by one (pass 1
// holds "apple" in A and "plum" in B): the walks compare the loop as a whole instead, from where the
// runs stood before it to where each one leaves it. A loop is known by its head's text (Go's
// `for ... range X {`, Rust's `for P in X {`, Python's `for T in X:`), its body by its braces or its
// indentation, and its order by the type the frame gives X's root name (the adapter definition's
// locate.unordered_types); inside one, the outermost is the one. A line that reads such a container
// (readAt) made what it made in that order too. bpdiff's own Python adapter makes a set go in one order another way (the
// same hash seed, the same addresses: adapters/python/hash-seed.ts); under debugpy, whose threads
// allocate as they run, a set of objects (ordered by their ids) goes in another order all the same.
// Memory: the lines of the few files the walk looked for loops in.
import fs from 'node:fs';
import path from 'node:path';

/** A loop whose order is the run's own, in a run's file. */
export interface UnorderedLoop {
  file: string;
  /** Its head's line, and the last line of its body (1-based). */
  head: number;
  end: number;
  /** What it goes through, as its head writes it, and the type the frame gives that. */
  iterable: string;
  type: string;
  /** The names its head binds at each pass (Python's stay bound after it, holding the last element). */
  targets: string[];
}

/** A loop as a run stands in it: the loop, and the frame (its depth, its function, which call) that runs it. */
export interface LoopInRun {
  loop: UnorderedLoop;
  frame: number;
  name: string;
  call: number;
}

/** The head of a loop, per language (by the file's extension): group 1 is what it goes through, up to the body's `{`. */
const HEADS: Readonly<Record<string, RegExp>> = {
  // for k, v := range m {    for range m {    for _, v = range m {
  '.go': /^\s*for\s+(?:([^{}]*?)\s*:?=\s*)?range\s+([^{}]+?)\s*\{/,
  // for (k, v) in &m {    'outer: for k in m.keys() {
  '.rs': /^\s*(?:'\w+\s*:\s*)?for\s+([^{}]+?)\s+in\s+([^{}]+?)\s*\{/,
  // for w in words:    async for w in seen:  (its body: the lines indented further)
  '.py': /^\s*(?:async\s+)?for\s+(.+?)\s+in\s+(.+?)\s*:\s*$/,
};

/** Words of a loop's targets that name no variable. */
const NOT_NAMES = new Set(['_', 'mut', 'ref']);

/** The languages whose blocks end where their indentation does, not at a brace. */
const INDENTED = new Set(['.py']);

/** How far above a line the walk looks for the head of a loop around it. */
const MOST_LINES_UP = 2000;
/** How many files' lines are kept. */
const MOST_FILES = 32;

/** What a loop goes through, without what does not change which container it is: `&`, `&mut`, `*`, parentheses, `.iter()`, `.keys()`... */
export function iterableRoot(expression: string): string | null {
  let text = expression.trim();
  for (;;) {
    const before = text;
    text = text
      .replace(/^&\s*(?:mut\s+)?/, '')
      .replace(/^\*/, '')
      .replace(/^\(([^()]*)\)$/, '$1')
      .replace(/\.(?:iter|iter_mut|keys|values|values_mut|into_iter|into_keys|into_values|drain)\(\)$/, '')
      .trim();
    if (text === before) break;
  }
  return /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(text) ? text : null;
}

/**
 * The type of the container a loop's expression goes through: its root's (`&m`, `m.keys()`), else the
 * longest name at its start that the frame types (`a.difference(&b)`'s `a`, `self.items.iter()
 * .filter(..)`'s `self.items`). A call that starts it (`sorted(s)`) names no typed name: none.
 */
function typeOfIterable(expression: string, types: Readonly<Record<string, string>>): string | undefined {
  const root = iterableRoot(expression);
  if (root !== null) return typeOf(types, root);
  const start = /^[&*\s(]*(?:mut\s+)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)/.exec(expression.trim());
  if (start === null) return undefined;
  const parts = start[1]!.split('.');
  for (let length = parts.length; length >= 1; length--) {
    const type = typeOf(types, parts.slice(0, length).join('.'));
    if (type !== undefined) return type;
  }
  return undefined;
}

/** A line without its string and character literals and its line comment: what its braces are counted in. */
function code(line: string): string {
  return line
    .replace(/"(?:\\.|[^"\\])*"/g, '""')
    .replace(/`[^`]*`/g, '``')
    .replace(/'(?:\\.|[^'\\])'/g, "''")
    .replace(/\/\/.*$/, '');
}

/** The last line (1-based) of the block a line opens by indentation: the last of the lines after it indented further (blank and comment lines aside). */
export function indentedEnd(lines: readonly string[], head: number): number {
  const indent = (text: string): number => text.length - text.trimStart().length;
  const own = indent(lines[head - 1]!);
  let end = head;
  for (let index = head; index < lines.length && index < head + 100_000; index++) {
    const text = lines[index]!;
    if (text.trim() === '' || text.trimStart().startsWith('#')) continue;
    if (indent(text) <= own) break;
    end = index + 1;
  }
  return end;
}

/** The last line (1-based) of the body whose `{` is the first one on line `head` at or after `from` (null: not closed). */
export function bodyEnd(lines: readonly string[], head: number, from: number): number | null {
  let depth = 0;
  for (let index = head - 1; index < lines.length && index < head - 1 + 100_000; index++) {
    const text = code(lines[index]!);
    for (let at = index === head - 1 ? from : 0; at < text.length; at++) {
      if (text[at] === '{') depth++;
      else if (text[at] === '}') {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
  }
  return null;
}

/**
 * The outermost loop around `line` (its head or its body) of a file's `lines` whose order is the run's
 * own: what it goes through has a type, in `types` (the frame's), that one of `orders` matches.
 */
export function unorderedLoopAround(
  lines: readonly string[],
  file: string,
  line: number,
  types: Readonly<Record<string, string>>,
  orders: readonly RegExp[],
): UnorderedLoop | null {
  const extension = path.extname(file);
  const head = HEADS[extension];
  if (head === undefined || orders.length === 0) return null;
  const comprehension = extension === '.py' ? comprehensionAt(lines[line - 1] ?? '', types, orders) : null;
  if (comprehension !== null) return { file, head: line, end: line, ...comprehension };
  // The outermost such loop: inside one, another loop's passes (and where they end, a `return` in
  // them) follow the outer one's order too.
  let found: UnorderedLoop | null = null;
  for (let at = Math.min(line, lines.length); at >= 1 && at > line - MOST_LINES_UP; at--) {
    const text = INDENTED.has(extension) ? lines[at - 1]!.replace(/\s+#.*$/, '') : code(lines[at - 1]!);
    const match = head.exec(text);
    if (match === null) continue;
    const end = INDENTED.has(extension) ? indentedEnd(lines, at) : bodyEnd(lines, at, match[0].length - 1);
    if (end === null || end < line) continue;
    const type = typeOfIterable(match[2]!, types);
    if (type !== undefined && orders.some((order) => order.test(type))) {
      const targets = (match[1]?.match(/[A-Za-z_]\w*/g) ?? []).filter((name) => !NOT_NAMES.has(name));
      found = { file, head: at, end, iterable: match[2]!.trim(), type, targets };
    }
  }
  return found;
}

/**
 * A Python comprehension's own frame (`[n.name for n in seen]`), which goes through the iterator it was
 * given as `.0`, on its line: what it goes through and binds, where `.0`'s type is one of `orders`.
 */
function comprehensionAt(
  text: string,
  types: Readonly<Record<string, string>>,
  orders: readonly RegExp[],
): Pick<UnorderedLoop, 'iterable' | 'type' | 'targets'> | null {
  const type = Object.hasOwn(types, '.0') ? types['.0'] : undefined;
  if (type === undefined || !orders.some((order) => order.test(type))) return null;
  const match = /\bfor\s+(.+?)\s+in\s+([^\]})]+?)(?:\s+if\b.*)?\s*[\]})]/.exec(text);
  if (match === null) return null;
  const targets = (match[1]!.match(/[A-Za-z_]\w*/g) ?? []).filter((name) => !NOT_NAMES.has(name));
  return { iterable: match[2]!.trim(), type, targets };
}

/** A name's type in a frame's types; a field through a pointer (`s.items`) as the adapter may name it (`(*s).items`). */
function typeOf(types: Readonly<Record<string, string>>, root: string): string | undefined {
  if (Object.hasOwn(types, root)) return types[root];
  const dot = root.indexOf('.');
  if (dot < 0) return undefined;
  const through = `(*${root.slice(0, dot)})${root.slice(dot)}`;
  return Object.hasOwn(types, through) ? types[through] : undefined;
}

/**
 * What a comparison at a breakpoint in such a loop says (no --condition pins an element): the pass it
 * stops at holds another element in each run. `where`: the breakpoint's file as the user named it.
 */
export function ownOrderWarning(loop: UnorderedLoop, where: string): string {
  const names = loop.targets.length > 0 ? ` on ${loop.targets.join(' or ')} (what the loop binds)` : '';
  return `the breakpoint lies in the loop at ${where}:${loop.head} over ${loop.iterable} (${loop.type}), which each run goes through in an order of its own: the same pass holds another element in each run; to compare one element, give a --condition${names}, or set the breakpoint after the loop (bpdiff locate compares such a loop as a whole)`;
}

/** Where a run stands, as a loop is found and left by: its file and line, its frame's depth, function and call. */
export interface StandingPlace {
  file: string;
  line: number;
  frame: number;
  name: string;
  call: number;
}

/** Whether a run (null: one that ended) still stands in a loop: in a call the loop made, or in the loop's call on a line of it. */
export function stillIn(place: StandingPlace | null, where: LoopInRun): boolean {
  if (place === null) return false;
  if (place.frame > where.frame) return true;
  return (
    place.frame === where.frame &&
    place.call === where.call &&
    place.name === where.name &&
    place.file === where.loop.file &&
    place.line >= where.loop.head &&
    place.line <= where.loop.end
  );
}

/** The loops a walk compared as a whole: how many, and the first few, for its hints. */
export interface WholeLoops {
  count: number;
  first: UnorderedLoop[];
  /** Lists such a loop left holding the same elements in another order in each run: set aside while they stay so (order-taint.ts). */
  reordered: string[];
  /** Its own names still bound after it (Python's), to another last element in each run: set aside until bound again. */
  bound: string[];
  /** Lines (not loops) that made such a list from such a container (a HashMap's keys collected), the first few. */
  lines: UnorderedLoop[];
}

const LOOPS_LISTED = 3;

/** A walk's record of such loops before it met any. */
export function noWholeLoops(): WholeLoops {
  return { count: 0, first: [], reordered: [], bound: [], lines: [] };
}

/** The record as a walk's end holds it: only where it met such a loop, or a line that made a list in such an order. */
export function saidLoops(loops: WholeLoops): { wholeLoops?: WholeLoops } {
  return loops.count > 0 || loops.lines.length > 0 ? { wholeLoops: loops } : {};
}

export function noteWholeLoop(loops: WholeLoops, loop: UnorderedLoop): void {
  loops.count += 1;
  if (
    loops.first.length < LOOPS_LISTED &&
    !loops.first.some((known) => known.file === loop.file && known.head === loop.head)
  )
    loops.first.push(loop);
}

/** A line that made a list in a container's own order. */
export function noteReadingLine(loops: WholeLoops, line: UnorderedLoop): void {
  if (
    loops.lines.length < LOOPS_LISTED &&
    !loops.lines.some((known) => known.file === line.file && known.head === line.head)
  )
    loops.lines.push(line);
}

/** What a loop left set aside (the first few of each, each once), for the walk's hints. */
export function noteReordered(loops: WholeLoops, left: { reordered: string[]; bound: string[] }): void {
  for (const kind of ['reordered', 'bound'] as const)
    for (const name of left[kind])
      if (loops[kind].length < LOOPS_LISTED && !loops[kind].includes(name)) loops[kind].push(name);
}

/** Finds the loops whose order is the run's own around a run's steps, reading each file once. */
export class UnorderedLoops {
  private readonly files = new Map<string, readonly string[]>();

  constructor(private readonly orders: readonly RegExp[]) {}

  /** Whether there is anything to look for (the adapter names types whose order is the run's own). */
  get any(): boolean {
    return this.orders.length > 0;
  }

  /** The loop around where a run stands, in its frame, that `types` (that frame's) says goes in the run's own order. */
  around(place: StandingPlace, types: Readonly<Record<string, string>>): LoopInRun | null {
    if (!this.any) return null;
    const lines = this.lines(place.file);
    if (lines === null) return null;
    const loop = unorderedLoopAround(lines, place.file, place.line, types, this.orders);
    return loop === null ? null : { loop, frame: place.frame, name: place.name, call: place.call };
  }

  /** Of a frame's types, those of containers of the run's own order (most frames: none). */
  ownOrderTypes(types: Readonly<Record<string, string>>): Record<string, string> {
    const kept: Record<string, string> = {};
    for (const [name, type] of Object.entries(types))
      if (this.orders.some((order) => order.test(type))) kept[name] = type;
    return kept;
  }

  /**
   * A container of the run's own order that the line where a run stood reads (its text names it, as
   * the frame's types there say): a line that made a list from it (`let names: Vec<_> =
   * prices.keys().collect()`) made it in that order. Null: it names none.
   */
  readAt(place: StandingPlace, types: Readonly<Record<string, string>>): UnorderedLoop | null {
    if (!this.any) return null;
    const text = this.lines(place.file)?.[place.line - 1];
    if (text === undefined) return null;
    for (const match of code(text).matchAll(/[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/g)) {
      const parts = match[0].split('.');
      for (let length = parts.length; length >= 1; length--) {
        const name = parts.slice(0, length).join('.');
        const type = typeOf(types, name);
        if (type !== undefined && this.orders.some((order) => order.test(type)))
          return { file: place.file, head: place.line, end: place.line, iterable: name, type, targets: [] };
      }
    }
    return null;
  }

  private lines(file: string): readonly string[] | null {
    const known = this.files.get(file);
    if (known !== undefined) return known;
    let lines: readonly string[];
    try {
      lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
    } catch {
      return null;
    }
    if (this.files.size >= MOST_FILES) this.files.delete(this.files.keys().next().value!);
    this.files.set(file, lines);
    return lines;
  }
}
