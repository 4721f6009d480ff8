// The start of one run (LiveRun, live-run.ts, goes on from there): the launch prepared by the
// adapter's hooks (or the adapter they defer to), the adapter started (and the program, for an adapter
// that attaches to it or lives in it), and the debug session run to its first stop. The run's state
// (its adapter, session, resources, warnings) is declared here, as the start is what fills it.
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError, interrupted } from '../errors.js';
import type { CaptureOptions, RunSpec } from '../core/types.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { AdapterHooks, BuildsOnce, LaunchPlan } from '../adapters/hooks.js';
import { fillAdapterPlaceholders, prepareLaunch } from '../adapters/prepare-launch.js';
import { loadHooks } from '../adapters/load-hooks.js';
import { programAdapter, startAdapter, type RunningAdapter } from '../dap/adapter-process.js';
import { Prefetcher } from '../dap/prefetch.js';
import { FrameDump } from '../capture/frame-dump.js';
import { describeEnd } from '../dap/output-tail.js';
import { builtinDefinition } from '../adapters/registry.js';
import { DebugSession } from '../session/debug-session.js';
import type { StopOutcome } from '../session/stop-outcome.js';
import type { SessionEntry } from '../session/debug-session.js';
import { feedStdin, listeningPort, startAttachedProgram, startDapProgram } from './debuggee-process.js';
import type { ProgramExit } from '../session/program-end.js';
import type { Redactor } from '../redact/redactor.js';
import { traceMessage, tracePhase, tracing } from '../trace/trace.js';
import { RunResources } from './run-resources.js';
import { runPaths } from '../values/paths.js';
import { outputAsCompared } from '../values/output-text.js';
import { allowedCpus, cpuForRun, pinTree } from '../process/cpu-affinity.js';

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
  /** The comparison's builds, each made once for all of its starts (src/adapters/run-build.ts). */
  builds?: BuildsOnce;
  /** The niceness the run's adapter and program start at (a walk's spare run: run/spare-starts.ts); absent: bpdiff's own. */
  niceness?: number;
}

/** How a walk that steps from the program's start launches it (a capture needs none of it). */
export interface WalkStart {
  /** Launch arguments over the definition's while walking (debugpy's justMyCode). */
  launch: Record<string, unknown>;
  entry: SessionEntry;
}

/** A run up to its first stop: what starts it (LiveRun goes on from there). */
export class LiveRunStart {
  readonly log: (line: string) => void;
  readonly resources = new RunResources();
  protected readonly startedAt = new Date();
  protected readonly t0 = performance.now();
  protected adapter: RunningAdapter | null = null;
  protected adapterName: string;
  protected buildMs: number | null = null;
  protected readonly warnings: string[] = [];
  /** The adapter's version: from the launch plan, else its capabilities, else (lazily, at the end, so it costs no CPU while the runs compete for it) the hook's own probe. */
  protected version: string | null | undefined;
  protected probeVersion: (() => Promise<string | null>) | null = null;
  /**
   * The program writes to its adapter's own stdio (definition debuggee_output 'adapter-stdio': dlv,
   * rdbg) or is the adapter process (LaunchPlan.adapterRunsProgram): that stdio is the program's output.
   */
  protected programOnAdapterStdio = false;
  protected hooks: AdapterHooks = {};
  protected session: DebugSession | null = null;
  /** A walk's reads of each step's frame, sent with the stop's stackTrace (definition locate.prefetch). */
  protected prefetcher: Prefetcher | null = null;
  /** Reads each stop's locals in one request, where the definition has a script for it (frame_dump): what reads frames. */
  protected frameDump: FrameDump | null = null;
  /** How the run's reads of frames went (requests sent early, frames dumped), for the trace's 'done'. */
  protected readsTraced(): Record<string, number> | undefined {
    if (!this.prefetcher && !this.frameDump) return undefined;
    return {
      ...(this.prefetcher ? { prefetched: this.prefetcher.hits, prefetched_in_vain: this.prefetcher.misses } : {}),
      ...(this.frameDump
        ? { frames_dumped: this.frameDump.counts.dumped, frames_by_requests: this.frameDump.counts.by_requests }
        : {}),
    };
  }

  /** When the run's --timeout ends (a Date.now() time): reading a frame stops there. Each stop gives it the time again. */
  protected deadline = 0;
  /** The end of the program bpdiff started for an adapter that attaches to it, or lives in it. */
  protected programExit: ReturnType<typeof startAttachedProgram> | undefined;
  /** The CPU the adapter and its program go on (the definition's one_cpu), until goingOn puts them there; null: none, or done. */
  private oneCpu: number | null = null;
  /** The run's adapter: the one chosen for it, or the one its hooks defer to (AdapterHooks.defer). */
  protected definition: AdapterDefinition;
  /** Where the command's own code starts, where its hooks say so (LaunchPlan.entryFunctions); null: the definition's. */
  protected planEntry: string[] | null = null;
  /** The run's own folders, written as placeholders in its values and its output (values/paths.ts). */
  protected readonly pathsOfRun: ReturnType<typeof runPaths>;
  /** How a walk sees what the program writes: its folders as placeholders; null under --raw-values. */
  protected readonly outputThrough: ((text: string) => string) | null;

