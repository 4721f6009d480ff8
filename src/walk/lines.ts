// The lockstep walk of `bpdiff locate`: both runs go on one line of the user's code at a time, and at
// each step bpdiff compares where they stand (B's line read in A's copy of its file) and what their
// top frames hold (through the value pipeline, as a comparison compares them). The walk stops at the
// first step where either differs, where one run ends, at --max-steps, or when both runs have ended.
// Memory does not grow with the steps: only the step before is kept, and one counter per line and
// function reached.
import fs from 'node:fs';
import path from 'node:path';
import { interrupted } from '../errors.js';
import { ENTRY_LEVELS, entryFrameBelow, isEntryFunction } from './entry-frame.js';
import type { WalkRun } from './walk-run.js';
import { LineArrivals } from './line-arrivals.js';
import { Positions } from './positions.js';
import { UserCode } from './user-code.js';
import { UnsetLocals } from './unset-locals.js';
import { AddedDefinitions } from './added-definitions.js';
import type { ReturnedNames } from './returned-names.js';
import { leaveLoop, loopsOfBoth, placeOf, readByLine } from './whole-loops.js';
import {
  noteReadingLine,
  noteReordered,
  noteWholeLoop,
  noWholeLoops,
  saidLoops,
  stillIn,
  UnorderedLoops,
} from './unordered-loops.js';
import { advance, dapSource, stepOf } from './dap-source.js';
import type {
  AddedLines,
  Standing,
  Step,
  WalkedRun,
  WalkEnd,
  WalkOptions,
  WalkResume,
  WalkSource,
} from './line-walk-types.js';

export type {
  AddedLines,
  Standing,
  Step,
  StepValues,
  WalkedRun,
  WalkEnd,
  WalkOptions,
  WalkResume,
  WalkSource,
} from './line-walk-types.js';

/** How many added lines in a row a run may run before the walk takes them for a path of its own. */
const MOST_ADDED_IN_A_ROW = 1000;

const PROGRESS_EVERY_MS = 1000;

/** A run's standing with the values of its frame there (none for a run that ended). */
interface Arrived<V> {
  standing: Standing;
  values: V | null;
}

export async function walkLines(
  a: WalkedRun,
  b: WalkedRun,
  firstA: Standing,
  firstB: Standing,
  options: WalkOptions,
): Promise<WalkEnd> {
  return walkWith(dapSource(options.tolerance), a, b, firstA, firstB, options);
}

