// One run under its debug adapter, from the launch to its end: the launch prepared by the adapter's
// hooks, the adapter started (and the program, for an adapter that attaches to it), the debug session
// up to its first stop, each stop read (the frame, then the value pipeline), and the capture document
// put together from what was found. What to do with the stops (which one is captured, a walk) is the
// caller's (run-one.ts; a walk of src/walk/ asks it what walk-run.ts says); so is what an error means (run-failure.ts).
// Its start (the launch, the adapter, the session to its first stop) is LiveRunStart's (live-run-start.ts).
import type { RunCapture, RunSpec, StackFrameSummary } from '../core/types.js';
import type { StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import { withAdapterRules, type StreamedHits, type StreamHitsArguments } from '../dap/hit-stream.js';
import type { DebugSession } from '../session/debug-session.js';
import type { StepKind, SteppedStop, StepOutcome, StopOutcome } from '../session/stop-outcome.js';
import type { ReturnedRead } from '../session/returned-reads.js';
import { stepRequest } from '../session/callbacks.js';
import { readFrame } from '../capture/read-frame.js';
import { boundLine, captureDocument, noBreakFacts, stopLocation, type RunFacts } from '../capture/capture-document.js';
import { evaluateWatches, isWatchError } from '../capture/watch.js';
import { runValuePipelineInSlices, userValueRules } from '../values/pipeline.js';
import type { Redactor } from '../redact/redactor.js';
import { scrubCapture } from '../redact/capture.js';
import { holdsKeyedMarker } from '../redact/shapes.js';
import { tracePhase } from '../trace/trace.js';
import type { ReadValues, WalkRun } from '../walk/walk-run.js';
import { OutputWatch, type OutputSource } from '../walk/run-output.js';
import { ownOrderWarning, UnorderedLoops } from '../walk/unordered-loops.js';
import { LiveRunStart } from './live-run-start.js';
import { isDebuggersLine } from './run-resources.js';
import { unniceTree } from '../process/niceness.js';

export type { RunContext, WalkStart } from './live-run-start.js';

/** What reading no variables gives (--watch-only): a fresh object, as the watch values are added to it. */
function emptyRead(): {
  variables: Record<string, string>;
  types: Record<string, string>;
  truncated: string[];
  unread: string[];
  warnings: string[];
  declared: Record<string, { path: string; line: number }>;
} {
  return { variables: {}, types: {}, truncated: [], unread: [], warnings: [], declared: {} };
}

export class LiveRun extends LiveRunStart implements WalkRun {
  private clockPatterns: RegExp[] | null = null;

  /** The adapter's clock_types, compiled once. */
  private get clockTypes(): RegExp[] {
    this.clockPatterns ??= (this.definition.clock_types ?? []).map((pattern) => new RegExp(pattern));
    return this.clockPatterns;
  }

  /** Passes the adapter let go before the first stop (session/reach-pass.ts): that stop is pass passesSkipped + 1. */
  get passesSkipped(): number {
    return this.session?.passesSkipped ?? 0;
  }

  /**
   * What the program writes from now on: its pipes or the adapter's output events (the run's tails),
   * and for an adapter whose debuggee writes to the adapter's own stdio (dlv, rdbg), that stdio's
   * stderr too (its stdout is already the run's: live-run-start.ts forwards it there).
   */
  watchOutput(): OutputWatch {
    const { stdout, stderr } = this.resources;
    const adapterStdio = this.programOnAdapterStdio ? this.adapter : null;
    // The debugger's own lines on that stderr (rdbg's `DEBUGGER: Disconnected.`): not the program's.
    const own = this.definition.locate?.debugger_output ?? [];
    const programs = (text: string): string =>
      own.length === 0
        ? text
        : text
            .split(/(?<=\n)/)
            .filter((line) => !isDebuggersLine(own, line))
            .join('');
    const adapterStderr: OutputSource[] = adapterStdio
      ? [
          (listener) =>
            adapterStdio.stderr.follow((text) => {
              const kept = programs(text);
              if (kept !== '') listener(kept);
            }),
        ]
      : [];
    return new OutputWatch(
      { stdout: [stdout.follow.bind(stdout)], stderr: [stderr.follow.bind(stderr), ...adapterStderr] },
      this.outputThrough,
    );
  }

  /**
   * A run started ahead of its walk's restart (run/spare-starts.ts), taken by it now: its stop gets the
   * run's --timeout again, and its processes bpdiff's own priority where they started at a lower one.
   */
  taken(): void {
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    if (this.context.niceness === undefined) return;
    const unniced = unniceTree([...this.resources.tree.roots], [...this.resources.tree.sessions]);
    tracePhase(this.spec.label, 'spare taken', { unniced });
  }

  /** Lets the program run on to its next stop (or its end); the stop gets the run's --timeout again. */
  async next(): Promise<StopOutcome> {
    await this.goingOn();
    const session = this.started();
    await session.stopInCallbacks(null, () => this.topFrameId());
    await session.continue();
    const next = await session.nextStop();
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return next;
  }

  /** A stop: the frame read and its values through the pipeline. No stop: why not. `quiet`: no progress line (a walk's later hits). */
  async read(outcome: StopOutcome, quiet = false): Promise<RunFacts> {
    const { spec, options } = this;
    const bound = boundLine(outcome.breakpoint.line, outcome.kind === 'stopped' ? outcome.top : null, spec);
    if (outcome.kind === 'no_break')
      return noBreakFacts(spec, outcome.reason, outcome.stop, bound, outcome.frames, outcome.exitCode);
    if (options.breakpoint.exact_line && bound !== null)
      return noBreakFacts(spec, { kind: 'moved', bound_line: bound }, outcome.stop, bound, outcome.frames);
    if (!quiet) this.log(`stopped at ${outcome.top.path ?? '?'}:${outcome.top.line}, reading variables`);
    const { values, warnings } = await this.readValues(outcome.frameId, outcome.top.path);
    return {
      status: 'break',
      location: stopLocation(outcome.top, spec),
      values,
      stop: outcome.stop,
      bound_line: bound,
      no_break_reason: null,
      frames: outcome.frames,
      exit_code: null,
      warnings,
    };
  }

  /**
   * The values of a stopped frame (its locals, or globals with --scope globals, and the --watch
   * expressions), through the value pipeline; `file`: the frame's source file (the language of its
   * values' rules), the breakpoint's when not known; `name`: the frame's function, where the walk knows it.
   */
  async readValues(frameId: number, file: string | null, line?: number, name?: string): Promise<ReadValues> {
    const { spec, options, context, definition } = this;
    const connection = this.adapter!.connection;
    // The scopes and the locals' variables, asked for again at the next step's stop (prefetch.ts).
    const readDone = this.prefetcher?.reading();
    this.frameDump?.readingIn(`${file ?? ''}:${line ?? ''}:${name ?? ''}`);
    const read = options.values.watch_only
      ? emptyRead()
      : await readFrame(
          this.frameDump ?? this.prefetcher ?? connection,
          definition,
          frameId,
          options.values.scope,
          options.limits,
          this.deadline,
          file ?? spec.breakpoint.path,
        );
    readDone?.();
    // The value the function the walk's last step left returned, where the adapter's repl watched for it.
    const returned = await this.session?.returns.read(frameId, async () => name ?? (await this.topFrame())?.name);
    if (returned) Object.assign(read.variables, this.returnedValues(returned, read.types));
    if (options.values.watch.length > 0)
      Object.assign(
        read.variables,
        await evaluateWatches(
          connection,
          definition,
          frameId,
          options.values.watch,
          options.limits.value_timeout_seconds,
        ),
      );
    // In time slices (core/slices.ts): the other run's adapter and a signal are answered while the values go through.
    const values = await runValuePipelineInSlices(
      { variables: read.variables, types: read.types, truncated: read.truncated, normalised: [], unread: read.unread },
      {
        adapter: { definition, hooks: this.hooks },
        breakpointPath: file ?? spec.breakpoint.path,
        runTexts: this.resources.markerTexts(),
        runPaths: this.pathsOfRun,
        runPids: () => this.resources.processIds(true),
        ...userValueRules(options.values),
        ...(context.redactor ? { redactor: context.redactor } : {}),
      },
      context.signal,
    );
    // The locals declared at or after the line the frame stands on (locate.declared_at): not set yet there.
    const notYetDeclared =
      line === undefined || file === null
        ? []
        : Object.entries(read.declared)
            .filter(([, declared]) => declared.path === file && declared.line >= line)
            .map(([name]) => name);
    return { values, warnings: [...read.warnings, ...(values.notes ?? [])], notYetDeclared };
  }

  /** One step of a walk (session.step), the run's --timeout given again for it; `callbacks`: the user's folders, where a call back from library code stops it (session.stopInCallbacks), or null. */
  async step(kind: StepKind, returns = false, callbacks: readonly string[] | null = null): Promise<StepOutcome> {
    await this.goingOn();
    const plan = this.prefetcher?.forStep();
    const early = plan
      ? () =>
          this.prefetcher!.send(plan, { step: 'reading the frame', timeoutMs: this.options.run.timeout_seconds * 1000 })
      : undefined;
    const stops = await this.started().stopInCallbacks(callbacks, () => this.topFrameId());
    if (returns) await this.started().returns.arm(() => this.topFrame());
    else this.started().returns.notAsked();
    const outcome = await this.started().step(stepRequest(kind, stops, this.definition), early, returns);
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return outcome;
  }

  /** On to the `count`th pass through path:line from here (session.runToPass), the run's --timeout given again for it. */
  async runToPass(path: string, line: number, count: number): Promise<StepOutcome> {
    await this.goingOn();
    await this.started().stopInCallbacks(null, () => this.topFrameId());
    await this.started().returns.off(() => this.topFrame());
    const outcome = await this.started().runToPass(path, line, count);
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return outcome;
  }

  /** Whether the adapter streams steps (bpdiffSteps): its definition says so and its initialize answer confirms it. */
  get streamsSteps(): boolean {
    return (
      this.definition.locate?.stream === true &&
      (this.session?.capabilities as { supportsBpdiffSteps?: boolean } | undefined)?.supportsBpdiffSteps === true
    );
  }

  /** `count` steps of the user's code at once (session.streamSteps), the run's --timeout given again for them. */
  async streamSteps(args: Omit<StreamStepsArguments, 'threadId'>): Promise<{ body: StreamedSteps; stop: StepOutcome }> {
    const streamed = await this.started().streamSteps(withAdapterRules(args, this.definition));
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return streamed;
  }

  /** Whether the adapter streams hits (bpdiffHits): its definition says so and its initialize answer confirms it. */
  get streamsHits(): boolean {
    return (
      this.definition.stream_hits === true &&
      this.definition.stops_once_per_pass === true &&
      (this.session?.capabilities as { supportsBpdiffHits?: boolean } | undefined)?.supportsBpdiffHits === true
    );
  }

  /** Up to `count` hits at once (session.streamHits), and the stop after them (none for `count` 0: the hit it stands on); the stop gets the run's --timeout again. */
  async streamHits(
    args: Omit<StreamHitsArguments, 'threadId'>,
  ): Promise<{ body: StreamedHits; stop: StopOutcome | null }> {
    const streamed = await this.started().streamHits(withAdapterRules(args, this.definition));
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return streamed;
  }

  /** Where the run stands after its last stop, as a step says it. */
  where(): Promise<SteppedStop> {
    return this.started().where();
  }

  /** The stack where the run stands, innermost first. */
  stack(): Promise<StackFrameSummary[]> {
    return this.started().stack();
  }

  /** An expression's value in the frame the run stands in, as the adapter shows it, or null where it cannot be evaluated (the walk's locate.returned.raised check). */
  async evaluate(expression: string): Promise<string | null> {
    const frameId = await this.topFrameId();
    if (frameId === undefined) return null;
    const value = (
      await evaluateWatches(
        this.adapter!.connection,
        this.definition,
        frameId,
        [expression],
        this.options.limits.value_timeout_seconds,
      )
    )[expression]!;
    return isWatchError(value) ? null : value;
  }

  /** The id of the frame the run stands in (an adapter's repl may evaluate in it). */
  private async topFrameId(): Promise<number | undefined> {
    return (await this.frames(1))[0]?.id;
  }

  /** The frame the run stands in: its id and function. */
  private async topFrame(): Promise<{ id: number; name: string } | undefined> {
    return (await this.frames(1))[0];
  }

  /** A value a function returned as the walk compares it, `(return) NAME`, its type beside it. */
  private returnedValues(returned: ReturnedRead, types: Record<string, string>): Record<string, string> {
    const name = `(return) ${returned.function}`;
    if (returned.type !== '') types[name] = returned.type;
    return { [name]: returned.value };
  }

  /** The frames where the run stands, innermost first (at most `levels`), with the ids to read them by. */
  frames(levels: number): Promise<Array<StackFrameSummary & { id: number }>> {
    return this.started().frames(levels);
  }

  /** No breakpoint of bpdiff's stops the program any more (a walk goes on by steps from its start). */
  clearBreakpoints(): Promise<void> {
    return this.started().clearBreakpoints();
  }

  /**
   * The capture document of what the run found (its facts, its adapter, its output, its timing),
   * redacted. `spec`: the run as the capture names it, when not as it started (a located walk names
   * the line it located as its breakpoint).
   */
  async capture(facts: RunFacts, spec: RunSpec = this.spec): Promise<RunCapture> {
    const { context, resources } = this;
    await this.outputRead();
    // An adapter whose debuggee writes to the adapter's own stdio (dlv): its stderr is the debuggee's.
    if (this.adapter && this.programOnAdapterStdio) resources.stderr.push(this.adapter.stderr.text);
    const { stdout, stderr } = resources;
    const capture = captureDocument(spec, facts, {
      warnings: [...this.warnings, ...this.ownOrder(spec, facts)],
      adapter: {
        id: this.definition.id,
        name: this.adapterName,
        version: this.version ?? (this.probeVersion ? await withTimeout(this.probeVersion(), 2000) : null),
      },
      output: { stdout_tail: stdout.text, stderr_tail: stderr.text, truncated: stdout.truncated || stderr.truncated },
      timing: {
        started_at: this.startedAt.toISOString(),
        duration_ms: Math.round(performance.now() - this.t0),
        build_ms: this.buildMs,
      },
      redaction: null,
      clockTypes: this.clockTypes,
    });
    return context.redactor ? withRedaction(scrubCapture(capture, context.redactor), context.redactor) : capture;
  }

  /** A stop without a --condition in a loop its adapter says goes in each run's own order (a Go map): said. */
  private ownOrder(spec: RunSpec, facts: RunFacts): string[] {
    const orders = this.definition.locate?.unordered_types ?? [];
    if (facts.status !== 'break' || spec.breakpoint.condition !== undefined || orders.length === 0) return [];
    const line = facts.location?.line ?? spec.breakpoint.line;
    const place = { file: spec.breakpoint.path, line, frame: 0, name: '', call: 0 };
    const loop = new UnorderedLoops(orders.map((order) => new RegExp(order))).around(place, facts.values.types);
    return loop === null ? [] : [ownOrderWarning(loop.loop, spec.breakpoint.file)];
  }

  /**
   * Once the program has ended, all it wrote has been read. Its own pipes close with it; but a program
   * that writes to its adapter's stdio (dlv, rdbg) leaves its last lines in a pipe the adapter keeps
   * open, and the adapter's exited event, read from its socket in the same turn of the event loop, came
   * first under load: a Go program's last line was missing from its capture (1 run in 6, four pairs side
   * by side). Two turns of the loop read what the pipe holds.
   */
  async outputRead(): Promise<void> {
    if (!this.adapter || !this.programOnAdapterStdio) return;
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
  }

  /** The program will not run again (its capture is read): what its debugger holds for a pass count is let go. */
  async countDone(): Promise<void> {
    await this.session?.countDone();
  }

  /** Every process of the run killed, its temp folder removed. */
  close(): void {
    this.adapter?.close();
    this.resources.dispose();
    tracePhase(this.spec.label, 'done', this.readsTraced());
  }

  private started(): DebugSession {
    if (this.session === null) throw new Error('the run has not started');
    return this.session;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);
}

/**
 * The key the capture's secrets were redacted under. A random key (no BPDIFF_REDACT_KEY) is named
 * only when the capture holds a marker made with it: two identical runs without secrets then write
 * the same bytes, and there is nothing a key mismatch could hide.
 */
function withRedaction(capture: RunCapture, redactor: Redactor): RunCapture {
  const marked = redactor.keyGiven || holdsKeyedMarker(JSON.stringify(capture));
  return { ...capture, redaction: { key_id: marked ? redactor.keyId : null } };
}
