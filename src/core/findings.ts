// Findings: what is worth saying about a comparison, as typed data. hints.ts turns each one into a
// sentence and context.ts picks from them; the choice and the order live here, the wording there.
import type { Breakpoint, NoBreakReason, RunCapture, RunSide, VariableDiff } from './types.js';
import { compareNames, isDiffEmpty } from './diff-variables.js';
import type { OpaqueValue, SetAside } from './unread.js';
import { changedClocks, type ClockValue } from './clocks.js';
import { selfAndAncestors } from './child-path.js';
import { describeNumberChange, parseNumberText, type NumberChange } from './numbers.js';

/** How many per-variable findings are listed before the rest are counted in one `more_changed`. */
export const MAX_VARIABLE_FINDINGS = 20;
/** How many names an `only_in` / `truncated` / `normalised` finding lists before counting the rest. */
export const MAX_LISTED_NAMES = 20;

/** What a value's text looks like, when an adapter gave no type. */
export type InferredKind = 'string' | 'number' | 'bool' | 'None' | 'null' | 'nil' | 'undefined' | 'other';

export type Finding =
  /** The two captures (compared with `bpdiff diff`) were taken at different breakpoints. */
  | { kind: 'breakpoint_mismatch'; a: Breakpoint; b: Breakpoint }
  /** A run did not stop at the breakpoint; `reason` null when bpdiff does not know why. */
  | {
      kind: 'no_break';
      side: RunSide;
      reason: NoBreakReason | null;
      breakpoint: Breakpoint;
      exit_code: number | null;
      hits?: RunCapture['hits'];
      /** The run's stderr tail: a hint quotes its last line where the run exited with a code other than 0. */
      stderr_tail?: string;
    }
  /** The adapter bound the breakpoint to another line, and the run stopped there. */
  | { kind: 'moved'; sides: RunSide[]; requested_line: number; bound_line: number }
  /** Neither run stopped, or only one did: there was nothing (or only one side) to compare. */
  | { kind: 'nothing_compared'; stopped: RunSide | null; variables: number }
  /** Both runs stopped and every variable is identical. */
  | {
      kind: 'identical';
      variables: number /** Values left out of the comparison (unkeyed.ts): the verdict says so. */;
      not_compared?: number /** The exit status decided for the comparison (comparisonExitCode): what a hint of no variables says. */;
      exit_code?: 0 | 1;
    }
  | { kind: 'counts'; changed: number; unchanged: number; only_in_a: number; only_in_b: number }
  | {
      kind: 'type_changed';
      name: string;
      a: string;
      b: string;
      type_a: string;
      type_b: string;
      source: 'adapter' | 'inferred';
      number: NumberChange | null;
    }
  /** One side is None/null/nil/undefined and the other holds a value. */
  | { kind: 'null_changed'; name: string; a: string; b: string; null_side: RunSide }
  | { kind: 'number_changed'; name: string; a: string; b: string; change: NumberChange }
  | { kind: 'value_changed'; name: string; a: string; b: string }
  | { kind: 'more_changed'; count: number }
  | { kind: 'only_in'; side: RunSide; names: string[]; more: number }
  /** Values of run `side` under containers whose children the other run did not read: left out of the diff. */
  | { kind: 'not_compared'; side: RunSide; parents: string[]; names: string[]; more: number; reason: 'unread' | 'cut' }
  /** Values of which both runs read only a type and an address: left out of the diff, never counted as unchanged. */
  | { kind: 'opaque'; values: OpaqueValue[]; more: number }
  /** Changed values that are times or durations in both runs (RunCapture.clocks): maybe clock readings, which any two runs read differently. */
  | { kind: 'clock'; values: ClockValue[]; more: number }
  /** Values whose secret was redacted under another key in each run (core/unkeyed.ts): not compared. */
  | { kind: 'unkeyed'; names: string[]; more: number }
  /** Values the debugger could not show: their text is the error or time-out it gave instead (`sides`: both when both runs gave the same). */
  | { kind: 'unreadable'; sides: RunSide[]; values: Array<{ name: string; text: string }>; more: number }
  /** Values or containers cut at the capture limits (`sides`: both when both runs cut the same names). */
  | { kind: 'truncated'; sides: RunSide[]; names: string[]; more: number; unchanged: string[] }
  | { kind: 'normalised'; side: RunSide; names: string[]; more: number }
  /** A capture's warning (`sides`: both when both runs gave the same one). */
  | { kind: 'warning'; sides: RunSide[]; message: string };

export type FindingKind = Finding['kind'];

