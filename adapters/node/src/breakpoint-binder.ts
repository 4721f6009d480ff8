// Breakpoints: the user's, and the CDP breakpoints that implement them in each process, set directly
// by URL for JavaScript files or through source maps before a mapped script runs. ES modules and vm
// scripts pause V8's "before script with source map" instrumentation; CommonJS modules pass the
// bootloader's compile hook. Resolved locations are mapped back to the lines the client knows. A
// breakpoint whose hit condition does not parse is never bound.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hookLines, readHook } from './bootloader-hooks.js';
import type { CallFrame, Location, PausedEvent } from './cdp-types.js';
import { HIT_CONDITION_FORMS, parseHitCondition, v8Condition } from './conditions.js';
import { locationKey, type BreakpointRecord, type NodeProcess } from './node-process.js';
import { PassCounts, type PassBindings } from './pass-counts.js';
import {
  escapeRegExp,
  isInstalledCode,
  isJavaScriptFile,
  pathVariants,
  scriptUrlToPath,
  urlRegexForPaths,
} from './paths.js';
import {
  usesSourceMaps,
  type BreakpointSpec,
  type RuntimeHost,
  type SessionState,
  type UserBreakpoint,
} from './runtime-types.js';
import type { LoadedSourceMap, SourceMapCache } from './source-maps.js';
import { trace } from './trace.js';

export class BreakpointBinder implements PassBindings {
  private readonly hookLine: number;
  /** Passes the program counts itself, for a breakpoint to stop first at a later pass (pass-counts.ts). */
  readonly passes: PassCounts;
  private nextBreakpointId = 1;
  /** Absolute path -> the user's breakpoints in that file. */
  private readonly breakpoints = new Map<string, UserBreakpoint[]>();

  constructor(
    private readonly host: RuntimeHost,
    private readonly state: SessionState,
    private readonly maps: SourceMapCache,
    private readonly bootloader: string,
    /** What a relative path is resolved against before a launch names its cwd (the adapter's environment's). */
    private readonly baseCwd: string,
  ) {
    this.hookLine = hookLines(bootloader).BPDIFF_COMPILE_HOOK;
    this.passes = new PassCounts(bootloader);
  }

