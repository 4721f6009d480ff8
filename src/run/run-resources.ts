// What one run holds while it lives: its process tree, its temp folder and its output tails; all of it
// given back (every process killed, the folder removed) by dispose(), whatever happened.
import fs from 'node:fs';
import path from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { OutputTail } from '../dap/output-tail.js';
import {
  findTree,
  killRun,
  readProc,
  trackTree,
  untrackTree,
  type RunMarker,
  type RunTree,
} from '../process/process-tree.js';
import { processTempRoot } from '../process/temp-root.js';

const compiled = new Map<string, RegExp>();

/** How a run's debugger's own lines are told among the program's output (its definition's locate fields of these names). */
export interface DebuggersOwn {
  debugger_output?: readonly string[];
  debugger_echo?: string;
  debugger_blank_lines?: boolean;
}

/** A definition's pattern, compiled once (an output event's every line is tested against it). */
function regex(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  let found = compiled.get(key);
  if (!found) compiled.set(key, (found = new RegExp(pattern, flags)));
  return found;
}

/** Whether a line of output is the debugger's own: it matches one of the definition's locate.debugger_output. */
export function isDebuggersLine(patterns: readonly string[], line: string): boolean {
  return patterns.some((pattern) => regex(pattern, 'm').test(line));
}

function madeFolder(folder: string): string {
  fs.mkdirSync(folder, { mode: 0o700 });
  return folder;
}

export class RunResources {
  readonly owner = {};
  readonly tree = trackTree(this.owner);
  /** A folder of its own inside this process's (process/temp-root.ts: swept at the next start should bpdiff be killed outright). */
  readonly tempDir = fs.mkdtempSync(path.join(processTempRoot(), 'run-'));
  /**
   * The program's temporary folder (its TMPDIR, TMP and TEMP), new for each start of it: what it makes
   * there (pytest's `pytest-of-USER/pytest-N`, numbered anew in each) is named alike in both runs,
   * and the folder itself is written <tmp> (values/paths.ts).
   */
  readonly programTemp = madeFolder(path.join(this.tempDir, 'tmp'));
  readonly stdout = new OutputTail();
  readonly stderr = new OutputTail();
  /** The last whole line of output was the debugger's own (its echo may follow: the definition's locate.debugger_echo). */
  private afterDebugger = false;

  /** Output and new processes, as the adapter reports them; `own`: how the debugger's own lines are told among the program's (the definition's locate.debugger_output, debugger_echo, debugger_blank_lines). */
  follow(event: DebugProtocol.Event, own: DebuggersOwn = {}): void {
    if (event.event === 'output') {
      const body = (event as DebugProtocol.OutputEvent).body;
      const tail = body.category === 'stdout' ? this.stdout : body.category === 'stderr' ? this.stderr : null;
      if (tail === null) return;
      const { debugger_output: debuggerOutput = [], debugger_echo: echo } = own;
      if (debuggerOutput.length === 0) return tail.push(body.output, true);
      // Line by line: a debugger's own line and the program's may come in one event (gdb's console).
      const lines = body.output.split(/(?<=\n)/);
      const ofDebugger = lines.map((line) => isDebuggersLine(debuggerOutput, line));
      for (const [index, line] of lines.entries()) {
        const echoed = this.afterDebugger && echo !== undefined && regex(echo, '').test(line);
        // gdb's `\nProgram` before ` received signal ...`: the blank line is the stop's too.
        const blank = own.debugger_blank_lines === true && /^\r?\n$/.test(line) && ofDebugger.includes(true);
        const debuggers = echoed || blank || ofDebugger[index]!;
        tail.push(line, !debuggers);
        if (line.endsWith('\n')) this.afterDebugger = debuggers && !echoed;
      }
    } else if (event.event === 'process') {
      const pid = (event as DebugProtocol.ProcessEvent).body.systemProcessId;
      if (pid) {
        this.tree.roots.add(pid);
        const info = readProc(pid);
        if (info) this.tree.sessions.add(info.sid);
      }
    }
  }

  /** A process that leads a session of its own (an adapter, a program bpdiff started): killed with the run. */
  trackSession(pid: number): void {
    this.tree.roots.add(pid);
    this.tree.sessions.add(pid);
  }

  private processesRead: number[] | null = null;

  /**
   * The run's process ids (its adapter's, its program's, and theirs), for the values and output that
   * hold one (values/run-pids.ts): read from /proc once, when `stopped` (the program is there by its
   * first stop; dlv and gdb start it themselves and name it nowhere), else the ones the run knows of.
   */
  processIds(stopped: boolean): readonly number[] {
    if (this.processesRead !== null) return this.processesRead;
    if (!stopped) return [...this.tree.roots];
    this.processesRead = findTree(this.tree.roots, this.tree.sessions).map((info) => info.pid);
    return this.processesRead;
  }

  /** Texts of this run that differ from run to run by bpdiff's doing (its process marker), with the token that stands for them. */
  markerTexts(): Array<{ text: string; token: string }> {
    const marker: RunMarker | undefined = this.tree.marker;
    return marker ? [{ text: marker.value, token: `<${marker.name}>` }] : [];
  }

  dispose(): void {
    killRun(this.tree as RunTree);
    untrackTree(this.owner);
    fs.rmSync(this.tempDir, { recursive: true, force: true });
  }
}
