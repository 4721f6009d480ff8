// One run under its debug adapter, from the launch to its end: the launch prepared by the adapter's
// hooks, the adapter started (and the program, for an adapter that attaches to it), the debug session
// up to its first stop, each stop read (the frame, then the value pipeline), and the capture document
// put together from what was found. What to do with the stops (which one is captured, a walk) is the
// caller's (run-one.ts; a walk of src/walk/ asks it what walk-run.ts says); so is what an error means (run-failure.ts).
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError, interrupted } from '../errors.js';
import type { CaptureOptions, RunCapture, RunSpec, StackFrameSummary } from '../core/types.js';
import type { CapturedValues } from '../values/types.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { AdapterHooks, LaunchPlan } from '../adapters/hooks.js';
import { fillAdapterPlaceholders, prepareLaunch } from '../adapters/prepare-launch.js';
import { loadHooks } from '../adapters/load-hooks.js';
import { programAdapter, startAdapter, type RunningAdapter } from '../dap/adapter-process.js';
import type { StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import { Prefetcher } from '../dap/prefetch.js';
import { withAdapterRules, type StreamedHits, type StreamHitsArguments } from '../dap/hit-stream.js';
import { describeEnd } from '../dap/output-tail.js';
import { builtinDefinition } from '../adapters/registry.js';
import { DebugSession } from '../session/debug-session.js';
import type { StepKind, SteppedStop, StepOutcome, StopOutcome } from '../session/stop-outcome.js';
import type { SessionEntry } from '../session/debug-session.js';
import { feedStdin, listeningPort, startAttachedProgram, startDapProgram } from './debuggee-process.js';
import type { ProgramExit } from '../session/program-end.js';
import { readFrame } from '../capture/read-frame.js';
import { boundLine, captureDocument, noBreakFacts, stopLocation, type RunFacts } from '../capture/capture-document.js';
import { evaluateWatches } from '../capture/watch.js';
import { runValuePipelineInSlices, userValueRules } from '../values/pipeline.js';
import { runPaths } from '../values/paths.js';
import type { Redactor } from '../redact/redactor.js';
import { scrubCapture } from '../redact/capture.js';
import { holdsKeyedMarker } from '../redact/shapes.js';
import { traceMessage, tracePhase, tracing } from '../trace/trace.js';
import { RunResources } from './run-resources.js';
import type { WalkRun } from '../walk/walk-run.js';

export interface RunContext {
  definition: AdapterDefinition;
  signal: AbortSignal;
  log: (line: string) => void;
  /** The folder of this run's own copy of the program, when the other run has its copy elsewhere (copyFolders). */
  copyFolder?: string | null;
  /** Secrets become markers in the values and leave the output tails and messages (absent: no redaction). */
  redactor?: Redactor;
  /** The pass through the line the first stop is to be (--hit N, --from FILE:LINE:N): the adapter counts the passes before it where it can (session/reach-pass.ts). */
  reachPass?: number;
}

/** How a walk that steps from the program's start launches it (a capture needs none of it). */
export interface WalkStart {
  /** Launch arguments over the definition's while walking (debugpy's justMyCode). */
  launch: Record<string, unknown>;
  entry: SessionEntry;
}

/** What reading no variables gives (--watch-only): a fresh object, as the watch values are added to it. */
function emptyRead(): { variables: Record<string, string>; types: Record<string, string>; truncated: string[]; unread: string[]; warnings: string[] } {
  return { variables: {}, types: {}, truncated: [], unread: [], warnings: [] };
}

export class LiveRun implements WalkRun {
  readonly log: (line: string) => void;
  readonly resources = new RunResources();
  private readonly startedAt = new Date();
  private readonly t0 = performance.now();
  private adapter: RunningAdapter | null = null;
  private adapterName: string;
  private buildMs: number | null = null;
  private readonly warnings: string[] = [];
  /** The adapter's version: from the launch plan, else its capabilities, else (lazily, at the end, so it costs no CPU while the runs compete for it) the hook's own probe. */
  private version: string | null | undefined;
  private probeVersion: (() => Promise<string | null>) | null = null;
  /** The adapter process is the program (LaunchPlan.adapterRunsProgram): its output is the program's. */
  private adapterRunsProgram = false;
  private hooks: AdapterHooks = {};
  private session: DebugSession | null = null;
  /** A walk's reads of each step's frame, sent with the stop's stackTrace (definition locate.prefetch). */
  private prefetcher: Prefetcher | null = null;
  /** When the run's --timeout ends (a Date.now() time): reading a frame stops there. Each stop gives it the time again. */
  private deadline = 0;
  private pathsOfRun: ReturnType<typeof runPaths> | null = null;
  /** The end of the program bpdiff started for an adapter that attaches to it, or lives in it. */
  private programExit: ReturnType<typeof startAttachedProgram> | undefined;
  /** The run's adapter: the one chosen for it, or the one its hooks defer to (AdapterHooks.defer). */
  private definition: AdapterDefinition;

  constructor(
    readonly spec: RunSpec,
    readonly options: CaptureOptions,
    private readonly context: RunContext,
  ) {
    this.log = (line) => context.log(`[${spec.label}] ${line}`);
    this.definition = context.definition;
    this.adapterName = context.definition.name;
    tracePhase(spec.label, 'run started', { adapter: context.definition.id });
  }

  /**
   * Prepares the launch, starts the adapter (and the program it attaches to), and runs the session to
   * its first stop: at the breakpoint, or (`walk`, a locate walk) where the program's own code starts.
   */
  async start(walk?: WalkStart): Promise<StopOutcome> {
    const { spec, options, context, resources } = this;
    const { signal } = context;
    if (signal.aborted) throw interrupted();
    this.hooks = await loadHooks(this.definition);
    tracePhase(spec.label, 'hooks loaded');
    const launchContext = { definition: this.definition, spec, options, signal, log: this.log, tempDir: resources.tempDir, track: (pid: number) => resources.tree.roots.add(pid) };
    const deferral = this.hooks.defer ? await this.hooks.defer(launchContext) : null;
    if (deferral) {
      // Another built-in adapter serves this run; the reason goes to its hints.
      this.definition = builtinDefinition(deferral.adapter);
      this.adapterName = this.definition.name;
      this.hooks = await loadHooks(this.definition);
      this.warnings.push(deferral.reason);
      tracePhase(spec.label, 'adapter deferred', { adapter: this.definition.id });
    }
    const definition = this.definition;
    const plan = await prepareLaunch(this.hooks, { ...launchContext, definition });
    tracePhase(spec.label, 'launch prepared', { build_ms: plan.buildMs });
    this.adapterName = plan.adapterName;
    this.buildMs = plan.buildMs;
    this.warnings.push(...plan.warnings);
    this.version = plan.version;
    this.adapterRunsProgram = plan.adapterRunsProgram === true;
    const hookVersion = this.hooks.version;
    if (hookVersion) this.probeVersion = () => hookVersion(plan).catch(() => null);
    if (signal.aborted) throw interrupted();

    const running = await this.startAdapter(plan);
    const session = new DebugSession({
      connection: running.connection,
      definition: plan.condition ? { ...definition, condition: plan.condition } : definition,
      runTimeoutMs: options.run.timeout_seconds * 1000,
      signal,
      log: this.log,
      ...(plan.request ? { request: plan.request } : {}),
      ...(this.programExit ? { programExit: this.programExit } : {}),
    });
    this.session = session;
    if (walk && definition.locate?.prefetch === true) this.prefetcher = new Prefetcher(running.connection);
    const capabilities = await session.initialize();
    tracePhase(spec.label, 'initialized');
    const versionPath = definition.adapter.version_capability;
    if (this.version === undefined && versionPath) this.version = versionIn(capabilities, versionPath);
    const launched = await session.launch(walk ? { ...plan.launch, ...walk.launch } : plan.launch, { ...spec.breakpoint, reachPass: context.reachPass }, walk?.entry);
    tracePhase(spec.label, 'launched');
    // The run's --timeout counts from here, as the session's wait for the stop does.
    this.deadline = Date.now() + options.run.timeout_seconds * 1000;
    const first = launched ?? (await session.nextStop());
    tracePhase(spec.label, 'first stop', { kind: first.kind });
    return first;
  }

  /** The adapter, in a session of its own (or inside bpdiff), and the program bpdiff starts for it to attach to. */
  private async startAdapter(plan: LaunchPlan): Promise<RunningAdapter> {
    const { spec, options, context, resources } = this;
    const { signal } = context;
    const definition = this.definition;
    if (definition.adapter.transport === 'debuggee-fd') return this.startProgramAdapter(plan);
    // A program bpdiff starts itself, for the adapter to attach to (at once, or once the adapter
    // listens: startAttachedProgram), told the port the adapter picked once the adapter names it.
    const debuggee = plan.debuggee;
    let tellPort: (port: PromiseLike<number>) => void = () => undefined;
    this.programExit = debuggee
      ? startAttachedProgram(debuggee, { label: spec.label, marker: resources.tree.marker, track: (pid) => resources.trackSession(pid), stdout: resources.stdout, stderr: resources.stderr }, new Promise<number>((resolve) => (tellPort = resolve)))
      : undefined;

    this.log(`starting ${this.adapterName}`);
    tracePhase(spec.label, 'adapter spawn', { adapter: this.adapterName });
    const running = await startAdapter({
      name: this.adapterName,
      executable: plan.adapterExecutable,
      args: plan.adapterArgs,
      env: plan.adapterEnv,
      cwd: spec.cwd,
      transport: definition.adapter.transport,
      ...(definition.adapter.port_pattern ? { portPattern: definition.adapter.port_pattern } : {}),
      timeoutMs: definition.timeouts.start * 1000,
      track: (pid) => resources.trackSession(pid),
      signal,
      marker: resources.tree.marker,
      // An adapter that runs inside bpdiff, unless --adapter-path names an executable to run instead.
      ...(definition.adapter.in_process && !options.adapter.path ? { inProcess: fillAdapterPlaceholders(definition.adapter.in_process) } : {}),
    });
    this.adapter = running;
    tracePhase(spec.label, 'adapter connected', { pid: running.pid });
    if (tracing()) running.connection.tap = (direction, message) => traceMessage(spec.label, direction, message);
    running.connection.onEvent((event) => resources.follow(event, this.definition.locate?.debugger_output));
    if ((definition.adapter.debuggee_output === 'adapter-stdio' || plan.adapterRunsProgram) && running.process) {
      running.process.stdout?.on('data', (chunk: Buffer) => resources.stdout.push(chunk.toString('utf8')));
      // The debuggee inherits the adapter's stdin too (dlv), or is the adapter (rdbg): give it the --stdin file, else an empty stdin.
      feedStdin(running.process, spec.stdin_file === null ? null : path.resolve(spec.cwd, spec.stdin_file));
    }
    // An adapter that is the program, or ends with it: its end while the session waits for a stop is
    // the program's end, not a broken adapter (the session's programExit, as for an attached program).
    if (!debuggee && (plan.adapterRunsProgram || definition.adapter.exits_with_program)) {
      const program = plan.adapterRunsProgram === true;
      this.programExit = running.ended.then((end) => ({
        code: program ? end.code : null,
        signal: program ? end.signal : null,
        description: describeEnd(end, running.stderr),
      }));
    }
    if (debuggee) {
      const { event: listening } = debuggee.listening;
      const wait = { step: `waiting for the ${listening} event`, timeoutMs: definition.timeouts.start * 1000, hint: `check that ${this.adapterName} runs on its own` };
      tellPort(running.connection.waitForEvent((event) => event.event === listening, wait).then((event) => listeningPort(event, debuggee.listening, this.adapterName)));
    }
    return running;
  }

  /** A `debuggee-fd` adapter: the program, in which the adapter lives, started with its DAP socket. */
  private async startProgramAdapter(plan: LaunchPlan): Promise<RunningAdapter> {
    const { spec, resources } = this;
    const program = plan.program;
    if (!program) throw new BpdiffError('ADAPTER_CONFIG', `${this.definition.file}: a "debuggee-fd" adapter needs hooks that name the program to start (LaunchPlan.program) — check "hooks" in the definition`);
    this.log(`starting ${this.adapterName} in the program`);
    const { socket, exit } = await startDapProgram(program, { label: spec.label, marker: resources.tree.marker, track: (pid) => resources.trackSession(pid), stdout: resources.stdout, stderr: resources.stderr });
    this.programExit = exit;
    let ended: ProgramExit | null = null;
    void exit.then((end) => (ended = end));
    const running = programAdapter(this.adapterName, socket, null, () => (ended ? ended.description : 'the program is still running'));
    this.adapter = running;
    tracePhase(spec.label, 'adapter connected');
    if (tracing()) running.connection.tap = (direction, message) => traceMessage(spec.label, direction, message);
    running.connection.onEvent((event) => resources.follow(event, this.definition.locate?.debugger_output));
    return running;
  }

  /** Passes the adapter let go before the first stop (session/reach-pass.ts): that stop is pass passesSkipped + 1. */
  get passesSkipped(): number {
    return this.session?.passesSkipped ?? 0;
  }

  /** Lets the program run on to its next stop (or its end); the stop gets the run's --timeout again. */
  async next(): Promise<StopOutcome> {
    const session = this.started();
    await session.continue();
    const next = await session.nextStop();
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return next;
  }

  /** A stop: the frame read and its values through the pipeline. No stop: why not. `quiet`: no progress line (a walk's later hits). */
  async read(outcome: StopOutcome, quiet = false): Promise<RunFacts> {
    const { spec, options } = this;
    const bound = boundLine(outcome.breakpoint.line, outcome.kind === 'stopped' ? outcome.top : null, spec);
    if (outcome.kind === 'no_break') return noBreakFacts(spec, outcome.reason, outcome.stop, bound, outcome.frames, outcome.exitCode);
    if (options.breakpoint.exact_line && bound !== null) return noBreakFacts(spec, { kind: 'moved', bound_line: bound }, outcome.stop, bound, outcome.frames);
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
   * values' rules), the breakpoint's when not known.
   */
  async readValues(frameId: number, file: string | null): Promise<{ values: CapturedValues; warnings: string[] }> {
    const { spec, options, context, definition } = this;
    const connection = this.adapter!.connection;
    // The scopes and the locals' variables, asked for again at the next step's stop (prefetch.ts).
    const readDone = this.prefetcher?.reading();
    const read = options.values.watch_only ? emptyRead() : await readFrame(this.prefetcher ?? connection, definition, frameId, options.values.scope, options.limits, this.deadline, file ?? spec.breakpoint.path);
    readDone?.();
    if (options.values.watch.length > 0) Object.assign(read.variables, await evaluateWatches(connection, definition, frameId, options.values.watch, options.limits.value_timeout_seconds));
    this.pathsOfRun ??= runPaths(spec.cwd, context.copyFolder ?? null);
    // In time slices (core/slices.ts): the other run's adapter and a signal are answered while the values go through.
    const values = await runValuePipelineInSlices(
      { variables: read.variables, types: read.types, truncated: read.truncated, normalised: [], unread: read.unread },
      { adapter: { definition, hooks: this.hooks }, breakpointPath: file ?? spec.breakpoint.path, runTexts: this.resources.markerTexts(), runPaths: this.pathsOfRun, ...userValueRules(options.values), ...(context.redactor ? { redactor: context.redactor } : {}) },
      context.signal,
    );
    return { values, warnings: [...read.warnings, ...(values.notes ?? [])] };
  }

  /** One step of a walk (session.step), the run's --timeout given again for it. */
  async step(kind: StepKind): Promise<StepOutcome> {
    const plan = this.prefetcher?.forStep();
    const early = plan ? () => this.prefetcher!.send(plan, { step: 'reading the frame', timeoutMs: this.options.run.timeout_seconds * 1000 }) : undefined;
    const outcome = await this.started().step(kind, early);
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return outcome;
  }

  /** Whether the adapter streams steps (bpdiffSteps): its definition says so and its initialize answer confirms it. */
  get streamsSteps(): boolean {
    return this.definition.locate?.stream === true && (this.session?.capabilities as { supportsBpdiffSteps?: boolean } | undefined)?.supportsBpdiffSteps === true;
  }

  /** `count` steps of the user's code at once (session.streamSteps), the run's --timeout given again for them. */
  async streamSteps(args: Omit<StreamStepsArguments, 'threadId'>): Promise<{ body: StreamedSteps; stop: StepOutcome }> {
    const streamed = await this.started().streamSteps(withAdapterRules(args, this.definition));
    this.deadline = Date.now() + this.options.run.timeout_seconds * 1000;
    return streamed;
  }

  /** Whether the adapter streams hits (bpdiffHits): its definition says so and its initialize answer confirms it. */
  get streamsHits(): boolean {
    return this.definition.stream_hits === true && this.definition.stops_once_per_pass === true && (this.session?.capabilities as { supportsBpdiffHits?: boolean } | undefined)?.supportsBpdiffHits === true;
  }

  /** Up to `count` hits at once (session.streamHits), and the stop after them (none for `count` 0: the hit it stands on); the stop gets the run's --timeout again. */
  async streamHits(args: Omit<StreamHitsArguments, 'threadId'>): Promise<{ body: StreamedHits; stop: StopOutcome | null }> {
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
    // An adapter whose debuggee writes to the adapter's own stdio (dlv): its stderr is the debuggee's.
    if (this.adapter && (this.definition.adapter.debuggee_output === 'adapter-stdio' || this.adapterRunsProgram)) resources.stderr.push(this.adapter.stderr.text);
    const { stdout, stderr } = resources;
    const capture = captureDocument(spec, facts, {
      adapter: { id: this.definition.id, name: this.adapterName, version: this.version ?? (this.probeVersion ? await withTimeout(this.probeVersion(), 2000) : null) },
      output: { stdout_tail: stdout.text, stderr_tail: stderr.text, truncated: stdout.truncated || stderr.truncated },
      warnings: this.warnings,
      timing: { started_at: this.startedAt.toISOString(), duration_ms: Math.round(performance.now() - this.t0), build_ms: this.buildMs },
      redaction: null,
    });
    return context.redactor ? withRedaction(scrubCapture(capture, context.redactor), context.redactor) : capture;
  }

  /** Every process of the run killed, its temp folder removed. */
  close(): void {
    this.adapter?.close();
    this.resources.dispose();
    tracePhase(this.spec.label, 'done', this.prefetcher ? { prefetched: this.prefetcher.hits, prefetched_in_vain: this.prefetcher.misses } : undefined);
  }

  private started(): DebugSession {
    if (this.session === null) throw new Error('the run has not started');
    return this.session;
  }
}

/** The version at a dotted path of the capabilities (`__lldb.version`: "lldb version 19.1.7" -> "19.1.7"). */
function versionIn(capabilities: DebugProtocol.Capabilities, dotted: string): string | null {
  let value: unknown = capabilities;
  for (const key of dotted.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string') return null;
  return /\d+(?:\.\d+)+\S*/.exec(value)?.[0] ?? value;
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
