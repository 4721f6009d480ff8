// What a paused process shows: its stack (mapped back to original sources), the scopes of a frame,
// variables and evaluations. Frame ids and variablesReferences are handles valid until the process
// goes on; a sourceReference stands for one script of a process, the same at every stop, while the
// process lives.
import * as path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { CallFrame, RemoteObject, Scope } from './cdp-types.js';
import {
  describeScope,
  describeThrown,
  describeValue,
  listChildren,
  readDetails,
  readScope,
  type ChildFilter,
  type Container,
} from './inspection.js';
import { locationKey, mappedColumn, OBJECT_GROUP, type NodeProcess } from './node-process.js';
import { scriptUrlToPath } from './paths.js';
import { usesSourceMaps, type SessionState } from './runtime-types.js';
import type { SourceMapCache } from './source-maps.js';

export class FrameInspector {
  private readonly references = new Map<number, { process: NodeProcess; container: Container }>();
  private readonly frames = new Map<number, { process: NodeProcess; frame: CallFrame }>();
  private readonly sourceReferences = new Map<number, { process: NodeProcess; scriptId: string }>();
  /** Per process, script id -> its sourceReference (one per script, not one per frame shown). */
  private readonly scriptReferences = new Map<NodeProcess, Map<string, number>>();
  private nextHandle = 1;

  constructor(
    private readonly state: SessionState,
    private readonly maps: SourceMapCache,
  ) {}

  /** The handles of a process that went on or ended are void (its sources stay readable while it lives). */
  dropHandles(process: NodeProcess): void {
    for (const [id, entry] of this.references) if (entry.process === process) this.references.delete(id);
    for (const [id, entry] of this.frames) if (entry.process === process) this.frames.delete(id);
  }

  /** A process that ended: its handles and its sources go. */
  forget(process: NodeProcess): void {
    this.dropHandles(process);
    for (const id of this.scriptReferences.get(process)?.values() ?? []) this.sourceReferences.delete(id);
    this.scriptReferences.delete(process);
  }

  async stackTrace(
    process: NodeProcess,
    startFrame = 0,
    levels = 0,
  ): Promise<{ frames: DebugProtocol.StackFrame[]; total: number }> {
    const all = process.paused().event.callFrames;
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

  async source(sourceReference: number): Promise<string> {
    const entry = this.sourceReferences.get(sourceReference);
    if (!entry || entry.process.gone) throw new Error('that source is no longer available');
    const { scriptSource } = await entry.process.cdp.send('Debugger.getScriptSource', { scriptId: entry.scriptId });
    return scriptSource;
  }

  scopes(frameId: number): DebugProtocol.Scope[] {
    const { process, frame } = this.frameFor(frameId);
    return frameScopes(frame, returnedAt(process, frame)).map(({ name, container, expensive, locals }) => ({
      name,
      variablesReference: this.referenceFor(process, container),
      expensive,
      ...(locals ? { presentationHint: 'locals' } : {}),
    }));
  }

  /**
   * A stop is about to be shown: the cheap scopes of its top frame are read now, while the client
   * hears of the stop and asks for the stack and the scopes (every client reads them, bpdiff at every
   * stop), so that their variables cost no round trip to the debuggee of their own.
   */
  prefetch(process: NodeProcess): void {
    const pause = process.pause;
    const frame = pause?.event.callFrames[0];
    if (!pause || !frame) return;
    pause.scopeReads = new Map();
    for (const { container, expensive } of frameScopes(frame, pause.returned)) {
      if (!expensive)
        pause.scopeReads.set(
          container.objectId,
          readScope(process.cdp, container).catch(() => null),
        );
    }
  }

  async variables(reference: number, filter: ChildFilter): Promise<DebugProtocol.Variable[]> {
    const entry = this.references.get(reference);
    if (!entry || entry.process.gone)
      throw new Error(`variablesReference ${reference} is no longer valid (the program went on)`);
    const { process, container } = entry;
    const makeReference = (child: Container): number => this.referenceFor(process, child);
    const read = container.kind === 'scope' ? await process.pause?.scopeReads?.get(container.objectId) : undefined;
    if (read && container.kind === 'scope') return describeScope(read, filter, makeReference);
    return listChildren(process.cdp, container, filter, makeReference);
  }

  /** Evaluates in a frame, or without one in `fallback` (the process of the shown stop, else any). */
  async evaluate(
    expression: string,
    frameId: number | undefined,
    context: string | undefined,
    fallback: NodeProcess | undefined,
  ): Promise<DebugProtocol.Variable> {
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
      const entry = this.frameFor(frameId);
      process = entry.process;
      result = await process.cdp.send('Debugger.evaluateOnCallFrame', {
        callFrameId: entry.frame.callFrameId,
        ...options,
      });
    } else {
      if (!fallback) throw new Error('no Node process to evaluate in');
      process = fallback;
      result = await process.cdp.send('Runtime.evaluate', options);
    }
    if (result.exceptionDetails) {
      throw new Error(
        result.exceptionDetails.exception
          ? describeThrown(result.exceptionDetails.exception)
          : result.exceptionDetails.text,
      );
    }
    const [details] = await readDetails(process.cdp, [result.result]);
    return describeValue('result', result.result, expression, details, (container) =>
      this.referenceFor(process, container),
    );
  }

