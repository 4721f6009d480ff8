// What a walk asks of a run, and no more: where it stands, a step (into, over, out of a call), on to
// its next stop, a stop's values read, and, where its adapter has them, a stream of hits or of steps.
// The live run (src/run/live-run.ts) is one; a walk's unit test gives it a fake run. Starting a
// program again to where its walk starts (a streamed walk's replay) is the orchestration's: it hands
// the walk a run of the new program (RunAgain), since a run is one program from its start to its end.
import type { RunSpec, StackFrameSummary } from '../core/types.js';
import type { StepKind, SteppedStop, StepOutcome, StopOutcome } from '../session/stop-outcome.js';
import type { RunFacts } from '../capture/capture-document.js';
import type { CapturedValues } from '../values/types.js';
import type { StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import type { StreamedHits, StreamHitsArguments } from '../dap/hit-stream.js';
import type { OutputWatch } from './run-output.js';

export interface WalkRun {
  /** The run as it was given (its label and side, its folder and command: what counts as its code). */
  readonly spec: RunSpec;
  /** A progress line of this run's (stderr). */
  readonly log: (line: string) => void;
  /** Where the run stands after its last stop, as a step says it. */
  where(): Promise<SteppedStop>;
  /** The stack where the run stands, innermost first. */
  stack(): Promise<StackFrameSummary[]>;
  /** The frames where the run stands, innermost first (at most `levels`), with the ids readValues reads them by. */
  frames(levels: number): Promise<Array<StackFrameSummary & { id: number }>>;
  /** An expression's value in the frame the run stands in, as the adapter shows it, or null where it cannot be evaluated (locate.returned.raised's check). */
  evaluate?(expression: string): Promise<string | null>;
  /** Lets the program run on to its next stop at a breakpoint (or its end). */
  next(): Promise<StopOutcome>;
  /**
   * One step: into a call (stepIn), over it (DAP next), or out of the function (stepOut). `returns`:
   * a step that returns from its function stops in the caller at once, where the adapter shows the
   * value returned (bpdiff's Python adapter; others ignore it). `callbacks`: the user's folders, where
   * a call back from library code stops the step (a closure Iterator::map calls), where the adapter
   * can (its definition's locate.callbacks); absent or null: it runs on.
   */
  step(kind: StepKind, returns?: boolean, callbacks?: readonly string[] | null): Promise<StepOutcome>;
  /**
   * On to the `count`th pass through path:line from where the run stands (a breakpoint there, counted
   * by the adapter where it can, removed again), standing there as after a step; or its end.
   */
  runToPass(path: string, line: number, count: number): Promise<StepOutcome>;
  /** A stop's facts (its frame read, its values through the pipeline), or why there was none. `quiet`: no progress line. */
  read(outcome: StopOutcome, quiet?: boolean): Promise<RunFacts>;
  /**
   * The values of a stopped frame, through the pipeline; `file` and `line`: where the frame stands.
   * `notYetDeclared`: its locals declared at or after that line (where the adapter says).
   */
  readValues(frameId: number, file: string | null, line?: number, name?: string): Promise<ReadValues>;
  /** What the program writes from now on (stdout and stderr), followed until the watch is stopped. */
  watchOutput(): OutputWatch;
  /** Whether the run's adapter streams hits (bpdiffHits), known once the run started. */
  readonly streamsHits: boolean;
  /** Up to `count` hits at once, then the stop after them; `count` 0: the hit it stands on (no stop: null). */
  streamHits(args: Omit<StreamHitsArguments, 'threadId'>): Promise<{ body: StreamedHits; stop: StopOutcome | null }>;
  /** Whether the run's adapter streams steps (bpdiffSteps), known once the run started. */
  readonly streamsSteps: boolean;
  /** `count` steps of the user's code at once, and the stop after them. */
  streamSteps(args: Omit<StreamStepsArguments, 'threadId'>): Promise<{ body: StreamedSteps; stop: StepOutcome }>;
}

/** The program started again, to where its walk starts: a run of the new program, and its first stop there. */
export interface RunAgain {
  /** Starts the next program now, while this run goes on (the replay then need not wait for its start). */
  prepare(): void;
  /** This run ended and the next one started (its counts anew), standing at its first stop. */
  restart(): Promise<{ run: WalkRun; first: StopOutcome }>;
}

/** A run whose adapter may have counted the passes before --hit's (src/session/reach-pass.ts, src/walk/reach-hit.ts). */
export interface PassReach {
  /** Passes the adapter let go before the run's first stop. */
  skipped(): number;
  /** This run ended and the program started again, every pass a stop, standing at its first stop. */
  recount(): Promise<{ run: WalkRun; first: StopOutcome }>;
}

/** A frame's values as a walk reads them (WalkRun.readValues). */
export interface ReadValues {
  values: CapturedValues;
  warnings: string[];
  /** Locals declared at or after the line the frame stands on (the adapter's locate.declared_at): not set yet there. */
  notYetDeclared?: string[];
}
