// What `bpdiff locate` says first: where the two runs part ways (or that they did not), how to come
// back to that point with a comparison, and each run's stack there. Pure: a summary of the walk in,
// hint lines and context lines out (they lead the result document's own).
import type { RunDependentCall } from './run-dependent-calls.js';
import type { AddedLines, NoBreakReason, ReturnedApart, StackFrameSummary } from './types.js';
import { showValue, type RunLabels } from './hints.js';
import type { WalkLead } from './build-comparison.js';
import { functionName } from './function-name.js';
import { describeEndDifference, lastLineNotCompared, type EndSummary } from './end-hints.js';

/** Where a run stands at the end of the walk: a line of its code, or its end. */
export type RunStanding =
  | { kind: 'at'; file: string; line: number; name: string }
  | {
      kind: 'ended';
      how: string /** It did not end: its step did not come back within --timeout (these seconds). */;
      timedOut?: number;
      /** Where it last stood, when it went on alone to its end (through a loop of its own order). */
      lastAlone?: { file: string; line: number };
    };

export interface WalkSummary {
  /** `output`, `exit`: both runs ended, alike in every step compared, but wrote different output or ended differently (end-hints.ts). */
  kind: 'path' | 'values' | 'ended' | 'output' | 'exit' | 'return' | 'agreed';
  /** Steps compared, the last one included. */
  steps: number;
  /** Why an agreeing walk stopped. */
  agreedUntil?: 'end' | 'max-steps';
  maxSteps: number;
  /** The point to come back to (A's file and line, which pass through it, its function and which call). */
  point: { file: string; line: number; pass: number; name: string; call: number | null } | null;
  a: RunStanding;
  b: RunStanding;
  /** B's line in A's copy of its file (a path that parts), null when A's copy has no such line. */
  bInA?: number | null;
  /** Whether B stands in its own copy of A's file (a path that parts). */
  sameFile?: boolean;
  /** The values that differ at the last step (a value divergence), the first few. */
  changed: Array<{ name: string; a: string; b: string }>;
  /** How many values differ in all there. */
  changedCount: number;
  /** Names there in one run only (a value divergence), the first few of each. */
  onlyIn: { a: string[]; b: string[] };
  /** Where both stood the step before (a value divergence); `entered`: the function whose call from there the walk stopped in, at its first line. */
  before: { file: string; line: number; entered?: string; reads?: RunDependentCall[] } | null;
  /** Lines each run ran that the other's copy of the file does not have: not compared. */
  added: { a: AddedLines; b: AddedLines };
  /** Locals that differed before the program set them (C's uninitialised stack): not counted; how many, the first few. */
  unsetAside?: { count: number; first: string[] };
  /** Loops over a container each run goes through in its own order (a Go map), compared as a whole: how many, the first few, the lists they left reordered. */
  wholeLoops?: {
    count: number;
    first: Array<{ file: string; head: number; iterable: string; type: string }>;
    reordered: string[];
    bound: string[];
    lines: Array<{ file: string; head: number; iterable: string; type: string }>;
  };
  /** The command that compares the runs at the point again. */
  reproduce: string | null;
  /** How the runs' ends differ (kind `output` or `exit`, once both ended). */
  ending?: EndSummary;
  /** What each run wrote during the located line (kind `output`, found by the walk by effects), the stream that differs. */
  wrote?: { stream: 'stdout' | 'stderr'; a: string; b: string };
  /**
   * The value the located line returned in each run (kind `return`): the function's name, and where the
   * value's parts differ while the value's own text is alike (an object shown as `{ ... }`), which part
   * (`.y`, `['y']`) and its value in each run.
   */
  returned?: ReturnedApart;
  /** The function called from the located line whose lines all agreed (the walk by effects). */
  returnedFrom?: string;
  /** No value returned from that call was read, on an adapter that reads some: which it does not. */
  returnedUnread?: string;
  /** Why the runs were walked into every line though that was not asked (the adapter's definition). */
  everyLineWhy?: string;
  /** Why the adapter shows no value a function returned (its definition's locate.returned.unread; the walk by effects). */
  returnsUnread?: string;
  /** Which values returned the adapter leaves unread where it reads some (locate.returned.partly; the walk by effects). */
  returnsPartly?: string;
  /** A debugger that ended during a first walk, after which this one was made from the beginning: what ended, and how. */
  walkedAgainAfter?: string;
  /** How the walk went: by effects (lines stepped over, their effects compared; the default), or into every line. */
  mode?: 'effects' | 'every-line';
  /** Both runs ended after the last step: the values their last lines left were not compared (that step, when there was one). */
  lastLine?: { file: string; line: number } | null;
  stacks: [StackFrameSummary[], StackFrameSummary[]];
}

