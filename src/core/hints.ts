// Each finding as one plain sentence, naming the runs by their labels. The wording lives here only.
import type { Breakpoint, NoBreakReason, RunCapture, RunSide } from './types.js';
import type { ChildrenCut, Finding } from './findings.js';
import { formatNumber, type NumberChange } from './numbers.js';
import { describeBreakpoint, describeCounts, plural } from './describe.js';
import { withLastWords } from './last-words.js';
import { describeClocks } from './clocks.js';

export interface RunLabels {
  a: string;
  b: string;
}

/** Values longer than this are shortened inside a hint (the diff itself always holds them whole). */
export const MAX_HINT_VALUE_LENGTH = 120;

export function renderHints(findings: readonly Finding[], labels: RunLabels): string[] {
  return findings.map((finding) => renderHint(finding, labels));
}

/** How a hint is written: `valueLength`, the longest value it shows whole (a bounded document's hints show less). */
export interface HintOptions {
  valueLength?: number;
}

export function renderHint(finding: Finding, labels: RunLabels, options: HintOptions = {}): string {
  const label = (side: RunSide): string => labels[side];
  const show = (value: string): string => showValue(value, options.valueLength);
  switch (finding.kind) {
    case 'breakpoint_mismatch':
      return `The captures were taken at different breakpoints: ${label('a')} at ${describeBreakpoint(finding.a, { quoteCondition: true })}, ${label('b')} at ${describeBreakpoint(finding.b, { quoteCondition: true })}.`;
    case 'no_break':
      return describeNoBreak(
        label(finding.side),
        finding.reason,
        finding.breakpoint,
        finding.exit_code,
        finding.hits,
        finding.stderr_tail,
      );
    case 'moved': {
      const who =
        finding.sides.length === 2 ? `In both ${label('a')} and ${label('b')}` : `In ${label(finding.sides[0]!)}`;
      return `${who} the debugger moved the breakpoint from line ${finding.requested_line} to line ${finding.bound_line}, so the variables are those at line ${finding.bound_line} (use --exact-line to refuse a moved breakpoint).`;
    }
    case 'nothing_compared':
      if (finding.stopped === null)
        return `Neither ${label('a')} nor ${label('b')} stopped at the breakpoint, so no variables were compared.`;
      return `Only ${label(finding.stopped)} stopped at the breakpoint, so its ${plural(finding.variables, 'variable')} ${finding.variables === 1 ? 'has' : 'have'} nothing to be compared with.`;
    case 'identical':
      if (finding.variables === 0) {
        const verdict =
          finding.exit_code === 0
            ? 'so these values pass nothing (the exit status, 0, comes from --fail-on or the walk, not from them)'
            : 'so this is no pass (exit 1)';
        return `Nothing was compared: both runs stopped at the breakpoint, but neither read a variable there, ${verdict}. A debugger that cannot read this language's variables reads none: try another with --adapter.`;
      }
      if (finding.not_compared !== undefined) {
        return `No differences among the values compared: ${finding.variables === 1 ? 'the only one is' : `all ${finding.variables} are`} identical in ${label('a')} and ${label('b')}, but ${plural(finding.not_compared, 'value')} could not be compared.`;
      }
      return `No differences: ${finding.variables === 1 ? 'the only variable is' : `all ${finding.variables} variables are`} identical in ${label('a')} and ${label('b')}.`;
    case 'counts':
      return `${describeCounts(finding, labels, { noun: true })}.`;
    case 'type_changed': {
      const base = `${finding.name} changed type from ${finding.type_a} in ${label('a')} to ${finding.type_b} in ${label('b')}: ${show(finding.a)} in ${label('a')}, ${show(finding.b)} in ${label('b')}`;
      const change = finding.number === null ? '' : describeNumberChangeShort(finding.number);
      return `${base}${change === '' ? '' : ` (${change})`}.`;
    }
    case 'null_changed': {
      const nullSide = finding.null_side;
      const valueSide: RunSide = nullSide === 'a' ? 'b' : 'a';
      const nullWord = (nullSide === 'a' ? finding.a : finding.b).trim();
      return `${finding.name} is ${show(finding.a)} in ${label('a')} and ${show(finding.b)} in ${label('b')} (${nullWord} in ${label(nullSide)}, a value in ${label(valueSide)}).`;
    }
    case 'number_changed': {
      const change = describeNumberChangeShort(finding.change);
      return `${finding.name} is ${show(finding.a)} in ${label('a')} and ${show(finding.b)} in ${label('b')}${change === '' ? '' : ` (${change})`}.`;
    }
    case 'value_changed':
      return `${finding.name} is ${show(finding.a)} in ${label('a')} and ${show(finding.b)} in ${label('b')}.`;
    case 'more_changed':
      return `And ${plural(finding.count, 'more changed variable')} (see diff.changed).`;
    case 'only_in':
      return `Only in ${label(finding.side)} (${finding.names.length + finding.more}): ${listNames(finding.names, finding.more)}.`;
    case 'not_compared': {
      const other: RunSide = finding.side === 'a' ? 'b' : 'a';
      const count = finding.names.length + finding.more;
      const under = listNames(finding.parents.slice(0, 5), Math.max(0, finding.parents.length - 5));
      const why =
        finding.reason === 'cut'
          ? `read only some of the children of ${under} (--max-children), which need not be the same ones in each run`
          : `did not read the children of ${under}`;
      return `${plural(count, 'value')} of ${label(finding.side)} under ${under} ${count === 1 ? 'was' : 'were'} not compared (${listNames(finding.names, finding.more)}): ${label(other)} ${why}, so they are unknown there, not missing.`;
    }
    case 'unkeyed': {
      const count = finding.names.length + finding.more;
      return `${plural(count, 'value')} could not be compared, neither counted as identical nor as changed (${listNames(finding.names, finding.more)}): ${count === 1 ? 'its secret was' : 'their secrets were'} redacted under another key in ${label('a')} than in ${label('b')} (a baseline recorded under CI's BPDIFF_REDACT_KEY, checked without it: a pull request from a fork gets no secrets). Set BPDIFF_REDACT_KEY to the key the baseline was recorded with, or re-record the baseline under this key (bpdiff check -u).`;
    }
    case 'clock':
      return describeClocks(finding);
    case 'opaque': {
      const count = finding.values.length + finding.more;
      const listed = finding.values.map((value) => `${value.name} (${show(value.text)})`).join(', ');
      const which = `${listed}${finding.more > 0 ? ` and ${finding.more} more` : ''}`;
      return `${count === 1 ? `${which} was` : `${count} values were`} not compared${count === 1 ? '' : ` (${which})`}: the debugger shows only ${count === 1 ? 'its' : 'their'} type and address in both ${label('a')} and ${label('b')}, not ${count === 1 ? 'its' : 'their'} contents (a type it has no formatter for, or a value at the --depth limit: raise --depth).`;
    }
    case 'unreadable': {
      const who =
        finding.sides.length === 2 ? `In both ${label('a')} and ${label('b')}` : `In ${label(finding.sides[0]!)}`;
      const count = finding.values.length + finding.more;
      const timedOut = finding.values.some((value) => value.text.startsWith('<timed out'));
      const raise = timedOut ? ' (raise --value-timeout to wait longer)' : '';
      if (count === 1)
        return `${who}, the debugger could not show ${finding.values[0]!.name}: it reads ${show(finding.values[0]!.text)}${raise}.`;
      const listed = finding.values.map((value) => `${value.name} ${show(value.text)}`).join(', ');
      return `${who}, the debugger could not show ${count} values: ${listed}${finding.more > 0 ? ` and ${finding.more} more` : ''}${raise}.`;
    }
    case 'truncated': {
      const count = finding.names.length + finding.more;
      const one = count === 1;
      const who =
        finding.sides.length === 2 ? `In both ${label('a')} and ${label('b')}` : `In ${label(finding.sides[0]!)}`;
      const raise = '(raise --max-value-length, --max-children, --max-variables or --depth to see more)';
      const cut = `${who}, ${listNames(finding.names, finding.more)} ${one ? 'was' : 'were'} cut at the capture limits, so only ${one ? 'its captured part was' : 'their captured parts were'} compared`;
      if (finding.unchanged.length === 0) return `${cut} ${raise}.`;
      if (finding.unchanged.length === count)
        return `${cut}; ${one ? 'it is' : 'all are'} identical only as far as captured ${raise}.`;
      const caveat = `${listNames(finding.unchanged.slice(0, 5), Math.max(0, finding.unchanged.length - 5))} ${finding.unchanged.length === 1 ? 'is' : 'are'} identical only as far as captured`;
      return `${cut}; ${caveat} ${raise}.`;
    }
    case 'normalised':
      return `In ${label(finding.side)}, run-dependent parts (addresses, ids, the run's own paths, runtime internals) were replaced in ${listNames(finding.names, finding.more)} so they compare equal across runs (use --raw-values to keep them).`;
    case 'warning':
      return `${finding.sides.map(label).join(' and ')}: ${finding.message}`;
  }
}

