// The walk by effects of `bpdiff locate` (its default): both runs step OVER a line at a time, and
// after each line bpdiff compares its effects: where each run stands (B's line read in A's copy of its
// file), what its frame holds (through the value pipeline), and what each run wrote during the line.
// Lines whose effects agree are not entered. At the first line whose effects differ, both programs are
// started again, brought back to just before that line by the same moves (a program run again from
// its start does again what it did), and step INTO it: its callees are walked the same way. The walk
// ends at the innermost line whose effect differs and that calls no code of the user's whose effect
// differs, or where the runs' paths part. Its cost is the lines along the calls that lead there, and a
// restart a level, not every line the programs ran. Where a restart costs far more than a step (a
// debugger that traps at every pass on the way back), lines below one found apart are stepped into at
// once instead (eager.ts: a speculation, judged by the line's own effect when its callee returns).
// Longer than 400 lines because the walk's state (both runs' standings, their moves, the call sites)
// is shared by the step loop, the loop probes and the speculations, closures over it.
import { interrupted } from '../errors.js';
import { Positions } from './positions.js';
import { at, noteAdded } from './lines.js';
import { dapSource, RETURNED } from './dap-source.js';
import { moveRun, raisedInstead, returnsApart, type Arrived, type Move } from './effect-moves.js';
import { replay, type Moves, type Restart, type WayBack } from './effect-replay.js';
import { Eagerness, type Speculation } from './eager.js';
import { LoopHeads } from './loop-heads.js';
import { probeCostsFrom, ProbeSchedule } from './probe-schedule.js';
import { Recursions } from './recursion.js';
import { isDiffEmpty } from '../core/diff-variables.js';
import { rootOf, withoutUnset } from './unset-locals.js';
import { compareValues } from '../values/compare-values.js';
import type { StartedWalks } from './lines-streamed.js';
import type { AddedLines, Standing, Step, WalkedRun, WalkEnd, WalkOptions } from './line-walk-types.js';
import { sameOutput, settledMarks, type OutputMark, type OutputWatch, type Wrote } from './run-output.js';
import { loopsOfBoth, placeOf, readByLine, type PlaceWithTypes } from './whole-loops.js';
import {
  noteReadingLine,
  noteReordered,
  noteWholeLoop,
  noWholeLoops,
  saidLoops,
  stillIn,
  type LoopInRun,
} from './unordered-loops.js';

const PROGRESS_EVERY_MS = 1000;

/** How many lines in a row a run may run alone (lines only its version has) before they count as a path of its own. */
const MOST_ADDED_IN_A_ROW = 1000;

/** The frames a loop's probe compares (the loop's and its callers'): past this, a deeper stack is told apart by these alone. */
const MOST_FRAMES_PROBED = 64;

/** How many steps out a speculation's runs take at most to come back to its line's frame (eager.ts). */
const MOST_OUT = 1000;

/** Both runs before a line the walk compared after it: their steps and their frames' values. */
type Agreed = NonNullable<WalkEnd['before']>;

/** A call the walk stepped into: its caller's line as it stood there, the caller's frame, the callee's name. */
interface CallSite {
  agreedAt: Agreed;
  frame: number;
  callee: string;
}

/** A move whose effect differed, to come back before: its index in the walk's moves, where both runs stood, the walk's call sites and count then. */
interface Apart {
  index: number;
  where: [Step, Step];
  callSites: CallSite[];
  compared: number;
}

