// A run without an adapter, for the walks' unit tests: it plays a script of stops (a file, a line, a
// function, the stack's depth and the locals there), one per `next` or `step`, or a batch of them per
// `streamSteps` (as bpdiff's Python adapter's bpdiffSteps: the user's lines only, from where it
// stands), and records what the walk asked of it. It is a WalkRun (src/walk/walk-run.ts), as the
// live run is.
import type { RunSpec, RunSide, StackFrameSummary } from '../../../src/core/types.js';
import type { RunFacts } from '../../../src/capture/capture-document.js';
import { noBreakFacts, stopLocation } from '../../../src/capture/capture-document.js';
import {
  noBreak,
  type NoBreak,
  type StepKind,
  type SteppedStop,
  type StepOutcome,
  type StopOutcome,
} from '../../../src/session/stop-outcome.js';
import type { CapturedValues } from '../../../src/values/types.js';
import type { StreamedStep, StreamedSteps, StreamStepsArguments } from '../../../src/dap/connection.js';
import type { WalkRun } from '../../../src/walk/walk-run.js';
import { OutputWatch } from '../../../src/walk/run-output.js';

export interface ScriptedStop {
  file: string;
  line: number;
  /** The function (default `main`). */
  name?: string;
  /** The stack's depth (default 1). */
  depth?: number;
  /** The locals' texts there. */
  values?: Record<string, string>;
  /** What the program wrote to stdout on its way to this stop (during the line before it). */
  wrote?: string;
}

const NO_BREAKPOINT = { id: undefined, verified: true, line: undefined, message: undefined };

export function fakeSpec(side: RunSide, cwd: string, file = 'main.py', line = 1): RunSpec {
  return {
    side,
    label: side.toUpperCase(),
    argv: ['python3', file],
    cwd,
    env: {},
    stdin_file: null,
    breakpoint: { file, line, path: `${cwd}/${file}` },
  };
}

export class FakeRun implements WalkRun {
  /** What the walk asked, in order: `next`, `stepIn`, `next-step` (a DAP next), `stepOut`, `read`, `values`. */
  readonly asked: string[] = [];
  /** The stop the run stands on (an index into the script; past its end: the program ended). */
  private at = 0;
  readonly log = (): void => undefined;
  readonly streamsHits = false;

  constructor(
    readonly spec: RunSpec,
    private readonly script: readonly ScriptedStop[],
    private readonly exitCode = 0,
    /** Whether it streams steps (bpdiffSteps). */
    readonly streamsSteps = false,
  ) {}

  /** The program's first stop, where a run's start leaves it (nothing asked yet). */
  async first(): Promise<StopOutcome> {
    return this.outcome();
  }

  async where(): Promise<SteppedStop> {
    const stop = this.script[this.at];
    if (stop === undefined) throw new Error('the fake run has ended');
    return this.stepped(this.at);
  }

  async stack(): Promise<StackFrameSummary[]> {
    return [];
  }

  /** The stack: the fake knows its top frame only (id: the stop's place in the script). */
  async frames(): Promise<Array<StackFrameSummary & { id: number }>> {
    const stop = this.script[this.at];
    return stop === undefined
      ? []
      : [{ id: this.at, name: stop.name ?? 'main', file: this.path(stop), line: stop.line }];
  }

  /** On to the `count`th stop at path:line from here (any depth), writing what the stops passed wrote. */
  async runToPass(path: string, line: number, count: number): Promise<StepOutcome> {
    this.asked.push(`pass ${count}`);
    for (let left = count; ; ) {
      this.arrive();
      const stop = this.script[this.at];
      if (stop === undefined) return this.ended();
      if (this.path(stop) === path && stop.line === line && --left === 0) return this.stepped(this.at);
    }
  }

  async next(): Promise<StopOutcome> {
    this.asked.push('next');
    this.at++;
    return this.outcome();
  }

  /** A step: to the next stop (stepIn, stepOut), or (next) to the next stop no deeper than this one; what the stops passed wrote is written. */
  async step(kind: StepKind): Promise<StepOutcome> {
    this.asked.push(kind === 'next' ? 'next-step' : kind);
    const depth = this.script[this.at]?.depth ?? 1;
    this.arrive();
    if (kind === 'next')
      while (this.script[this.at] !== undefined && (this.script[this.at]!.depth ?? 1) > depth) this.arrive();
    return this.script[this.at] === undefined ? this.ended() : this.stepped(this.at);
  }