  async setBreakpoints(
    file: string,
    specs: BreakpointSpec[],
    processes: Iterable<NodeProcess>,
  ): Promise<UserBreakpoint[]> {
    const absolute = path.resolve(this.state.plan?.cwd ?? this.baseCwd, file);
    const variants = pathVariants(absolute);
    const previous = this.breakpoints.get(absolute) ?? [];
    const created = specs.map<UserBreakpoint>((spec) => {
      const hitText =
        spec.hitCondition !== undefined && spec.hitCondition.trim() !== '' ? spec.hitCondition : undefined;
      const hitCondition = hitText !== undefined ? parseHitCondition(hitText) : undefined;
      return {
        id: this.nextBreakpointId++,
        path: absolute,
        variants,
        line: spec.line,
        condition: spec.condition !== undefined && spec.condition.trim() !== '' ? spec.condition : undefined,
        hitCondition: hitCondition ?? undefined,
        invalid:
          hitCondition === null
            ? `Hit condition ${JSON.stringify(hitText)} is not understood: use ${HIT_CONDITION_FORMS}`
            : undefined,
        verified: false,
        boundLine: undefined,
        announced: false,
      };
    });
    if (created.length > 0) this.breakpoints.set(absolute, created);
    else this.breakpoints.delete(absolute);
    this.passes.plan(this.allBreakpoints());
    await Promise.all(
      [...processes].map((process) =>
        process.serial(async () => {
          await this.unbind(process, previous);
          await this.syncMapHooks(process);
          await this.passes.sync(process);
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

  /** A newly connected process gets every breakpoint (and the hooks that bind mapped ones). */
  async bindAll(process: NodeProcess): Promise<void> {
    await this.syncMapHooks(process);
    await this.passes.sync(process);
    await this.discoverLoadedMaps(process);
    for (const breakpoint of this.allBreakpoints()) await this.bind(process, breakpoint);
  }

  /**
   * Handles a pause of the binding machinery (the instrumentation pause or the compile hook) by
   * binding what the script's map covers. True when the pause was one of those: it is not the program's.
   */
  async bindBeforeRun(process: NodeProcess, event: PausedEvent): Promise<boolean> {
    if (event.reason === 'instrumentation') {
      const data = event.data ?? {};
      // One pause may stand for the entry's instrumentation too (every script), whose data has no map URL.
      const sourceMapURL =
        typeof data.sourceMapURL === 'string'
          ? data.sourceMapURL
          : (process.scripts.get(String(data.scriptId ?? ''))?.sourceMapURL ?? '');
      await this.onMappedScript(process, String(data.url ?? ''), sourceMapURL);
      return true;
    }
    if (process.hookBreakpointId !== null && (event.hitBreakpoints ?? []).includes(process.hookBreakpointId)) {
      await this.onCompileHook(process, event.callFrames[0]);
      return true;
    }
    return this.passes.onPause(process, event, this);
  }

  /** A module is compiled with the calls that count the breakpoint's passes: its V8 binding (a counting condition) goes, and the count binds it. */
  async boundByCount(process: NodeProcess, breakpointId: number): Promise<void> {
    const breakpoint = this.allBreakpoints().find((candidate) => candidate.id === breakpointId);
    if (breakpoint === undefined) return;
    await this.dropDirect(process, breakpointId);
    if (breakpoint.verified) return;
    breakpoint.verified = true;
    breakpoint.boundLine = breakpoint.line;
    if (breakpoint.announced && !this.state.disposed) this.host.breakpointChanged(breakpoint);
  }

  /** The breakpoint's pass is reached: it stops at `location` (the statement after the counting call) from now on. */
  async bindAt(process: NodeProcess, breakpointId: number, location: Location): Promise<void> {
    const breakpoint = this.allBreakpoints().find((candidate) => candidate.id === breakpointId);
    if (breakpoint === undefined || process.gone) return;
    try {
      const { breakpointId: id } = await process.cdp.send('Debugger.setBreakpoint', { location });
      this.record(process, id, { breakpoint, kind: 'direct' });
    } catch {
      // The location is gone (the script was collected): the run goes on unstopped, as a run with fewer passes.
    }
  }

  /** Debugger.breakpointResolved: the breakpoint is verified at the line its location maps back to. */
  async onResolved(process: NodeProcess, cdpId: string, location: Location): Promise<void> {
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
    if (breakpoint.announced && !this.state.disposed) this.host.breakpointChanged(breakpoint);
  }

  /** The files holding a user breakpoint inside node_modules (stepping must not skip them). */
  filesInNodeModules(): string[] {
    return [...this.breakpoints.entries()]
      .filter(([file, list]) => list.length > 0 && isInstalledCode(file))
      .flatMap(([, list]) => list[0]!.variants);
  }

  private allBreakpoints(): UserBreakpoint[] {
    return [...this.breakpoints.values()].flat();
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
    return usesSourceMaps(this.state) && this.breakpoints.size > 0;
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
      const set = await process.cdp
        .send('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptWithSourceMapExecution' })
        .catch(() => null);
      process.instrumented = true;
      process.instrumentationBreakpointId = set?.breakpointId ?? null;
    } else if (!wanted && process.instrumented) {
      // V8 removes an instrumentation breakpoint by its id (it has no removeInstrumentationBreakpoint).
      if (process.instrumentationBreakpointId !== null) {
        await process.cdp
          .send('Debugger.removeBreakpoint', { breakpointId: process.instrumentationBreakpointId })
          .catch(() => undefined);
      }
      process.instrumented = false;
      process.instrumentationBreakpointId = null;
    }
    if (process.hookBreakpointId) {
      await process.cdp
        .send('Debugger.removeBreakpoint', { breakpointId: process.hookBreakpointId })
        .catch(() => undefined);
      process.hookBreakpointId = null;
    }
    if (wanted && this.hookLine >= 0) {
      const condition = this.mapsInNodeModules()
        ? undefined
        : `!String(filename).includes('${path.sep}node_modules${path.sep}')`;
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

  /** Takes away a breakpoint's direct bindings (by URL, at the line) in a process. */
  private async dropDirect(process: NodeProcess, breakpointId: number): Promise<void> {
    for (const id of [...(process.bound.get(breakpointId) ?? [])]) {
      if (process.records.get(id)?.kind !== 'direct') continue;
      process.records.delete(id);
      process.bound.set(
        breakpointId,
        (process.bound.get(breakpointId) ?? []).filter((other) => other !== id),
      );
      await process.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => undefined);
    }
  }

  private record(process: NodeProcess, cdpId: string, record: BreakpointRecord): void {
    process.records.set(cdpId, record);
    const ids = process.bound.get(record.breakpoint.id) ?? [];
    if (!ids.includes(cdpId)) ids.push(cdpId);
    process.bound.set(record.breakpoint.id, ids);
  }

  private async bind(process: NodeProcess, breakpoint: UserBreakpoint): Promise<void> {
    if (process.gone || breakpoint.invalid !== undefined) return;
    const condition = v8Condition(breakpoint.id, breakpoint.condition, breakpoint.hitCondition);
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

  private async bindMapped(
    process: NodeProcess,
    breakpoint: UserBreakpoint,
    scriptUrl: string,
    map: LoadedSourceMap,
  ): Promise<void> {
    if (breakpoint.invalid !== undefined) return;
    let generated: Awaited<ReturnType<LoadedSourceMap['generatedFor']>>;
    try {
      generated = await map.generatedFor(breakpoint.variants, breakpoint.line);
    } catch {
      return;
    }
    if (!generated) return;
    const scriptPath = scriptUrlToPath(scriptUrl);
    // A script that maps to itself (a transpiler that kept the file's URL): the direct binding of a
    // .js breakpoint lands on generated lines there, so the mapped one replaces it in this process.
    if (scriptPath !== null && breakpoint.variants.includes(scriptPath)) await this.dropDirect(process, breakpoint.id);
    const condition = v8Condition(breakpoint.id, breakpoint.condition, breakpoint.hitCondition);
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
    const hook = await readHook(process, frame);
    if (!hook || hook.sourceMapURL === '') return;
    await this.onMappedScript(process, pathToFileURL(hook.filename).href, hook.sourceMapURL);
  }
}