/** How the hint that holds the command to compare the runs again begins (the markdown writer shows that command as code). */
export const REPRODUCE_HINT = 'to compare the runs there again: ';

export function describeWalk(walk: WalkSummary, labels: RunLabels): WalkLead {
  const hints = [mainHint(walk, labels)];
  if (walk.kind === 'values' && walk.before !== null)
    hints.push(
      walk.before.entered === undefined
        ? `the step before, both runs were at ${walk.before.file}:${walk.before.line}`
        : `the step before, both runs were at ${walk.before.file}:${walk.before.line}, whose call entered ${callOf(functionName(walk.before.entered))} with these values: what differs is what that line passed it`,
    );
  const reads = walk.kind === 'values' && walk.before?.entered === undefined ? walk.before?.reads : undefined;
  if (reads !== undefined && reads.length > 0 && walk.before !== null)
    hints.push(runDependentHint(walk.before, reads, walk.changed[0]?.name));
  if (walk.returnedFrom !== undefined)
    hints.push(
      `the call of ${callOf(functionName(walk.returnedFrom))} on that line agreed in every line it ran${
        walk.returnsUnread !== undefined
          ? '; what differs is what the rest of the line did, or the value the call returned (not read on this adapter)'
          : walk.returnedUnread !== undefined
            ? `; what differs is what the rest of the line did, or the value the call returned, which was not read (${walk.returnedUnread})`
            : ' and in the value it returned; what differs is what the rest of the line did'
      }`,
    );
  if (walk.reproduce !== null && walk.kind !== 'agreed') hints.push(`${REPRODUCE_HINT}${walk.reproduce}`);
  // What a frame holds may differ by what a call on the line before returned, which this adapter does not show.
  if (walk.returnsUnread !== undefined && walk.kind === 'values')
    hints.push(
      `the value a function returns is not read on this adapter, only what the caller then holds: ${walk.returnsUnread}`,
    );
  // A value that differs right after a line, on an adapter that reads only some values returned (a struct on lldb-dap).
  else if (walk.returnsPartly !== undefined && walk.kind === 'values' && walk.returnedFrom === undefined)
    hints.push(
      `a value a function returns is read on this adapter only in part, else only what the caller then holds: ${walk.returnsPartly}`,
    );
  if (walk.everyLineWhy !== undefined)
    hints.push(`walked into every line, not by effects, as the adapter's definition asks: ${walk.everyLineWhy}`);
  if (walk.walkedAgainAfter !== undefined)
    hints.push(
      `this walk was made again from both programs' start: in the first, ${walk.walkedAgainAfter}; a program that runs another way each time may part elsewhere`,
    );
  if (walk.lastLine !== undefined) hints.push(lastLineNotCompared(walk.lastLine));
  for (const side of ['a', 'b'] as const) {
    const { count, first, more = false } = walk.added[side];
    if (count === 0) continue;
    const other = labels[side === 'a' ? 'b' : 'a'];
    const listed = first.map((line) => `${line.file}:${line.line}`).join(', ') + (more ? ', ...' : '');
    // Each line once; a line run again (a loop, a second call) counts its steps apart.
    const ran =
      count === first.length && !more
        ? plural(count, 'line')
        : `${more ? 'more than ' : ''}${plural(first.length, 'line')}`;
    const steps = count === first.length && !more ? '' : `, ${withCommas(count)} steps on them in all`;
    hints.push(
      `${labels[side]} also ran ${ran} that ${other}'s copy of the file does not have (${listed})${steps}: lines added in ${labels[side]}'s version, not compared`,
    );
  }
  const aside = walk.unsetAside;
  if (aside !== undefined && aside.count > 0) {
    const listed = aside.first.join(', ') + (aside.count > aside.first.length ? ', ...' : '');
    hints.push(
      `not counted as a divergence: ${plural(aside.count, 'local')} that differed before the program set ${aside.count === 1 ? 'it' : 'them'} (${listed}): an uninitialised local holds whatever the stack held, which differs when the runs' environments or paths differ in length`,
    );
  }
  if (walk.wholeLoops !== undefined) hints.push(...wholeLoopsHints(walk.wholeLoops));
  const how =
    walk.mode === 'effects'
      ? 'bpdiff walked two runs in lockstep, stepping over each line and comparing its effects (where each run went next, what its frame held, what it wrote), and stepping into a line only where its effects differed,'
      : 'bpdiff walked two runs line by line in lockstep, comparing where each stood and what its frame held,';
  const context = [
    walk.kind === 'agreed'
      ? `${how} and found no divergence in ${plural(walk.steps, 'step')}.`
      : (walk.kind === 'output' && walk.wrote === undefined) || walk.kind === 'exit'
        ? `${how} and found no divergence in ${plural(walk.steps, 'step')}; then both runs ended, and their ends differ: ${hints[0]}.`
        : `${how} and stopped at step ${walk.steps}, where they part ways: ${hints[0]}.`,
    ...(['a', 'b'] as const).flatMap((side, index) => {
      const stack = walk.stacks[index]!;
      return stack.length === 0
        ? []
        : [
            `Stack of ${labels[side]}: ${stack.map((frame) => `${frame.name || '?'} (${frame.file ?? '?'}:${frame.line})`).join(' <- ')}`,
          ];
    }),
  ];
  // The run that ended while the other went on reached the located line: its end is told here.
  const ended = walk.kind === 'ended' ? (['a', 'b'] as const).filter((side) => walk[side].kind === 'ended') : [];
  return { hints, context, ended, parted: walk.kind !== 'agreed' };
}

