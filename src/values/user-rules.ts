// The user's own value rules: `--ignore GLOB` drops variables by name (a team drops a timestamp or a
// random id it never means to compare), `--normalize 'REGEX=>REPLACEMENT'` rewrites values. Both are
// said in the capture's warnings, so the document says what was left out or changed.
import { setOwn } from '../core/own-record.js';
import { selfAndAncestors } from '../core/child-path.js';
import { globMatcher } from '../core/glob.js';
import { compileLinear, type LinearRegex } from '../core/linear-regex.js';
import { runInSlices, runToEnd } from '../core/slices.js';
import type { CapturedValues, ValueContext, ValueStep } from './types.js';

const MAX_NAMES_SAID = 10;

/** Whether a name, or one it lies under, matches one of the globs (--ignore's and --only's test, shared with a streamed walk's texts). */
export function nameMatcher(globs: readonly string[]): (name: string) => boolean {
  const patterns = globs.map((glob) => globMatcher(glob));
  return (name) => selfAndAncestors(name).some((candidate) => patterns.some((matches) => matches(candidate)));
}

/** The values whose names `keep` accepts, and the names it did not; `note` says it, given the counts. One item a yield (core/slices.ts). */
function* keepNames(
  values: CapturedValues,
  keep: (name: string) => boolean,
  note: (dropped: string[], kept: number) => string,
): Generator<void, CapturedValues> {
  const dropped: string[] = [];
  const variables: Record<string, string> = {};
  const types: Record<string, string> = {};
  for (const [name, value] of Object.entries(values.variables)) {
    yield;
    if (!keep(name)) {
      dropped.push(name);
      continue;
    }
    setOwn(variables, name, value);
    if (Object.hasOwn(values.types, name)) setOwn(types, name, values.types[name]!);
  }
  if (dropped.length === 0) return values;
  const kept = new Set(Object.keys(variables));
  return {
    ...values,
    variables,
    types,
    truncated: values.truncated.filter((name) => kept.has(name)),
    normalised: values.normalised.filter((name) => kept.has(name)),
    ...(values.unread ? { unread: values.unread.filter((name) => kept.has(name)) } : {}),
    notes: [...(values.notes ?? []), note(dropped, kept.size)],
  };
}

/** A step from its loop, written once (a generator, or null when it has nothing to do): run at once, or in time slices. */
function stepOf(
  name: string,
  work: (values: CapturedValues, context: ValueContext) => Generator<void, CapturedValues> | null,
): ValueStep {
  return {
    name,
    apply: (values, context) => {
      const loop = work(values, context);
      return loop === null ? values : runToEnd(loop);
    },
    applyInSlices: (values, context, slicer) => {
      const loop = work(values, context);
      return loop === null ? Promise.resolve(values) : runInSlices(loop, slicer);
    },
  };
}

const quoted = (globs: readonly string[]): string => globs.map((glob) => `'${glob}'`).join(' ');

export const ignoreStep: ValueStep = stepOf('ignoring', (values, context) => {
  const globs = context.ignore ?? [];
  if (globs.length === 0) return null;
  const ignored = nameMatcher(globs);
  return keepNames(
    values,
    (name) => !ignored(name),
    (dropped) => {
      const listed =
        dropped.slice(0, MAX_NAMES_SAID).join(', ') +
        (dropped.length > MAX_NAMES_SAID ? ` and ${dropped.length - MAX_NAMES_SAID} more` : '');
      return `${dropped.length} ${dropped.length === 1 ? 'variable was' : 'variables were'} left out by --ignore ${quoted(globs)}: ${listed}`;
    },
  );
});

/**
 * `--only GLOB` (repeatable): only the variables whose name (or a name they lie under) matches one
 * of the globs are kept, for a bounded answer about the names that matter. Said in a note, as
 * --ignore is.
 */
export const onlyStep: ValueStep = stepOf('only', (values, context) => {
  const globs = context.only ?? [];
  if (globs.length === 0) return null;
  return keepNames(
    values,
    nameMatcher(globs),
    (dropped, kept) =>
      `only the names matching --only ${quoted(globs)} were compared: ${kept} kept, ${dropped.length} left out`,
  );
});

export const userRewriteStep: ValueStep = stepOf('user rules', (values, context) => {
  // In linear time (core/linear-regex.ts): a user's pattern must not hold bpdiff up for minutes.
  const rules = (context.rewrites ?? []).map((rule) => ({
    regex: compileLinear(rule.pattern),
    replacement: rule.replacement,
  }));
  return rules.length === 0 ? null : rewriteValues(values, rules);
});

function* rewriteValues(
  values: CapturedValues,
  rules: ReadonlyArray<{ regex: LinearRegex; replacement: string }>,
): Generator<void, CapturedValues> {
  const variables: Record<string, string> = {};
  const changed: string[] = [];
  for (const [name, value] of Object.entries(values.variables)) {
    yield;
    const next = rules.reduce((current, rule) => rule.regex.replaceAll(current, rule.replacement), value);
    setOwn(variables, name, next);
    if (next !== value) changed.push(name);
  }
  if (changed.length === 0) return values;
  const listed =
    changed.slice(0, MAX_NAMES_SAID).join(', ') +
    (changed.length > MAX_NAMES_SAID ? ` and ${changed.length - MAX_NAMES_SAID} more` : '');
  const note = `--normalize rewrote ${changed.length} ${changed.length === 1 ? 'value' : 'values'}: ${listed}`;
  return { ...values, variables, notes: [...(values.notes ?? []), note] };
}
