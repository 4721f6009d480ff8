// Passes counted by the program itself (pass-plan.ts says where and why): the plan the bootloader
// reads (pass-counts.json, in the folder of the pipe it reports through), the two bootloader hooks
// the adapter breaks on, and what it does there. At firstPass (the counting call's first run in a
// process) the breakpoint is bound by the count: its V8 binding in that process, which would evaluate
// a counting condition at every pass, goes (it was evaluated once, at this pass, before the call). At
// passReached (the Nth pass, standing in the counting call) a breakpoint is set at the statement
// right after the call, which stops this pass and every later one (the hit condition is `>= N`). A
// module compiled without the calls (text other than planned, a loader's own transform) keeps its V8
// binding, and a step never stops inside a call (inCall).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hookLines } from './bootloader-hooks.js';
import type { Location, PausedEvent } from './cdp-types.js';
import type { NodeProcess } from './node-process.js';
import { moduleText, passCall, planPassCount, textHash } from './pass-plan.js';
import { pathVariants, scriptUrlToPath, urlRegexForPaths } from './paths.js';
import type { UserBreakpoint } from './runtime-types.js';
import { trace } from './trace.js';

/** One planned count, as the bootloader reads it. */
interface PassEntry {
  id: number;
  /** The module's file as Node may name it (the path and its real path). */
  files: string[];
  hash: string;
  offset: number;
  /** The statement's line (0-based, as V8 counts) and column, where the call goes. */
  line: number;
  column: number;
  call: string;
  count: number;
}

export const PASS_PLAN_FILE = 'pass-counts.json';

/** What the binder does for a hook: bind the breakpoint by the count in a process, or set it at a location. */
export interface PassBindings {
  boundByCount(process: NodeProcess, breakpointId: number): Promise<void>;
  bindAt(process: NodeProcess, breakpointId: number, location: Location): Promise<void>;
}

export class PassCounts {
  private readonly lines: { count: number; pass: number };
  private entries: PassEntry[] = [];
  private folder: string | null = null;
  /** The calls compiled into each process's modules, by file: a step never stops in one. */
  private readonly compiled = new WeakMap<NodeProcess, Map<string, PassEntry[]>>();
  /** The hook breakpoints set in each process. */
  private readonly hooked = new WeakMap<NodeProcess, { count: string | null; pass: string | null }>();
  /** Each file's text and hash as last read, so a breakpoint set again does not hash it again. */
  private readonly parsed = new Map<string, { hash: string; text: string }>();

  constructor(private readonly bootloader: string) {
    const lines = hookLines(bootloader);
    this.lines = { count: lines.BPDIFF_COUNT_HOOK, pass: lines.BPDIFF_PASS_HOOK };
  }

  /** The folder the bootloader finds the plan in (the pipe's), once the program is launched. */
  attach(folder: string): void {
    this.folder = folder;
    this.write();
  }

  /** Plans a count for each breakpoint that is to stop first at a pass after the first, with no condition. */
  plan(breakpoints: UserBreakpoint[]): void {
    this.entries = [];
    if (this.lines.count < 0 || this.lines.pass < 0) return;
    for (const breakpoint of breakpoints) {
      const hit = breakpoint.hitCondition;
      if (hit === undefined || hit.operator !== '>=' || hit.count <= 1) continue;
      if (breakpoint.condition !== undefined || breakpoint.invalid !== undefined) continue;
      if (!/\.[cm]?js$/i.test(breakpoint.path)) continue;
      const module = this.readText(breakpoint.path);
      if (module === null) continue;
      const planned = planPassCount(module.text, breakpoint.line);
      if ('why' in planned) {
        trace(`breakpoint ${breakpoint.id} counts in V8: ${planned.why}`);
        continue;
      }
      this.entries.push({
        id: breakpoint.id,
        files: breakpoint.variants,
        hash: module.hash,
        offset: planned.offset,
        line: breakpoint.line - 1,
        column: planned.column,
        call: passCall(breakpoint.id),
        count: hit.count,
      });
    }
    this.write();
  }