function mainHint(walk: WalkSummary, labels: RunLabels): string {
  const { a, b } = walk;
  switch (walk.kind) {
    case 'agreed':
      return walk.agreedUntil === 'max-steps'
        ? `no divergence in ${plural(walk.steps, 'step')} (--max-steps ${walk.maxSteps}: the walk stopped there)`
        : `no divergence in ${plural(walk.steps, 'step')}: both runs ended${a.kind === 'ended' && b.kind === 'ended' ? ` (${labels.a} ${a.how}; ${labels.b} ${b.how})` : ''}`;
    case 'ended': {
      const seconds = (['a', 'b'] as const).map((side) => {
        const standing = walk[side];
        return standing.kind === 'ended' ? standing.timedOut : undefined;
      });
      const stuck = (['a', 'b'] as const).filter((_side, index) => seconds[index] !== undefined);
      if (stuck.length > 0) {
        const who = stuck.length === 2 ? `neither ${labels.a} nor ${labels.b}` : labels[stuck[0]!];
        const last = walk.point === null ? 'its first step' : `${where(walk.point)}${about(walk.point, walk.steps)}`;
        return `the walk could not go on after ${last}: ${who} ${stuck.length === 2 ? 'came back from its next step' : 'did not come back from its next step'} within --timeout (${seconds.find((value) => value !== undefined)} s), so the runs were not compared to their end: no pass. A loop whose code stays on one line (\`while (1) { i++; }\`: the debugger steps until the line's code is left, which it never is) or a program that waits does this: walk from past it with --from FILE:LINE, or raise --timeout`;
      }
      const [ended, going, endedLabel, goingLabel] =
        a.kind === 'ended' ? [a, b, labels.a, labels.b] : [b, a, labels.b, labels.a];
      const after =
        walk.point === null ? 'before its first step' : `after ${where(walk.point)}${about(walk.point, walk.steps)}`;
      // Neither goes on (neither could be debugged): each run's end, no parting.
      if (a.kind === 'ended' && b.kind === 'ended')
        return `the walk ended ${after}: ${labels.a} ${a.how}; ${labels.b} ${b.how}`;
      const alone = ended.kind === 'ended' ? ended.lastAlone : undefined;
      const ends = alone === undefined ? 'ends there' : `goes on alone to ${alone.file}:${alone.line} and ends there`;
      return `the runs part ways ${after}: ${endedLabel} ${ends} (it ${ended.kind === 'ended' ? ended.how : 'ended'}) while ${goingLabel} goes on${going.kind === 'at' ? ` to ${going.file}:${going.line}` : ''}`;
    }
    case 'path': {
      if (a.kind !== 'at' || b.kind !== 'at') return 'the runs part ways';
      const inA =
        walk.bInA === undefined || walk.bInA === b.line
          ? ''
          : walk.bInA === null
            ? ` (a line ${labels.a}'s copy does not have)`
            : ` (line ${walk.bInA} in ${labels.a}'s copy)`;
      const point = walk.point;
      if (point === null || walk.steps <= 1)
        return `the runs part ways at their first step: ${labels.a} starts at ${a.file}:${a.line}, ${labels.b} at ${b.file}:${b.line}${inA}`;
      const aTo = a.file === point.file ? `line ${a.line}` : `${a.file}:${a.line}`;
      const bTo = a.file === point.file && walk.sameFile === true ? `line ${b.line}` : `${b.file}:${b.line}`;
      return `the runs part ways after ${where(point)}${about(point, walk.steps - 1)}: ${labels.a} goes on to ${aTo}, ${labels.b} to ${bTo}${inA}`;
    }
    case 'output':
      if (walk.wrote !== undefined && walk.point !== null)
        return `the runs part ways at ${where(walk.point)}${about(walk.point, walk.steps)}: during this line ${labels.a} wrote ${showWritten(walk.wrote.a)} to ${walk.wrote.stream} and ${labels.b} wrote ${showWritten(walk.wrote.b)}`;
      return walk.ending === undefined ? 'the runs ended apart' : describeEndDifference(walk.ending, labels);
    case 'return': {
      const returned = walk.returned;
      const what =
        returned === undefined
          ? 'the values they return differ'
          : returned.raised !== undefined
            ? leftHow(returned, labels)
            : `${callOf(returned.name)} returns ${returned.part === undefined ? '' : `a value whose ${returned.part} is `}${returned.a === null ? 'nothing' : showValue(returned.a)} in ${labels.a} and ${returned.b === null ? 'nothing' : showValue(returned.b)} in ${labels.b}`;
      return `the runs part ways at ${walk.point === null ? 'their first step' : `${where(walk.point)}${about(walk.point, walk.steps)}`}: ${what}`;
    }
    case 'exit':
      return walk.ending === undefined ? 'the runs ended apart' : describeEndDifference(walk.ending, labels);
    case 'values': {
      const first = walk.changed[0];
      const more =
        walk.changedCount > 1
          ? `; ${walk.changedCount - 1} more ${walk.changedCount === 2 ? 'value differs' : 'values differ'}`
          : '';
      const only = (['a', 'b'] as const)
        .filter((side) => walk.onlyIn[side].length > 0)
        .map(
          (side) =>
            `${walk.onlyIn[side].join(', ')} ${walk.onlyIn[side].length === 1 ? 'is' : 'are'} there in ${labels[side]} only`,
        );
      const what =
        first === undefined
          ? only.length > 0
            ? only.join('; ')
            : 'their values differ'
          : `${first.name} is ${showValue(first.a)} in ${labels.a} and ${showValue(first.b)} in ${labels.b}${more}`;
      return `the runs part ways at ${walk.point === null ? 'their first step' : `${where(walk.point)}${about(walk.point, walk.steps)}`}: ${what}`;
    }
  }
}