/**
 * A container (a value, a scope, or the whole frame) whose children one run did not read in full, and
 * why. Reading the frame collects these; describeCuts (hints.ts) words them as the capture's
 * warnings, and the values cut go to the capture's `truncated`, so a saved capture says it too.
 */
export type ChildrenCut =
  /** More children than --max-children: `shown` of `total` (null when the adapter did not say how many). */
  | { kind: 'max_children'; path: string; shown: number; total: number | null; limit: number }
  /** The run reached --max-variables while reading this container: `shown` of its children were kept (0: none read). */
  | { kind: 'max_variables'; path: string; where: CutPlace; shown: number; total: number | null; limit: number }
  /** Reading the children took longer than the time allowed for one request (--value-timeout and a margin). */
  | { kind: 'timed_out'; path: string; where: CutPlace; seconds: number }
  /** The adapter refused to list the children, in its own words. */
  | { kind: 'failed'; path: string; where: CutPlace; message: string }
  /** The run's own --timeout came before these children were read. */
  | { kind: 'deadline'; path: string; where: CutPlace };

/** What a cut container is: a value (named by its path), a scope (by its name), or the frame itself. */
export type CutPlace = 'value' | 'scope' | 'frame';
export type VariableFinding = Extract<
  Finding,
  { kind: 'type_changed' | 'null_changed' | 'number_changed' | 'value_changed' }
>;

export function isVariableFinding(finding: Finding): finding is VariableFinding {
  return (
    finding.kind === 'type_changed' ||
    finding.kind === 'null_changed' ||
    finding.kind === 'number_changed' ||
    finding.kind === 'value_changed'
  );
}

