// Where the program's own code starts, for a launch with `stopOnEntry`: the first statement of the
// main module of the first Node process whose main module is the user's, not installed code (npm's and
// npx's own CLI, tsx's and ts-node's, any package under node_modules).
//
// A breakpoint goes on the main module's first top-level statement before it runs. A CommonJS main
// module passes the bootloader's main hook before Node compiles it: the adapter compiles a copy there
// (never run) and asks V8 where its top-level statements lie. An ES module pauses V8's "before script
// execution" instrumentation once compiled, where the same is asked of the module itself. A main
// module whose source a loader hands Node's ES module loader as CommonJS is compiled and run with no
// hook on the way: each line of the main script gets a breakpoint instead, and the first one hit is
// in the module's first statements.
//
// Through a source map, that statement may be a compiler's (esbuild's helpers, tsx's wrapper around
// the module): from there the program steps in (as a step does, past others' code and code that maps
// to nothing: stepping.ts) to the first position that maps to a source of the user's, the .ts file.
// That stop is reported with reason `entry`.
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { hookLines, readHook } from './bootloader-hooks.js';
import type { CallFrame, Location, PausedEvent } from './cdp-types.js';
import type { NodeProcess } from './node-process.js';
import { isInstalledCode, isJavaScriptFile, pathVariants, scriptUrlToPath, urlRegexForPaths } from './paths.js';
import type { LoadedSourceMap, SourceMapCache } from './source-maps.js';
import { trace } from './trace.js';

const PROBE_GROUP = 'bpdiff-entry-probe';
/** The most lines of a loader's main module that get a breakpoint. */
const MOST_LINES = 20_000;

export class EntryPoint {
  /** off: no stopOnEntry; looking: no main module of the user's compiled yet; set: its breakpoint is set; reached. */
  private state: 'off' | 'looking' | 'set' | 'reached' = 'off';
  private readonly hookLine: number;

  constructor(
    private readonly maps: SourceMapCache,
    private readonly bootloader: string,
    /** Whether frames are shown through source maps (the launch's `sourceMaps`). */
    private readonly usesMaps: () => boolean,
  ) {
    this.hookLine = hookLines(bootloader).BPDIFF_MAIN_HOOK;
  }

  /** The launch asks for the entry stop. */
  want(): void {
    this.state = 'looking';
  }

  /** A newly connected process, before it runs: the hooks that find its main module while the entry is sought. */
  async prepare(process: NodeProcess, script: string): Promise<void> {
    if (this.state !== 'looking' || this.hookLine < 0) return;
    const search: NodeProcess['entry'] = { hook: null, instrumentation: null, lines: [], script, breakpoint: null };
    process.entry = search;
    const { breakpointId } = await process.cdp.send('Debugger.setBreakpointByUrl', {
      urlRegex: urlRegexForPaths(pathVariants(this.bootloader)),
      lineNumber: this.hookLine,
    });
    search.hook = breakpointId;
    // Every script pauses this one: only where the main script is the user's can it be an ES module of
    // theirs (npx's main script is /usr/bin/npx, a link into npm's folder).
    if (script === '' || pathVariants(script).some(isInstalledCode)) return;
    const set = await process.cdp.send('Debugger.setInstrumentationBreakpoint', {
      instrumentation: 'beforeScriptExecution',
    });
    search.instrumentation = set.breakpointId;
    if (!isJavaScriptFile(script)) search.lines = await this.breakEveryLine(process, script);
  }

  /** Whether a pause is the entry search's own (the main-module hook, the instrumentation, a line of a loader's main): not the program's. */
  isSearchPause(process: NodeProcess, event: PausedEvent): boolean {
    const search = process.entry;
    if (search === null) return false;
    const hits = event.hitBreakpoints ?? [];
    return (
      (search.instrumentation !== null && event.reason === 'instrumentation') ||
      (search.hook !== null && hits.includes(search.hook)) ||
      hits.some((id) => search.lines.includes(id))
    );
  }