  constructor(
    readonly spec: RunSpec,
    readonly options: CaptureOptions,
    protected readonly context: RunContext,
  ) {
    // Once the caller gave up (Ctrl-C, an MCP call cancelled, a walk's spare given up), what the run says
    // of its killed debugger ('could not be debugged ... killed by SIGKILL') is not news: nothing more.
    this.log = (line) => {
      if (!context.signal.aborted) context.log(`[${spec.label}] ${line}`);
    };
    this.pathsOfRun = runPaths(spec.cwd, context.copyFolder ?? null, this.resources.programTemp);
    // What the program writes is compared with its folders as placeholders, as its values are, and a
    // test runner's times as <time> (values/output-text.ts; --raw-values: as written).
    this.outputThrough = options.values.raw_values
      ? null
      : outputAsCompared(this.pathsOfRun, context.definition.locate?.output_times ?? [], {
          since: Date.now(),
          pids: () => this.resources.processIds(false),
        });
    if (this.outputThrough !== null)
      for (const tail of [this.resources.stdout, this.resources.stderr]) tail.digestThrough(this.outputThrough);
    this.definition = context.definition;
    this.adapterName = context.definition.name;
    tracePhase(spec.label, 'run started', { adapter: context.definition.id });
  }

  /** The functions where the program's own code starts: the command's, where its hooks named them, else `given` (the definition's). */
  entryFunctions(given: readonly string[]): readonly string[] {
    return this.planEntry ?? given;
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
    const launchContext = {
      definition: this.definition,
      spec: withProgramTemp(spec, resources.programTemp),
      options,
      signal,
      log: this.log,
      tempDir: resources.tempDir,
      track: (pid: number) => resources.tree.roots.add(pid),
      ...(context.builds ? { builds: context.builds } : {}),
      ...(walk === undefined && context.reachPass !== undefined && context.reachPass > 1
        ? { passToReach: context.reachPass }
        : {}),
    };
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
    this.programOnAdapterStdio =
      definition.adapter.debuggee_output === 'adapter-stdio' || plan.adapterRunsProgram === true;
    const hookVersion = this.hooks.version;
    if (hookVersion) this.probeVersion = () => hookVersion(plan).catch(() => null);
    if (signal.aborted) throw interrupted();

    const running = await this.startAdapter(plan);
    this.oneCpu = definition.one_cpu === true ? cpuForRun(spec.label, allowedCpus()) : null;
    const session = new DebugSession({
      connection: running.connection,
      definition: plan.condition ? { ...definition, condition: plan.condition } : definition,
      runTimeoutMs: options.run.timeout_seconds * 1000,
      signal,
      log: this.log,
      ...(plan.request ? { request: plan.request } : {}),
      ...(this.programExit ? { programExit: this.programExit } : {}),
      // Only where a CPU of its own is to be had (not BPDIFF_ONE_CPU=0, nor a single CPU): else the
      // session's stop at the entry for it would be for nothing.
      ...(this.oneCpu !== null ? { goingOn: () => this.goingOn() } : {}),
      ...(this.hooks.callbackFunctions
        ? { callbackFunctions: (folders: readonly string[]) => this.hooks.callbackFunctions!(plan, folders) }
        : {}),
    });
    this.session = session;
    if (walk && definition.locate?.prefetch === true) this.prefetcher = new Prefetcher(running.connection);
    if (definition.frame_dump && process.env['BPDIFF_FRAME_DUMP'] !== '0')
      this.frameDump = new FrameDump(this.prefetcher ?? running.connection, definition, options.limits);
    const capabilities = await session.initialize();
    tracePhase(spec.label, 'initialized');
    const versionPath = definition.adapter.version_capability;
    if (this.version === undefined && versionPath) this.version = versionIn(capabilities, versionPath);
    this.planEntry = plan.entryFunctions && plan.entryFunctions.length > 0 ? plan.entryFunctions : null;
    const entry =
      walk?.entry.functions && walk.entry.functions.length > 0 && this.planEntry !== null
        ? { ...walk.entry, functions: this.planEntry }
        : walk?.entry;
    const launched = await session.launch(
      walk ? { ...plan.launch, ...walk.launch } : plan.launch,
      // The program counts the passes before N itself (its build): the breakpoint stops at each it sees.
      { ...spec.breakpoint, reachPass: plan.passesCounted !== undefined ? undefined : context.reachPass },
      entry,
    );
    if (plan.passesCounted !== undefined) session.passesSkipped = plan.passesCounted;
    tracePhase(spec.label, 'launched');
    // The run's --timeout counts from here, as the session's wait for the stop does.
    this.deadline = Date.now() + options.run.timeout_seconds * 1000;
    const first = launched ?? (await session.nextStop());
    tracePhase(spec.label, 'first stop', { kind: first.kind });
    return first;
  }

