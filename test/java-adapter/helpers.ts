// Drives the built Java adapter (dist/adapters/java/bpdiff-java-adapter.jar, started as
// adapters/java/adapter.json starts it) with @vscode/debugadapter-testsupport's DebugClient. The
// client spawns `runtime + one argument`: the argument is a java @argfile holding the definition's
// arguments. Every event is recorded from the start, and every process a run started (the command,
// each JVM, their session) is remembered so a test can assert that none is left behind.
import type { ChildProcess } from 'node:child_process';
import { byName, waitAllGone } from '../support/dap-test-helpers.js';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, describe } from 'vitest';
import { isAlive, sessionMembers } from '../../src/process/process-tree.js';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = path.join(REPO, 'test', 'java-adapter', 'fixtures');
export const EXAMPLES = path.join(REPO, 'examples');
export const JAR = path.join(REPO, 'dist', 'adapters', 'java', 'bpdiff-java-adapter.jar');

/** The adapter as its definition starts it: `java` and the definition's arguments. */
function definitionArgs(): string[] {
  const definition = JSON.parse(fs.readFileSync(path.join(REPO, 'adapters/java/adapter.json'), 'utf8')) as { adapter: { args: string[] } };
  return definition.adapter.args.map((arg) => arg.replaceAll('${packageRoot}', REPO));
}

/** Folders this test file made (the argfile's, compiled fixtures), removed after its tests. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  argfile = null;
  compiled.clear();
});

/** A temporary folder of this test file, removed after its tests. */
export function tempFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

let argfile: string | null = null;
function adapterArgfile(): string {
  if (argfile && fs.existsSync(argfile)) return argfile;
  const dir = tempFolder('bpdiff-java-test-');
  argfile = path.join(dir, 'adapter.args');
  fs.writeFileSync(argfile, definitionArgs().map((arg) => `"${arg}"`).join('\n'));
  return argfile;
}

/** Whether the Java tests can run: a JDK (javac) and the built adapter. */
export const javaReady = fs.existsSync(JAR) && onPath('javac');

/** Skips visibly without a JDK outside CI; fails loudly in CI (which installs it: scripts/setup.sh). */
export function describeWithJava(title: string, body: () => void): void {
  if (!javaReady && !process.env.CI) {
    console.warn(`SKIPPED "${title}": no JDK or no built Java adapter (apt-get install -y default-jdk-headless; npm run build)`);
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, name)));
}

const compiled = new Map<string, string>();

/** The fixture folder's .java files compiled with `javac -g` into a folder of their own (once per worker). */
export function compileFixture(name: string, options: { debugInfo?: boolean } = {}): string {
  const key = `${name}:${options.debugInfo !== false}`;
  const known = compiled.get(key);
  if (known) return known;
  const source = path.join(FIXTURES, name);
  const out = tempFolder(`bpdiff-java-${name}-`);
  const files = fs.readdirSync(source).filter((file) => file.endsWith('.java')).map((file) => path.join(source, file));
  execFileSync('javac', [...(options.debugInfo === false ? [] : ['-g']), '-d', out, ...files], { stdio: 'pipe' });
  compiled.set(key, out);
  return out;
}

export interface BreakpointSpec {
  path: string;
  line: number;
  condition?: string;
  hitCondition?: string;
}

export interface RunOptions {
  command: string[];
  cwd: string;
  env?: Record<string, string | null>;
  stdinFile?: string | null;
  invokeToString?: boolean;
  breakpoints?: BreakpointSpec[];
  /** Function breakpoints by name (`main`, `Loop.square`). */
  functionBreakpoints?: string[];
  exceptionFilters?: string[];
  /** How long the program may run before it stops or ends; 0: return once it runs. */
  timeoutMs?: number;
}

export interface RunResult {
  setBreakpoints: DebugProtocol.SetBreakpointsResponse[];
  stopped: DebugProtocol.StoppedEvent | null;
  exitCode: number | null;
}

