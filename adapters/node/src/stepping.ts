// Steps that skip other people's code: a step never stops in a package (node_modules), in Node's own
// internals or in the bootloader, but does stop in the program's code they call (a callback given to a
// library, to Array.prototype.map). While a step runs, V8 blackboxes packages and the bootloader: it
// steps over their calls and out of them, yet stops in code of the program's that they call. A file
// holding a user breakpoint is left out of the pattern: V8 stops at breakpoints in blackboxed code too,
// but a step from there would leave the file at once. Outside steps nothing is blackboxed, so
// breakpoints, `debugger` statements and exception filters behave as ever.
//
// Node's internals (node:...) cannot be blackboxed: V8 blackboxes only code compiled with a context,
// and Node compiles its own without one. A step that lands there is carried on by the adapter: out of
// them (stepOut) while the program's code is further down the stack, so the program's code Node calls
// back meanwhile (an EventEmitter's listener, a required module's top level) is stepped over unless it
// holds a breakpoint; and, once no frame of the program's is left (the main module ended, a callback
// returned), through them (stepInto) to the next code of the program's that runs (a timer's callback,
// a promise's continuation), or to the program's end; past MOST_PASSED such pauses, by running to
// breakpoints set at every position of the program's loaded scripts (program-traps.ts).
//
// In a script with a source map, code that maps to nothing (a compiler's helpers: esbuild's __name,
// tsx's wrapper around a module) is stepped through too: a step stops only where the map leads to a
// source of the program's.
import { atPlainYield, isSyncGenerator } from './generator-yield.js';
import type { CallFrame, PausedEvent, RemoteObject } from './cdp-types.js';
import { mappedColumn, OBJECT_GROUP, type NodeProcess, type StepOrigin, type StepState } from './node-process.js';
import {
  isInstalledCode,
  isNodeInternalUrl,
  pathVariants,
  scriptUrlToPath,
  urlAlternatives,
  urlRegexForPaths,
} from './paths.js';
import type { StepKind } from './runtime-types.js';
import type { SourceMapCache } from './source-maps.js';

/**
 * Pauses in others' code one step goes through before the program runs to its next code instead, at
 * breakpoints set at every position of the program's loaded scripts (program-traps.ts): node:test
 * calls a test's function after thousands of its own statements, ~0.5 ms a pause.
 */
export const MOST_PASSED = 500;

/**
 * How a pause a step came to goes on: shown to the client, or the step carried on out of others' code,
 * through it, again as it was asked (further along the line it began on), or run on to the program's
 * next code (`resume`: program-traps.ts).
 */
export type StepOn = 'stop' | 'out' | 'into' | 'again' | 'resume';

/**
 * A step goes line by line: V8 also pauses further along a line, at each call on it and at a return
 * (`return value * 2;` twice), which a breakpoint on the line does not (it is hit once), so the times
 * a walk counts on a line would not be a breakpoint's hit count. Further along the same line of the
 * same call (a later column), the step goes on; a new call of the same function starts back at a
 * smaller column and stops.
 */
function isFurtherAlong(from: StepOrigin, here: StepOrigin): boolean {
  return (
    from.line === here.line &&
    from.depth === here.depth &&
    from.functionAt === here.functionAt &&
    here.column > from.column
  );
}

interface GeneratedText {
  lines: string[];
  /** Where the last non-blank character ends (0-based), null in a blank script. */
  last: { line: number; column: number } | null;
}

function generatedText(source: string): GeneratedText {
  const lines = source.split('\n');
  for (let line = lines.length - 1; line >= 0; line--) {
    const column = lines[line]!.trimEnd().length;
    if (column > 0) return { lines, last: { line, column } };
  }
  return { lines, last: null };
}

/**
 * A value V8 shows at a pause, held past it: an object's id at a pause lives only until the program
 * runs on, and the value a function returned is shown at the caller's stop, after the step went on from
 * the pause where V8 held it (an object returned would read as `Could not find object with given id`).
 * The object itself under an id of the adapter's own group, released as the stop it is shown at is left.
 */
async function kept(process: NodeProcess, value: RemoteObject): Promise<RemoteObject> {
  if (value.objectId === undefined) return value;
  try {
    const { result } = await process.cdp.send('Runtime.callFunctionOn', {
      objectId: value.objectId,
      functionDeclaration: 'function () { return this; }',
      objectGroup: OBJECT_GROUP,
      silent: true,
    });
    return result;
  } catch {
    return value;
  }
}