/** What a run wrote, quoted as JSON does (its newlines shown), or `nothing`. */
function showWritten(text: string): string {
  if (text === '') return 'nothing';
  const shown = text.length > 120 ? `${text.slice(0, 120)}...` : text;
  return JSON.stringify(shown);
}

function where(point: NonNullable<WalkSummary['point']>): string {
  return `${point.file}:${point.line}${point.name ? ` in ${callOf(functionName(point.name))}` : ''}`;
}

/** `(3rd call, 2nd time on this line; step 58)`. */
function about(point: NonNullable<WalkSummary['point']>, step: number): string {
  const parts = [
    point.call !== null && point.call > 1 ? `${ordinal(point.call)} call` : null,
    point.pass > 1 ? `${ordinal(point.pass)} time on this line` : null,
  ].filter((part) => part !== null);
  return ` (${parts.length > 0 ? `${parts.join(', ')}; ` : ''}step ${step})`;
}

/** `parse() raises KeyError('items') in A and returns [] in B`: how each run left the function, where an exception unwound it in one. */
function leftHow(returned: ReturnedApart, labels: RunLabels): string {
  const raised = returned.raised!;
  const value = (side: 'a' | 'b'): string => (returned[side] === null ? 'nothing' : showValue(returned[side]));
  const verb = (side: 'a' | 'b'): string => (raised[side] ? 'raises' : 'returns');
  // Both raised: the verb once.
  const inB = raised.a && raised.b ? value('b') : `${verb('b')} ${value('b')}`;
  return `${callOf(returned.name)} ${verb('a')} ${value('a')} in ${labels.a} and ${inB} in ${labels.b}`;
}

