// The program of a run, started by bpdiff itself beside an adapter that attaches to it
// (LaunchPlan.debuggee): in a session of its own, as adapters are, so that the run's kill takes it
// and whatever it starts (the reaper too, when bpdiff itself is killed); its output goes to the
// run's tails, and its end, with its exit status, to the debug session (ProgramExit), since an
// adapter that attaches to a program does not know it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { Duplex, Writable } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ADAPTER_PORT_FD, DEBUGGEE_DAP_FD, type DebuggeeCommand, type ProgramCommand } from '../adapters/hooks.js';
import { BpdiffError } from '../errors.js';
import { describeEnd, type OutputTail } from '../dap/output-tail.js';
import { markerEnv, type RunMarker } from '../process/process-tree.js';
import { reapIfKilled } from '../process/reaper.js';
import { withFixedAddresses } from '../process/fixed-addresses.js';
import type { ProgramExit } from '../session/program-end.js';
import { tracePhase } from '../trace/trace.js';
import { setNiceness } from '../process/niceness.js';

export interface DebuggeeStart {
  /** The run's label, for the trace. */
  label: string;
  /** The run's marker (trackTree's), in the program's environment as in its adapter's. */
  marker: RunMarker | undefined;
  /** Called with the program's pid at once: it leads a session of its own, which bpdiff must kill. */
  track: (pid: number) => void;
  stdout: OutputTail;
  stderr: OutputTail;
  /**
   * The port the adapter listens on, once it says so, for a program started with the adapter: written
   * on its ADAPTER_PORT_FD (a pipe), which is then closed; closed with nothing written if it rejects.
   */
  adapterPort?: Promise<number>;
  /** For a program whose adapter lives in it: given its end of the DAP socket (DEBUGGEE_DAP_FD) once it runs. */
  onDapSocket?: (socket: Duplex) => void;
  /** The niceness the program runs at (process/niceness.ts); absent: bpdiff's own. */
  niceness?: number;
}

/**
 * How long the program's output may trail its exit: the pipes close when the last process holding
 * them does, and a child it left running may hold them open for good.
 */
const OUTPUT_DRAIN_MS = 300;

/**
 * Starts the program as its command says (DebuggeeCommand.startOn): at once, told `adapterPort` on its
 * ADAPTER_PORT_FD when known, or once `adapterPort` is known, with `${port}` in its arguments filled in.
 * Resolves when it has ended; rejects when it cannot be started, or when the port never comes.
 */
export function startAttachedProgram(
  command: DebuggeeCommand,
  start: Omit<DebuggeeStart, 'adapterPort'>,
  adapterPort: Promise<number>,
): Promise<ProgramExit> {
  const ended =
    command.startOn === 'with-adapter'
      ? Promise.race([
          startDebuggee(command, { ...start, adapterPort }),
          adapterPort.then(() => new Promise<never>(() => undefined)),
        ])
      : adapterPort.then((port) =>
          startDebuggee(
            { ...command, args: command.args.map((arg) => arg.replaceAll('${port}', String(port))) },
            start,
          ),
        );
  // Whoever waits on it sees a failure (the debug session); until then it must not count as unhandled.
  ended.catch(() => undefined);
  return ended;
}

/**
 * Starts the program now. Resolves when it has ended (its output read); rejects when it cannot be
 * started. Never rejects after it started: killing it is the run's business (killRun).
 */