export class StepFilter {
  private readonly bootloader: string[];
  /** The generated text of scripts a step stopped in, by process and script id. */
  private readonly sources = new WeakMap<NodeProcess, Map<string, Promise<GeneratedText>>>();

  constructor(
    bootloader: string,
    /** The files holding a user breakpoint inside node_modules. */
    private readonly keptFiles: () => string[],
    private readonly maps: SourceMapCache,
    /** Whether frames are shown through source maps (the launch's `sourceMaps`). */
    private readonly usesMaps: () => boolean,
  ) {
    this.bootloader = pathVariants(bootloader);
  }

  /** A step begins from the process's pause (`toEntry`: the adapter's own, to the program's entry): what it is, and V8's blackboxing for it. */
  async begin(process: NodeProcess, kind: StepKind, toEntry = false, returns = false): Promise<void> {
    const frames = process.paused().event.callFrames;
    const top = frames[0];
    const fromOthers = top === undefined || this.isOthers(process, top);
    process.step = {
      kind,
      fromOthers,
      passed: 0,
      toEntry,
      from: top && !fromOthers ? await this.originOf(process, top, frames.length) : null,
      returns,
      returned: null,
    };
    const patterns = this.patterns();
    const joined = patterns.join('\n');
    if (process.blackboxed === joined) return;
    await process.cdp.send('Debugger.setBlackboxPatterns', { patterns });
    process.blackboxed = joined;
  }

  /** The program runs on (continue): no more blackboxing. */
  async end(process: NodeProcess): Promise<void> {
    process.step = null;
    if (process.blackboxed === '') return;
    process.blackboxed = '';
    await process.cdp.send('Debugger.setBlackboxPatterns', { patterns: [] });
  }

  /** Where the pause a step came to stands: in the program's code (shown), or in others' or a compiler's (carried on). */
  async next(process: NodeProcess, event: PausedEvent): Promise<StepOn> {
    const step: StepState | null = process.step;
    const [top, ...below] = event.callFrames;
    if (step === null || step.fromOthers || top === undefined) return 'stop';
    const others = this.isOthers(process, top);
    // At its own function's return position V8 holds the value returned: kept for the stop in the caller.
    if (step.returns && top.returnValue !== undefined && step.from !== null && !others) {
      const here = await this.originOf(process, top, event.callFrames.length);
      if (here.depth === step.from.depth && here.functionAt === step.from.functionAt)
        step.returned = { name: top.functionName || '<anonymous>', value: await kept(process, top.returnValue) };
    }
    if (
      !others &&
      step.from !== null &&
      step.kind !== 'out' &&
      isFurtherAlong(step.from, await this.originOf(process, top, event.callFrames.length))
    )
      return (await this.outAtYield(process, top)) ? 'out' : 'again';
    if (!others && (await this.isMapped(process, top)) && !(await this.isModuleEnd(process, top, below))) return 'stop';
    step.passed += 1;
    if (step.passed > MOST_PASSED) return 'resume';
    if (!others) return 'into';
    return below.some((frame) => !this.isOthers(process, frame)) ? 'out' : 'into';
  }

  /**
   * Whether a position of the program's code is its own source: without a source map, any; through
   * one, a position it maps to a source of the program's (a compiler's helper maps to nothing).
   */
  async isMapped(process: NodeProcess, frame: CallFrame): Promise<boolean> {
    const script = process.scripts.get(frame.location.scriptId);
    if (!script?.sourceMapURL || !this.usesMaps()) return true;
    const map = await this.maps.load(script.url, script.sourceMapURL);
    if (!map) return true;
    const original = await map.originalFor(frame.location.lineNumber, mappedColumn(frame), true).catch(() => null);
    return original !== null && !isInstalledCode(original.path) && !(await this.isNameHelper(process, frame));
  }

  /**
   * esbuild's keepNames call after a declaration (`__name(total, "total");`, tsx's output) maps to the
   * declaration's name, so a step would stop at each function declaration as it is passed: a
   * compiler's helper all the same. Read from the generated text of the script (fetched once).
   */
  private async isNameHelper(process: NodeProcess, frame: CallFrame): Promise<boolean> {
    const { scriptId, lineNumber, columnNumber } = frame.location;
    return (
      (await this.generated(process, scriptId)).lines[lineNumber]?.startsWith('__name(', columnNumber ?? 0) ?? false
    );
  }

