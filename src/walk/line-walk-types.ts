// The shapes the line walks share (lines.ts walks by DAP steps, lines-streamed.ts by the adapter's step
// stream): a walked run, a step and where a run stands, what a walk was asked and how it ended, and
// what a way of walking (a WalkSource) answers. Types only.
import type { AddedLines, ReturnedApart, Tolerance } from '../core/types.js';

export type { AddedLines };
import type { NoBreak, SteppedStop } from '../session/stop-outcome.js';
import type { CapturedValues } from '../values/types.js';
import type { WalkRun } from './walk-run.js';
import type { LineArrivals, Arrival } from './line-arrivals.js';
import type { Positions } from './positions.js';
import type { UserCode } from './user-code.js';
import type { UnsetLocals } from './unset-locals.js';
import type { AddedDefinitions } from './added-definitions.js';
import type { Wrote } from './run-output.js';
import type { ProbeCosts } from './probe-schedule.js';
import type { ReturnedNames } from './returned-names.js';
import type { UnorderedLoops, WholeLoops } from './unordered-loops.js';

/** One run of the walk: its live run, what counts as its code, and its counts of lines and calls. */
export interface WalkedRun {
  run: WalkRun;
  code: UserCode;
  arrivals: LineArrivals;
  /** Whether the adapter's totalFrames is the stack's true depth (dlv's is not). */
  trueDepth: boolean;
  /** Locals not set yet, where the language leaves them holding old stack bytes (the adapter's locate.uninitialized_locals). */
  unset: UnsetLocals | null;
  /** Names its version's added lines defined (a method only it has): not a divergence where only it has them. */
  defined: AddedDefinitions;
  /** How its adapter names a value a function returned (its definition's locate.returned); absent or null: it shows none. */
  returned?: ReturnedNames | null;
  /** The loops its adapter's types say go in an order of the run's own (a Go map): compared as a whole (unordered-loops.ts). Absent: none. */
  loops?: UnorderedLoops;
}

/** A stop on a line of the user's code: a step of the walk. */
export interface Step {
  stop: SteppedStop;
  file: string;
  arrival: Arrival;
  /** Its place in the adapter's step stream (0: where the walk started), for a walk that streams (lines-streamed.ts). */
  ordinal?: number;
}

/** `lastAlone`: where a run that ended last stood, when it went on alone to its end (through a loop of its own order). */
export type Standing =
  | { kind: 'step'; step: Step }
  | { kind: 'ended'; end: NoBreak; lastAlone?: { file: string; line: number } };

/** What a step read of one run: its values, and what reading them noticed. */
export interface StepValues {
  values: CapturedValues;
  warnings: string[];
}

export interface WalkEnd<V = StepValues> {
  /**
   * How the walk ended: the runs part ways (where, what, or one ended), wrote different output during
   * a line (the walk by effects), or agreed to the end or to --max-steps.
   */
  kind: 'path' | 'values' | 'ended' | 'output' | 'return' | 'agreed';
  /** The function the walk stepped into from the located line, whose lines all agreed (the walk by effects): what differs is the rest of the line, or the value it returned. */
  returnedFrom?: string;
  /** No value returned from it was read, on an adapter that reads some (locate.returned.partly: which it does not). */
  returnedUnread?: string;
  /** The value each run's function returned from the located line (kind `return`; the walk by effects, where the adapter reports it). */
  returned?: ReturnedApart;
  /** What each run wrote during the located line (kind `output`; the walk by effects). */
  wrote?: { a: Wrote; b: Wrote };
  /** How the walk went (the walk by effects): lines compared by stepping over them, and the runs started again to step into one. */
  effects?: { over: number; into: number; restarts: number; probes: number };
  /** Steps compared, the last one included. */
  steps: number;
  /** Where each run stands at the last step (its end when it ended). */
  a: Standing;
  b: Standing;
  /** Their values there (null for a run that ended). */
  valuesA: V | null;
  valuesB: V | null;
  /** The last step at which they stood together and agreed (null: none), with what each held there. */
  before: { a: Step; b: Step; valuesA: V; valuesB: V } | null;
  /** Why an agreeing walk stopped: both runs ended, or --max-steps. */
  agreedUntil?: 'end' | 'max-steps';
  /** How each run ended, when the walk is reported at its last step because both ended. */
  ended?: { a: Standing; b: Standing };
  /** B's line in A's copy of its file, where it is another line than A's (a path divergence). */
  bInA?: number | null;
  /** Whether B stands in its copy of A's file there (a path divergence). */
  sameFile?: boolean;
  /** Lines a run executed that the other run's copy of the file does not have (added in its version): not compared, said. */
  added: { a: AddedLines; b: AddedLines };
  /** Locals that differed while one run had not set them yet (C's uninitialised stack): not counted, said. */
  unsetAside: { count: number; first: string[] };
  /** Of those, the ones that differ at the last step (not the divergence: the hints leave them out). */
  unsetAtLast: string[];
  /** Loops over a container each run goes through in its own order (a Go map), compared as a whole: said. */
  wholeLoops?: WholeLoops;
}

export interface WalkOptions {
  /** Where each run's files are named from, to tell the same file in the two runs (their folders, or their copies of the program). */
  roots: [string, string];
  maxSteps: number;
  tolerance: Tolerance | null;
  /** Whether the walk by effects may probe a loop's later passes (false: an adapter's definition says why not, locate.loops_stepped). Default true. */
  probeLoops?: boolean;
  /** What the loop probes weigh (probe-schedule.ts): measured by the walk unless given. */
  probeCosts?: ProbeCosts;
  signal: AbortSignal;
  /** Called at most once a second with the steps so far and where run A stands. */
  progress: (steps: number, at: Step | null) => void;
  /** Called at each step both runs agreed at, with the added lines counted so far (lines-streamed.ts keeps a few). */
  agreed?: (steps: number, a: Step, b: Step, added: WalkEnd['added']) => void;
}

/** How a walk goes on and reads: by DAP steps and the value pipeline, or by the adapter's step stream (lines-streamed.ts). */
export interface WalkSource<V> {
  advance(walked: WalkedRun): Promise<Standing>;
  /** The values of a step (never asked for a run that ended). */
  read(walked: WalkedRun, step: Step): Promise<V>;
  /** Whether two steps' values differ, and the locals set aside as not set yet (uninitialized_locals). */
  compare(
    a: { walked: WalkedRun; step: Step; values: V },
    b: { walked: WalkedRun; step: Step; values: V },
  ): { differ: boolean; unset: string[] };
  /** The names (paths) a step's values hold, for the definitions added lines make (absent: not told apart, added-definitions.ts). */
  names?(values: V): Iterable<string>;
  /** The types a step's values give its names, to know a loop whose order is the run's own (absent: no loop is compared as a whole). */
  types?(values: V): Readonly<Record<string, string>>;
  /**
   * Both runs just left such a loop where they stand (`targets`: the names its head binds): the lists it
   * left in another order in each run (set aside while they stay so; its names still bound, until bound again).
   */
  loopLeft?(
    a: { walked: WalkedRun; step: Step; values: V },
    b: { walked: WalkedRun; step: Step; values: V },
    targets: readonly string[],
  ): { reordered: string[]; bound: string[] };
}

/** Where a walk takes over from another that brought both runs to a step they agreed at (lines-streamed.ts). */
export interface WalkResume {
  /** Steps compared before the first standings. */
  steps: number;
  added: WalkEnd['added'];
  positions: Positions;
  /** Whether the walk that brought them there named their copies of the program already (Positions.align). */
  aligned: boolean;
}
