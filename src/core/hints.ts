// Each finding as one plain sentence, naming the runs by their labels. The wording lives here only.
import type { Breakpoint, NoBreakReason, RunSide } from './types.js';
import { formatNumber, type Finding, type NumberChange } from './findings.js';
import { describeBreakpoint, describeCounts, plural } from './describe.js';

export interface RunLabels {
  a: string;
  b: string;
}

/** Values longer than this are shortened inside a hint (the diff itself always holds them whole). */
export const MAX_HINT_VALUE_LENGTH = 120;

export function renderHints(findings: readonly Finding[], labels: RunLabels): string[] {
  return findings.map((finding) => renderHint(finding, labels));
}

export function renderHint(finding: Finding, labels: RunLabels): string {
  const label = (side: RunSide): string => labels[side];
  switch (finding.kind) {
    case 'breakpoint_mismatch':
      return `The captures were taken at different breakpoints: ${label('a')} at ${describeBreakpoint(finding.a, { quoteCondition: true })}, ${label('b')} at ${describeBreakpoint(finding.b, { quoteCondition: true })}.`;
    case 'no_break':
      return describeNoBreak(label(finding.side), finding.reason, finding.breakpoint, finding.exit_code);
    case 'moved': {
      const who = finding.sides.length === 2 ? `In both ${label('a')} and ${label('b')}` : `In ${label(finding.sides[0]!)}`;
      return `${who} the debugger moved the breakpoint from line ${finding.requested_line} to line ${finding.bound_line}, so the variables are those at line ${finding.bound_line} (use --exact-line to refuse a moved breakpoint).`;
    }
    case 'nothing_compared':
      if (finding.stopped === null) return `Neither ${label('a')} nor ${label('b')} stopped at the breakpoint, so no variables were compared.`;
      return `Only ${label(finding.stopped)} stopped at the breakpoint, so its ${plural(finding.variables, 'variable')} ${finding.variables === 1 ? 'has' : 'have'} nothing to be compared with.`;
    case 'identical':
      if (finding.variables === 0) return `No differences: both runs stopped at the breakpoint and neither has any visible variables.`;
      return `No differences: ${finding.variables === 1 ? 'the only variable is' : `all ${finding.variables} variables are`} identical in ${label('a')} and ${label('b')}.`;
    case 'counts':
      return `${describeCounts(finding, labels, { noun: true })}.`;
    case 'type_changed': {
      const base = `${finding.name} changed type from ${finding.type_a} in ${label('a')} to ${finding.type_b} in ${label('b')}: ${showValue(finding.a)} in ${label('a')}, ${showValue(finding.b)} in ${label('b')}`;
      const change = finding.number === null ? '' : describeNumberChangeShort(finding.number);
      return `${base}${change === '' ? '' : ` (${change})`}.`;
    }
    case 'null_changed': {
      const nullSide = finding.null_side;
      const valueSide: RunSide = nullSide === 'a' ? 'b' : 'a';
      const nullWord = (nullSide === 'a' ? finding.a : finding.b).trim();
      return `${finding.name} is ${showValue(finding.a)} in ${label('a')} and ${showValue(finding.b)} in ${label('b')} (${nullWord} in ${label(nullSide)}, a value in ${label(valueSide)}).`;
    }
    case 'number_changed': {
      const change = describeNumberChangeShort(finding.change);
      return `${finding.name} is ${showValue(finding.a)} in ${label('a')} and ${showValue(finding.b)} in ${label('b')}${change === '' ? '' : ` (${change})`}.`;
    }
    case 'value_changed':
      return `${finding.name} is ${showValue(finding.a)} in ${label('a')} and ${showValue(finding.b)} in ${label('b')}.`;
    case 'more_changed':
      return `And ${plural(finding.count, 'more changed variable')} (see diff.changed).`;
    case 'only_in':
      return `Only in ${label(finding.side)} (${finding.names.length + finding.more}): ${listNames(finding.names, finding.more)}.`;
    case 'truncated': {
      const caveat = finding.unchanged.length > 0
        ? `; ${listNames(finding.unchanged.slice(0, 5), Math.max(0, finding.unchanged.length - 5))} ${finding.unchanged.length === 1 ? 'is' : 'are'} identical only as far as captured`
        : '';
      return `In ${label(finding.side)}, ${listNames(finding.names, finding.more)} ${finding.names.length + finding.more === 1 ? 'was' : 'were'} cut at the capture limits${caveat} (raise --max-value-length, --max-children or --depth to see more).`;
    }
    case 'normalised':
      return `In ${label(finding.side)}, run-dependent parts (addresses, ids) were replaced in ${listNames(finding.names, finding.more)} so they compare equal across runs (use --raw-values to keep them).`;
    case 'warning':
      return `${label(finding.side)}: ${finding.message}`;
  }
}

function describeCondition(bp: Breakpoint): string {
  return bp.condition === undefined ? 'the condition' : `the condition \`${bp.condition}\``;
}

/** Why a run did not stop, as one sentence. */
export function describeNoBreak(label: string, reason: NoBreakReason | null, breakpoint: Breakpoint, exitCode: number | null): string {
  const where = `${breakpoint.file}:${breakpoint.line}`;
  const conditionNote = breakpoint.condition === undefined ? '' : ` (or ${describeCondition(breakpoint)} was never true)`;
  if (reason === null) {
    const code = exitCode === null ? '' : `; it exited with code ${exitCode}`;
    return `${label} did not stop at ${where}, for a reason the debugger did not report${code}.`;
  }
  switch (reason.kind) {
    case 'exited': {
      const code = reason.exit_code ?? exitCode;
      const how = code === null ? 'ran to its end' : `exited with code ${code}`;
      return `${label} ${how} without reaching ${where}${conditionNote}.`;
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
    case 'unbound':
      return `In ${label} the debugger could not set a breakpoint at ${where}: ${oneLine(reason.message)}`;
    case 'moved':
      return `${label} did not stop: the debugger moved the breakpoint from line ${breakpoint.line} to line ${reason.bound_line} and --exact-line refuses a moved breakpoint.`;
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
  const text = size >= 100 ? String(Math.round(size)) : size >= 0.1 ? String(Number(size.toFixed(1))) : String(Number(size.toPrecision(2)));
  return `${sign}${text}%`;
}

/** A value as it appears inside a sentence: whole when short, else its start and its length. */
export function showValue(value: string): string {
  const flat = value.replace(/\s*\n\s*/g, ' ');
  if (flat.length <= MAX_HINT_VALUE_LENGTH) return flat;
  return `${flat.slice(0, MAX_HINT_VALUE_LENGTH)}… (${value.length} chars)`;
}

function listNames(names: readonly string[], more: number): string {
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

function oneLine(message: string): string {
  const flat = message.trim().replace(/\s*\n\s*/g, ' ');
  return /[.!?]$/.test(flat) ? flat : `${flat}.`;
}
