// One run, start to end: choose the adapter, prepare the launch, start the adapter, stop at the
// breakpoint, read the variables, and kill every process of the run, whatever happened.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BpdiffError, isBpdiffError } from '../errors.js';
import { resolveBreakpointPath } from '../core/breakpoint-path.js';
import { quoteCommand } from '../core/shell-quote.js';
import { CAPTURE_SCHEMA_ID, type CaptureOptions, type Location, type NoBreakReason, type RunCapture, type RunSpec } from '../core/types.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { prepareLaunch } from '../adapters/prepare-launch.js';
import { loadHooks } from '../adapters/hooks/index.js';
import { startAdapter, type RunningAdapter } from '../dap/adapter-process.js';
import { OutputTail } from '../dap/output-tail.js';
import { killTree, readProc, trackTree, untrackTree } from '../process/process-tree.js';
import { stopAtBreakpoint, type StopOutcome } from './stop-at-breakpoint.js';
import { renameVariables, walkVariables } from './walk-variables.js';
import { normaliseValues } from './normalise-values.js';

export interface CaptureRunContext {
  definition: AdapterDefinition;
  signal: AbortSignal;
  log: (line: string) => void;
}

/** Errors that are the user's to fix (exit 2 for the whole comparison), not a failure of this one run. */
const USER_ERRORS = new Set(['COMMAND_NOT_FOUND', 'ADAPTER_MISSING', 'NO_ADAPTER', 'ADAPTER_CONFIG', 'BREAKPOINT_FILE_MISSING', 'INTERRUPTED', 'BUILD_FAILED', 'BAD_OPTION']);

const MAX_VARIABLES = 20_000;

export async function captureRun(spec: RunSpec, options: CaptureOptions, context: CaptureRunContext): Promise<RunCapture> {
  const { definition, signal } = context;
  const log = (line: string): void => context.log(`[${spec.label}] ${line}`);
  const startedAt = new Date();
  const t0 = performance.now();
  const breakpointPath = resolveBreakpointPath(options.breakpoint.file, spec.cwd);
  const owner = {};
  const tree = trackTree(owner);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-'));
  const stdout = new OutputTail();
  const stderr = new OutputTail();
  let adapter: RunningAdapter | null = null;
  let adapterName = definition.name;
  let buildMs: number | null = null;
  const warnings: string[] = [];
  // The adapter's version: from the launch plan, else its capabilities, else (lazily, at the end, so it
  // costs no CPU while the runs compete for it) the hook's own probe.
  let version: string | null | undefined;
  let probeVersion: (() => Promise<string | null>) | null = null;

  try {
    if (signal.aborted) throw new BpdiffError('INTERRUPTED', 'interrupted');
    const hooks = await loadHooks(definition.hooks);
    const plan = await prepareLaunch(hooks, {
      definition,
      spec,
      breakpointPath,
      options,
      signal,
      log,
      tempDir,
      track: (pid) => tree.roots.add(pid),
    });
    adapterName = plan.adapterName;
    buildMs = plan.buildMs;
    warnings.push(...plan.warnings);
    version = plan.version;
    const hookVersion = hooks.version;
    if (hookVersion) probeVersion = () => hookVersion(plan).catch(() => null);
    if (signal.aborted) throw new BpdiffError('INTERRUPTED', 'interrupted');

    log(`starting ${adapterName}`);
    adapter = await startAdapter({
      name: adapterName,
      executable: plan.adapterExecutable,
      args: plan.adapterArgs,
      env: plan.adapterEnv,
      cwd: spec.cwd,
      transport: definition.adapter.transport,
      ...(definition.adapter.port_pattern ? { portPattern: definition.adapter.port_pattern } : {}),
      timeoutMs: definition.timeouts.start * 1000,
      track: (pid) => {
        tree.roots.add(pid);
        tree.sessions.add(pid);
      },
      signal,
    });
    const running = adapter;
    running.connection.onEvent((event) => followEvent(event, stdout, stderr, tree));
    if (definition.adapter.debuggee_output === 'adapter-stdio') {
      running.process.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk.toString('utf8')));
      // The debuggee inherits the adapter's stdin too (dlv): give it the --stdin file, else an empty stdin.
      feedStdin(running.process, spec.stdin_file === null ? null : path.resolve(spec.cwd, spec.stdin_file));
    }

    const outcome = await stopAtBreakpoint({
      connection: running.connection,
      definition: plan.condition ? { ...definition, condition: plan.condition } : definition,
      launch: plan.launch,
      breakpointPath,
      line: options.breakpoint.line,
      condition: options.breakpoint.condition,
      runTimeoutMs: options.timeout_seconds * 1000,
      signal,
      log,
      onCapabilities: (capabilities) => {
        const path = definition.adapter.version_capability;
        if (version === undefined && path) version = versionIn(capabilities, path);
      },
    });

    const bound = boundLine(outcome, breakpointPath, options.breakpoint.line);
    if (outcome.kind === 'stopped' && !(options.exact_line && bound !== null)) {
      log(`stopped at ${outcome.top.path ?? '?'}:${outcome.top.line}, reading variables`);
      const read = await walkVariables(
        running.connection,
        definition,
        outcome.frameId,
        options.scope,
        { depth: options.depth, maxChildren: options.max_children, maxValueLength: options.max_value_length, maxVariables: MAX_VARIABLES },
        definition.timeouts.start * 1000,
      );
      const variableName = hooks.variableName;
      const walked = variableName ? renameVariables(read, (name) => variableName(name, breakpointPath)) : read;
      warnings.push(...walked.warnings);
      const normalised = options.raw_values ? { variables: walked.variables, normalised: [] } : normaliseValues(walked.variables, definition.normalise, hooks.normaliseValue);
      return finish({
        status: 'break',
        location: stopLocation(outcome.top, breakpointPath, options.breakpoint.file, spec.cwd),
        variables: normalised.variables,
        types: walked.types,
        truncated: walked.truncated,
        normalised: normalised.normalised,
        stop: outcome.stop,
        bound_line: bound,
        no_break_reason: null,
        frames: outcome.frames,
        exit_code: null,
      });
    }
    const reason: NoBreakReason = outcome.kind === 'stopped' ? { kind: 'moved', bound_line: bound! } : outcome.reason;
    return finish(noBreakFields(reason, outcome.stop, bound, outcome.frames, outcome.kind === 'no_break' ? outcome.exitCode : null));
  } catch (error) {
    if (isBpdiffError(error) && error.code === 'BUILD_TIMEOUT') {
      // A hook whose build has a limit of its own says it as `seconds` on the error.
      const limit = (error as { seconds?: unknown }).seconds;
      const seconds = typeof limit === 'number' ? limit : options.timeout_seconds;
      return finish(noBreakFields({ kind: 'timeout', seconds, phase: 'build' }, null, null, [], null));
    }
    if (isBpdiffError(error) && USER_ERRORS.has(error.code)) throw error;
    const message = isBpdiffError(error) ? error.message : `internal error: ${(error as Error).message}`;
    log(`could not be debugged: ${message}`);
    return finish(noBreakFields({ kind: 'error', message }, null, null, [], null));
  } finally {
    killTree(tree.roots, tree.sessions);
    untrackTree(owner);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }

  function noBreakFields(
    reason: NoBreakReason,
    stop: { reason: string; description: string | null } | null,
    bound: number | null,
    frames: RunCapture['frames'],
    exitCode: number | null,
  ): CaptureFields {
    return {
      status: 'no_break',
      location: { file: options.breakpoint.file, line: options.breakpoint.line },
      variables: {},
      types: {},
      truncated: [],
      normalised: [],
      stop,
      bound_line: bound,
      no_break_reason: reason,
      frames,
      exit_code: exitCode,
    };
  }

  async function finish(fields: CaptureFields): Promise<RunCapture> {
    if (adapter && definition.adapter.debuggee_output === 'adapter-stdio') {
      // The adapter's own stderr is the debuggee's stderr too for such adapters.
      stderr.push(adapter.stderr.text);
    }
    return {
      $schema: CAPTURE_SCHEMA_ID,
      breakpoint: options.breakpoint,
      run: {
        label: spec.label,
        command: quoteCommand(spec.argv),
        status: fields.status,
        location: fields.location,
        variables: fields.variables,
      },
      adapter: { id: definition.id, name: adapterName, version: version ?? (probeVersion ? await withTimeout(probeVersion(), 2000) : null) },
      resolved_file: breakpointPath,
      stop: fields.stop,
      bound_line: fields.bound_line,
      no_break_reason: fields.no_break_reason,
      frames: fields.frames,
      exit_code: fields.exit_code,
      output: { stdout_tail: stdout.text, stderr_tail: stderr.text, truncated: stdout.truncated || stderr.truncated },
      types: fields.types,
      truncated: fields.truncated,
      normalised: fields.normalised,
      warnings,
      timing: { started_at: startedAt.toISOString(), duration_ms: Math.round(performance.now() - t0), build_ms: buildMs },
    };
  }
}

