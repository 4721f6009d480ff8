// `--max-output-bytes`, after the variables (bound-output.ts): the hints and the context fold too, when
// the unchanged values alone could not bring the document under the bound. In this order, each step
// only while the document is still too large: the lists of names in the hints (which values were cut,
// normalised, only in one run...) down to their first few and a count, longest lists first; the values
// the hints quote, and the capture's notes, shortened; the hints about single changed variables past
// the first few, counted in one (diff.changed still holds every one); the notes on how values were
// read (normalised, a capture's warnings: the captures hold them), counted; the context down to what
// was compared and the first difference. The hints stay in the findings' order, one per finding. Pure.
import type { ComparisonResult } from '../core/types.js';
import { isVariableFinding, type Finding } from '../core/findings.js';
import { renderHint, type RunLabels } from '../core/hints.js';
import { formatJson } from './json.js';

/** Names a folded list keeps, values a folded hint shows in full, the longest note kept. */
const KEPT_NAMES = 3;
const KEPT_VALUE_LENGTH = 40;
const KEPT_NOTE_LENGTH = 160;
/** Hints about single changed variables kept when those fold. */
const KEPT_VARIABLE_HINTS = 3;
/** The context's lines that say what was compared and where to look first. */
const ESSENTIAL_CONTEXT = /^(?:Breakpoint:|Diff:|First difference:)/;

const bytes = (doc: ComparisonResult): number => Buffer.byteLength(formatJson(doc), 'utf8');

export interface FoldedHints {
  doc: ComparisonResult;
  /** What was folded, for the bound's own hint ("the lists of names in 4 hints"...). */
  said: string[];
}

/** `finding` with its list `key` (`list`) cut to its first KEPT_NAMES, the rest counted in `more`. */
function cutList<F extends { more: number }>(finding: F, key: keyof F, list: readonly unknown[]): F {
  return list.length <= KEPT_NAMES
    ? finding
    : { ...finding, [key]: list.slice(0, KEPT_NAMES), more: finding.more + list.length - KEPT_NAMES };
}

/** A finding with its lists of names cut to their first few (the rest counted in `more`). */
function shorterLists(finding: Finding): Finding {
  switch (finding.kind) {
    case 'only_in':
    case 'not_compared':
    case 'unkeyed':
    case 'normalised':
    case 'truncated':
      return cutList(finding, 'names', finding.names);
    case 'unreadable':
    case 'opaque':
    case 'clock':
      return cutList(finding, 'values', finding.values);
    case 'warning':
      return finding.message.length <= KEPT_NOTE_LENGTH
        ? finding
        : { ...finding, message: `${finding.message.slice(0, KEPT_NOTE_LENGTH)}… (${finding.message.length} chars)` };
    default:
      return finding;
  }
}

/**
 * The document with its hints and context folded until it fits `maxBytes` with `reserve` bytes to
 * spare (the bound's own hint). `findings`: the findings behind the document's hints, one each, in
 * order; without them (or when they do not match) only the context folds.
 */
