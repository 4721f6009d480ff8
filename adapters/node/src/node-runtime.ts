// The engine under the DAP layer: runs the command with the bootloader in NODE_OPTIONS, connects to
// every Node process of its tree over the inspector protocol, binds breakpoints (directly by URL, or
// through source maps before a mapped script runs), classifies pauses, lets one stop at a time reach
// the client, and owns the cleanup of every process it started.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pathToFileURL } from 'node:url';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { CdpConnection } from './cdp-connection.js';
import type { CallFrame, Location, PauseOnExceptionsState, PausedEvent, RemoteObject, ScriptParsedEvent } from './cdp-types.js';
import { READ_CONDITION_ERROR, wrapCondition } from './conditions.js';
import { describeThrown, describeValue, listChildren, readDetails, type ChildFilter, type Container } from './inspection.js';
import type { LaunchPlan } from './launch-config.js';
import { escapeRegExp, isJavaScriptFile, pathVariants, scriptUrlToPath, urlRegexForPaths } from './paths.js';
import {
  ADAPTER_TMPDIR_ENV,
  FIFO_ENV,
  findBootloader,
  rememberProcess,
  ReportPipe,
  signalTree,
  withBootloader,
  type KnownProcess,
  type ProcessReport,
} from './process-tree.js';
import { SourceMapCache, type LoadedSourceMap, type OriginalPosition } from './source-maps.js';
import { trace } from './trace.js';
import { errorSummary, typeName } from './value-format.js';

export interface UserBreakpoint {
  id: number;
  path: string;
  /** The path and its real path: scripts may be reported under either. */
  variants: string[];
  line: number;
  condition: string | undefined;
  verified: boolean;
  boundLine: number | undefined;
  /** Set once the client has seen the breakpoint (in a setBreakpoints response); only then do changes become events. */
  announced: boolean;
}

export interface StopReport {
  threadId: number;
  reason: string;
  description?: string;
  text?: string;
  hitBreakpointIds?: number[];
}

export interface ExceptionReport {
  exceptionId: string;
  description: string;
  breakMode: DebugProtocol.ExceptionBreakMode;
  details: DebugProtocol.ExceptionDetails;
}

export type OutputCategory = 'stdout' | 'stderr' | 'important' | 'console';

/** What the runtime tells the DAP layer. */
export interface RuntimeHost {
  output(category: OutputCategory, text: string): void;
  processStarted(pid: number, name: string): void;
  threadStarted(threadId: number): void;
  threadExited(threadId: number): void;
  stopped(stop: StopReport): void;
  breakpointChanged(breakpoint: UserBreakpoint): void;
  exited(exitCode: number): void;
  terminated(): void;
}

export type StepKind = 'over' | 'into' | 'out';

interface BreakpointRecord {
  breakpoint: UserBreakpoint;
  kind: 'direct' | 'mapped';
  map?: LoadedSourceMap;
}

interface PauseState {
  event: PausedEvent;
  stop: StopReport | null;
  exception?: { value: RemoteObject | undefined; uncaught: boolean };
}

