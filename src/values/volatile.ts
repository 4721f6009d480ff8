// Internals of values that no run means to compare, picked by the adapter's `volatile` rules on a
// variable's type or path: the testing package's bookkeeping in a Go `t`, a time.Time's monotonic
// reading, the bytes after a C string's NUL. A matching value is rewritten; its children that the
// rule does not keep are left out, with everything under them. Skipped with --raw-values, which
// shows them all.
import type { VolatileRule } from '../adapters/definition.js';
import { compareNames } from '../core/diff-variables.js';
import { setOwn } from '../core/own-record.js';
import { splitChildPath } from '../core/child-path.js';
import type { CapturedValues, ValueStep } from './types.js';

/** How many paths a note names before it counts the rest. */
const LISTED_PATHS = 3;

interface CompiledRule {
  rule: VolatileRule;
  type: RegExp | null;
  path: RegExp | null;
  parentValue: RegExp | null;
  pattern: RegExp | null;
  keep: Set<string> | null;
}

function compile(rule: VolatileRule): CompiledRule {
  const flags = rule.flags ?? 'g';
  return {
    rule,
    type: rule.type === undefined ? null : new RegExp(rule.type),
    path: rule.path === undefined ? null : new RegExp(rule.path),
    parentValue: rule.parent_value === undefined ? null : new RegExp(rule.parent_value),
    pattern: rule.pattern === undefined ? null : new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`),
    keep: rule.keep_children === undefined ? null : new Set(rule.keep_children),
  };
}

/** The values with the rules applied: what was rewritten joins `normalised`, what was left out is said in a note. */
export function applyVolatileRules(values: CapturedValues, rules: readonly VolatileRule[]): CapturedValues {
  if (rules.length === 0) return values;
  const compiled = rules.map(compile);
  const matching = new Map<string, CompiledRule[]>();
  const parentHolds = (pattern: RegExp, path: string): boolean => {
    const parent = splitChildPath(path)?.parent;
    return (
      parent !== undefined &&
      parent !== path &&
      Object.hasOwn(values.variables, parent) &&
      pattern.test(values.variables[parent]!)
    );
  };
  const rulesOf = (path: string): CompiledRule[] => {
    let found = matching.get(path);
    if (found === undefined) {
      const type = Object.hasOwn(values.types, path) ? values.types[path] : undefined;
      found = compiled.filter(
        (rule) =>
          (rule.type === null || (type !== undefined && rule.type.test(type))) &&
          (rule.path === null || rule.path.test(path)) &&
          (rule.parentValue === null || parentHolds(rule.parentValue, path)),
      );
      matching.set(path, found);
    }
    return found;
  };

  // Why each path is left out: the rule of the nearest container that drops it, and that container.
  const verdicts = new Map<string, { rule: CompiledRule; owner: string } | null>();
  const leftOut = (path: string): { rule: CompiledRule; owner: string } | null => {
    const known = verdicts.get(path);
    if (known !== undefined) return known;
    verdicts.set(path, null);
    let verdict: { rule: CompiledRule; owner: string } | null = null;
    const split = splitChildPath(path);
    // A rule that leaves its variables out themselves; else a container's that leaves its children out (a
    // container that was not captured itself, a cut, an adapter's own path, still leads up to one that was).
    const own = rulesOf(path).find((candidate) => candidate.rule.leave_out === true);
    if (own !== undefined) verdict = { rule: own, owner: path };
    else if (split !== null && split.parent !== path) {
      verdict = leftOut(split.parent);
      if (verdict === null) {
        const rule = rulesOf(split.parent).find(
          (candidate) => candidate.keep !== null && !candidate.keep.has(split.name),
        );
        if (rule !== undefined) verdict = { rule, owner: split.parent };
      }
    }
    verdicts.set(path, verdict);
    return verdict;
  };

  const variables: Record<string, string> = {};
  const types: Record<string, string> = {};
  const rewritten: string[] = [];
  const dropped = new Map<CompiledRule, { count: number; owners: Set<string> }>();
  for (const [path, value] of Object.entries(values.variables)) {
    const verdict = leftOut(path);
    if (verdict !== null) {
      const tally = dropped.get(verdict.rule) ?? { count: 0, owners: new Set<string>() };
      tally.count++;
      tally.owners.add(verdict.owner);
      dropped.set(verdict.rule, tally);
      continue;
    }
    const type = Object.hasOwn(values.types, path) ? values.types[path] : undefined;
    let next = value;
    for (const rule of rulesOf(path)) {
      if (rule.rule.replacement === undefined) continue;
      if (rule.pattern === null) {
        next = rule.rule.replacement.replaceAll('${type}', () => type ?? '');
      } else {
        // `$` in the type is a dollar sign, not a group reference: `$$` in a replacement.
        const replacement = rule.rule.replacement.replaceAll('${type}', () => (type ?? '').replaceAll('$', '$$$$'));
        next = next.replace(rule.pattern, replacement);
      }
    }
    setOwn(variables, path, next);
    if (type !== undefined) setOwn(types, path, type);
    if (next !== value) rewritten.push(path);
  }
  if (rewritten.length === 0 && dropped.size === 0) return values;

  const kept = (paths: string[]): string[] => paths.filter((path) => Object.hasOwn(variables, path));
  const notes = [...(values.notes ?? [])];
  if (dropped.size > 0)
    notes.push(
      describeLeftOut(
        compiled.filter((rule) => dropped.has(rule)).map((rule) => ({ what: rule.rule.what, ...dropped.get(rule)! })),
      ),
    );
  return {
    variables,
    types,
    truncated: kept(values.truncated),
    normalised: [...new Set([...kept(values.normalised), ...rewritten])].sort(compareNames),
    ...(values.unread ? { unread: kept(values.unread) } : {}),
    notes,
  };
}

/** "internals left out (--raw-values shows them): the testing package's bookkeeping, 40 values inside t and (*t).common; ..." */
export function describeLeftOut(
  groups: ReadonlyArray<{ what: string; count: number; owners: ReadonlySet<string> }>,
): string {
  const parts = groups.map(({ what, count, owners }) => {
    const sorted = [...owners].sort(compareNames);
    const named = sorted.slice(0, LISTED_PATHS);
    const rest = sorted.length - named.length;
    const inside =
      rest > 0
        ? `${named.join(', ')} and ${rest} more`
        : named.length > 1
          ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`
          : named[0]!;
    return `${what}, ${count} ${count === 1 ? 'value' : 'values'} inside ${inside}`;
  });
  return `internals left out (--raw-values shows them): ${parts.join('; ')}`;
}

export const volatileStep: ValueStep = {
  name: 'volatile internals',
  apply(values, context) {
    if (context.raw) return values;
    return applyVolatileRules(values, context.adapter?.definition.volatile ?? []);
  },
};