export class AdapterSession {
  readonly dc: DebugClient;
  readonly events: DebugProtocol.Event[] = [];
  /** The root pid (process event), every JVM named in a thread, every session member seen. */
  readonly pids = new Set<number>();
  rootPid: number | undefined;
  private waiters: Array<() => void> = [];

  private constructor() {
    this.dc = new DebugClient('java', `@${adapterArgfile()}`, 'java');
  }

  static async start(): Promise<AdapterSession> {
    const session = new AdapterSession();
    session.dc.defaultTimeout = 30_000;
    await session.dc.start();
    for (const name of ['initialized', 'output', 'stopped', 'exited', 'terminated', 'breakpoint', 'thread', 'process', 'continued']) {
      session.dc.on(name, (event: DebugProtocol.Event) => session.record(event));
    }
    return session;
  }

  get adapterProcess(): ChildProcess | null {
    return (this.dc as unknown as { _adapterProcess: ChildProcess | null })._adapterProcess;
  }

  private record(event: DebugProtocol.Event): void {
    this.events.push(event);
    if (event.event === 'process') {
      const pid = (event as DebugProtocol.ProcessEvent).body.systemProcessId;
      if (pid !== undefined) {
        this.rootPid = pid;
        this.pids.add(pid);
      }
    }
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Thread names are `java <pid> <name>`: remember every JVM's pid. */
  async threads(): Promise<DebugProtocol.Thread[]> {
    const { body } = await this.dc.threadsRequest();
    for (const thread of body.threads) {
      const match = /^java (\d+) /.exec(thread.name);
      if (match && Number(match[1]) > 0) this.pids.add(Number(match[1]));
    }
    return body.threads;
  }

  snapshotSession(): void {
    if (this.rootPid !== undefined) for (const pid of sessionMembers(this.rootPid)) this.pids.add(pid);
  }