export function foldHints(
  doc: ComparisonResult,
  findings: readonly Finding[] | undefined,
  maxBytes: number,
  reserve: number,
): FoldedHints {
  const fits = (candidate: ComparisonResult): boolean => bytes(candidate) + reserve <= maxBytes;
  const labels: RunLabels = { a: doc.run_a.label, b: doc.run_b.label };
  const said: string[] = [];
  let current = doc;
  if (findings !== undefined && findings.length === doc.analysis_hints.length && !fits(current)) {
    let shown = [...findings];
    const render = (list: readonly Finding[], valueLength?: number): string[] =>
      list.map((finding) => renderHint(finding, labels, valueLength === undefined ? {} : { valueLength }));

    // Longest lists first, one hint at a time.
    const order = shown
      .map((finding, index) => ({ index, size: renderHint(finding, labels).length }))
      .sort((x, y) => y.size - x.size);
    let listsFolded = 0;
    for (const { index } of order) {
      if (fits(current)) break;
      const shorter = shorterLists(shown[index]!);
      if (shorter === shown[index]) continue;
      shown[index] = shorter;
      listsFolded++;
      current = { ...current, analysis_hints: render(shown) };
    }
    if (listsFolded > 0) said.push(`the lists and notes of ${listsFolded} ${listsFolded === 1 ? 'hint' : 'hints'}`);

    if (!fits(current)) {
      const shorterValues = { ...current, analysis_hints: render(shown, KEPT_VALUE_LENGTH) };
      if (bytes(shorterValues) < bytes(current)) {
        current = shorterValues;
        said.push(`the values hints quote to ${KEPT_VALUE_LENGTH} characters`);
      }
    }

    if (!fits(current)) {
      const variables = shown.filter(isVariableFinding);
      if (variables.length > KEPT_VARIABLE_HINTS) {
        const dropped = new Set<Finding>(variables.slice(KEPT_VARIABLE_HINTS));
        const before = shown.find((finding) => finding.kind === 'more_changed');
        const more = dropped.size + (before?.kind === 'more_changed' ? before.count : 0);
        const kept = shown.filter((finding) => !dropped.has(finding) && finding.kind !== 'more_changed');
        const at = kept.findIndex((finding) => isVariableFinding(finding)) + KEPT_VARIABLE_HINTS;
        shown = [...kept.slice(0, at), { kind: 'more_changed', count: more }, ...kept.slice(at)];
        current = { ...current, analysis_hints: render(shown, KEPT_VALUE_LENGTH) };
        said.push(`the hints on changed variables past the first ${KEPT_VARIABLE_HINTS} into a count`);
      }
    }

    // The notes that say how values were read (normalised, left out, a capture's warnings), counted.
    if (!fits(current)) {
      const isNote = (finding: Finding): boolean => finding.kind === 'normalised' || finding.kind === 'warning';
      const notes = shown.filter(isNote).length;
      if (notes > 0) {
        shown = shown.filter((finding) => !isNote(finding));
        current = { ...current, analysis_hints: render(shown, KEPT_VALUE_LENGTH) };
        said.push(`${notes} ${notes === 1 ? 'note' : 'notes'} on how values were read (the captures hold them)`);
      }
    }
  }
  if (!fits(current) && current.context !== undefined) {
    const essential = current.context
      .split('\n')
      .filter((line) => ESSENTIAL_CONTEXT.test(line))
      .map((line) => (line.length > KEPT_NOTE_LENGTH ? `${line.slice(0, KEPT_NOTE_LENGTH)}…` : line))
      .join('\n');
    if (essential.length < current.context.length) {
      current = { ...current, context: essential };
      said.push('the context to its essentials');
    }
  }
  return { doc: current, said };
}

/** Where the bytes of a document that is still too large go, for the bound's hint (each part as the document writes it). */
export function describeSize(doc: ComparisonResult): string {
  const total = bytes(doc);
  const differing = new Set([...Object.keys(doc.diff.changed), ...doc.diff.only_in_a, ...doc.diff.only_in_b]);
  const without = (variables: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(variables).filter(([name]) => !differing.has(name)));
  const differences =
    total -
    bytes({
      ...doc,
      run_a: { ...doc.run_a, variables: without(doc.run_a.variables) },
      run_b: { ...doc.run_b, variables: without(doc.run_b.variables) },
      diff: { ...doc.diff, changed: {}, only_in_a: [], only_in_b: [] },
    });
  const hints = total - bytes({ ...doc, analysis_hints: [] });
  const context = doc.context === undefined ? 0 : total - bytes({ ...doc, context: '' });
  return `it is still ${total} bytes without this note: the changed values and the names in one run only take ${differences}, the hints ${hints}, the context ${context}, the unchanged values and the rest ${total - differences - hints - context}`;
}