/** The loops a walk compared as a whole and why, and the lists it set aside as made in a container's own order. */
export function wholeLoopsHints(loops: NonNullable<WalkSummary['wholeLoops']>): string[] {
  const hints: string[] = [];
  const where = (loop: { file: string; head: number; iterable: string; type: string }): string =>
    `${loop.file}:${loop.head} over ${loop.iterable} (${loop.type})`;
  if (loops.first.length > 0) {
    const more = loops.count > 1 ? ` (${loops.count} times in all)` : '';
    const bound =
      loops.bound.length === 0
        ? ''
        : `; its own ${loops.bound.join(', ')}, still bound after it to another last element in each run, not counted apart until bound again`;
    hints.push(
      `compared as a whole, not pass by pass: the loop${loops.first.length > 1 ? 's' : ''} at ${loops.first.map(where).join(', ')}${more}, whose order is each run's own (the runs part ways inside it by that alone), so each run went through it alone and the walk compared them where they left it${bound}`,
    );
  }
  if (loops.reordered.length > 0) {
    const made = [
      ...(loops.first.length > 0 ? ['such a loop'] : []),
      ...loops.lines.map((line) => `the line ${line.file}:${line.head}, which reads ${line.iterable} (${line.type})`),
    ].join(', or ');
    hints.push(
      `not counted apart while they held the same elements in another order in each run: ${loops.reordered.join(', ')}, made in the order of a container each run goes through its own way (${made}); counted again once both runs held them alike`,
    );
  }
  return hints;
}

export function describeEnding(reason: NoBreakReason): string {
  switch (reason.kind) {
    case 'exited':
      return reason.exit_code === null ? 'ended' : `exited with code ${reason.exit_code}`;
    case 'exception':
      return `raised an uncaught ${reason.message}`;
    case 'signal':
      return `was killed by ${reason.signal}`;
    case 'timeout':
      return `ran out of time (${reason.seconds} s)`;
    case 'error':
      return `could not be debugged: ${reason.message}`;
    default:
      return reason.kind.replace('_', ' ');
  }
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function plural(n: number, word: string): string {
  return `${withCommas(n)} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * A whole number as toLocaleString('en-US') writes it (`12,345`), without it: its first call loads
 * the ICU locale data, 12 ms of every bpdiff run that says a count. Any other number, through it.
 */
export function withCommas(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return (n < 0 ? '-' : '') + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A function's name as a call: `total()`; a name that ends in its own parentheses (C++'s `operator()`) as it is. */
function callOf(name: string): string {
  return name.endsWith(')') ? name : `${name}()`;
}

/** `t.js:6 reads a clock (performance.now()), ...`: a line whose call differs in every run by nature, told where a walk's runs part right after it. */
function runDependentHint(
  line: { file: string; line: number },
  reads: readonly RunDependentCall[],
  changed: string | undefined,
): string {
  const what = (kind: RunDependentCall['kind']): string => {
    const calls = reads
      .filter((read) => read.kind === kind)
      .map((read) => read.call)
      .join(', ');
    return kind === 'clock'
      ? `reads a clock (${calls}), which reads differently in every run`
      : kind === 'random'
        ? `draws at random (${calls}), which differs in every run unless the program seeds it`
        : `calls ${calls}, which Python salts in every process for a str or bytes (--env PYTHONHASHSEED=0 makes it the same in both runs)`;
  };
  const kinds = [...new Set(reads.map((read) => read.kind))];
  const leave = changed === undefined ? '' : `: where that is all that differs, --ignore ${changed} leaves it out`;
  return `${line.file}:${line.line} ${kinds.map(what).join(' and ')}${leave}`;
}