  /**
   * The pause V8 makes at the implicit return of a module's top level (past its last statement, on
   * the last line again, with nothing of the program's below): stepping off the last line goes on to
   * the program's end, or to its next code that runs.
   */
  private async isModuleEnd(process: NodeProcess, top: CallFrame, below: CallFrame[]): Promise<boolean> {
    if (below.some((frame) => !this.isOthers(process, frame))) return false;
    const { scriptId, lineNumber, columnNumber = 0 } = top.location;
    const { last } = await this.generated(process, scriptId);
    return last !== null && (lineNumber > last.line || (lineNumber === last.line && columnNumber >= last.column));
  }

  /** Whether a step into or over a line goes out to the caller instead: at a sync generator's `yield` that makes no call before it suspends (generator-yield.ts). */
  async outAtYield(process: NodeProcess, frame: CallFrame): Promise<boolean> {
    const at = frame.functionLocation;
    if (at === undefined || this.isOthers(process, frame)) return false;
    const declared = (await this.generated(process, at.scriptId)).lines[at.lineNumber];
    if (declared === undefined || !isSyncGenerator(declared, at.columnNumber ?? 0)) return false;
    const line = (await this.generated(process, frame.location.scriptId)).lines[frame.location.lineNumber];
    return line !== undefined && atPlainYield(line, frame.location.columnNumber ?? 0);
  }

  /** The generated text of a script by lines, and where its last non-blank character ends (fetched once). */
  private generated(process: NodeProcess, scriptId: string): Promise<GeneratedText> {
    let sources = this.sources.get(process);
    if (!sources) this.sources.set(process, (sources = new Map()));
    let text = sources.get(scriptId);
    if (!text) {
      text = process.cdp.send('Debugger.getScriptSource', { scriptId }).then(
        ({ scriptSource }) => generatedText(scriptSource),
        () => ({ lines: [], last: null }),
      );
      sources.set(scriptId, text);
    }
    return text;
  }

  /** Where a frame stands, its line through the script's source map when there is one (generated code may be one line). */
  private async originOf(process: NodeProcess, frame: CallFrame, depth: number): Promise<StepOrigin> {
    const { scriptId, lineNumber, columnNumber = 0 } = frame.location;
    let line = `${scriptId}:${lineNumber}`;
    const script = process.scripts.get(scriptId);
    if (script?.sourceMapURL && this.usesMaps()) {
      const map = await this.maps.load(script.url, script.sourceMapURL);
      const original = map ? await map.originalFor(lineNumber, mappedColumn(frame), true).catch(() => null) : null;
      if (original) line = `${original.path}:${original.line}`;
    }
    const at = frame.functionLocation;
    return {
      line,
      column: columnNumber,
      depth,
      functionAt: at ? `${at.scriptId}:${at.lineNumber}:${at.columnNumber ?? 0}` : '',
    };
  }

  /** Code that is not the program's: Node's internals, the bootloader, a package (but a file holding a user breakpoint). */
  isOthers(process: NodeProcess, frame: CallFrame): boolean {
    return this.isOthersUrl(process.scripts.get(frame.location.scriptId)?.url ?? frame.url);
  }

  /** The scripts of the program's own files this process has loaded (program-traps.ts). */
  programScripts(process: NodeProcess): string[] {
    return [...process.scripts.values()]
      .filter((script) => scriptUrlToPath(script.url) !== null && !this.isOthersUrl(script.url))
      .map((script) => script.scriptId);
  }

  private isOthersUrl(url: string): boolean {
    if (isNodeInternalUrl(url)) return true;
    const file = scriptUrlToPath(url);
    // Code without a file (eval, new Function) is the program's.
    if (file === null) return false;
    if (this.bootloader.includes(file)) return true;
    return isInstalledCode(file) && !this.keptFiles().includes(file);
  }

  private patterns(): string[] {
    const kept = this.keptFiles();
    const packages = kept.length === 0 ? '/node_modules/' : `^(?!${urlAlternatives(kept)}$).*/node_modules/`;
    // node: as well, for a Node that one day compiles its internals with a context.
    return ['^node:', urlRegexForPaths(this.bootloader), packages];
  }
}