/** How many cut containers a warning names one by one before it counts the rest. */
export const MAX_LISTED_CUTS = 5;

/**
 * What reading a frame left out, as the capture's warnings: a sentence for each container cut at
 * --max-children or whose children failed or timed out (the first few, then a count), one for the
 * cut at --max-variables and one for the run's --timeout. `variables` is how many were captured.
 */
export function describeCuts(cuts: readonly ChildrenCut[], variables: number): string[] {
  const warnings: string[] = [];
  const ofKind = <K extends ChildrenCut['kind']>(kind: K): Array<Extract<ChildrenCut, { kind: K }>> =>
    cuts.filter((cut): cut is Extract<ChildrenCut, { kind: K }> => cut.kind === kind);

  const wide = ofKind('max_children');
  for (const cut of wide.slice(0, MAX_LISTED_CUTS)) {
    const shown =
      cut.total === null
        ? `the first ${cut.shown} children shown, more not read`
        : `${cut.shown} of ${cut.total} children shown`;
    warnings.push(
      `${cut.path}: ${shown} (--max-children ${cut.limit}); the rest are not compared (raise --max-children to see them).`,
    );
  }
  if (wide.length > MAX_LISTED_CUTS) {
    const rest = wide.slice(MAX_LISTED_CUTS);
    warnings.push(
      `And ${plural(rest.length, 'more container')} cut at --max-children ${rest[0]!.limit}: ${listNames(
        rest.slice(0, 3).map((cut) => cut.path),
        rest.length - Math.min(3, rest.length),
      )}.`,
    );
  }

  for (const kind of ['timed_out', 'failed'] as const) {
    const failures = ofKind(kind);
    for (const cut of failures.slice(0, MAX_LISTED_CUTS)) {
      const what =
        cut.where === 'frame'
          ? "the frame's scopes"
          : cut.where === 'scope'
            ? `the scope '${cut.path}'`
            : `the children of ${cut.path}`;
      const how =
        cut.kind === 'timed_out'
          ? ` timed out after ${formatNumber(cut.seconds)} s`
          : ` failed: ${oneLine(cut.message).replace(/\.$/, '')}`;
      const lost =
        cut.where === 'frame'
          ? 'no variables were captured'
          : cut.where === 'scope'
            ? 'its variables are missing'
            : 'its own value is kept, its children are not compared';
      const hint = cut.kind === 'timed_out' ? ' (raise --value-timeout)' : '';
      warnings.push(`Reading ${what}${how}: ${lost}${hint}.`);
    }
    if (failures.length > MAX_LISTED_CUTS) {
      const rest = failures.slice(MAX_LISTED_CUTS).map((cut) => cut.path);
      warnings.push(
        `And reading the children of ${plural(rest.length, 'more container')} ${kind === 'timed_out' ? 'timed out' : 'failed'}: ${listNames(rest.slice(0, 3), rest.length - Math.min(3, rest.length))}.`,
      );
    }
  }

  const full = ofKind('max_variables');
  if (full.length > 0) {
    const parts: string[] = [];
    const partial = full.filter((cut) => cut.shown > 0);
    for (const cut of partial)
      parts.push(
        `${placeName(cut)}: ${cut.shown} of ${cut.total ?? 'more'} ${cut.where === 'scope' ? 'variables' : 'children'} shown`,
      );
    const unread = full.filter((cut) => cut.shown === 0).map(placeName);
    if (unread.length > 0)
      parts.push(
        `the children of ${listNames(unread.slice(0, 3), unread.length - Math.min(3, unread.length))} not read`,
      );
    warnings.push(
      `Reading stopped at --max-variables ${full[0]!.limit}, so the comparison does not cover the rest: ${parts.join('; ')} (raise --max-variables, or lower --depth or --max-children to see a smaller part in full).`,
    );
  }

  const late = ofKind('deadline');
  if (late.length > 0) {
    if (late.some((cut) => cut.where === 'frame')) {
      warnings.push(
        `Reading stopped at the run's --timeout before the frame's scopes were read: no variables were captured (raise --timeout).`,
      );
    } else {
      const names = late.map(placeName);
      warnings.push(
        `Reading stopped at the run's --timeout after ${plural(variables, 'variable')}: the children of ${listNames(names.slice(0, 3), names.length - Math.min(3, names.length))} were not read (raise --timeout).`,
      );
    }
  }
  return warnings;
}