export async function walkWith<V>(
  source: WalkSource<V>,
  a: WalkedRun,
  b: WalkedRun,
  firstA: Standing,
  firstB: Standing,
  options: WalkOptions,
  resume?: WalkResume,
): Promise<WalkEnd<V>> {
  const positions = resume?.positions ?? new Positions(options.roots[0], options.roots[1]);
  // Each run reads its frame as soon as it has stopped, without waiting for the other.
  const read = async (walked: WalkedRun, standing: Standing): Promise<Arrived<V>> => ({
    standing,
    values: standing.kind === 'step' ? await source.read(walked, standing.step) : null,
  });
  const arrive = async (walked: WalkedRun): Promise<Arrived<V>> => read(walked, await source.advance(walked));
  let [arrivedA, arrivedB] = await Promise.all([read(a, firstA), read(b, firstB)]);
  if (!resume?.aligned && firstA.kind === 'step' && firstB.kind === 'step')
    positions.align(firstA.step.file, firstB.step.file);
  let before: WalkEnd<V>['before'] = null;
  const added = resume?.added ?? {
    a: { count: 0, first: [] as AddedLines['first'] },
    b: { count: 0, first: [] as AddedLines['first'] },
  };
  const unsetAside = { count: 0, first: [] as string[] };
  const unsetSeen = new Set<string>();
  let unsetAtLast: string[] = [];
  const inFrame: Array<{ step: Step; types: Record<string, string> } | undefined> = [];
  const wholeLoops = noWholeLoops();
  const withLoops = (end: WalkEnd<V>): WalkEnd<V> => ({ ...end, ...saidLoops(wholeLoops) });
  // The walk's end where both runs stand now.
  const endOf = (kind: WalkEnd['kind'], steps: number): WalkEnd<V> => ({
    kind,
    steps,
    a: arrivedA.standing,
    b: arrivedB.standing,
    valuesA: arrivedA.values,
    valuesB: arrivedB.values,
    before,
    added,
    unsetAside,
    unsetAtLast,
  });
  let lastSaid = Date.now();
  for (let steps = (resume?.steps ?? 0) + 1; ; steps++) {
    if (options.signal.aborted) throw interrupted();
    if (Date.now() - lastSaid >= PROGRESS_EVERY_MS) {
      lastSaid = Date.now();
      options.progress(steps - 1, arrivedA.standing.kind === 'step' ? arrivedA.standing.step : null);
    }
    // A line one run's version added (nothing in the other's copy to compare it with): that run goes on alone.
    for (
      let inARow = 0;
      inARow < MOST_ADDED_IN_A_ROW && arrivedA.standing.kind === 'step' && arrivedB.standing.kind === 'step';
      inARow++
    ) {
      const [atA, atB] = [at(arrivedA.standing.step), at(arrivedB.standing.step)];
      if (positions.place(atA, atB).same) break;
      const [addedA, addedB] = [positions.added('a', atA), positions.added('b', atB)];
      if (!addedA && !addedB) break;
      if (addedA) noteAdded(added.a, atA);
      if (addedB) noteAdded(added.b, atB);
      if (addedA) noteDefinitions(source, a, arrivedA.standing.step, arrivedA.values!, true);
      if (addedB) noteDefinitions(source, b, arrivedB.standing.step, arrivedB.values!, true);
      [arrivedA, arrivedB] = await Promise.all([addedA ? arrive(a) : arrivedA, addedB ? arrive(b) : arrivedB]);
    }
    const [standingA, standingB] = [arrivedA.standing, arrivedB.standing];
    if (standingA.kind === 'ended' || standingB.kind === 'ended') {
      // A run that ran out of time did not end (an endless loop, a wait): the walk did not reach both ends, and says so.
      const timedOut = [standingA, standingB].some(
        (standing) => standing.kind === 'ended' && standing.end.reason.kind === 'timeout',
      );
      const kind = standingA.kind === 'ended' && standingB.kind === 'ended' && !timedOut ? 'agreed' : 'ended';
      return withLoops({ ...endOf(kind, steps - 1), ...(kind === 'agreed' ? { agreedUntil: 'end' as const } : {}) });
    }
    const [valuesA, valuesB] = [arrivedA.values!, arrivedB.values!];
    noteDefinitions(source, a, standingA.step, valuesA, false);
    noteDefinitions(source, b, standingB.step, valuesB, false);
    const placed = positions.place(at(standingA.step), at(standingB.step));
    let counted = source.compare(
      { walked: a, step: standingA.step, values: valuesA },
      { walked: b, step: standingB.step, values: valuesB },
    );
    // A list the line just run made from a container of the run's own order (a HashMap's keys
    // collected) holds the same elements in another order: set aside until alike (order-taint.ts).
    const ranHere = inFrame[standingA.step.arrival.frame] ?? null;
    if (placed.same && counted.differ && ranHere !== null && source.loopLeft) {
      const read = readByLine(a, ranHere.step, standingA.step, ranHere.types);
      const left =
        read === null
          ? null
          : source.loopLeft(
              { walked: a, step: standingA.step, values: valuesA },
              { walked: b, step: standingB.step, values: valuesB },
              [],
            );
      if (read !== null && left !== null && left.reordered.length > 0) {
        noteReadingLine(wholeLoops, read);
        noteReordered(wholeLoops, left);
        counted = source.compare(
          { walked: a, step: standingA.step, values: valuesA },
          { walked: b, step: standingB.step, values: valuesB },
        );
      }
    }
    unsetAtLast = counted.unset;
    for (const name of counted.unset) noteUnset(unsetAside, unsetSeen, name);
    // Apart in a loop whose order is each run's own (a Go map): each run on alone to where it leaves
    // it, and the walk compares them there (whole-loops.ts).
    const loops =
      (!placed.same || counted.differ) && source.types !== undefined && source.loopLeft !== undefined
        ? loopsOfBoth(
            [a, b],
            [
              [{ place: placeOf(standingA), types: source.types(valuesA) }],
              [{ place: placeOf(standingB), types: source.types(valuesB) }],
            ],
          )
        : null;
    if (loops !== null) {
      const budget = options.maxSteps - steps;
      const [leftA, leftB] = await Promise.all([
        leaveLoop(standingA, loops[0], () => source.advance(a), budget),
        leaveLoop(standingB, loops[1], () => source.advance(b), budget),
      ]);
      noteWholeLoop(wholeLoops, loops[0].loop);
      steps += Math.max(leftA.moves, leftB.moves) - 1;
      [arrivedA, arrivedB] = await Promise.all([read(a, leftA.standing), read(b, leftB.standing)]);
      if (arrivedA.standing.kind === 'step' && arrivedB.standing.kind === 'step')
        noteReordered(
          wholeLoops,
          source.loopLeft!(
            { walked: a, step: arrivedA.standing.step, values: arrivedA.values! },
            { walked: b, step: arrivedB.standing.step, values: arrivedB.values! },
            loops[0].loop.targets,
          ),
        );
      if (!stillIn(placeOf(leftA.standing), loops[0]) && !stillIn(placeOf(leftB.standing), loops[1])) continue;
      return withLoops({ ...endOf('agreed', steps), agreedUntil: 'max-steps' });
    }
    if (!placed.same) return withLoops({ ...endOf('path', steps), bInA: placed.bInA, sameFile: placed.sameFile });
    if (counted.differ) return withLoops(endOf('values', steps));
    if (steps >= options.maxSteps) return withLoops({ ...endOf('agreed', steps), agreedUntil: 'max-steps' });
    before = { a: standingA.step, b: standingB.step, valuesA, valuesB };
    // The last step agreed in each frame of the stack (a line whose calls ran between it and the next step in its frame).
    // Only where the adapter names containers of the run's own order, with only their types: a few bytes a frame.
    if (a.loops?.any && source.types) {
      inFrame.length = standingA.step.arrival.frame;
      inFrame.push({ step: standingA.step, types: a.loops.ownOrderTypes(source.types(valuesA)) });
    }
    options.agreed?.(steps, standingA.step, standingB.step, added);
    [arrivedA, arrivedB] = await Promise.all([arrive(a), arrive(b)]);
  }
}