  async waitFor<E extends DebugProtocol.Event>(match: (event: DebugProtocol.Event) => boolean, timeoutMs = 30_000, since = 0): Promise<E> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(since).find(match);
      if (found) return found as E;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no matching event within ${timeoutMs} ms; events: ${this.events.map((event) => event.event).join(', ')}; output:\n${this.output()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next stop or end after the current events (continue, step). */
  async nextStop(since: number): Promise<DebugProtocol.StoppedEvent | null> {
    const event = await this.waitFor((candidate) => candidate.event === 'stopped' || candidate.event === 'terminated', 30_000, since);
    return event.event === 'stopped' ? (event as DebugProtocol.StoppedEvent) : null;
  }

  async continueToNext(threadId: number): Promise<DebugProtocol.StoppedEvent | null> {
    const since = this.events.length;
    await this.dc.continueRequest({ threadId });
    return this.nextStop(since);
  }

  output(category?: string): string {
    return this.events
      .filter((event): event is DebugProtocol.OutputEvent => event.event === 'output')
      .filter((event) => category === undefined || event.body.category === category)
      .map((event) => event.body.output)
      .join('');
  }

  /** initialize, launch (not awaited), initialized, breakpoints, exception filters, configurationDone, then the first stop or the end. */
  async run(options: RunOptions): Promise<RunResult> {
    const since = this.events.length;
    await this.dc.initializeRequest({ adapterID: 'java', pathFormat: 'path', linesStartAt1: true, columnsStartAt1: true, supportsVariableType: true, supportsVariablePaging: true });
    const launched = this.dc.launchRequest({
      command: options.command,
      cwd: options.cwd,
      ...(options.env ? { env: options.env } : {}),
      ...(options.stdinFile !== undefined ? { stdinFile: options.stdinFile } : {}),
      ...(options.invokeToString ? { invokeToString: true } : {}),
    } as DebugProtocol.LaunchRequestArguments);
    launched.catch(() => undefined);
    await this.waitFor((event) => event.event === 'initialized', 30_000, since);
    const byFile = new Map<string, BreakpointSpec[]>();
    for (const breakpoint of options.breakpoints ?? []) byFile.set(breakpoint.path, [...(byFile.get(breakpoint.path) ?? []), breakpoint]);
    const setBreakpoints: DebugProtocol.SetBreakpointsResponse[] = [];
    for (const [file, list] of byFile) {
      setBreakpoints.push(
        await this.dc.setBreakpointsRequest({
          source: { path: file },
          breakpoints: list.map((breakpoint) => ({
            line: breakpoint.line,
            ...(breakpoint.condition !== undefined ? { condition: breakpoint.condition } : {}),
            ...(breakpoint.hitCondition !== undefined ? { hitCondition: breakpoint.hitCondition } : {}),
          })),
        }),
      );
    }
    if (options.functionBreakpoints) await this.dc.setFunctionBreakpointsRequest({ breakpoints: options.functionBreakpoints.map((name) => ({ name })) });
    await this.dc.setExceptionBreakpointsRequest({ filters: options.exceptionFilters ?? [] });
    const running = this.events.length;
    await this.dc.configurationDoneRequest();
    await launched;
    if (options.timeoutMs === 0) return { setBreakpoints, stopped: null, exitCode: null };
    const end = await this.waitFor((event) => event.event === 'stopped' || event.event === 'terminated', options.timeoutMs ?? 60_000, running);
    this.snapshotSession();
    if (end.event === 'stopped') {
      await this.threads();
      return { setBreakpoints, stopped: end as DebugProtocol.StoppedEvent, exitCode: null };
    }
    const exited = this.events.find((event): event is DebugProtocol.ExitedEvent => event.event === 'exited');
    return { setBreakpoints, stopped: null, exitCode: exited ? exited.body.exitCode : null };
  }

  async frames(threadId: number): Promise<DebugProtocol.StackFrame[]> {
    return (await this.dc.stackTraceRequest({ threadId, startFrame: 0, levels: 20 })).body.stackFrames;
  }

  async topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
    const frame = (await this.frames(threadId))[0];
    if (!frame) throw new Error('no stack frame');
    return frame;
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    return (await this.dc.scopesRequest({ frameId })).body.scopes;
  }

  async children(variablesReference: number, args: Partial<DebugProtocol.VariablesArguments> = {}): Promise<DebugProtocol.Variable[]> {
    return (await this.dc.variablesRequest({ variablesReference, ...args })).body.variables;
  }

  /** name -> variable of the frame's Locals. */
  async locals(frameId: number): Promise<Map<string, DebugProtocol.Variable>> {
    const locals = (await this.scopes(frameId)).find((scope) => scope.name === 'Locals');
    if (!locals) throw new Error('no Locals scope');
    return byName(await this.children(locals.variablesReference));
  }

  async evaluate(expression: string, frameId: number): Promise<DebugProtocol.EvaluateResponse['body']> {
    return (await this.dc.evaluateRequest({ expression, frameId, context: 'watch' })).body;
  }

  /** Disconnects (killing the program), stops the adapter and waits until every process is gone. */
  async finish(args: DebugProtocol.DisconnectArguments = { terminateDebuggee: true }): Promise<void> {
    this.snapshotSession();
    const adapter = this.adapterProcess;
    const alive = adapter !== null && adapter.exitCode === null && adapter.signalCode === null;
    if (alive) await Promise.race([this.dc.disconnectRequest(args).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    (this.dc as unknown as { stopAdapter(): void }).stopAdapter();
    await this.assertAllGone();
  }

  async assertAllGone(timeoutMs = 5_000): Promise<void> {
    await waitAllGone(this.pids, () => (this.rootPid !== undefined ? sessionMembers(this.rootPid) : []), isAlive, timeoutMs);
  }
}

export { byName, lineOf, mustGet } from '../support/dap-test-helpers.js';
