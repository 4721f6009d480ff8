// One run, start to end: prepare the launch, start the adapter, let the session stop at the
// breakpoint, read the frame, pass the values through the pipeline, and kill every process of the
// run and remove its temp folder, whatever happened. The error policy lives here: an error that ends
// the comparison is thrown, any other becomes this run's no_break capture (errors.ts ErrorScope).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { errorScope, interrupted, isBpdiffError } from '../errors.js';
import type { CaptureOptions, RunCapture, RunSpec } from '../core/types.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { AdapterHooks } from '../adapters/hooks.js';
import { fillAdapterPlaceholders, prepareLaunch } from '../adapters/prepare-launch.js';
import { loadHooks } from '../adapters/hooks.js';
import { startAdapter, type RunningAdapter } from '../dap/adapter-process.js';
import { OutputTail } from '../dap/output-tail.js';
import { killRun, readProc, trackTree, untrackTree, type RunMarker, type RunTree } from '../process/process-tree.js';
import { DebugSession } from '../session/debug-session.js';
import type { StopOutcome } from '../session/stop-outcome.js';
import { listeningPort, startAttachedProgram } from './debuggee-process.js';
import { readFrame } from '../capture/read-frame.js';
import { boundLine, captureDocument, noBreakFacts, stopLocation, type RunFacts } from '../capture/capture-document.js';
import { runValuePipeline, userValueRules } from '../values/pipeline.js';
import { runPaths } from '../values/paths.js';
import type { Redactor } from '../redact/redactor.js';
import { scrubCapture } from '../redact/capture.js';
import { holdsKeyedMarker } from '../redact/shapes.js';
import { nthHit, type Walker } from './walk.js';
import { evaluateWatches } from '../capture/watch.js';
import { traceMessage, tracePhase, tracing } from '../trace/trace.js';

/** What reading no variables gives (--watch-only): a fresh object, as the watch values are added to it. */
function emptyRead(): { variables: Record<string, string>; types: Record<string, string>; truncated: string[]; unread: string[]; warnings: string[] } {
  return { variables: {}, types: {}, truncated: [], unread: [], warnings: [] };
}

export interface RunContext {
  definition: AdapterDefinition;
  signal: AbortSignal;
  log: (line: string) => void;
  /** The folder of this run's own copy of the program, when the other run has its copy elsewhere (copyFolders). */
  copyFolder?: string | null;
  /** Secrets become markers in the values and leave the output tails and messages (absent: no redaction). */
  redactor?: Redactor;
  /** Which stop is captured (walk.ts): by default the first, or --hit's. A first-divergence walk gives its own. */
  walker?: Walker;
}

/** What one run holds while it lives: its process tree, temp folder and output tails. */
class RunResources {
  readonly owner = {};
  readonly tree = trackTree(this.owner);
  readonly tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-'));
  readonly stdout = new OutputTail();
  readonly stderr = new OutputTail();

  /** Output and new processes, as the adapter reports them. */
  follow(event: DebugProtocol.Event): void {
    if (event.event === 'output') {
      const body = (event as DebugProtocol.OutputEvent).body;
      if (body.category === 'stdout') this.stdout.push(body.output);
      else if (body.category === 'stderr') this.stderr.push(body.output);
    } else if (event.event === 'process') {
      const pid = (event as DebugProtocol.ProcessEvent).body.systemProcessId;
      if (pid) {
        this.tree.roots.add(pid);
        const info = readProc(pid);
        if (info) this.tree.sessions.add(info.sid);
      }
    }
  }

  dispose(): void {
    killRun(this.tree);
    untrackTree(this.owner);
    fs.rmSync(this.tempDir, { recursive: true, force: true });
  }
}

