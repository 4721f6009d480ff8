// The command the session launches: spawned in a session of its own with the bootloader in
// NODE_OPTIONS, its output forwarded, its end noticed, and every process it started killed at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import type { LaunchPlan } from './launch-config.js';
import { ADAPTER_TMPDIR_ENV, FIFO_ENV, signalTree, withBootloader, type KnownProcess } from './process-tree.js';
import type { AdapterEnvironment, RuntimeHost, SessionState } from './runtime-types.js';

// Lines the inspector prints on stderr of every process it opens in; not the program's output.
const INSPECTOR_NOISE =
  /^(?:Debugger listening on ws:\/\/\S+|Debugger ending on ws:\/\/\S+|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector|Debugger attached\.|Waiting for the debugger to disconnect\.\.\.)\r?\n/gm;

/** How the command's root process ended: its exit code (128 + the signal's number for a signal) and the signal. */
export interface RootExit {
  exitCode: number;
  signal: NodeJS.Signals | null;
}

export class Debuggee {
  private child: ChildProcess | null = null;
  private rootPid: number | undefined;
  /** Every Node process reported, remembered so that a reused pid is never killed. */
  readonly known: KnownProcess[] = [];

  constructor(
    private readonly host: RuntimeHost,
    private readonly state: SessionState,
    private readonly environment: AdapterEnvironment,
    private readonly bootloader: string,
  ) {}

  /**
   * Spawns the command with the bootloader reporting to `fifo`; resolves with the root pid once it
   * runs. `onExit` hears of the root's end once its output is drained.
   */
  async spawn(plan: LaunchPlan, fifo: string, onExit: (exit: RootExit) => void): Promise<number> {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.environment.env)) if (value !== undefined) env[name] = value;
    for (const [name, value] of Object.entries(plan.env)) {
      if (value === null) delete env[name];
      else env[name] = value;
    }
    delete env[ADAPTER_TMPDIR_ENV]; // the adapter's, not the program's
    env[FIFO_ENV] = fifo;
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
    child.once('exit', (code, signal) => {
      const exitCode = code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0);
      // Output still in the pipes arrives first; a leftover child holding them open does not delay us long.
      void Promise.race([Promise.all(drained), delay(300)]).then(() =>
        onExit({ exitCode, signal: code === null ? signal : null }),
      );
    });
    return pid;
  }

  private forward(stream: NodeJS.ReadableStream, category: 'stdout' | 'stderr'): Promise<void> {
    const decoder = new StringDecoder('utf8');
    const emit = (text: string): void => {
      const shown = category === 'stderr' ? text.replace(INSPECTOR_NOISE, '') : text;
      if (shown !== '' && !this.state.disposed) this.host.output(category, shown);
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

  /** Every process of the command, now. Synchronous, so it also serves exit and signal handlers. */
  kill(): void {
    signalTree(this.rootPid, this.known, 'SIGKILL');
  }

  /** Asks the program to stop (SIGTERM), then kills what is left after a grace period. */
  async terminate(graceMs: number): Promise<void> {
    if (this.rootPid === undefined) return;
    signalTree(this.rootPid, this.known, 'SIGTERM');
    const exited = new Promise<void>((resolve) => {
      if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    await Promise.race([exited, delay(graceMs)]);
    this.kill();
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