  private newHandle(): number {
    return this.nextHandle++;
  }

  private referenceFor(process: NodeProcess, container: Container): number {
    const id = this.newHandle();
    this.references.set(id, { process, container });
    return id;
  }

  private sourceReferenceFor(process: NodeProcess, scriptId: string): number {
    let byScript = this.scriptReferences.get(process);
    if (!byScript) {
      byScript = new Map();
      this.scriptReferences.set(process, byScript);
    }
    let id = byScript.get(scriptId);
    if (id === undefined) {
      id = this.newHandle();
      byScript.set(scriptId, id);
      this.sourceReferences.set(id, { process, scriptId });
    }
    return id;
  }

  private frameFor(frameId: number): { process: NodeProcess; frame: CallFrame } {
    const entry = this.frames.get(frameId);
    if (!entry || entry.process.gone)
      throw new Error(`stack frame ${frameId} is no longer valid (the program went on)`);
    return entry;
  }

  private async frameLocation(
    process: NodeProcess,
    frame: CallFrame,
  ): Promise<{ source?: DebugProtocol.Source; line: number; column: number }> {
    const script = process.scripts.get(frame.location.scriptId);
    const url = script?.url || frame.url;
    const lineNumber = frame.location.lineNumber;
    const columnNumber = frame.location.columnNumber ?? 0;
    if (usesSourceMaps(this.state) && script?.sourceMapURL) {
      const map = await this.maps.load(url, script.sourceMapURL);
      const original =
        process.returnLocations.get(locationKey(frame.location)) ??
        (map ? await map.originalFor(lineNumber, mappedColumn(frame)).catch(() => null) : null);
      if (original)
        return {
          source: { name: path.basename(original.path), path: original.path },
          line: original.line,
          column: original.column + 1,
        };
    }
    const file = scriptUrlToPath(url);
    if (file !== null)
      return { source: { name: path.basename(file), path: file }, line: lineNumber + 1, column: columnNumber + 1 };
    const sourceReference = this.sourceReferenceFor(process, frame.location.scriptId);
    return {
      source: {
        name: url || '<eval>',
        sourceReference,
        presentationHint: 'deemphasize',
        origin: url.startsWith('node:') ? 'Node.js internal' : undefined,
      },
      line: lineNumber + 1,
      column: columnNumber + 1,
    };
  }
}

/** The scopes of a frame as the client sees them: innermost first, each with its container. */
/** The value a step's function returned, for the stop's top frame only. */
function returnedAt(process: NodeProcess, frame: CallFrame): { name: string; value: RemoteObject } | undefined {
  return process.pause?.event.callFrames[0] === frame ? process.pause.returned : undefined;
}

function frameScopes(
  frame: CallFrame,
  returned?: { name: string; value: RemoteObject },
): Array<{ name: string; container: Extract<Container, { kind: 'scope' }>; expensive: boolean; locals: boolean }> {
  const scopes: Array<{
    name: string;
    container: Extract<Container, { kind: 'scope' }>;
    expensive: boolean;
    locals: boolean;
  }> = [];
  let localSeen = false;
  const own = topLevelScope(frame);
  for (const scope of frame.scopeChain) {
    if (!scope.object.objectId || scope.type === 'wasm-expression-stack') continue;
    const isOwn = scope === own;
    let thisObject: RemoteObject | undefined;
    if (scope.type === 'local' && !localSeen) {
      localSeen = true;
      const self = frame.this;
      if (self.type === 'object' && self.subtype !== 'null' && self.className !== 'global') thisObject = self;
    }
    scopes.push({
      name: isOwn ? 'Local' : (SCOPE_NAMES[scope.type] ?? scope.type),
      container: {
        kind: 'scope',
        objectId: scope.object.objectId,
        hideBuiltins: scope.type === 'global',
        ...(thisObject ? { thisObject } : {}),
      },
      expensive: !isOwn && (scope.type === 'global' || scope.type === 'script' || scope.type === 'module'),
      locals: scope.type === 'local' || isOwn,
    });
  }
  // The value a step's function returned is among the frame's own locals (the first scope that holds them).
  const locals = scopes.find((scope) => scope.locals);
  if (returned && locals) locals.container = { ...locals.container, returned };
  return scopes;
}

/**
 * The scope holding the own bindings of top-level code, which has no local scope: the module scope
 * of an ES module, or the script scope of a classic script (vm.runInThisContext). It is shown as `Local`,
 * the name clients (and bpdiff) read by default, since there it is what a function's locals are
 * elsewhere; in a function the same scopes are the far, expensive ones.
 */
function topLevelScope(frame: CallFrame): Scope | undefined {
  if (frame.scopeChain.some((scope) => scope.type === 'local')) return undefined;
  return (
    frame.scopeChain.find((scope) => scope.type === 'module') ??
    frame.scopeChain.find((scope) => scope.type === 'script')
  );
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