/** Everything worth saying about two captures and their diff, most important first. */
/** Each changed variable's finding (how its value changed), classified once for the hints and every writer. */
export function classifyChanges(
  diff: VariableDiff,
  typesA: Readonly<Record<string, string>>,
  typesB: Readonly<Record<string, string>>,
): Record<string, VariableFinding> {
  const changes: Record<string, VariableFinding> = {};
  for (const [name, entry] of Object.entries(diff.changed))
    Object.defineProperty(changes, name, {
      value: classifyChange(name, entry.a, entry.b, typesA, typesB),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return changes;
}

/**
 * `opaque`: values neither run could read (their type and address only). `followed`: run B's
 * breakpoint is run A's line followed into B's copy of the file (it says so in its warnings): the
 * same breakpoint, whatever its number.
 */
export function buildFindings(
  captureA: RunCapture,
  captureB: RunCapture,
  diff: VariableDiff,
  setAside: readonly SetAside[] = [],
  changes: Readonly<Record<string, VariableFinding>> = classifyChanges(diff, captureA.types, captureB.types),
  opaque: readonly OpaqueValue[] = [],
  followed = false,
): Finding[] {
  const findings: Finding[] = [];
  const captures = { a: captureA, b: captureB } as const;
  const stoppedA = captureA.run.status === 'break';
  const stoppedB = captureB.run.status === 'break';

  if (!followed && !sameBreakpoint(captureA.breakpoint, captureB.breakpoint)) {
    findings.push({ kind: 'breakpoint_mismatch', a: captureA.breakpoint, b: captureB.breakpoint });
  }

  for (const side of ['a', 'b'] as const) {
    const capture = captures[side];
    if (capture.run.status === 'no_break') {
      findings.push({
        kind: 'no_break',
        side,
        reason: capture.no_break_reason,
        breakpoint: capture.breakpoint,
        exit_code: capture.exit_code,
        ...(capture.hits ? { hits: capture.hits } : {}),
        ...(capture.output.stderr_tail ? { stderr_tail: capture.output.stderr_tail } : {}),
      });
    }
  }

  findings.push(...movedFindings(captureA, captureB));

  if (!stoppedA || !stoppedB) {
    const stopped: RunSide | null = stoppedA ? 'a' : stoppedB ? 'b' : null;
    const variables = stopped === null ? 0 : Object.keys(captures[stopped].run.variables).length;
    findings.push({ kind: 'nothing_compared', stopped, variables });
  } else {
    const changedNames = Object.keys(diff.changed);
    const total = changedNames.length + diff.unchanged.length + diff.only_in_a.length + diff.only_in_b.length;
    if (isDiffEmpty(diff)) {
      findings.push({ kind: 'identical', variables: total });
    } else {
      findings.push({
        kind: 'counts',
        changed: changedNames.length,
        unchanged: diff.unchanged.length,
        only_in_a: diff.only_in_a.length,
        only_in_b: diff.only_in_b.length,
      });
    }

    const perVariable = changedNames.map((name) => changes[name]!);
    // The leaves that changed lead (a container that changed around a changed child says less); among
    // them, type changes first, as they usually explain the value changes that follow them.
    const holdsChange = containersOfChanges(changedNames);
    const typeFirst = (list: typeof perVariable) => [
      ...list.filter((f) => f.kind === 'type_changed' || f.kind === 'null_changed'),
      ...list.filter((f) => f.kind === 'number_changed' || f.kind === 'value_changed'),
    ];
    const ranked = [
      ...typeFirst(perVariable.filter((f) => !holdsChange.has(f.name))),
      ...typeFirst(perVariable.filter((f) => holdsChange.has(f.name))),
    ];
    findings.push(...ranked.slice(0, MAX_VARIABLE_FINDINGS));
    if (ranked.length > MAX_VARIABLE_FINDINGS)
      findings.push({ kind: 'more_changed', count: ranked.length - MAX_VARIABLE_FINDINGS });

    if (diff.only_in_a.length > 0) findings.push({ kind: 'only_in', side: 'a', ...capList(diff.only_in_a) });
    if (diff.only_in_b.length > 0) findings.push({ kind: 'only_in', side: 'b', ...capList(diff.only_in_b) });
    for (const { side, parents, names, reason } of setAside)
      findings.push({ kind: 'not_compared', side, parents, reason, ...capList(names) });
    const clocks = changedClocks(changedNames, captureA, captureB);
    if (clocks.length > 0)
      findings.push({
        kind: 'clock',
        values: clocks.slice(0, MAX_LISTED_NAMES),
        more: Math.max(0, clocks.length - MAX_LISTED_NAMES),
      });
  }

  if (opaque.length > 0)
    findings.push({
      kind: 'opaque',
      values: opaque.slice(0, MAX_LISTED_NAMES),
      more: Math.max(0, opaque.length - MAX_LISTED_NAMES),
    });
  findings.push(...unreadableFindings(captureA, captureB));

  const unchanged = new Set(diff.unchanged);
  // Two runs of one program usually cut the same containers: said once for both.
  const bothTruncated = sameNames(captureA.truncated, captureB.truncated);
  for (const side of bothTruncated ? (['a'] as const) : (['a', 'b'] as const)) {
    const truncated = captures[side].truncated;
    if (truncated.length > 0) {
      const sides: RunSide[] = bothTruncated ? ['a', 'b'] : [side];
      findings.push({
        kind: 'truncated',
        sides,
        ...capList(truncated),
        unchanged: truncated.filter((name) => unchanged.has(name)).sort(compareNames),
      });
    }
  }
  for (const side of ['a', 'b'] as const) {
    const normalised = captures[side].normalised;
    if (normalised.length > 0) findings.push({ kind: 'normalised', side, ...capList(normalised) });
  }
  const warningsB = new Set(captureB.warnings);
  for (const message of new Set(captureA.warnings))
    findings.push({ kind: 'warning', sides: warningsB.has(message) ? ['a', 'b'] : ['a'], message });
  const warningsA = new Set(captureA.warnings);
  for (const message of warningsB)
    if (!warningsA.has(message)) findings.push({ kind: 'warning', sides: ['b'], message });
  return findings;
}

/**
 * The text a value has when it could not be read: the time-out or error bpdiff's Python hook writes
 * (`<timed out after 2 s>`, `<error: repr raised ValueError: ...>`), the form lldb uses too.
 */
export const UNREADABLE_VALUE = /^<(?:timed out after \d+(?:\.\d+)? s|error: [\s\S]*)>$/;

function unreadableFindings(captureA: RunCapture, captureB: RunCapture): Finding[] {
  const unreadable = (capture: RunCapture): Array<{ name: string; text: string }> =>
    Object.entries(capture.run.variables)
      .filter(([, text]) => UNREADABLE_VALUE.test(text))
      .map(([name, text]) => ({ name, text }))
      .sort((x, y) => compareNames(x.name, y.name));
  const a = unreadable(captureA);
  const b = unreadable(captureB);
  const listed = (
    values: Array<{ name: string; text: string }>,
  ): { values: Array<{ name: string; text: string }>; more: number } => ({
    values: values.slice(0, MAX_LISTED_NAMES),
    more: Math.max(0, values.length - MAX_LISTED_NAMES),
  });
  const same =
    a.length === b.length && a.every((value, index) => value.name === b[index]!.name && value.text === b[index]!.text);
  if (same) return a.length === 0 ? [] : [{ kind: 'unreadable', sides: ['a', 'b'], ...listed(a) }];
  const findings: Finding[] = [];
  if (a.length > 0) findings.push({ kind: 'unreadable', sides: ['a'], ...listed(a) });
  if (b.length > 0) findings.push({ kind: 'unreadable', sides: ['b'], ...listed(b) });
  return findings;
}

function sameNames(x: readonly string[], y: readonly string[]): boolean {
  if (x.length !== y.length) return false;
  const set = new Set(x);
  return y.every((name) => set.has(name));
}

function sameBreakpoint(x: Breakpoint, y: Breakpoint): boolean {
  return x.file === y.file && x.line === y.line && (x.condition ?? null) === (y.condition ?? null);
}

function capList(names: readonly string[]): { names: string[]; more: number } {
  const sorted = [...names].sort(compareNames);
  return { names: sorted.slice(0, MAX_LISTED_NAMES), more: Math.max(0, sorted.length - MAX_LISTED_NAMES) };
}

function movedFindings(captureA: RunCapture, captureB: RunCapture): Finding[] {
  const moved = (['a', 'b'] as const)
    .map((side) => ({ side, capture: side === 'a' ? captureA : captureB }))
    .filter(
      ({ capture }) =>
        capture.run.status === 'break' && capture.bound_line !== null && capture.bound_line !== capture.breakpoint.line,
    );
  if (moved.length === 2 && moved[0]!.capture.bound_line === moved[1]!.capture.bound_line) {
    return [
      { kind: 'moved', sides: ['a', 'b'], requested_line: captureA.breakpoint.line, bound_line: captureA.bound_line! },
    ];
  }
  return moved.map(({ side, capture }) => ({
    kind: 'moved',
    sides: [side],
    requested_line: capture.breakpoint.line,
    bound_line: capture.bound_line!,
  }));
}

/** The one finding that best describes how a variable changed. */
export function classifyChange(
  name: string,
  a: string,
  b: string,
  typesA: Readonly<Record<string, string>> = {},
  typesB: Readonly<Record<string, string>> = {},
): VariableFinding {
  const numberA = parseNumberText(a);
  const numberB = parseNumberText(b);
  const number = numberA !== null && numberB !== null ? describeNumberChange(numberA, numberB) : null;

  const typeA = Object.hasOwn(typesA, name) ? typesA[name] : undefined;
  const typeB = Object.hasOwn(typesB, name) ? typesB[name] : undefined;
  if (typeA !== undefined && typeB !== undefined && typeA !== '' && typeB !== '') {
    if (typeA !== typeB)
      return { kind: 'type_changed', name, a, b, type_a: typeA, type_b: typeB, source: 'adapter', number };
  }

  const kindA = inferKind(a);
  const kindB = inferKind(b);
  const nullA = isNullish(kindA);
  const nullB = isNullish(kindB);
  if (nullA !== nullB) return { kind: 'null_changed', name, a, b, null_side: nullA ? 'a' : 'b' };

  const adapterTypesAgree = typeA !== undefined && typeB !== undefined && typeA === typeB;
  if (!adapterTypesAgree && kindA !== kindB && kindA !== 'other' && kindB !== 'other') {
    return { kind: 'type_changed', name, a, b, type_a: kindA, type_b: kindB, source: 'inferred', number };
  }
  if (number !== null) return { kind: 'number_changed', name, a, b, change: number };
  return { kind: 'value_changed', name, a, b };
}

function isNullish(kind: InferredKind): boolean {
  return kind === 'None' || kind === 'null' || kind === 'nil' || kind === 'undefined';
}

const NULL_WORDS: Record<string, InferredKind> = {
  None: 'None',
  null: 'null',
  nil: 'nil',
  undefined: 'undefined',
  '<nil>': 'nil',
};
const BOOL_WORDS = new Set(['true', 'false', 'True', 'False']);

/** What a debugger's value text looks like: a quoted string, a number, a bool, a null word, or other. */
export function inferKind(text: string): InferredKind {
  const trimmed = text.trim();
  if (Object.hasOwn(NULL_WORDS, trimmed)) return NULL_WORDS[trimmed]!;
  if (BOOL_WORDS.has(trimmed)) return 'bool';
  if (parseNumberText(trimmed) !== null) return 'number';
  if (
    /^(?:[bru]|rb|br)?'[\s\S]*'$/i.test(trimmed) ||
    /^(?:[bru]|rb|br)?"[\s\S]*"$/i.test(trimmed) ||
    /^`[\s\S]*`$/.test(trimmed)
  )
    return 'string';
  return 'other';
}

/** The changed names that hold another changed name below them. */
export function containersOfChanges(changed: readonly string[]): Set<string> {
  const names = new Set(changed);
  const holders = new Set<string>();
  for (const name of changed)
    for (const above of selfAndAncestors(name).slice(1)) if (names.has(above)) holders.add(above);
  return holders;
}