  /**
   * At a search pause: the entry's breakpoint set when this is the user's main module, and the
   * process goes on (false); or, at a line breakpoint of a loader's main module, the main module's
   * code runs here (true: the entry's stop, or the step to it, starts here).
   */
  async onSearchPause(process: NodeProcess, event: PausedEvent): Promise<boolean> {
    const search = process.entry;
    if (search === null) return false;
    let arrived = false;
    const frame = event.callFrames[0];
    if (this.state !== 'looking') {
      // Another process's main module was the user's.
    } else if (frame && (event.hitBreakpoints ?? []).some((id) => search.lines.includes(id))) {
      trace(
        `entry of ${process.pid} near ${process.scripts.get(frame.location.scriptId)?.url ?? '?'}:${frame.location.lineNumber + 1}`,
      );
      this.state = 'reached';
      arrived = true;
    } else if (search.hook !== null && (event.hitBreakpoints ?? []).includes(search.hook) && frame) {
      await this.atMainHook(process, frame);
    } else if (event.reason === 'instrumentation') {
      const data = event.data ?? {};
      const file = scriptUrlToPath(String(data.url ?? ''));
      if (
        file !== null &&
        !isInstalledCode(file) &&
        pathVariants(search.script).some((variant) => pathVariants(file).includes(variant))
      ) {
        await this.atModule(process, String(data.scriptId ?? ''), String(data.url ?? ''));
      }
    }
    if (this.state !== 'looking') await this.stopSearching(process);
    return arrived;
  }

  /** Whether a pause is at the entry's breakpoint; the breakpoint goes with it. */
  isEntry(process: NodeProcess, event: PausedEvent): boolean {
    const id = process.entry?.breakpoint;
    if (id == null || !(event.hitBreakpoints ?? []).includes(id)) return false;
    this.state = 'reached';
    process.entry = null;
    void process.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => undefined);
    return true;
  }

  /** A CommonJS main module, about to be compiled: where its first statement will be, from a copy compiled now. */
  private async atMainHook(process: NodeProcess, frame: CallFrame): Promise<void> {
    const hook = await readHook(process, frame);
    if (hook === null || isInstalledCode(hook.filename)) return;
    const { cdp } = process;
    try {
      const probe = await cdp.send('Debugger.evaluateOnCallFrame', {
        callFrameId: frame.callFrameId,
        expression: 'probe(content)',
        objectGroup: PROBE_GROUP,
        silent: true,
      });
      const objectId = probe.result.objectId;
      // It does not compile: neither will Node, and nothing of it runs.
      if (probe.exceptionDetails || objectId === undefined)
        return trace(`entry probe of ${hook.filename} failed: ${probe.exceptionDetails?.text ?? probe.result.type}`);
      const { internalProperties = [] } = await cdp.send('Runtime.getProperties', { objectId, ownProperties: true });
      const location = internalProperties.find((property) => property.name === '[[FunctionLocation]]')?.value?.value as
        | Location
        | undefined;
      if (!location) return trace(`entry probe of ${hook.filename}: no function location`);
      const map =
        hook.sourceMapURL === '' || !this.usesMaps()
          ? null
          : await this.maps.load(pathToFileURL(hook.filename).href, hook.sourceMapURL);
      const first = await this.firstStatement(process, location.scriptId, map, true);
      if (!first) return;
      // The module is not compiled yet: the breakpoint waits for its URL, at the very position (where
      // a line breakpoint of the search may be: V8 refuses a second one there).
      await this.dropLines(process);
      const { breakpointId } = await cdp.send('Debugger.setBreakpointByUrl', {
        urlRegex: urlRegexForPaths(pathVariants(hook.filename)),
        lineNumber: first.lineNumber,
        columnNumber: first.columnNumber ?? 0,
      });
      this.found(process, breakpointId, `${hook.filename}:${first.lineNumber + 1}:${first.columnNumber ?? 0}`);
    } finally {
      await cdp.send('Runtime.releaseObjectGroup', { objectGroup: PROBE_GROUP }).catch(() => undefined);
    }
  }

  /** An ES module of the user's main script, compiled and about to run. */
  private async atModule(process: NodeProcess, scriptId: string, url: string): Promise<void> {
    const sourceMapURL = process.scripts.get(scriptId)?.sourceMapURL ?? '';
    const map = sourceMapURL === '' || !this.usesMaps() ? null : await this.maps.load(url, sourceMapURL);
    const first = await this.firstStatement(process, scriptId, map, true);
    if (!first) return;
    const { breakpointId } = await process.cdp.send('Debugger.setBreakpoint', { location: first });
    this.found(process, breakpointId, `${url}:${first.lineNumber + 1}:${first.columnNumber ?? 0}`);
  }

  /**
   * The module's first top-level statement (a position V8 can break at in the module's own function,
   * nested functions left out); through a source map, the first that maps to a source of the user's,
   * else the first of all (from which the program steps on to the user's code). `wrapped`: a CommonJS
   * module's copy compiled as Node compiles it (a function around the module's text).
   */
  private async firstStatement(
    process: NodeProcess,
    scriptId: string,
    map: LoadedSourceMap | null,
    wrapped = false,
  ): Promise<Location | undefined> {
    const start = { scriptId, lineNumber: 0, columnNumber: 0 };
    const locations = wrapped
      ? await topLevelLocations(process, start)
      : (await process.cdp.send('Debugger.getPossibleBreakpoints', { start, restrictToFunction: true })).locations;
    if (map === null) return locations[0];
    for (const location of locations) {
      const original = await map.originalFor(location.lineNumber, location.columnNumber ?? 0, true).catch(() => null);
      if (original && !isInstalledCode(original.path)) return location;
    }
    return locations[0];
  }

  /** A breakpoint on each line a loader's output for `script` may have (its own lines twice over, for helpers). */
  private async breakEveryLine(process: NodeProcess, script: string): Promise<string[]> {
    let lines: number;
    try {
      lines = fs.readFileSync(script, 'utf8').split('\n').length;
    } catch {
      return [];
    }
    const urlRegex = urlRegexForPaths(pathVariants(script));
    const count = Math.min(MOST_LINES, 2 * lines + 50);
    const set = await Promise.all(
      Array.from({ length: count }, (_, lineNumber) =>
        process.cdp.send('Debugger.setBreakpointByUrl', { urlRegex, lineNumber }).then(
          ({ breakpointId }) => breakpointId,
          () => null,
        ),
      ),
    );
    return set.filter((id): id is string => id !== null);
  }

  private found(process: NodeProcess, breakpointId: string, where: string): void {
    trace(`entry of ${process.pid} at ${where}`);
    this.state = 'set';
    if (process.entry) process.entry.breakpoint = breakpointId;
  }

  private async dropLines(process: NodeProcess): Promise<void> {
    const lines = process.entry?.lines ?? [];
    if (process.entry) process.entry.lines = [];
    await Promise.all(
      lines.map((breakpointId) =>
        process.cdp.send('Debugger.removeBreakpoint', { breakpointId }).catch(() => undefined),
      ),
    );
  }

  /** The search's hooks go (the entry breakpoint, once set, stays until it is hit). */
  private async stopSearching(process: NodeProcess): Promise<void> {
    const search = process.entry;
    if (search === null) return;
    const ids = [search.hook, search.instrumentation, ...search.lines].filter((id): id is string => id !== null);
    search.hook = null;
    search.instrumentation = null;
    search.lines = [];
    if (search.breakpoint === null) process.entry = null;
    await Promise.all(
      ids.map((breakpointId) => process.cdp.send('Debugger.removeBreakpoint', { breakpointId }).catch(() => undefined)),
    );
  }
}

