// The debuggee's processes: the named pipe the bootloader reports on, finding the bootloader, spawning
// the command in its own session, and killing everything that belongs to it.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
// /proc reading is bpdiff's own (the adapter ships inside bpdiff and is bundled with it).
import { readProc, sessionMembers } from '../../../src/process/process-tree.js';

/** What the bootloader writes, one JSON line per Node process, before it waits for the debugger. */
export interface ProcessReport {
  pid: number;
  ppid: number;
  url: string;
  script: string;
}

export const FIFO_ENV = 'BPDIFF_NODE_INSPECTOR_FIFO';

/** adapters/node/bootloader.cjs, found by walking up from the compiled adapter to the package root. */
export function findBootloader(fromUrl: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const candidate = path.join(dir, 'adapters', 'node', 'bootloader.cjs');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`adapters/node/bootloader.cjs not found above ${path.dirname(fileURLToPath(fromUrl))}`);
    dir = parent;
  }
}

/** `--require "<path>"` appended to NODE_OPTIONS, quoted so a path with spaces survives. */
export function withBootloader(nodeOptions: string | undefined, bootloader: string): string {
  const quoted = `"${bootloader.replace(/(["\\])/g, '\\$1')}"`;
  const own = `--require ${quoted}`;
  return nodeOptions && nodeOptions.trim() !== '' ? `${nodeOptions} ${own}` : own;
}

/** Where the adapter makes its temporary folder, when its client says (else the system's). */
export const ADAPTER_TMPDIR_ENV = 'BPDIFF_NODE_ADAPTER_TMPDIR';

/** A FIFO in a private temporary directory, read without blocking and never reaching EOF. */
export class ReportPipe {
  readonly dir: string;
  readonly path: string;
  private socket: net.Socket | null = null;
  private buffer = '';

  /** `tmpDir`: a client that may kill the adapter outright (bpdiff does) names a folder it removes itself. */
  constructor(onReport: (report: ProcessReport) => void, tmpDir?: string) {
    this.dir = fs.mkdtempSync(path.join(tmpDir || os.tmpdir(), 'bpdiff-node-'));
    this.path = path.join(this.dir, 'inspector-reports');
    const made = spawnSync('mkfifo', ['-m', '600', this.path], { encoding: 'utf8' });
    if (made.status !== 0) {
      fs.rmSync(this.dir, { recursive: true, force: true });
      throw new Error(`mkfifo failed: ${made.error?.message ?? made.stderr.trim()}`);
    }
    // O_RDWR: opening never blocks, and the pipe never reports EOF when a writer closes.
    const fd = fs.openSync(this.path, fs.constants.O_RDWR | fs.constants.O_NONBLOCK);
    this.socket = new net.Socket({ fd, readable: true, writable: false });
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let newline: number;
      while ((newline = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        const report = parseReport(line);
        if (report) onReport(report);
      }
    });
    this.socket.on('error', () => undefined);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function parseReport(line: string): ProcessReport | null {
  try {
    const value = JSON.parse(line) as Partial<ProcessReport>;
    if (typeof value.pid !== 'number' || typeof value.url !== 'string' || !value.url.startsWith('ws://')) return null;
    return {
      pid: value.pid,
      ppid: typeof value.ppid === 'number' ? value.ppid : 0,
      url: value.url,
      script: typeof value.script === 'string' ? value.script : '',
    };
  } catch {
    return null;
  }
}

/** A reported process, remembered with its start time so a reused pid is never killed. */
export interface KnownProcess {
  pid: number;
  startTime: string;
}

export function rememberProcess(pid: number): KnownProcess | null {
  const info = readProc(pid);
  return info ? { pid, startTime: info.startTime } : null;
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Sends `signal` to the root's process group, every process of its session and every reported Node
 * process that is still the same process. Synchronous, so it can run in exit handlers.
 */
export function signalTree(rootPid: number | undefined, known: Iterable<KnownProcess>, signal: NodeJS.Signals): void {
  if (rootPid !== undefined && rootPid > 0) {
    killQuietly(-rootPid, signal);
    for (const pid of sessionMembers(rootPid)) killQuietly(pid, signal);
  }
  for (const { pid, startTime } of known) {
    const info = readProc(pid);
    if (info && info.startTime === startTime && info.state !== 'Z') killQuietly(pid, signal);
  }
}