class NodeProcess {
  readonly scripts = new Map<string, ScriptParsedEvent>();
  /** CDP breakpoint id -> the user breakpoint it implements. */
  readonly records = new Map<string, BreakpointRecord>();
  /** User breakpoint id -> its CDP breakpoint ids in this process. */
  readonly bound = new Map<number, string[]>();
  /** Script URL -> its loaded source map, for scripts whose map was read. */
  readonly mappedScripts = new Map<string, LoadedSourceMap>();
  hookBreakpointId: string | null = null;
  instrumented = false;
  pause: PauseState | null = null;
  lastCommand: 'step' | 'pause' | null = null;
  /**
   * Generated locations where a mapped breakpoint sits on a `return`: V8 breaks there after the
   * returned expression, which in minified output is the closing brace, mapped to the next line.
   * The original position of the expression's last character is the right one.
   */
  readonly returnLocations = new Map<string, OriginalPosition>();
  /** Breakpoint resolutions still being mapped back to original lines. */
  readonly resolving = new Set<Promise<void>>();
  announced = false;
  gone = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly threadId: number,
    readonly pid: number,
    readonly name: string,
    readonly cdp: CdpConnection,
  ) {}

  /** Breakpoint changes for one process run one after another, never interleaved. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

// Lines the inspector prints on stderr of every process it opens in; not the program's output.
const INSPECTOR_NOISE =
  /^(?:Debugger listening on ws:\/\/\S+|Debugger ending on ws:\/\/\S+|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector|Debugger attached\.|Waiting for the debugger to disconnect\.\.\.)\r?\n/gm;

const HOOK_MARKER = 'BPDIFF_COMPILE_HOOK';
const RELEASED_CHECK = `globalThis[Symbol.for('bpdiff.released')] === true`;
const OBJECT_GROUP = 'bpdiff';

// Evaluated in the bootloader's beforeMappedCompile frame: the module's file and its source map URL.
const READ_COMPILE_HOOK = `(() => {
  const at = content.lastIndexOf('sourceMappingURL=');
  const tail = content.slice(Math.max(0, at - 4));
  const match = /^(?:\\/\\/|\\/\\*)[#@]\\s*sourceMappingURL=(\\S+?)\\s*(?:\\*\\/)?\\s*$/.exec(tail);
  return [String(filename), match ? match[1] : ''];
})()`;

export class NodeRuntime {
  private plan: LaunchPlan | null = null;
  private child: ChildProcess | null = null;
  private rootPid: number | undefined;
  private pipe: ReportPipe | null = null;
  private readonly bootloader = findBootloader();
  private readonly hookLine: number;
  private readonly known: KnownProcess[] = [];
  private readonly processes = new Map<number, NodeProcess>();
  private readonly waiting: NodeProcess[] = [];
  private readonly heldStops: NodeProcess[] = [];
  private currentStop: NodeProcess | null = null;
  private nextThreadId = 1;
  private nextBreakpointId = 1;
  private readonly breakpoints = new Map<string, UserBreakpoint[]>();
  private exceptionState: PauseOnExceptionsState = 'none';
  private configured = false;
  private configuredWaiters: Array<() => void> = [];
  private readonly maps = new SourceMapCache();
  private readonly references = new Map<number, { process: NodeProcess; container: Container }>();
  private readonly frames = new Map<number, { process: NodeProcess; frame: CallFrame }>();
  private readonly sourceReferences = new Map<number, { process: NodeProcess; scriptId: string }>();
  private nextHandle = 1;
  private disposed = false;
  private detached = false;
  private ended = false;

  constructor(private readonly host: RuntimeHost) {
    const lines = fs.readFileSync(this.bootloader, 'utf8').split('\n');
    this.hookLine = lines.findIndex((line) => line.includes(HOOK_MARKER) && !line.trimStart().startsWith('//'));
  }

  // ---- launching ---------------------------------------------------------------------------------

  /** Spawns the command; resolves with the root pid once it runs. */
  async launch(plan: LaunchPlan): Promise<number> {
    if (this.plan) throw new Error('this session already launched a program');
    this.plan = plan;
    let cwdStat: fs.Stats;
    try {
      cwdStat = fs.statSync(plan.cwd);
    } catch {
      throw new Error(`the working directory ${plan.cwd} does not exist`);
    }
    if (!cwdStat.isDirectory()) throw new Error(`the working directory ${plan.cwd} is not a directory`);

    this.pipe = new ReportPipe((report) => void this.onReport(report));
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
    for (const [name, value] of Object.entries(plan.env)) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
    delete env[ADAPTER_TMPDIR_ENV]; // the adapter's, not the program's
    env[FIFO_ENV] = this.pipe.path;
    env.NODE_OPTIONS = withBootloader(env.NODE_OPTIONS, this.bootloader);

    let stdin: number | 'ignore' = 'ignore';
    if (plan.stdinFile) {
      try {
        stdin = fs.openSync(plan.stdinFile, 'r');
      } catch (error) {
        throw new Error(`cannot open the stdin file ${plan.stdinFile}: ${(error as Error).message}`);
      }
    }
    const [file, ...args] = plan.command as [string, ...string[]];
    const child = spawn(file, args, { cwd: plan.cwd, env, detached: true, stdio: [stdin, 'pipe', 'pipe'] });
    this.child = child;
    try {
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', reject);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const hint = code === 'ENOENT' ? ` (is '${file}' installed and on PATH?)` : '';
      throw new Error(`cannot run '${file}': ${(error as Error).message}${hint}`);
    } finally {
      if (typeof stdin === 'number') fs.closeSync(stdin);
    }
    child.on('error', () => undefined);
    this.rootPid = child.pid;
    const pid = child.pid!;
    this.host.processStarted(pid, plan.command.join(' '));
    const drained = [this.forward(child.stdout!, 'stdout'), this.forward(child.stderr!, 'stderr')];
    child.once('exit', (code, signal) => void this.onRootExit(code, signal, drained));
    return pid;
  }

  private forward(stream: NodeJS.ReadableStream, category: 'stdout' | 'stderr'): Promise<void> {
    const decoder = new StringDecoder('utf8');
    const emit = (text: string): void => {
      const shown = category === 'stderr' ? text.replace(INSPECTOR_NOISE, '') : text;
      if (shown !== '' && !this.disposed) this.host.output(category, shown);
    };
    stream.on('data', (chunk: Buffer) => emit(decoder.write(chunk)));
    return new Promise((resolve) => {
      stream.once('end', () => {
        emit(decoder.end());
        resolve();
      });
      stream.once('close', () => resolve());
      stream.once('error', () => resolve());
    });
  }

  private async onRootExit(code: number | null, signal: NodeJS.Signals | null, drained: Array<Promise<void>>): Promise<void> {
    const exitCode = code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0);
    // Output still in the pipes arrives first; a leftover child holding them open does not delay us long.
    await Promise.race([Promise.all(drained), delay(300)]);
    if (this.disposed) return;
    // The program has ended: nothing it started may outlive it.
    signalTree(this.rootPid, this.known, 'SIGKILL');
    for (const process of this.processes.values()) process.cdp.terminate();
    // The client sees the end only once it has let the program run.
    await this.whenConfigured();
    if (this.disposed || this.ended) return;
    this.ended = true;
    this.host.exited(exitCode);
    this.host.terminated();
  }

  private whenConfigured(): Promise<void> {
    if (this.configured) return Promise.resolve();
    return new Promise((resolve) => this.configuredWaiters.push(resolve));
  }

  configurationDone(): void {
    trace(`configurationDone, ${this.waiting.length} process(es) waiting`);
    if (this.configured) return;
    this.configured = true;
    for (const process of this.waiting.splice(0)) void this.release(process);
    for (const waiter of this.configuredWaiters.splice(0)) waiter();
  }

  /**
   * Lets a waiting process run. Node drops a runIfWaitingForDebugger that arrives before the
   * bootloader calls inspector.waitForDebugger(), so it is repeated until the bootloader's mark shows
   * the process went on.
   */
  private async release(process: NodeProcess): Promise<void> {
    for (let attempt = 0; attempt < 100 && !process.gone && !this.disposed; attempt++) {
      try {
        await process.cdp.send('Runtime.runIfWaitingForDebugger', {});
        const { result } = await process.cdp.send('Runtime.evaluate', { expression: RELEASED_CHECK, returnByValue: true, silent: true });
        trace(`release ${process.pid}: attempt ${attempt}, running=${String(result.value)}`);
        if (result.value === true) return;
      } catch {
        return; // The process is gone.
      }
      await delay(Math.min(50, 2 + attempt * 2));
    }
  }

  // ---- processes ---------------------------------------------------------------------------------

  private threadName(report: ProcessReport): string {
    let script = report.script;
    if (script && this.plan) {
      const relative = path.relative(this.plan.cwd, script);
      if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) script = relative;
    }
    return `node ${report.pid} ${script}`.trim();
  }

  private async onReport(report: ProcessReport): Promise<void> {
    trace(`process reported: ${JSON.stringify(report)}`);
    if (this.disposed || this.detached) return;
    const known = rememberProcess(report.pid);
    if (known) this.known.push(known);
    let cdp: CdpConnection;
    try {
      cdp = await CdpConnection.connect(report.url);
    } catch {
      return; // The process ended before we could connect: nothing to debug.
    }
    if (this.disposed || this.detached) {
      cdp.terminate();
      return;
    }
    const process = new NodeProcess(this.nextThreadId++, report.pid, this.threadName(report), cdp);
    this.processes.set(process.threadId, process);
    cdp.on('Debugger.scriptParsed', (script) => process.scripts.set(script.scriptId, script));
    cdp.on('Debugger.breakpointResolved', ({ breakpointId, location }) => {
      const resolving = this.onResolved(process, breakpointId, location).catch(() => undefined);
      process.resolving.add(resolving);
      void resolving.finally(() => process.resolving.delete(resolving));
    });
    cdp.on('Debugger.paused', (event) => void this.onPaused(process, event));
    // The process is about to exit and waits for us to let go.
    cdp.on('NodeRuntime.waitingForDisconnect', () => cdp.close());
    cdp.onClose(() => this.onProcessGone(process));
    trace(`connected to ${report.pid}`);
    try {
      await cdp.send('Debugger.enable', {});
      trace(`debugger enabled in ${report.pid}`);
      await Promise.all([
        cdp.send('NodeRuntime.notifyWhenWaitingForDisconnect', { enabled: true }).catch(() => undefined),
        cdp.send('Debugger.setPauseOnExceptions', { state: this.exceptionState }),
        process.serial(() => this.bindAll(process)),
      ]);
    } catch {
      if (cdp.isClosed) return;
    }
    if (process.gone) return;
    process.announced = true;
    trace(`process ${process.pid} ready as thread ${process.threadId}`);
    this.host.threadStarted(process.threadId);
    if (this.configured) await this.release(process);
    else this.waiting.push(process);
  }

  private onProcessGone(process: NodeProcess): void {
    if (process.gone) return;
    process.gone = true;
    process.pause = null;
    this.processes.delete(process.threadId);
    this.dropHandles(process);
    const held = this.heldStops.indexOf(process);
    if (held >= 0) this.heldStops.splice(held, 1);
    const waiting = this.waiting.indexOf(process);
    if (waiting >= 0) this.waiting.splice(waiting, 1);
    if (process.announced && !this.disposed) this.host.threadExited(process.threadId);
    if (this.currentStop === process) this.passStopOn();
  }

  threads(): DebugProtocol.Thread[] {
    return [...this.processes.values()].filter((process) => process.announced).map((process) => ({ id: process.threadId, name: process.name }));
  }

  // ---- breakpoints -------------------------------------------------------------------------------

  async setBreakpoints(file: string, specs: Array<{ line: number; condition?: string }>): Promise<UserBreakpoint[]> {
    const absolute = path.resolve(this.plan?.cwd ?? process.cwd(), file);
    const variants = pathVariants(absolute);
    const previous = this.breakpoints.get(absolute) ?? [];
    const created = specs.map<UserBreakpoint>((spec) => ({
      id: this.nextBreakpointId++,
      path: absolute,
      variants,
      line: spec.line,
      condition: spec.condition !== undefined && spec.condition.trim() !== '' ? spec.condition : undefined,
      verified: false,
      boundLine: undefined,
      announced: false,
    }));
    if (created.length > 0) this.breakpoints.set(absolute, created);
    else this.breakpoints.delete(absolute);
    await Promise.all(
      [...this.processes.values()].map((process) =>
        process.serial(async () => {
          await this.unbind(process, previous);
          await this.syncMapHooks(process);
          await this.discoverLoadedMaps(process);
          for (const breakpoint of created) await this.bind(process, breakpoint);
        }),
      ),
    );
    return created;
  }

  /** Called once the client has the setBreakpoints response: later changes become `breakpoint` events. */
  announce(breakpoints: UserBreakpoint[]): void {
    for (const breakpoint of breakpoints) breakpoint.announced = true;
  }

  private allBreakpoints(): UserBreakpoint[] {
    return [...this.breakpoints.values()].flat();
  }

  private async bindAll(process: NodeProcess): Promise<void> {
    await this.syncMapHooks(process);
    await this.discoverLoadedMaps(process);
    for (const breakpoint of this.allBreakpoints()) await this.bind(process, breakpoint);
  }

  /** Scripts with source maps that ran before any breakpoint asked for maps (breakpoints set later). */
  private async discoverLoadedMaps(process: NodeProcess): Promise<void> {
    if (!this.needsMaps()) return;
    const inNodeModules = this.mapsInNodeModules();
    for (const script of [...process.scripts.values()]) {
      if (!script.sourceMapURL || !script.url || process.mappedScripts.has(script.url)) continue;
      if (!inNodeModules && script.url.includes('/node_modules/')) continue;
      const map = await this.maps.load(script.url, script.sourceMapURL);
      if (map) process.mappedScripts.set(script.url, map);
    }
  }

  private async unbind(process: NodeProcess, breakpoints: UserBreakpoint[]): Promise<void> {
    for (const breakpoint of breakpoints) {
      for (const id of process.bound.get(breakpoint.id) ?? []) {
        process.records.delete(id);
        await process.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => undefined);
      }
      process.bound.delete(breakpoint.id);
    }
  }

  private needsMaps(): boolean {
    return (this.plan?.sourceMaps ?? true) && this.breakpoints.size > 0;
  }

  private mapsInNodeModules(): boolean {
    return this.allBreakpoints().some((breakpoint) => breakpoint.path.includes(`${path.sep}node_modules${path.sep}`));
  }

  /**
   * Breakpoints in mapped code must be bound before the mapped script runs: ES modules and vm scripts
   * pause V8's "before script with source map" instrumentation; CommonJS modules pass the bootloader's
   * compile hook. Both are active only while some breakpoint exists.
   */
  private async syncMapHooks(process: NodeProcess): Promise<void> {
    const wanted = this.needsMaps();
    if (wanted && !process.instrumented) {
      await process.cdp.send('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptWithSourceMapExecution' }).catch(() => undefined);
      process.instrumented = true;
    } else if (!wanted && process.instrumented) {
      await process.cdp.send('Debugger.removeInstrumentationBreakpoint', { instrumentation: 'beforeScriptWithSourceMapExecution' }).catch(() => undefined);
      process.instrumented = false;
    }
    if (process.hookBreakpointId) {
      await process.cdp.send('Debugger.removeBreakpoint', { breakpointId: process.hookBreakpointId }).catch(() => undefined);
      process.hookBreakpointId = null;
    }
    if (wanted && this.hookLine >= 0) {
      const condition = this.mapsInNodeModules() ? undefined : `!String(filename).includes('${path.sep}node_modules${path.sep}')`;
      try {
        const { breakpointId } = await process.cdp.send('Debugger.setBreakpointByUrl', {
          urlRegex: urlRegexForPaths(pathVariants(this.bootloader)),
          lineNumber: this.hookLine,
          ...(condition ? { condition } : {}),
        });
        process.hookBreakpointId = breakpointId;
      } catch {
        // Without the hook, CommonJS modules with source maps are found only once loaded (discoverLoadedMaps).
      }
    }
  }

  private record(process: NodeProcess, cdpId: string, record: BreakpointRecord): void {
    process.records.set(cdpId, record);
    const ids = process.bound.get(record.breakpoint.id) ?? [];
    if (!ids.includes(cdpId)) ids.push(cdpId);
    process.bound.set(record.breakpoint.id, ids);
  }

  private async bind(process: NodeProcess, breakpoint: UserBreakpoint): Promise<void> {
    if (process.gone) return;
    const condition = breakpoint.condition !== undefined ? wrapCondition(breakpoint.condition) : undefined;
    if (isJavaScriptFile(breakpoint.path)) {
      try {
        const { breakpointId, locations } = await process.cdp.send('Debugger.setBreakpointByUrl', {
          urlRegex: urlRegexForPaths(breakpoint.variants),
          lineNumber: breakpoint.line - 1,
          ...(condition !== undefined ? { condition } : {}),
        });
        this.record(process, breakpointId, { breakpoint, kind: 'direct' });
        for (const location of locations) await this.onResolved(process, breakpointId, location);
      } catch {
        // Only fails for a duplicate of an existing breakpoint, which then serves both.
      }
    }
    for (const [url, map] of process.mappedScripts) {
      if (map.covers(breakpoint.variants)) await this.bindMapped(process, breakpoint, url, map);
    }
  }

  private async bindMapped(process: NodeProcess, breakpoint: UserBreakpoint, scriptUrl: string, map: LoadedSourceMap): Promise<void> {
    let generated;
    try {
      generated = await map.generatedFor(breakpoint.variants, breakpoint.line);
    } catch {
      return;
    }
    if (!generated) return;
    const scriptPath = scriptUrlToPath(scriptUrl);
    // A script that maps to itself (a transpiler that kept the file's URL): the direct binding of a
    // .js breakpoint lands on generated lines there, so the mapped one replaces it in this process.
    if (scriptPath !== null && breakpoint.variants.includes(scriptPath)) {
      for (const id of [...(process.bound.get(breakpoint.id) ?? [])]) {
        if (process.records.get(id)?.kind !== 'direct') continue;
        process.records.delete(id);
        process.bound.set(breakpoint.id, (process.bound.get(breakpoint.id) ?? []).filter((other) => other !== id));
        await process.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => undefined);
      }
    }
    const condition = breakpoint.condition !== undefined ? wrapCondition(breakpoint.condition) : undefined;
    try {
      const { breakpointId, locations } = await process.cdp.send('Debugger.setBreakpointByUrl', {
        urlRegex: scriptPath !== null ? urlRegexForPaths([scriptPath]) : `^${escapeRegExp(scriptUrl)}$`,
        lineNumber: generated.lineNumber,
        columnNumber: generated.columnNumber,
        ...(condition !== undefined ? { condition } : {}),
      });
      this.record(process, breakpointId, { breakpoint, kind: 'mapped', map });
      for (const location of locations) await this.onResolved(process, breakpointId, location);
    } catch {
      // A duplicate of an existing binding.
    }
  }

  private async onResolved(process: NodeProcess, cdpId: string, location: Location): Promise<void> {
    const record = process.records.get(cdpId);
    if (!record) return;
    const { breakpoint } = record;
    let line: number;
    if (record.kind === 'mapped' && record.map) {
      const column = location.columnNumber ?? 0;
      let original = await record.map.originalFor(location.lineNumber, column).catch(() => null);
      if (column > 0 && (await this.isReturnLocation(process, location))) {
        const before = await record.map.originalFor(location.lineNumber, column - 1).catch(() => null);
        if (before) {
          original = before;
          process.returnLocations.set(locationKey(location), before);
        }
      }
      line = original && breakpoint.variants.includes(original.path) ? original.line : breakpoint.line;
    } else {
      line = location.lineNumber + 1;
    }
    trace(`breakpoint ${breakpoint.id} (${record.kind}) resolved at ${JSON.stringify(location)} -> line ${line}`);
    if (breakpoint.verified) return;
    breakpoint.verified = true;
    breakpoint.boundLine = line;
    if (breakpoint.announced && !this.disposed) this.host.breakpointChanged(breakpoint);
  }

  private async isReturnLocation(process: NodeProcess, location: Location): Promise<boolean> {
    const column = location.columnNumber ?? 0;
    try {
      const { locations } = await process.cdp.send('Debugger.getPossibleBreakpoints', {
        start: { scriptId: location.scriptId, lineNumber: location.lineNumber, columnNumber: column },
        end: { scriptId: location.scriptId, lineNumber: location.lineNumber, columnNumber: column + 1 },
      });
      return locations.some((candidate) => candidate.type === 'return' && candidate.columnNumber === column);
    } catch {
      return false;
    }
  }

  /** A script with a source map is about to run (or be compiled): bind what its map covers. */
  private async onMappedScript(process: NodeProcess, scriptUrl: string, sourceMapURL: string): Promise<void> {
    if (!this.needsMaps() || !scriptUrl || !sourceMapURL) return;
    if (scriptUrl.includes('/node_modules/') && !this.mapsInNodeModules()) return;
    if (process.mappedScripts.has(scriptUrl)) return;
    const map = await this.maps.load(scriptUrl, sourceMapURL);
    if (!map) return;
    process.mappedScripts.set(scriptUrl, map);
    await process.serial(async () => {
      for (const breakpoint of this.allBreakpoints()) {
        if (map.covers(breakpoint.variants)) await this.bindMapped(process, breakpoint, scriptUrl, map);
      }
    });
  }

  private async onCompileHook(process: NodeProcess, frame: CallFrame | undefined): Promise<void> {
    if (!frame) return;
    const { result } = await process.cdp.send('Debugger.evaluateOnCallFrame', {
      callFrameId: frame.callFrameId,
      expression: READ_COMPILE_HOOK,
      returnByValue: true,
      silent: true,
    });
    const value = result.value;
    if (!Array.isArray(value) || typeof value[0] !== 'string' || typeof value[1] !== 'string' || value[1] === '') return;
    await this.onMappedScript(process, pathToFileURL(value[0]).href, value[1]);
  }

  setExceptionFilters(filters: string[]): void {
    this.exceptionState = filters.includes('all') ? 'all' : filters.includes('uncaught') ? 'uncaught' : 'none';
    for (const process of this.processes.values()) {
      void process.cdp.send('Debugger.setPauseOnExceptions', { state: this.exceptionState }).catch(() => undefined);
    }
  }

  // ---- pauses ------------------------------------------------------------------------------------

  private resumeQuietly(process: NodeProcess): void {
    process.pause = null;
    void process.cdp.send('Debugger.resume', {}).catch(() => undefined);
  }

  private isInternal(process: NodeProcess, frame: CallFrame | undefined): boolean {
    if (!frame) return true;
    const url = process.scripts.get(frame.location.scriptId)?.url ?? frame.url;
    return url === '' || url.startsWith('node:');
  }

  private async onPaused(process: NodeProcess, event: PausedEvent): Promise<void> {
    if (process.gone || this.disposed) return;
    trace(`paused ${process.pid}: ${event.reason} ${JSON.stringify(event.hitBreakpoints ?? [])} at ${JSON.stringify(event.callFrames[0]?.location)}`);
    const pause: PauseState = { event, stop: null };
    process.pause = pause;
    const command = process.lastCommand;
    process.lastCommand = null;
    const top = event.callFrames[0];
    const data = event.data ?? {};
    try {
      if (event.reason === 'instrumentation') {
        await this.onMappedScript(process, String(data.url ?? ''), String(data.sourceMapURL ?? ''));
        return this.resumeQuietly(process);
      }
      const hits = event.hitBreakpoints ?? [];
      if (process.hookBreakpointId !== null && hits.includes(process.hookBreakpointId)) {
        await this.onCompileHook(process, top);
        return this.resumeQuietly(process);
      }
      const records = hits.map((id) => process.records.get(id)).filter((record): record is BreakpointRecord => record !== undefined);
      let stop: StopReport;
      if (records.length > 0) {
        // The client hears that the breakpoint is bound (and where) before it hears of the stop.
        await Promise.all([...process.resolving]);
        const ids = [...new Set(records.map((record) => record.breakpoint.id))];
        const error = records.some((record) => record.breakpoint.condition !== undefined) && top ? await this.readConditionError(process, top) : undefined;
        if (error !== undefined) {
          this.host.output('important', `Breakpoint condition error: ${error}\n`);
          stop = { threadId: process.threadId, reason: 'exception', description: 'Breakpoint condition error', text: error, hitBreakpointIds: ids };
        } else {
          stop = { threadId: process.threadId, reason: 'breakpoint', hitBreakpointIds: ids };
        }
      } else if (event.reason === 'exception' || event.reason === 'promiseRejection') {
        const uncaught = data.uncaught === true;
        // With "all", exceptions Node throws and catches inside its own code are not the program's.
        if (!uncaught && this.isInternal(process, top)) return this.resumeQuietly(process);
        const value = typeof data.type === 'string' ? (data as unknown as RemoteObject) : undefined;
        pause.exception = { value, uncaught };
        stop = {
          threadId: process.threadId,
          reason: 'exception',
          description: uncaught ? 'Paused on uncaught exception' : 'Paused on exception',
          text: describeThrown(value),
        };
      } else if (hits.length > 0) {
        // A breakpoint removed while this pause was on its way.
        return this.resumeQuietly(process);
      } else {
        stop = { threadId: process.threadId, reason: command ?? 'debugger statement' };
      }
      if (process.pause !== pause) return;
      pause.stop = stop;
      this.offerStop(process);
    } catch {
      if (process.pause === pause && !process.gone) this.resumeQuietly(process);
    }
  }

  private async readConditionError(process: NodeProcess, frame: CallFrame): Promise<string | undefined> {
    try {
      const { result } = await process.cdp.send('Debugger.evaluateOnCallFrame', {
        callFrameId: frame.callFrameId,
        expression: READ_CONDITION_ERROR,
        returnByValue: true,
        silent: true,
      });
      return typeof result.value === 'string' ? result.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Only one stop is shown at a time; others wait, paused, until the shown one goes on. */
  private offerStop(process: NodeProcess): void {
    if (this.disposed || this.ended) return;
    if (this.currentStop === null || this.currentStop.gone || this.currentStop.pause?.stop == null) {
      this.currentStop = process;
      this.host.stopped(process.pause!.stop!);
    } else if (this.currentStop !== process && !this.heldStops.includes(process)) {
      this.heldStops.push(process);
    }
  }

  private passStopOn(): void {
    this.currentStop = null;
    while (this.heldStops.length > 0) {
      const next = this.heldStops.shift()!;
      if (next.gone || !next.pause?.stop) continue;
      this.currentStop = next;
      this.host.stopped(next.pause.stop);
      return;
    }
  }

  private processFor(threadId: number): NodeProcess {
    const process = this.processes.get(threadId);
    if (!process || process.gone) throw new Error(`thread ${threadId} does not exist (the process may have exited)`);
    return process;
  }

  private pausedProcess(threadId: number): NodeProcess & { pause: PauseState } {
    const process = this.processFor(threadId);
    if (!process.pause) throw new Error(`thread ${threadId} is not paused`);
    return process as NodeProcess & { pause: PauseState };
  }

  private dropHandles(process: NodeProcess): void {
    for (const [id, entry] of this.references) if (entry.process === process) this.references.delete(id);
    for (const [id, entry] of this.frames) if (entry.process === process) this.frames.delete(id);
  }

  private leavePause(process: NodeProcess): void {
    process.pause = null;
    this.dropHandles(process);
    void process.cdp.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined);
    const held = this.heldStops.indexOf(process);
    if (held >= 0) this.heldStops.splice(held, 1);
    if (this.currentStop === process) this.passStopOn();
  }

  async continue(threadId: number): Promise<void> {
    const process = this.processFor(threadId);
    if (!process.pause) return;
    this.leavePause(process);
    await process.cdp.send('Debugger.resume', {});
  }

  async step(threadId: number, kind: StepKind): Promise<void> {
    const process = this.pausedProcess(threadId);
    this.leavePause(process);
    process.lastCommand = 'step';
    const method = kind === 'over' ? 'Debugger.stepOver' : kind === 'into' ? 'Debugger.stepInto' : 'Debugger.stepOut';
    await process.cdp.send(method, {});
  }

  async pause(threadId: number): Promise<void> {
    const process = this.processFor(threadId);
    if (process.pause) return;
    process.lastCommand = 'pause';
    await process.cdp.send('Debugger.pause', {});
  }

  exceptionInfo(threadId: number): ExceptionReport {
    const process = this.pausedProcess(threadId);
    const stop = process.pause.stop;
    const exception = process.pause.exception;
    if (stop?.description === 'Breakpoint condition error') {
      const [name = 'Error'] = (stop.text ?? '').split(':');
      return {
        exceptionId: name,
        description: stop.text ?? '',
        breakMode: 'always',
        details: { message: stop.text ?? '', typeName: name },
      };
    }
    if (!exception) throw new Error(`thread ${threadId} is not stopped on an exception`);
    const value = exception.value;
    const typeNameOf = value ? (value.type === 'object' ? (value.className ?? 'Object') : typeName(value)) : 'undefined';
    const text = describeThrown(value);
    const details: DebugProtocol.ExceptionDetails = { message: text, typeName: typeNameOf, fullTypeName: typeNameOf };
    if (value?.subtype === 'error' && value.description) {
      details.stackTrace = value.description.slice(errorSummary(value.description).length).replace(/^\n/, '');
    }
    return { exceptionId: typeNameOf, description: text, breakMode: exception.uncaught ? 'unhandled' : 'always', details };
  }

  // ---- stack, scopes, variables --------------------------------------------------------------------

  private newHandle(): number {
    return this.nextHandle++;
  }

  async stackTrace(threadId: number, startFrame = 0, levels = 0): Promise<{ frames: DebugProtocol.StackFrame[]; total: number }> {
    const process = this.pausedProcess(threadId);
    const all = process.pause.event.callFrames;
    const end = levels > 0 ? Math.min(all.length, startFrame + levels) : all.length;
    const frames: DebugProtocol.StackFrame[] = [];
    for (let index = startFrame; index < end; index++) {
      const frame = all[index]!;
      const id = this.newHandle();
      this.frames.set(id, { process, frame });
      frames.push({ id, name: frame.functionName || '<anonymous>', ...(await this.frameLocation(process, frame)) });
    }
    return { frames, total: all.length };
  }

  private async frameLocation(process: NodeProcess, frame: CallFrame): Promise<{ source?: DebugProtocol.Source; line: number; column: number }> {
    const script = process.scripts.get(frame.location.scriptId);
    const url = script?.url || frame.url;
    const lineNumber = frame.location.lineNumber;
    const columnNumber = frame.location.columnNumber ?? 0;
    if ((this.plan?.sourceMaps ?? true) && script?.sourceMapURL) {
      const map = await this.maps.load(url, script.sourceMapURL);
      const original =
        process.returnLocations.get(locationKey(frame.location)) ?? (map ? await map.originalFor(lineNumber, columnNumber).catch(() => null) : null);
      if (original) return { source: { name: path.basename(original.path), path: original.path }, line: original.line, column: original.column + 1 };
    }
    const file = scriptUrlToPath(url);
    if (file !== null) return { source: { name: path.basename(file), path: file }, line: lineNumber + 1, column: columnNumber + 1 };
    const sourceReference = this.newHandle();
    this.sourceReferences.set(sourceReference, { process, scriptId: frame.location.scriptId });
    return {
      source: { name: url || '<eval>', sourceReference, presentationHint: 'deemphasize', origin: url.startsWith('node:') ? 'Node.js internal' : undefined },
      line: lineNumber + 1,
      column: columnNumber + 1,
    };
  }

  async source(sourceReference: number): Promise<string> {
    const entry = this.sourceReferences.get(sourceReference);
    if (!entry || entry.process.gone) throw new Error('that source is no longer available');
    const { scriptSource } = await entry.process.cdp.send('Debugger.getScriptSource', { scriptId: entry.scriptId });
    return scriptSource;
  }

  scopes(frameId: number): DebugProtocol.Scope[] {
    const entry = this.frames.get(frameId);
    if (!entry || entry.process.gone) throw new Error(`stack frame ${frameId} is no longer valid (the program went on)`);
    const { process, frame } = entry;
    const scopes: DebugProtocol.Scope[] = [];
    let localSeen = false;
    // Top-level code of an ES module has no local scope: there the module scope is the frame's own.
    const topLevelModule = !frame.scopeChain.some((scope) => scope.type === 'local' || scope.type === 'closure');
    for (const scope of frame.scopeChain) {
      if (!scope.object.objectId || scope.type === 'wasm-expression-stack') continue;
      const name = SCOPE_NAMES[scope.type];
      const expensive = scope.type === 'global' || scope.type === 'script' || (scope.type === 'module' && !topLevelModule);
      let thisObject: RemoteObject | undefined;
      if (scope.type === 'local' && !localSeen) {
        localSeen = true;
        const self = frame.this;
        if (self.type === 'object' && self.subtype !== 'null' && self.className !== 'global') thisObject = self;
      }
      const container: Container = { kind: 'scope', objectId: scope.object.objectId, hideBuiltins: scope.type === 'global', ...(thisObject ? { thisObject } : {}) };
      const reference = this.newHandle();
      this.references.set(reference, { process, container });
      scopes.push({
        name,
        variablesReference: reference,
        expensive,
        ...(scope.type === 'local' ? { presentationHint: 'locals' } : {}),
      });
    }
    return scopes;
  }

  async variables(reference: number, filter: ChildFilter): Promise<DebugProtocol.Variable[]> {
    const entry = this.references.get(reference);
    if (!entry || entry.process.gone) throw new Error(`variablesReference ${reference} is no longer valid (the program went on)`);
    const { process, container } = entry;
    return listChildren(process.cdp, container, filter, (child) => {
      const id = this.newHandle();
      this.references.set(id, { process, container: child });
      return id;
    });
  }

  async evaluate(expression: string, frameId: number | undefined, context: string | undefined): Promise<DebugProtocol.Variable> {
    let process: NodeProcess;
    let result: { result: RemoteObject; exceptionDetails?: { text: string; exception?: RemoteObject } };
    const options = {
      expression,
      objectGroup: OBJECT_GROUP,
      includeCommandLineAPI: context === 'repl',
      silent: true,
      generatePreview: true,
      ...(context === 'hover' ? { throwOnSideEffect: true } : {}),
    };
    if (frameId !== undefined) {
      const entry = this.frames.get(frameId);
      if (!entry || entry.process.gone) throw new Error(`stack frame ${frameId} is no longer valid (the program went on)`);
      process = entry.process;
      result = await process.cdp.send('Debugger.evaluateOnCallFrame', { callFrameId: entry.frame.callFrameId, ...options });
    } else {
      const candidate = this.currentStop ?? [...this.processes.values()].find((each) => each.announced);
      if (!candidate) throw new Error('no Node process to evaluate in');
      process = candidate;
      result = await process.cdp.send('Runtime.evaluate', options);
    }
    if (result.exceptionDetails) {
      throw new Error(result.exceptionDetails.exception ? describeThrown(result.exceptionDetails.exception) : result.exceptionDetails.text);
    }
    const [details] = await readDetails(process.cdp, [result.result]);
    return describeValue('result', result.result, expression, details, (container) => {
      const id = this.newHandle();
      this.references.set(id, { process, container });
      return id;
    });
  }

  // ---- ending ------------------------------------------------------------------------------------

  /** Asks the program to stop (SIGTERM), then kills what is left after a grace period. */
  async terminate(graceMs = 2000): Promise<void> {
    if (this.rootPid === undefined || this.ended) return;
    signalTree(this.rootPid, this.known, 'SIGTERM');
    const exited = new Promise<void>((resolve) => {
      if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    await Promise.race([exited, delay(graceMs)]);
    signalTree(this.rootPid, this.known, 'SIGKILL');
  }

  /**
   * Ends the session. With terminate (the default for a launch) every process is killed BEFORE its
   * inspector socket closes: closing the socket of a paused process would let it run on.
   * Synchronous so it also serves exit and signal handlers.
   */
  dispose(terminate = true): void {
    if (this.disposed) return;
    this.disposed = true;
    if (terminate) {
      signalTree(this.rootPid, this.known, 'SIGKILL');
    } else {
      this.detached = true;
      // Leave every process running: paused ones resume, ones still waiting for configurationDone go.
      for (const process of this.processes.values()) {
        if (process.pause) void process.cdp.send('Debugger.resume', {}).catch(() => undefined);
        void process.cdp.send('Runtime.runIfWaitingForDebugger', {}).catch(() => undefined);
      }
    }
    for (const process of this.processes.values()) {
      if (terminate) process.cdp.terminate();
      else process.cdp.close();
    }
    this.pipe?.close();
    this.pipe = null;
    this.maps.dispose();
    for (const waiter of this.configuredWaiters.splice(0)) waiter();
  }
}

const SCOPE_NAMES: Record<string, string> = {
  local: 'Local',
  block: 'Block',
  closure: 'Closure',
  catch: 'Catch',
  with: 'With',
  eval: 'Eval',
  script: 'Script',
  module: 'Module',
  global: 'Global',
};

function locationKey(location: Location): string {
  return `${location.scriptId}:${location.lineNumber}:${location.columnNumber ?? 0}`;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