  /**
   * Before the run goes on from a stop (a step, a continue, a run to a pass): the adapter and its
   * program on one CPU from then on, once (the definition's one_cpu: process/cpu-affinity.ts). Not
   * before the first stop, so that the program's runtime has read the machine's CPUs; nor for a run
   * captured at its first stop alone, which never goes on, unless the adapter counts many passes before
   * that stop (--hit N): the session then stops at the program's entry function first and calls this
   * there (session-setup.ts).
   */
  protected async goingOn(): Promise<void> {
    const cpu = this.oneCpu;
    const pid = this.adapter?.pid ?? null;
    if (cpu === null || pid === null) return;
    this.oneCpu = null;
    const pinned = await pinTree(pid, cpu);
    tracePhase(this.spec.label, 'one cpu', { cpu, pinned: pinned.length });
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
      ? startAttachedProgram(
          debuggee,
          {
            label: spec.label,
            marker: resources.tree.marker,
            track: (pid) => resources.trackSession(pid),
            ...(context.niceness !== undefined ? { niceness: context.niceness } : {}),
            stdout: resources.stdout,
            stderr: resources.stderr,
          },
          new Promise<number>((resolve) => (tellPort = resolve)),
        )
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
      ...(context.niceness !== undefined ? { niceness: context.niceness } : {}),
      signal,
      marker: resources.tree.marker,
      // An adapter that runs inside bpdiff, unless --adapter-path names an executable to run instead.
      ...(definition.adapter.in_process && !options.adapter.path
        ? { inProcess: fillAdapterPlaceholders(definition.adapter.in_process) }
        : {}),
    });
    this.adapter = running;
    tracePhase(spec.label, 'adapter connected', { pid: running.pid });
    if (tracing()) running.connection.tap = (direction, message) => traceMessage(spec.label, direction, message);
    running.connection.onEvent((event) => resources.follow(event, this.definition.locate));
    if (this.programOnAdapterStdio && running.process) {
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
      const wait = {
        step: `waiting for the ${listening} event`,
        timeoutMs: definition.timeouts.start * 1000,
        hint: `check that ${this.adapterName} runs on its own`,
      };
      tellPort(
        running.connection
          .waitForEvent((event) => event.event === listening, wait)
          .then((event) => listeningPort(event, debuggee.listening, this.adapterName)),
      );
    }
    return running;
  }

  /** A `debuggee-fd` adapter: the program, in which the adapter lives, started with its DAP socket. */
  private async startProgramAdapter(plan: LaunchPlan): Promise<RunningAdapter> {
    const { spec, resources, context } = this;
    const program = plan.program;
    if (!program)
      throw new BpdiffError(
        'ADAPTER_CONFIG',
        `${this.definition.file}: a "debuggee-fd" adapter needs hooks that name the program to start (LaunchPlan.program) — check "hooks" in the definition`,
      );
    this.log(`starting ${this.adapterName} in the program`);
    const { socket, exit } = await startDapProgram(program, {
      label: spec.label,
      marker: resources.tree.marker,
      track: (pid) => resources.trackSession(pid),
      ...(context.niceness !== undefined ? { niceness: context.niceness } : {}),
      stdout: resources.stdout,
      stderr: resources.stderr,
    });
    this.programExit = exit;
    let ended: ProgramExit | null = null;
    void exit.then((end) => (ended = end));
    const running = programAdapter(this.adapterName, socket, null, () =>
      ended ? ended.description : 'the program is still running',
    );
    this.adapter = running;
    tracePhase(spec.label, 'adapter connected');
    if (tracing()) running.connection.tap = (direction, message) => traceMessage(spec.label, direction, message);
    running.connection.onEvent((event) => resources.follow(event, this.definition.locate));
    return running;
  }
}

/** The version at a dotted path of the capabilities (`__lldb.version`: "lldb version 19.1.7" -> "19.1.7"). */
function versionIn(capabilities: DebugProtocol.Capabilities, dotted: string): string | null {
  let value: unknown = capabilities;
  for (const key of dotted.split('.'))
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string') return null;
  return /\d+(?:\.\d+)+\S*/.exec(value)?.[0] ?? value;
}

/** The run as launched: its temporary folder bpdiff's own (RunResources.programTemp), unless --env names one. */
function withProgramTemp(spec: RunSpec, folder: string): RunSpec {
  const temp = Object.fromEntries(
    ['TMPDIR', 'TMP', 'TEMP'].filter((name) => spec.env[name] === undefined).map((name) => [name, folder]),
  );
  return { ...spec, env: { ...temp, ...spec.env } };
}