/** The most positions asked about one at a time before the module's own are taken as V8 gives them. */
const MOST_ASKED = 5000;

/**
 * The positions of a module's own function, nested functions left out. V8's restrictToFunction keeps
 * to the innermost function around the position asked from, and a module whose text starts with a
 * function declaration has that function at the very start: asked from there, it answers the declared
 * function's positions (the walk would start at its first call). So each position is asked from
 * itself: a nested function's positions end where it ends, the module's own where the module's
 * function ends, which is the furthest end of a function with a statement in it (a CommonJS module's
 * script has one return position of its own after its wrapper's). A nested function is skipped to its
 * end at once.
 */
async function topLevelLocations(process: NodeProcess, start: Location): Promise<Location[]> {
  const { cdp } = process;
  const { locations: all } = await cdp.send('Debugger.getPossibleBreakpoints', { start });
  const restricted = (): Promise<Location[]> =>
    cdp.send('Debugger.getPossibleBreakpoints', { start, restrictToFunction: true }).then((answer) => answer.locations);
  if (all.length > MOST_ASKED) return restricted();
  const after = (a: Location, b: Location): boolean =>
    a.lineNumber > b.lineNumber || (a.lineNumber === b.lineNumber && (a.columnNumber ?? 0) > (b.columnNumber ?? 0));
  let own: Location[] = [];
  for (let index = 0; index < all.length; index++) {
    const { locations: inner } = await cdp.send('Debugger.getPossibleBreakpoints', {
      start: all[index]!,
      restrictToFunction: true,
    });
    const end = inner[inner.length - 1] ?? all[index]!;
    if (inner.length >= 2 && (own.length === 0 || after(end, own[own.length - 1]!))) own = inner;
    while (index + 1 < all.length && !after(all[index + 1]!, end)) index++;
  }
  return own.length > 0 ? own : restricted();
}