function placeName(cut: { path: string; where: 'value' | 'scope' | 'frame' }): string {
  return cut.where === 'scope' ? `scope '${cut.path}'` : cut.path;
}

function describeCondition(bp: Breakpoint): string {
  return bp.condition === undefined ? 'the condition' : `the condition \`${bp.condition}\``;
}

/**
 * Why a run that did not stop at the breakpoint did not, in one sentence; or, for a run a walk saw
 * reach the line and end there (bpdiff locate: the comparison's findings then hold no no_break for
 * it), where it ended.
 */
export function describeRunEnd(side: RunSide, capture: RunCapture, findings: readonly Finding[]): string {
  if (!findings.some((finding) => finding.kind === 'no_break' && finding.side === side)) {
    return `${capture.run.label} ended at ${capture.run.location.file}:${capture.run.location.line}, as the walk above says`;
  }
  return describeCaptureNoBreak(capture);
}

/** Why a captured run did not stop (describeNoBreak, from what its capture holds). */
export function describeCaptureNoBreak(capture: RunCapture, label: string = capture.run.label): string {
  return describeNoBreak(
    label,
    capture.no_break_reason,
    capture.breakpoint,
    capture.exit_code,
    capture.hits,
    capture.output.stderr_tail,
  );
}

/** Why a run did not stop, and, when a walk over its hits ran out of them, how many times it did stop. */
export function describeNoBreak(
  label: string,
  reason: NoBreakReason | null,
  breakpoint: Breakpoint,
  exitCode: number | null,
  hits?: RunCapture['hits'],
  stderrTail = '',
): string {
  const why = withLastWords(describeNoBreakReason(label, reason, breakpoint, exitCode), reason, exitCode, stderrTail);
  if (!hits || hits.captured !== null) return why;
  const times = `${hits.seen} ${hits.seen === 1 ? 'time' : 'times'}`;
  return hits.wanted !== null
    ? `${why} It stopped there ${times}, fewer than --hit ${hits.wanted}.`
    : `${why} It stopped there ${times}.`;
}