interface CaptureFields {
  status: 'break' | 'no_break';
  location: Location;
  variables: Record<string, string>;
  types: Record<string, string>;
  truncated: string[];
  normalised: string[];
  stop: { reason: string; description: string | null } | null;
  bound_line: number | null;
  no_break_reason: NoBreakReason | null;
  frames: RunCapture['frames'];
  exit_code: number | null;
}

function followEvent(
  event: DebugProtocol.Event,
  stdout: OutputTail,
  stderr: OutputTail,
  tree: { roots: Set<number>; sessions: Set<number> },
): void {
  if (event.event === 'output') {
    const body = (event as DebugProtocol.OutputEvent).body;
    if (body.category === 'stdout') stdout.push(body.output);
    else if (body.category === 'stderr') stderr.push(body.output);
  } else if (event.event === 'process') {
    const pid = (event as DebugProtocol.ProcessEvent).body.systemProcessId;
    if (pid) {
      tree.roots.add(pid);
      const info = readProc(pid);
      if (info) tree.sessions.add(info.sid);
    }
  }
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

/** The line the adapter put the breakpoint on, when it is not the line asked for. */
function boundLine(outcome: StopOutcome, breakpointPath: string, requested: number): number | null {
  let line = outcome.breakpoint.line;
  if (outcome.kind === 'stopped' && outcome.top.path && samePath(outcome.top.path, breakpointPath)) line = outcome.top.line;
  return line !== undefined && line !== requested ? line : null;
}

function stopLocation(top: { path: string | null; line: number }, breakpointPath: string, asWritten: string, cwd: string): Location {
  if (!top.path || samePath(top.path, breakpointPath)) return { file: asWritten, line: top.line };
  const relative = path.relative(cwd, top.path);
  return { file: relative.startsWith('..') || path.isAbsolute(relative) ? top.path : relative, line: top.line };
}

function samePath(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
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
