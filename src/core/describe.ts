// The few phrases every writer and every summary shares, written once: the breakpoint as text and
// the counts sentence.
import type { Breakpoint, RunSide, VariableDiff } from './types.js';

export interface DiffCounts {
  changed: number;
  unchanged: number;
  only_in_a: number;
  only_in_b: number;
}

export function countDiff(diff: VariableDiff): DiffCounts {
  return {
    changed: Object.keys(diff.changed).length,
    unchanged: diff.unchanged.length,
    only_in_a: diff.only_in_a.length,
    only_in_b: diff.only_in_b.length,
  };
}

/** `file:line`, then ` if cond` (the condition in backticks with `quoteCondition`, for prose). */
export function describeBreakpoint(bp: Breakpoint, options: { quoteCondition?: boolean } = {}): string {
  if (bp.condition === undefined) return `${bp.file}:${bp.line}`;
  return `${bp.file}:${bp.line} if ${options.quoteCondition ? `\`${bp.condition}\`` : bp.condition}`;
}

/** `2 changed, 5 unchanged, 0 only in A, 1 only in B` (`2 variables changed, ...` with `noun`). */
export function describeCounts(
  counts: DiffCounts,
  labels: Record<RunSide, string>,
  options: { noun?: boolean } = {},
): string {
  const changed = options.noun ? plural(counts.changed, 'variable') : String(counts.changed);
  return `${changed} changed, ${counts.unchanged} unchanged, ${counts.only_in_a} only in ${labels.a}, ${counts.only_in_b} only in ${labels.b}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