  private readonly listeners = new Set<(text: string) => void>();

  watchOutput(): OutputWatch {
    return new OutputWatch({
      stdout: [
        (listener) => {
          this.listeners.add(listener);
          return () => this.listeners.delete(listener);
        },
      ],
      stderr: [],
    });
  }

  /** On to the next stop, writing what the program wrote on its way there. */
  private arrive(): void {
    this.at++;
    const wrote = this.script[this.at]?.wrote;
    if (wrote !== undefined) for (const listener of this.listeners) listener(wrote);
  }

  async read(outcome: StopOutcome, quiet?: boolean): Promise<RunFacts> {
    this.asked.push(quiet ? 'read quietly' : 'read');
    if (outcome.kind === 'no_break')
      return noBreakFacts(this.spec, outcome.reason, outcome.stop, null, [], outcome.exitCode);
    const { values } = await this.readValues(outcome.frameId);
    return {
      status: 'break',
      location: stopLocation(outcome.top, this.spec),
      values,
      stop: outcome.stop,
      bound_line: null,
      no_break_reason: null,
      frames: [],
      exit_code: null,
      warnings: [],
    };
  }

  /** `frameId` is the stop's place in the script. */
  async readValues(frameId: number): Promise<{ values: CapturedValues; warnings: string[] }> {
    this.asked.push('values');
    return {
      values: { variables: { ...(this.script[frameId]?.values ?? {}) }, types: {}, truncated: [], normalised: [] },
      warnings: [],
    };
  }

  streamHits(): never {
    throw new Error('the fake run streams no hits');
  }

  /** bpdiffSteps: `skip` lines of the user's code gone through unrecorded, then `count` recorded (`current`: the one it stands on first); it stands on the last. */
  async streamSteps(args: Omit<StreamStepsArguments, 'threadId'>): Promise<{ body: StreamedSteps; stop: StepOutcome }> {
    if (!this.streamsSteps) throw new Error('the fake run streams no steps');
    this.asked.push(`stream ${args.count}${args.current ? ' from here' : ''}${args.skip ? ` after ${args.skip}` : ''}`);
    const users = (stop: ScriptedStop): boolean => args.roots.some((root) => this.path(stop).startsWith(`${root}/`));
    const steps: StreamedStep[] = [];
    let seen = 0;
    const record = (): void => {
      const stop = this.script[this.at]!;
      seen++;
      if (seen <= (args.skip ?? 0)) return;
      steps.push({
        file: this.path(stop),
        line: stop.line,
        function: stop.name ?? 'main',
        depth: stop.depth ?? 1,
        frames: stop.depth ?? 1,
        values: args.values === false ? {} : { ...(stop.values ?? {}) },
      });
    };
    if (args.current) record();
    while (steps.length < args.count) {
      this.at++;
      const stop = this.script[this.at];
      if (stop === undefined) return { body: { steps, seen, ended: { exitCode: this.exitCode } }, stop: this.ended() };
      if (users(stop)) record();
    }
    return { body: { steps, seen, ended: null }, stop: this.stepped(this.at) };
  }

  private outcome(): StopOutcome {
    const stop = this.script[this.at];
    if (stop === undefined) return this.ended();
    const path = this.path(stop);
    const frames = [{ name: stop.name ?? 'main', file: path, line: stop.line }];
    return {
      kind: 'stopped',
      threadId: 1,
      frameId: this.at,
      frames,
      top: { path, line: stop.line },
      stop: { reason: 'breakpoint', description: null },
      breakpoint: NO_BREAKPOINT,
      capabilities: {},
      // Each stop its own pass: an instruction address that never goes up.
      place: { threadId: 1, frames: frames.map((frame) => ({ ...frame, instruction: null })) },
    };
  }

  private stepped(index: number): SteppedStop {
    const stop = this.script[index]!;
    return {
      kind: 'stopped',
      threadId: 1,
      frameId: index,
      top: { path: this.path(stop), line: stop.line, name: stop.name ?? 'main' },
      depth: stop.depth ?? 1,
      stop: { reason: 'step', description: null },
    };
  }

  private ended(): NoBreak {
    return noBreak({ kind: 'exited', exit_code: this.exitCode }, null, this.exitCode, NO_BREAKPOINT);
  }

  private path(stop: ScriptedStop): string {
    return stop.file.startsWith('/') ? stop.file : `${this.spec.cwd}/${stop.file}`;
  }
}