export async function captureRun(spec: RunSpec, options: CaptureOptions, context: RunContext): Promise<RunCapture> {
  const { definition, signal } = context;
  const log = (line: string): void => context.log(`[${spec.label}] ${line}`);
  const startedAt = new Date();
  const t0 = performance.now();
  tracePhase(spec.label, 'run started', { adapter: definition.id });
  const resources = new RunResources();
  let adapter: RunningAdapter | null = null;
  let adapterName = definition.name;
  let buildMs: number | null = null;
  const warnings: string[] = [];
  // The adapter's version: from the launch plan, else its capabilities, else (lazily, at the end, so it
  // costs no CPU while the runs compete for it) the hook's own probe.
  let version: string | null | undefined;
  let probeVersion: (() => Promise<string | null>) | null = null;

  const finish = async (facts: RunFacts): Promise<RunCapture> => {
    // An adapter whose debuggee writes to the adapter's own stdio (dlv): its stderr is the debuggee's.
    if (adapter && definition.adapter.debuggee_output === 'adapter-stdio') resources.stderr.push(adapter.stderr.text);
    const { stdout, stderr } = resources;
    const capture = captureDocument(spec, facts, {
      adapter: { id: definition.id, name: adapterName, version: version ?? (probeVersion ? await withTimeout(probeVersion(), 2000) : null) },
      output: { stdout_tail: stdout.text, stderr_tail: stderr.text, truncated: stdout.truncated || stderr.truncated },
      warnings,
      timing: { started_at: startedAt.toISOString(), duration_ms: Math.round(performance.now() - t0), build_ms: buildMs },
      redaction: null,
    });
    return context.redactor ? withRedaction(scrubCapture(capture, context.redactor), context.redactor) : capture;
  };

  try {
    if (signal.aborted) throw interrupted();
    const hooks = await loadHooks(definition);
    tracePhase(spec.label, 'hooks loaded');
    const plan = await prepareLaunch(hooks, {
      definition,
      spec,
      options,
      signal,
      log,
      tempDir: resources.tempDir,
      track: (pid) => resources.tree.roots.add(pid),
    });
    tracePhase(spec.label, 'launch prepared', { build_ms: plan.buildMs });
    adapterName = plan.adapterName;
    buildMs = plan.buildMs;
    warnings.push(...plan.warnings);
    version = plan.version;
    const hookVersion = hooks.version;
    if (hookVersion) probeVersion = () => hookVersion(plan).catch(() => null);
    if (signal.aborted) throw interrupted();

    // A program bpdiff starts itself, for the adapter to attach to (at once, or once the adapter
    // listens: startAttachedProgram), told the port the adapter picked once the adapter names it.
    const debuggee = plan.debuggee;
    let tellPort: (port: PromiseLike<number>) => void = () => undefined;
    const programExit = debuggee
      ? startAttachedProgram(debuggee, { label: spec.label, marker: resources.tree.marker, track: (pid) => trackSession(resources.tree, pid), stdout: resources.stdout, stderr: resources.stderr }, new Promise<number>((resolve) => (tellPort = resolve)))
      : undefined;

    log(`starting ${adapterName}`);
    tracePhase(spec.label, 'adapter spawn', { adapter: adapterName });
    adapter = await startAdapter({
      name: adapterName,
      executable: plan.adapterExecutable,
      args: plan.adapterArgs,
      env: plan.adapterEnv,
      cwd: spec.cwd,
      transport: definition.adapter.transport,
      ...(definition.adapter.port_pattern ? { portPattern: definition.adapter.port_pattern } : {}),
      timeoutMs: definition.timeouts.start * 1000,
      track: (pid) => trackSession(resources.tree, pid),
      signal,
      marker: resources.tree.marker,
      // An adapter that runs inside bpdiff, unless --adapter-path names an executable to run instead.
      ...(definition.adapter.in_process && !options.adapter.path ? { inProcess: fillAdapterPlaceholders(definition.adapter.in_process) } : {}),
    });
    const running = adapter;
    tracePhase(spec.label, 'adapter connected', { pid: running.pid });
    if (tracing()) running.connection.tap = (direction, message) => traceMessage(spec.label, direction, message);
    running.connection.onEvent((event) => resources.follow(event));
    if (definition.adapter.debuggee_output === 'adapter-stdio' && running.process) {
      running.process.stdout?.on('data', (chunk: Buffer) => resources.stdout.push(chunk.toString('utf8')));
      // The debuggee inherits the adapter's stdin too (dlv): give it the --stdin file, else an empty stdin.
      feedStdin(running.process, spec.stdin_file === null ? null : path.resolve(spec.cwd, spec.stdin_file));
    }
    if (debuggee) {
      const { event: listening } = debuggee.listening;
      const wait = { step: `waiting for the ${listening} event`, timeoutMs: definition.timeouts.start * 1000, hint: `check that ${adapterName} runs on its own` };
      tellPort(running.connection.waitForEvent((event) => event.event === listening, wait).then((event) => listeningPort(event, debuggee.listening, adapterName)));
    }

    const session = new DebugSession({
      connection: running.connection,
      definition: plan.condition ? { ...definition, condition: plan.condition } : definition,
      runTimeoutMs: options.run.timeout_seconds * 1000,
      signal,
      log,
      ...(plan.request ? { request: plan.request } : {}),
      ...(programExit ? { programExit } : {}),
    });
    const capabilities = await session.initialize();
    tracePhase(spec.label, 'initialized');
    const versionPath = definition.adapter.version_capability;
    if (version === undefined && versionPath) version = versionIn(capabilities, versionPath);
    const launched = await session.launch(plan.launch, spec.breakpoint);
    tracePhase(spec.label, 'launched');
    // The run's --timeout counts from here, as the session's wait for the stop does; reading the frame
    // ends with it. A walk over many hits gives each hit the time again.
    let deadline = Date.now() + options.run.timeout_seconds * 1000;
    const first = launched ?? (await session.nextStop());
    tracePhase(spec.label, 'first stop', { kind: first.kind });
    const outcomeContext = { spec, options, definition, hooks, running, log, deadline, runTexts: markerTexts(resources.tree.marker), runPaths: runPaths(spec.cwd, context.copyFolder ?? null), redactor: context.redactor };
    const walker = context.walker ?? nthHit(options.breakpoint.hit ?? 1);
    const facts = await walker(first, {
      next: async () => {
        await session.continue();
        const next = await session.nextStop();
        deadline = Date.now() + options.run.timeout_seconds * 1000;
        return next;
      },
      read: async (outcome, hit) => {
        const read = await readOutcome(outcome, { ...outcomeContext, deadline, quiet: hit > 1 });
        tracePhase(spec.label, 'frame read', { hit, status: read.status });
        return read;
      },
    });
    return await finish(facts);
  } catch (error) {
    if (isBpdiffError(error) && error.code === 'BUILD_TIMEOUT') {
      // A hook whose build has a limit of its own says it as `seconds` on the error.
      const limit = (error as { seconds?: unknown }).seconds;
      const seconds = typeof limit === 'number' ? limit : options.run.timeout_seconds;
      return finish(noBreakFacts(spec, { kind: 'timeout', seconds, phase: 'build' }));
    }
    if (errorScope(error) === 'comparison') throw error;
    const message = isBpdiffError(error) ? error.message : `internal error: ${(error as Error).message}`;
    log(`could not be debugged: ${message}`);
    return finish(noBreakFacts(spec, { kind: 'error', message }));
  } finally {
    adapter?.close();
    resources.dispose();
    tracePhase(spec.label, 'done');
  }
}