  /** Sets (or takes away) the two hooks' breakpoints in a process, as the plan needs them. */
  async sync(process: NodeProcess): Promise<void> {
    const had = this.hooked.get(process);
    const wanted = this.entries.length > 0;
    if (wanted === (had !== undefined)) return;
    if (!wanted) {
      this.hooked.delete(process);
      for (const id of [had!.count, had!.pass])
        if (id !== null)
          await process.cdp.send('Debugger.removeBreakpoint', { breakpointId: id }).catch(() => undefined);
      return;
    }
    const set = async (lineNumber: number): Promise<string | null> => {
      try {
        const answer = await process.cdp.send('Debugger.setBreakpointByUrl', {
          urlRegex: urlRegexForPaths(pathVariants(this.bootloader)),
          lineNumber,
        });
        return answer.breakpointId;
      } catch {
        return null;
      }
    };
    this.hooked.set(process, { count: await set(this.lines.count), pass: await set(this.lines.pass) });
  }

  /** Handles a pause at either hook; true when it was one (the program goes on, as for any machinery pause). */
  async onPause(process: NodeProcess, event: PausedEvent, bindings: PassBindings): Promise<boolean> {
    const hooks = this.hooked.get(process);
    const hits = event.hitBreakpoints ?? [];
    if (hooks === undefined || !hits.some((id) => id === hooks.count || id === hooks.pass)) return false;
    const [hook] = event.callFrames;
    // The hook's caller is pass(), whose caller is the module's line.
    const line = event.callFrames[2];
    if (hook === undefined || line === undefined) return true;
    const [id] = await this.read(process, hook.callFrameId, '[id]');
    const entry = this.entries.find((planned) => planned.id === id);
    if (entry === undefined) return true;
    if (hits.includes(hooks.count!)) {
      const file = scriptUrlToPath(process.scripts.get(line.location.scriptId)?.url ?? line.url);
      if (file !== null) {
        const compiled = this.compiled.get(process) ?? new Map<string, PassEntry[]>();
        compiled.set(file, [...(compiled.get(file) ?? []), entry]);
        this.compiled.set(process, compiled);
      }
      trace(`breakpoint ${entry.id} counts its passes in the program of ${process.pid}`);
      await bindings.boundByCount(process, entry.id);
    }
    if (hits.includes(hooks.pass!)) {
      trace(`breakpoint ${entry.id} reached pass ${entry.count} in ${process.pid}`);
      await bindings.bindAt(process, entry.id, {
        scriptId: line.location.scriptId,
        lineNumber: line.location.lineNumber,
        columnNumber: entry.column + entry.call.length,
      });
    }
    return true;
  }

  /** Whether a pause stands in a counting call (in `file`, the script's path): a step goes on through it. */
  inCall(process: NodeProcess, file: string | null, location: Location): boolean {
    const entries = file === null ? undefined : this.compiled.get(process)?.get(file);
    return (entries ?? []).some(
      (entry) =>
        entry.line === location.lineNumber &&
        (location.columnNumber ?? 0) >= entry.column &&
        (location.columnNumber ?? 0) < entry.column + entry.call.length,
    );
  }

  /** The hook's arguments, as an array evaluated in its frame. */
  private async read(process: NodeProcess, callFrameId: string, expression: string): Promise<unknown[]> {
    try {
      const { result } = await process.cdp.send('Debugger.evaluateOnCallFrame', {
        callFrameId,
        expression,
        returnByValue: true,
        silent: true,
      });
      return Array.isArray(result.value) ? (result.value as unknown[]) : [];
    } catch {
      return [];
    }
  }

  private readText(file: string): { text: string; hash: string } | null {
    let text: string;
    try {
      text = moduleText(fs.readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
    const known = this.parsed.get(file);
    if (known !== undefined && known.text === text) return known;
    const read = { text, hash: textHash(text) };
    this.parsed.set(file, read);
    return read;
  }

  private write(): void {
    trace(
      `pass plan: ${this.entries.map((entry) => `breakpoint ${entry.id} at offset ${entry.offset}`).join(', ') || 'none'}${this.folder === null ? ' (not launched yet)' : ''}`,
    );
    if (this.folder === null) return;
    const file = path.join(this.folder, PASS_PLAN_FILE);
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(this.entries));
      fs.renameSync(`${file}.tmp`, file);
    } catch (error) {
      trace(`pass plan not written: ${(error as Error).message}`);
    }
  }
}