/**
 * Where a run stands once it stopped at the walk's start: that stop when it is on a line of the
 * user's code, else the next such line. `entry`: how it got there, for a stop that is not (a
 * function breakpoint's stop in C's main of a Rust program: let it run to the next breakpoint).
 * `entryFunctions`: the functions whose breakpoints started it (the definition's locate.entry): a
 * stop inside code inlined at one's start takes that function's file for the user's, and goes on by
 * steps (entry-frame.ts).
 */
export async function startOf(
  walked: WalkedRun,
  onBreakpoint: boolean,
  entryFunctions: readonly string[] = [],
  maxStarts = 8,
): Promise<Standing> {
  let stop = await walked.run.where();
  for (let tries = 1; ; tries++) {
    const below =
      entryFunctions.length > 0 && !isEntryFunction(stop.top.name, entryFunctions)
        ? entryFrameBelow(await walked.run.frames(ENTRY_LEVELS), entryFunctions)
        : null;
    // Where the program's own code starts (its main; --from's file) is the user's, wherever it lies.
    walked.code.enter(below === null ? stop.top : { path: below.file, name: below.name });
    const kind = walked.code.classify(stop.top.path);
    if (kind === 'counted') break;
    // The user's code that --within leaves out is walked through, into its calls: not stepped over.
    if (below !== null || kind === 'user' || !onBreakpoint || tries >= maxStarts) return advance(walked);
    const next = await walked.run.next();
    if (next.kind === 'no_break') return { kind: 'ended', end: next };
    stop = await walked.run.where();
  }
  return { kind: 'step', step: stepOf(walked, stop) };
}

/** A step's names, for the definitions a stretch of added lines makes (added-definitions.ts). */
function noteDefinitions<V>(source: WalkSource<V>, walked: WalkedRun, step: Step, values: V, added: boolean): void {
  const names = source.names;
  if (names === undefined) return;
  if (added) walked.defined.addedStep(step.arrival, () => names(values));
  else walked.defined.sharedStep(step.arrival, () => names(values));
}

export function at(step: Step): { file: string; line: number } {
  return { file: step.file, line: step.stop.top.line };
}

const ADDED_LISTED = 5;

const UNSET_LISTED = 5;
/** Names told apart for the count; past this many, each set-aside step counts once more (memory stays bounded). */
const UNSET_SEEN_MOST = 1000;

/** A name set aside: counted and listed once. */
function noteUnset(aside: { count: number; first: string[] }, seen: Set<string>, name: string): void {
  if (seen.has(name)) return;
  if (seen.size < UNSET_SEEN_MOST) seen.add(name);
  aside.count += 1;
  if (aside.first.length < UNSET_LISTED) aside.first.push(name);
}

export function noteAdded(lines: AddedLines, position: { file: string; line: number }): void {
  lines.count += 1;
  if (lines.first.some((listed) => listed.line === position.line && listed.file === position.file)) return;
  if (lines.first.length < ADDED_LISTED) lines.first.push(position);
  else lines.more = true;
}

/** A run ready to walk: what counts as its code (its folder, the folders of files its command names; --within) and fresh counters. */
export function walked(
  run: WalkRun,
  within: readonly string[],
  trueDepth: boolean,
  uninitialisedLocals = false,
  sourcePaths: readonly string[] = [],
  returned: ReturnedNames | null = null,
  unorderedTypes: readonly string[] = [],
): WalkedRun {
  const { cwd, argv } = run.spec;
  const named = argv
    .slice(1)
    .map((word) => path.resolve(cwd, word))
    .filter((file) => isFile(file))
    .map((file) => path.dirname(file));
  // The folders of sources the user named (--source-path) hold the user's code too.
  return {
    run,
    code: new UserCode([cwd, ...new Set([...named, ...sourcePaths])], within),
    arrivals: new LineArrivals(),
    trueDepth,
    unset: uninitialisedLocals ? new UnsetLocals() : null,
    defined: new AddedDefinitions(),
    returned,
    ...(unorderedTypes.length > 0 ? { loops: new UnorderedLoops(unorderedTypes.map((type) => new RegExp(type))) } : {}),
  };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