interface OutcomeContext {
  spec: RunSpec;
  options: CaptureOptions;
  definition: AdapterDefinition;
  hooks: AdapterHooks;
  running: RunningAdapter;
  log: (line: string) => void;
  /** When the run's --timeout ends (a Date.now() time): reading the frame stops there. */
  deadline: number;
  /** Texts of this run that differ from run to run by bpdiff's doing (its process marker). */
  runTexts: ReadonlyArray<{ text: string; token: string }>;
  /** The run's own folders, found once (each hit of a walk uses them). */
  runPaths: ReturnType<typeof runPaths>;
  redactor: Redactor | undefined;
  /** Not the first hit of a walk: no progress line for it. */
  quiet?: boolean;
}

/** A stop: the frame read and its values through the pipeline. No stop: why not. */
async function readOutcome(outcome: StopOutcome, context: OutcomeContext): Promise<RunFacts> {
  const { spec, options, definition } = context;
  const bound = boundLine(outcome.breakpoint.line, outcome.kind === 'stopped' ? outcome.top : null, spec);
  if (outcome.kind === 'no_break') return noBreakFacts(spec, outcome.reason, outcome.stop, bound, outcome.frames, outcome.exitCode);
  if (options.breakpoint.exact_line && bound !== null) return noBreakFacts(spec, { kind: 'moved', bound_line: bound }, outcome.stop, bound, outcome.frames);

  if (!context.quiet) context.log(`stopped at ${outcome.top.path ?? '?'}:${outcome.top.line}, reading variables`);
  const read = options.values.watch_only ? emptyRead() : await readFrame(context.running.connection, definition, outcome.frameId, options.values.scope, options.limits, context.deadline);
  if (options.values.watch.length > 0) Object.assign(read.variables, await evaluateWatches(context.running.connection, outcome.frameId, options.values.watch, options.limits.value_timeout_seconds));
  const values = runValuePipeline(
    { variables: read.variables, types: read.types, truncated: read.truncated, normalised: [], unread: read.unread },
    { adapter: { definition, hooks: context.hooks }, breakpointPath: spec.breakpoint.path, runTexts: context.runTexts, runPaths: context.runPaths, ...userValueRules(options.values), ...(context.redactor ? { redactor: context.redactor } : {}) },
  );
  return {
    status: 'break',
    location: stopLocation(outcome.top, spec),
    values,
    stop: outcome.stop,
    bound_line: bound,
    no_break_reason: null,
    frames: outcome.frames,
    exit_code: null,
    warnings: [...read.warnings, ...(values.notes ?? [])],
  };
}

/** A process that leads a session of its own (an adapter, a program bpdiff started): killed with the run. */
function trackSession(tree: RunTree, pid: number): void {
  tree.roots.add(pid);
  tree.sessions.add(pid);
}

function markerTexts(marker: RunMarker | undefined): Array<{ text: string; token: string }> {
  return marker ? [{ text: marker.value, token: `<${marker.name}>` }] : [];
}

function feedStdin(child: ChildProcess, file: string | null): void {
  const stdin = child.stdin;
  if (!stdin) return;
  stdin.on('error', () => undefined); // the adapter may be gone before the file is written
  if (file === null) {
    stdin.end();
    return;
  }
  const source = fs.createReadStream(file);
  source.on('error', () => stdin.end());
  source.pipe(stdin);
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