function describeNoBreakReason(
  label: string,
  reason: NoBreakReason | null,
  breakpoint: Breakpoint,
  exitCode: number | null,
): string {
  const where = `${breakpoint.file}:${breakpoint.line}`;
  const conditionNote =
    breakpoint.condition === undefined ? '' : ` (or ${describeCondition(breakpoint)} was never true)`;
  if (reason === null) {
    const code = exitCode === null ? '' : `; it exited with code ${exitCode}`;
    return `${label} did not stop at ${where}, for a reason the debugger did not report${code}.`;
  }
  switch (reason.kind) {
    case 'exited': {
      const code = reason.exit_code ?? exitCode;
      const how = code === null ? 'ran to its end' : `exited with code ${code}`;
      const bound = reason.never_bound
        ? ': the debugger never bound the breakpoint, no code it loaded is at that line (a class or script never loaded, or a file not built into the program; where the copy of the file this run uses has another name or folder, give its line with --bp-a or --bp-b FILE:LINE)'
        : conditionNote;
      return `${label} ${how} without reaching ${where}${bound}.`;
    }
    case 'exception':
      return `${label} stopped with an uncaught exception before reaching ${where}: ${oneLine(reason.message)}`;
    case 'signal':
      return `${label} was killed by ${reason.signal} before reaching ${where}${reason.message === '' ? '.' : `: ${oneLine(reason.message)}`}`;
    case 'timeout':
      return reason.phase === 'build'
        ? `${label} timed out after ${formatNumber(reason.seconds)} s while building the program, before it ran (raise --timeout).`
        : `${label} timed out after ${formatNumber(reason.seconds)} s running without reaching ${where} (raise --timeout if it is just slow).`;
    case 'condition_error':
      return `In ${label} ${describeCondition(breakpoint)} could not be evaluated, so the breakpoint never stopped: ${oneLine(reason.message)}`;
    case 'unbound': {
      if (reason.nearest === undefined || reason.nearest.length === 0)
        return `In ${label} the debugger could not set a breakpoint at ${where}: ${oneLine(reason.message)}`;
      const lines =
        reason.nearest.length === 1
          ? `the nearest line with code is ${reason.nearest[0]}`
          : `the nearest lines with code are ${reason.nearest.join(' and ')}`;
      return `In ${label} there is no code on ${where} for the debugger to stop at; ${lines} (${oneLine(reason.message).replace(/\.$/, '')}).`;
    }
    case 'moved':
      return `${label} was not let stop at line ${reason.bound_line}: the debugger moved the breakpoint there from line ${breakpoint.line}, and --exact-line refuses a moved breakpoint.`;
    case 'error':
      return `${label} could not be debugged: ${oneLine(reason.message)}`;
    default:
      return assertNever(reason);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

/** `up 0.9, 10x` / `down 30, -25%` / `now NaN`. Empty when there is nothing useful to add. */
export function describeNumberChangeShort(change: NumberChange): string {
  switch (change.kind) {
    case 'equal_value':
      return 'numerically equal, written differently';
    case 'became_nan':
      return 'now NaN';
    case 'was_nan':
      return 'was NaN';
    case 'both_nan':
      return 'NaN in both, written differently';
    case 'became_infinite':
      return 'now infinite';
    case 'was_infinite':
      return 'was infinite';
    case 'both_infinite':
      return 'infinite with the opposite sign';
    case 'delta': {
      const moved = `${change.direction} ${change.delta}`;
      if (change.from_zero) return `${moved}, from 0`;
      if (change.sign_changed) return `${moved}, sign changed`;
      if (change.factor !== null) return `${moved}, ${formatFactor(change.factor)}`;
      if (change.percent !== null) return `${moved}, ${formatPercent(change.percent)}`;
      return moved;
    }
  }
}

function formatFactor(factor: number): string {
  if (factor >= 10) return `${Math.round(factor)}x`;
  return `${Number(factor.toFixed(1))}x`;
}

function formatPercent(percent: number): string {
  const sign = percent > 0 ? '+' : '-';
  const size = Math.abs(percent);
  const text =
    size >= 100
      ? String(Math.round(size))
      : size >= 0.1
        ? String(Number(size.toFixed(1)))
        : String(Number(size.toPrecision(2)));
  return `${sign}${text}%`;
}

/** A value as it appears inside a sentence: whole when short, else its start and its length (`length`, MAX_HINT_VALUE_LENGTH by default). */
export function showValue(value: string, length = MAX_HINT_VALUE_LENGTH): string {
  const flat = value.replace(/\s*\n\s*/g, ' ');
  if (flat.length <= length) return flat;
  return `${flat.slice(0, length)}… (${value.length} chars)`;
}

function listNames(names: readonly string[], more: number): string {
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

function oneLine(message: string): string {
  const flat = message.trim().replace(/\s*\n\s*/g, ' ');
  return /[.!?]$/.test(flat) ? flat : `${flat}.`;
}