export async function startDebuggee(command: ProgramCommand, start: DebuggeeStart): Promise<ProgramExit> {
  tracePhase(start.label, 'debuggee spawn');
  const stdin = openStdin(command.stdinFile);
  let child: ChildProcess;
  try {
    const started = command.fixedAddresses
      ? withFixedAddresses(command.executable, command.args)
      : { executable: command.executable, args: command.args };
    child = spawn(started.executable, started.args, {
      cwd: command.cwd,
      env: { ...process.env, ...command.env, ...markerEnv(start.marker) },
      // A session of its own: the program and what it starts can be found and killed as one tree.
      detached: true,
      // Index 3 (ADAPTER_PORT_FD, DEBUGGEE_DAP_FD): a Unix socket pair, which Node makes for a 'pipe'.
      stdio: [
        stdin ?? 'ignore',
        'pipe',
        'pipe',
        ...(start.adapterPort || start.onDapSocket ? (['pipe'] as const) : []),
      ],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid!));
      child.once('error', (error) =>
        reject(
          new BpdiffError(
            'COMMAND_NOT_FOUND',
            `cannot start the program (${command.executable}): ${error.message} — check that the command after -- runs on its own`,
            { cause: error },
          ),
        ),
      );
    });
    start.track(pid);
    if (start.niceness !== undefined) setNiceness(pid, start.niceness);
    // An adapter attached to a program lets it run on when its client goes: were bpdiff killed
    // outright, nothing else would kill it (and the adapter waiting on it). Told only now, so that
    // starting the reaper does not delay the adapter's start.
    if (start.marker) reapIfKilled(start.marker);
  } finally {
    if (stdin !== null) fs.closeSync(stdin);
  }
  if (start.adapterPort) handPort(child, start.adapterPort);
  if (start.onDapSocket) start.onDapSocket(child.stdio[DEBUGGEE_DAP_FD] as Duplex);
  // Decoded as a stream: a character split between two reads stays whole.
  child.stdout!.setEncoding('utf8').on('data', (text: string) => start.stdout.push(text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => start.stderr.push(text));
  return new Promise<ProgramExit>((resolve) => {
    child.once('exit', (code, signal) => {
      const ended = (): void => resolve({ code, signal, description: describeEnd({ code, signal }, start.stderr) });
      const timer = setTimeout(ended, OUTPUT_DRAIN_MS);
      child.once('close', () => {
        clearTimeout(timer);
        ended();
      });
    });
  });
}

/**
 * Starts a program whose debug adapter lives in it (a `debuggee-fd` adapter): resolves, once it runs,
 * to bpdiff's end of its DAP socket and its end (which never rejects); rejects when it cannot start.
 */
export function startDapProgram(
  command: ProgramCommand,
  start: Omit<DebuggeeStart, 'adapterPort' | 'onDapSocket'>,
): Promise<{ socket: Duplex; exit: Promise<ProgramExit> }> {
  return new Promise((resolve, reject) => {
    const exit: Promise<ProgramExit> = startDebuggee(command, {
      ...start,
      onDapSocket: (socket) => resolve({ socket, exit }),
    });
    exit.catch(reject);
  });
}

/** The port an adapter's `listening` event names (DebuggeeCommand.listening); a clear error when it names none. */
export function listeningPort(
  event: DebugProtocol.Event,
  listening: DebuggeeCommand['listening'],
  adapterName: string,
): number {
  const port = (event.body as Record<string, unknown> | undefined)?.[listening.portField];
  if (typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536) return port;
  throw new BpdiffError(
    'ADAPTER_FAILED',
    `${adapterName} said it listens for the program (its ${listening.event} event) but named no port in "${listening.portField}" (${JSON.stringify(port) ?? 'nothing'}) — check that bpdiff supports this ${adapterName} version (bpdiff doctor)`,
  );
}

/** Writes the adapter's port on the program's ADAPTER_PORT_FD once known, and closes it either way. */
function handPort(child: ChildProcess, port: Promise<number>): void {
  const pipe = child.stdio[ADAPTER_PORT_FD] as Writable;
  // A program that has ended, or closed the descriptor, cannot read it: nothing to say.
  pipe.on('error', () => undefined);
  port.then(
    (known) => pipe.end(`${known}\n`),
    () => pipe.end(),
  );
}

/** The --stdin file opened for the program (it reads the file itself, from its start), or null. */
function openStdin(file: string | null): number | null {
  if (file === null) return null;
  try {
    return fs.openSync(file, 'r');
  } catch (error) {
    throw new BpdiffError(
      'FILE_NOT_FOUND',
      `cannot read the stdin file ${file} (${(error as Error).message}) — give a file that exists`,
      { cause: error },
    );
  }
}

/** The adapter's stdin (which its debuggee inherits, or which is the program's: dlv, rdbg) fed with the --stdin file, else closed. */
export function feedStdin(child: ChildProcess, file: string | null): void {
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