/** The walk by effects from both runs' first standings; `restart` starts both programs again. */
export async function walkEffects(
  started: StartedWalks,
  restart: Restart,
  options: WalkOptions,
): Promise<{ end: WalkEnd; walks: [WalkedRun, WalkedRun] }> {
  const source = dapSource(options.tolerance, true);
  const positions = new Positions(options.roots[0], options.roots[1]);
  let walks = started.walks;
  const read = async (walked: WalkedRun, standing: Standing): Promise<Arrived> => ({
    standing,
    values: standing.kind === 'step' ? await source.read(walked, standing.step) : null,
  });
  let watches = walks.map((walk) => walk.run.watchOutput()) as [OutputWatch, OutputWatch];
  const marks = (): [OutputMark, OutputMark] => [watches[0].mark(), watches[1].mark()];
  let [arrivedA, arrivedB] = await Promise.all([
    read(walks[0], started.standings[0]),
    read(walks[1], started.standings[1]),
  ]);
  if (arrivedA.standing.kind === 'step' && arrivedB.standing.kind === 'step')
    positions.align(arrivedA.standing.step.file, arrivedB.standing.step.file);
  const moves: Moves = [];
  const added = {
    a: { count: 0, first: [] as AddedLines['first'] },
    b: { count: 0, first: [] as AddedLines['first'] },
  };
  const addedSeen: [Set<string>, Set<string>] = [new Set(), new Set()];
  const effects = { over: 0, into: 0, restarts: 0, probes: 0 };
  const heads = new LoopHeads();
  const costs = options.probeCosts ?? probeCostsFrom(process.env);
  const wayBack: WayBack = { restart, signal: options.signal, costs };
  const recursions = new Recursions();
  let before: WalkEnd['before'] = null;
  // Where the walk stepped into each call it stands in (the caller's line, as it stood there), innermost last.
  const callSites: CallSite[] = [];
  const wholeLoops = noWholeLoops();
  const eager = new Eagerness(costs);
  // A line stepped into instead of over (eager.ts), while the walk is in its callee.
  let speculation: Speculation<Agreed, [OutputMark, OutputMark], CallSite> | null = null;
  // The next move is a step over, whatever eager.ts would do: a speculation whose runs never came back out of its callee comes back to step over its line.
  let plainNext = false;
  let nextMove: Move = 'over';
  let lastSaid = Date.now();
  let compared = 0;
  const ending = (
    kind: WalkEnd['kind'],
    extra: Partial<WalkEnd> = {},
  ): { end: WalkEnd; walks: [WalkedRun, WalkedRun] } => ({
    end: {
      kind,
      steps: compared,
      a: arrivedA.standing,
      b: arrivedB.standing,
      valuesA: arrivedA.values,
      valuesB: arrivedB.values,
      before,
      added,
      unsetAside: { count: 0, first: [] },
      unsetAtLast: [],
      effects,
      ...saidLoops(wholeLoops),
      ...extra,
    },
    walks,
  });
  try {
    // The first standings are compared as a step is: where each run starts, and what its frame holds.
    await skipAdded();
    const first = compareStandings(arrivedA, arrivedB);
    if (first !== null) return ending(first.kind, first.extra);
    for (;;) {
      if (options.signal.aborted) throw interrupted();
      if (Date.now() - lastSaid >= PROGRESS_EVERY_MS) {
        lastSaid = Date.now();
        options.progress(compared, arrivedA.standing.kind === 'step' ? arrivedA.standing.step : null);
      }
      if (compared >= options.maxSteps) return ending('agreed', { agreedUntil: 'max-steps' });
      if (
        nextMove === 'over' &&
        speculation === null &&
        options.probeLoops !== false &&
        heads.due((arrivedA.standing as { step: Step }).step)
      ) {
        const [went, quiet] = await probeLoop();
        // Counted from where the probes left the runs: the walk steps through a few passes before the next round.
        heads.probed((arrivedA.standing as { step: Step }).step, went, quiet);
      }
      const stepA = (arrivedA.standing as { step: Step }).step;
      const stepB = (arrivedB.standing as { step: Step }).step;
      if (nextMove === 'over' && recursions.stepInto(callSites.at(-1), stepA)) nextMove = 'in';
      const agreedAt = { a: stepA, b: stepB, valuesA: arrivedA.values!, valuesB: arrivedB.values! };
      const mark = marks();
      const sitesBefore = callSites.slice();
      const comparedBefore = compared;
      let move = nextMove;
      nextMove = 'over';
      const speculative = move === 'over' && speculation === null && !plainNext && eager.goesIn();
      plainNext = false;
      if (speculative) move = 'in';
      const [standingA, standingB] = await Promise.all([
        moveRun(walks[0], move, stepA),
        moveRun(walks[1], move, stepB),
      ]);
      const moveIndex = moves.length;
      moves.push([move, move]);
      compared++;
      if (move === 'over') effects.over++;
      else effects.into++;
      [arrivedA, arrivedB] = await Promise.all([read(walks[0], standingA), read(walks[1], standingB)]);
      await skipAdded();
      const apart = await effectsApart(arrivedA, arrivedB, mark);
      const found =
        apart?.kind === 'values' && madeInOwnOrder(stepA, agreedAt)
          ? await effectsApart(arrivedA, arrivedB, mark)
          : apart;
      const landed = arrivedA.standing.kind === 'step' ? arrivedA.standing.step.arrival : null;
      // The call a move left: its caller's line (a step that returns stops on the caller's next line, so
      // what the rest of the caller's line did comes with it).
      const site = callSites.at(-1);
      const left = site !== undefined && (landed === null || landed.frame <= site.frame) ? site : null;
      if (speculative && landed !== null && landed.frame > stepA.arrival.frame)
        speculation = {
          site: agreedAt,
          frame: stepA.arrival.frame,
          into: moveIndex,
          steps: 0,
          mark,
          callSites: sitesBefore,
          compared: comparedBefore,
        };
      else if (speculation !== null) speculation.steps++;
      if (speculation !== null) {
        const settled = await speculated(found, {
          index: moveIndex,
          where: [stepA, stepB],
          callSites: sitesBefore,
          compared: comparedBefore,
        });
        if (settled === 'on') continue;
        if (settled !== 'as-usual') return settled;
      }
      if (found === null) {
        before = agreedAt;
        if (landed !== null) {
          while (callSites.length > 0 && landed.frame <= callSites.at(-1)!.frame) callSites.pop();
          if (
            move === 'in' &&
            landed.entered &&
            landed.frame > stepA.arrival.frame &&
            arrivedA.standing.kind === 'step'
          )
            callSites.push({ agreedAt, frame: stepA.arrival.frame, callee: arrivedA.standing.step.stop.top.name });
        }
        continue;
      }
      if (found.kind === 'agreed') {
        before = agreedAt;
        return ending('agreed', found.extra);
      }
      // Apart in a loop whose order is each run's own (a Go map): each run on to where it leaves it, and
      // compared there; not stepped into (whole-loops.ts). A run that ended is told where it ended.
      if (speculation === null && found.kind !== 'ended') {
        const through = await throughWholeLoop(agreedAt, mark);
        if (through === 'on') continue;
        if (through !== null) return through;
      }
      // A line stepped over whose effect differs: both runs again to just before it, and into it.
      if (move === 'over') {
        effects.restarts++;
        let standings: [Standing, Standing];
        ({ walks, watches, standings } = await replay(
          moves.slice(0, moveIndex),
          walks,
          watches,
          [stepA, stepB],
          wayBack,
        ));
        [arrivedA, arrivedB] = await Promise.all([read(walks[0], standings[0]), read(walks[1], standings[1])]);
        moves.length = moveIndex;
        compared--;
        nextMove = 'in';
        eager.narrowed();
        continue;
      }
      // Stepped into a line that returns a value that differs (where the adapter reports it): that line.
      const returned = found.kind === 'values' ? returnsApart(arrivedA, arrivedB) : null;
      if (returned !== null) {
        before = agreedAt;
        return ending('return', { returned: await raisedInstead(walks, [arrivedA, arrivedB], returned) });
      }
      // Stepped into a line that returns: the difference is the caller's line's (the rest of it, or the
      // value the call returned, where the adapter does not report it), and the callee's lines all agreed.
      if (left !== null && found.kind !== 'path') {
        before = left.agreedAt;
        const partly = walks[0].returned?.partly;
        const read = [arrivedA, arrivedB].some((arrived) =>
          Object.keys(arrived.values?.values.variables ?? {}).some((name) => RETURNED.test(name)),
        );
        return ending(found.kind, {
          ...found.extra,
          returnedFrom: left.callee,
          ...(partly !== undefined && !read ? { returnedUnread: partly } : {}),
        });
      }
      // Stepped into: the line calls no code of the user's (or its callee's first line already differs).
      before = agreedAt;
      return ending(found.kind, found.extra);
    }
  } finally {
    for (const watch of watches) watch.stop();
  }

  /**
   * A move made while the walk is in the callee of a line it stepped into instead of over (eager.ts):
   * 'as-usual' where the walk goes on as it would have after a restart into that line (the callee's
   * lines agree so far, or the step back to the line's frame found the line apart); else the
   * speculation is settled (`settle`): 'on', or the walk's end.
   */
  async function speculated(
    found: { kind: WalkEnd['kind']; extra?: Partial<WalkEnd> } | null,
    apart: Apart,
  ): Promise<'as-usual' | 'on' | ReturnType<typeof ending>> {
    const spec = speculation!;
    const back = [arrivedA, arrivedB].every(
      (arrived) => arrived.standing.kind === 'step' && arrived.standing.step.arrival.frame <= spec.frame,
    );
    if (found === null) {
      if (!back) return eager.givesUp(spec.steps) ? await settle(null) : 'as-usual';
      // Back in the line's frame, alike so far: the line's callee agreed.
      eager.agreed(spec.steps);
      speculation = null;
      return 'as-usual';
    }
    if (found.kind === 'agreed' || back) {
      // Both ended alike; or the step back to the line's frame found it apart, nothing apart in its callee before.
      speculation = null;
      return 'as-usual';
    }
    return await settle(apart);
  }

  /**
   * Something apart in the callee of a line stepped into (`apart`: that move), or a speculation given up
   * (null): both runs go on out of the callee and to the end of the line, whose effect is compared as a
   * step over it would have been. Alike: the walk goes on after the line. Apart: back to `apart` (one
   * restart) and into it; given up, back to before the line, to step over it as without a speculation.
   */
  async function settle(apart: Apart | null): Promise<'on' | ReturnType<typeof ending>> {
    const spec = speculation!;
    speculation = null;
    const sites = [spec.site.a, spec.site.b];
    let out = 0;
    for (; out < MOST_OUT; out++) {
      const deeper = [arrivedA, arrivedB].map(
        (arrived) => arrived.standing.kind === 'step' && arrived.standing.step.arrival.frame > spec.frame,
      );
      if (!deeper[0] && !deeper[1]) break;
      await moveEach([deeper[0] ? 'out' : null, deeper[1] ? 'out' : null]);
    }
    // Back on the line (its call returned in the middle of it): to its end.
    const onLine = [arrivedA, arrivedB].map(
      (arrived, index) =>
        arrived.standing.kind === 'step' &&
        arrived.standing.step.arrival.frame === spec.frame &&
        arrived.standing.step.file === sites[index]!.file &&
        arrived.standing.step.stop.top.line === sites[index]!.stop.top.line,
    );
    if (out < MOST_OUT && (onLine[0] || onLine[1]))
      await moveEach([onLine[0] ? 'over' : null, onLine[1] ? 'over' : null]);
    const found = out < MOST_OUT ? await effectsApart(arrivedA, arrivedB, spec.mark) : null;
    if (out < MOST_OUT && found === null) {
      eager.agreed(spec.steps);
      before = spec.site;
      callSites.splice(0, callSites.length, ...spec.callSites);
      const frame = arrivedA.standing.kind === 'step' ? arrivedA.standing.step.arrival.frame : 0;
      while (callSites.length > 0 && frame <= callSites.at(-1)!.frame) callSites.pop();
      return 'on';
    }
    if (found?.kind === 'agreed') {
      before = spec.site;
      return ending('agreed', found.extra);
    }
    // The line's effect differs: back to what was found apart in its callee (none: a speculation given
    // up, to the line itself), and into it, as a walk without speculations would step into the line.
    // Where the runs never came back out of the callee, the line is not judged: back to before it, to
    // step over it as a walk without speculations.
    const unjudged = out >= MOST_OUT;
    const target = (unjudged ? null : apart) ?? {
      index: spec.into,
      where: [spec.site.a, spec.site.b],
      callSites: spec.callSites,
      compared: spec.compared,
    };
    effects.restarts++;
    let standings: [Standing, Standing];
    ({ walks, watches, standings } = await replay(moves.slice(0, target.index), walks, watches, target.where, wayBack));
    [arrivedA, arrivedB] = await Promise.all([read(walks[0], standings[0]), read(walks[1], standings[1])]);
    moves.length = target.index;
    callSites.splice(0, callSites.length, ...target.callSites);
    compared = target.compared;
    if (unjudged) plainNext = true;
    else nextMove = 'in';
    eager.narrowed();
    return 'on';
  }

  /**
   * Both runs apart after a move from `agreedAt` (where they agreed), where one of them stands, or
   * stood, in a loop whose order is its own: each goes on (over its lines, out of its calls) until it
   * leaves the loop, and the walk compares them there, output included since `mark`. Null: no such
   * loop; 'on': alike there; else the walk's end (apart there, or --max-steps inside the loop).
   */
  async function throughWholeLoop(
    agreedAt: Agreed,
    mark: [OutputMark, OutputMark],
  ): Promise<'on' | ReturnType<typeof ending> | null> {
    const candidates = (arrived: Arrived, step: Step, values: Agreed['valuesA']): PlaceWithTypes[] => [
      ...(arrived.values === null ? [] : [{ place: placeOf(arrived.standing), types: arrived.values.values.types }]),
      { place: placeOf({ kind: 'step', step }), types: values.values.types },
    ];
    const loops = loopsOfBoth(walks, [
      candidates(arrivedA, agreedAt.a, agreedAt.valuesA),
      candidates(arrivedB, agreedAt.b, agreedAt.valuesB),
    ]);
    if (loops === null) return null;
    noteWholeLoop(wholeLoops, loops[0].loop);
    const inside = (): [boolean, boolean] => [
      stillIn(placeOf(arrivedA.standing), loops[0]),
      stillIn(placeOf(arrivedB.standing), loops[1]),
    ];
    // Out of a call the loop made, over a line of the loop's own; none for a run that left it.
    const moveOf = (arrived: Arrived, within: boolean, loop: LoopInRun): Move | null =>
      !within ? null : (placeOf(arrived.standing)?.frame ?? 0) > loop.frame ? 'out' : 'over';
    // Where each run last stood inside the loop, for one that ends there (told where it ended, not at the agreed step).
    const last: [Standing, Standing] = [arrivedA.standing, arrivedB.standing];
    for (let now = inside(); (now[0] || now[1]) && compared < options.maxSteps; now = inside()) {
      if (arrivedA.standing.kind === 'step') last[0] = arrivedA.standing;
      if (arrivedB.standing.kind === 'step') last[1] = arrivedB.standing;
      await moveEach([moveOf(arrivedA, now[0], loops[0]), moveOf(arrivedB, now[1], loops[1])]);
    }
    if (inside().some(Boolean)) return ending('agreed', { agreedUntil: 'max-steps' });
    arrivedA = endedAlone(arrivedA, last[0], agreedAt.a);
    arrivedB = endedAlone(arrivedB, last[1], agreedAt.b);
    if (arrivedA.standing.kind === 'step' && arrivedB.standing.kind === 'step')
      noteReordered(
        wholeLoops,
        source.loopLeft!(
          { walked: walks[0], step: arrivedA.standing.step, values: arrivedA.values! },
          { walked: walks[1], step: arrivedB.standing.step, values: arrivedB.values! },
          loops[0].loop.targets,
        ),
      );
    const found = await effectsApart(arrivedA, arrivedB, mark);
    before = agreedAt;
    if (found !== null) return ending(found.kind, found.extra);
    const frame = arrivedA.standing.kind === 'step' ? arrivedA.standing.step.arrival.frame : 0;
    while (callSites.length > 0 && frame <= callSites.at(-1)!.frame) callSites.pop();
    nextMove = 'over';
    return 'on';
  }

  /**
   * Both runs' values apart after a move over a line that reads a container of the run's own order (a
   * HashMap's keys collected): the lists it made that hold the same elements in another order in each
   * run are set aside until alike (order-taint.ts). Whether any was (then the effects are compared
   * again); false where the move left the line's call or the line reads no such container.
   */
  function madeInOwnOrder(stepA: Step, agreedAt: Agreed): boolean {
    if (arrivedA.standing.kind !== 'step' || arrivedB.standing.kind !== 'step') return false;
    const read = readByLine(walks[0], stepA, arrivedA.standing.step, agreedAt.valuesA.values.types);
    if (read === null) return false;
    const left = source.loopLeft!(
      { walked: walks[0], step: arrivedA.standing.step, values: arrivedA.values! },
      { walked: walks[1], step: arrivedB.standing.step, values: arrivedB.values! },
      [],
    );
    if (left.reordered.length === 0) return false;
    noteReadingLine(wholeLoops, read);
    noteReordered(wholeLoops, left);
    return true;
  }

  /** Each run that has a move makes it (null: it stands still), and the walk's moves record them. */
  async function moveEach(pair: [Move | null, Move | null]): Promise<void> {
    const moved = await Promise.all(
      pair.map((move, index) => {
        const arrived = index === 0 ? arrivedA : arrivedB;
        return move === null || arrived.standing.kind !== 'step'
          ? null
          : moveRun(walks[index]!, move, arrived.standing.step);
      }),
    );
    moves.push([moved[0] === null ? null : pair[0], moved[1] === null ? null : pair[1]]);
    compared++;
    [arrivedA, arrivedB] = await Promise.all([
      moved[0] === null ? arrivedA : read(walks[0], moved[0]),
      moved[1] === null ? arrivedB : read(walks[1], moved[1]),
    ]);
  }

  /**
   * Both runs stand on a loop's head again in the same call: its later passes are probed at the
   * program's speed (1, 2, 4, ... passes on, then by strides through the gap between the last pass found
   * alike and the first not: probe-schedule.ts), and the walk goes on from the last pass both runs reach
   * alike: in the same call, with the same callers, values and output. A probe that finds them apart
   * (or past the loop) costs a restart back to the last alike; probes that agree go on without one.
   * Answers how many passes it went on, and how many more the walk steps through before probing the
   * loop again (schedule.stepsRest).
   */
  async function probeLoop(): Promise<[number, number]> {
    const home = [arrivedA, arrivedB].map((arrived) => (arrived.standing as { step: Step }).step) as [Step, Step];
    const levels = Math.min(home[0].arrival.frame + 1, MOST_FRAMES_PROBED);
    const shapes = await Promise.all(walks.map((walk) => walk.run.frames(levels)));
    const kept = moves.length;
    let alikeAt = home;
    // Passes on from the head where the runs stand (null: past a probe that found them apart, to be started again).
    const schedule = new ProbeSchedule(costs);
    const lines = heads.linesPerPass(home[0]);
    let here: number | null = 0;
    while (!schedule.done) {
      if (options.signal.aborted) throw interrupted();
      if (here === null) {
        await backTo(alikeAt);
        here = schedule.lo;
      }
      if (schedule.stepsRest(lines)) return [schedule.lo, schedule.hi! - schedule.lo];
      const target = schedule.next();
      const passes: Move = { passes: target - here };
      const began = performance.now();
      const standings = await Promise.all([
        moveRun(walks[0], passes, alikeAt[0]),
        moveRun(walks[1], passes, alikeAt[1]),
      ]);
      effects.probes++;
      const alike = await probeAlike(standings, shapes, levels, home);
      costs.probed(performance.now() - began);
      schedule.found(target, alike !== null);
      if (alike === null) {
        here = null;
        continue;
      }
      // One move from the head to the pass reached, however many probes it took (the replay's).
      const went: Move = { passes: target };
      if (moves.length > kept) moves[moves.length - 1] = [went, went];
      else moves.push([went, went]);
      [arrivedA, arrivedB] = alike;
      alikeAt = alike.map((arrived) => (arrived.standing as { step: Step }).step) as [Step, Step];
      here = target;
    }
    if (here === null) await backTo(alikeAt);
    return [schedule.lo, 0];

    /** Both programs again to where the probes last found them alike. */
    async function backTo(where: [Step, Step]): Promise<void> {
      effects.restarts++;
      let standings: [Standing, Standing];
      ({ walks, watches, standings } = await replay(moves, walks, watches, where, wayBack));
      [arrivedA, arrivedB] = await Promise.all([read(walks[0], standings[0]), read(walks[1], standings[1])]);
    }
  }

  /** Both runs after a probe, when they stand alike where a loop's head was: the same call (its depth, its callers where they stood), the same values in it and its callers, the same output so far. */
  async function probeAlike(
    standings: [Standing, Standing],
    shapes: Array<Array<{ name: string; line: number }>>,
    levels: number,
    home: [Step, Step],
  ): Promise<[Arrived, Arrived] | null> {
    if (standings[0].kind !== 'step' || standings[1].kind !== 'step') return null;
    const steps = [standings[0].step, standings[1].step];
    if (steps.some((step, index) => step.stop.depth !== home[index]!.stop.depth)) return null;
    const frames = await Promise.all(walks.map((walk) => walk.run.frames(levels)));
    const sameCall = frames.every(
      (stack, index) =>
        stack.length === shapes[index]!.length &&
        stack.every(
          (frame, level) => frame.name === shapes[index]![level]!.name && frame.line === shapes[index]![level]!.line,
        ),
    );
    if (!sameCall) return null;
    const arrived = (await Promise.all([read(walks[0], standings[0]), read(walks[1], standings[1])])) as [
      Arrived,
      Arrived,
    ];
    if (compareStandings(arrived[0], arrived[1]) !== null) return null;
    // The callers the walk stepped into the loop from: what a pass did to them through what they share.
    for (let level = 1; level < levels; level++) {
      const [frameA, frameB] = [frames[0]![level]!, frames[1]![level]!];
      if (walks[0].code.classify(frameA.file) !== 'counted' || walks[1].code.classify(frameB.file) !== 'counted')
        continue;
      const [callerA, callerB] = await Promise.all([
        walks[0].run.readValues(frameA.id, frameA.file, frameA.line),
        walks[1].run.readValues(frameB.id, frameB.file, frameB.line),
      ]);
      const later = new Set([...(callerA.notYetDeclared ?? []), ...(callerB.notYetDeclared ?? [])]);
      const compared = withoutUnset(compareValues(callerA.values, callerB.values, options.tolerance), (name) =>
        later.has(rootOf(name)),
      );
      if (!isDiffEmpty(compared.diff)) return null;
    }
    const output = await settledMarks(marks);
    return sameOutput(output[0], output[1]) ? arrived : null;
  }

  /** Whether this stop on an added line is new to the walk: a restart comes to the same stops again (the same pass through the line in the same call). */
  function firstTimeAdded(index: 0 | 1, step: Step): boolean {
    const { arrival } = step;
    const key = `${step.file}:${step.stop.top.line}:${arrival.pass}:${arrival.call}:${arrival.frame}`;
    if (addedSeen[index].has(key)) return false;
    addedSeen[index].add(key);
    return true;
  }

  /** A line one run's version added (nothing in the other's copy to compare it with): that run goes on alone. */
  async function skipAdded(): Promise<void> {
    for (let inARow = 0; inARow < MOST_ADDED_IN_A_ROW; inARow++) {
      if (arrivedA.standing.kind !== 'step' || arrivedB.standing.kind !== 'step') return;
      const [stepA, stepB] = [arrivedA.standing.step, arrivedB.standing.step];
      const [atA, atB] = [at(stepA), at(stepB)];
      if (positions.place(atA, atB).same) return;
      const [addedA, addedB] = [positions.added('a', atA), positions.added('b', atB)];
      if (!addedA && !addedB) return;
      if (addedA) {
        if (firstTimeAdded(0, stepA)) noteAdded(added.a, atA);
        const values = arrivedA.values!;
        walks[0].defined.addedStep(stepA.arrival, () => Object.keys(values.values.variables));
      }
      if (addedB) {
        if (firstTimeAdded(1, stepB)) noteAdded(added.b, atB);
        const values = arrivedB.values!;
        walks[1].defined.addedStep(stepB.arrival, () => Object.keys(values.values.variables));
      }
      const [nextA, nextB] = await Promise.all([
        addedA ? moveRun(walks[0], 'over', stepA) : null,
        addedB ? moveRun(walks[1], 'over', stepB) : null,
      ]);
      moves.push([addedA ? 'over' : null, addedB ? 'over' : null]);
      if (nextA !== null) arrivedA = await read(walks[0], nextA);
      if (nextB !== null) arrivedB = await read(walks[1], nextB);
    }
  }

  /** How the runs' effects differ after a move (null: they agree). */
  async function effectsApart(
    a: Arrived,
    b: Arrived,
    mark: [OutputMark, OutputMark],
  ): Promise<{ kind: WalkEnd['kind']; extra?: Partial<WalkEnd> } | null> {
    const apart = compareStandings(a, b);
    if (apart !== null && apart.kind !== 'agreed') return apart;
    // What each run wrote during the line, once it has all arrived (run-output.ts).
    const after = await settledMarks(marks, apart?.kind === 'agreed');
    if (!sameOutput(after[0], after[1])) {
      const wrote: { a: Wrote; b: Wrote } = { a: watches[0].since(mark[0]), b: watches[1].since(mark[1]) };
      return { kind: 'output', extra: { wrote } };
    }
    return apart;
  }

  /** How two standings differ: one or both ended, another place, other values (null: alike). */
  function compareStandings(a: Arrived, b: Arrived): { kind: WalkEnd['kind']; extra?: Partial<WalkEnd> } | null {
    if (a.standing.kind === 'ended' || b.standing.kind === 'ended') {
      const timedOut = [a.standing, b.standing].some(
        (standing) => standing.kind === 'ended' && standing.end.reason.kind === 'timeout',
      );
      const both = a.standing.kind === 'ended' && b.standing.kind === 'ended' && !timedOut;
      return both ? { kind: 'agreed', extra: { agreedUntil: 'end' } } : { kind: 'ended' };
    }
    const [stepA, stepB] = [a.standing.step, b.standing.step];
    walks[0].defined.sharedStep(stepA.arrival, () => Object.keys(a.values!.values.variables));
    walks[1].defined.sharedStep(stepB.arrival, () => Object.keys(b.values!.values.variables));
    const placed = positions.place(at(stepA), at(stepB));
    if (!placed.same) return { kind: 'path', extra: { bInA: placed.bInA, sameFile: placed.sameFile } };
    const counted = source.compare(
      { walked: walks[0], step: stepA, values: a.values! },
      { walked: walks[1], step: stepB, values: b.values! },
    );
    return counted.differ ? { kind: 'values' } : null;
  }
}

/**
 * A run that ended after it went on alone through a loop of its own order: its standing says where it
 * last stood (the line its end came from), where that is not the step both runs agreed at.
 */
function endedAlone(arrived: Arrived, last: Standing, agreed: Step): Arrived {
  if (arrived.standing.kind !== 'ended' || last.kind !== 'step' || last.step === agreed) return arrived;
  return {
    ...arrived,
    standing: { ...arrived.standing, lastAlone: { file: last.step.file, line: last.step.stop.top.line } },
  };
}
