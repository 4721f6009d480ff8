// What a front door (the CLI, the MCP server) touches in the outside world, passed in so that each
// can be driven from tests.
import type { captureOneRun, captureRuns } from '../run/capture-runs.js';
import type { Redactor } from '../redact/redactor.js';
import type { CrashSource } from './crash-guard.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutIsTTY: boolean;
  /** Whether the terminal on stdout shows colours (tty.hasColors()); unknown when absent. */
  stdoutHasColors?: boolean;
  /** The width of the terminal on stdout, in columns; absent when stdout is not a terminal. */
  columns?: number;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths in flags are resolved against. */
  cwd: string;
  /**
   * The invocation's redactor (the CLI's run-cli makes it, cli/redaction.ts; absent with --no-redact):
   * handed to the library's calls, and every text written to a file goes through its `scrub` (stdout
   * and stderr already do).
   */
  redactor?: Redactor;
}

/** Where SIGINT / SIGTERM / SIGHUP come from (process, or a stand-in in tests). */
export interface SignalSource {
  on(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP', listener: () => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM' | 'SIGHUP', listener: () => void): unknown;
}

export interface IoDeps {
  /** The run engine (tests give a stand-in); bpdiff's own, loaded on demand, when not given. */
  captureRuns?: typeof captureRuns;
  captureOneRun?: typeof captureOneRun;
  signals?: SignalSource;
  /** Where a crash outside a command's own steps is heard of (process, when not given): intake/crash-guard.ts. */
  crashes?: CrashSource;
  /** Called on a second Ctrl-C, when the user will not wait for the clean-up. */
  forceExit?: (code: number) => never;
}

export function processIo(): Io {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY === true,
    stdoutHasColors:
      process.stdout.isTTY === true && typeof process.stdout.hasColors === 'function'
        ? process.stdout.hasColors()
        : false,
    ...(process.stdout.isTTY === true && process.stdout.columns > 0 ? { columns: process.stdout.columns } : {}),
    env: process.env,
    cwd: process.cwd(),
  };
}

export type ColorChoice = 'auto' | 'always' | 'never';

/**
 * `--color always|never` decides; `auto` (the default): FORCE_COLOR set (and not `0`) turns colour on,
 * NO_COLOR set to anything non-empty (no-color.org) turns it off, else colour when stdout is a
 * terminal that has colours (tty.hasColors()).
 */
export function useColor(io: Io, choice: ColorChoice = 'auto'): boolean {
  if (choice !== 'auto') return choice === 'always';
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  const noColor = io.env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  return io.stdoutIsTTY && (io.stdoutHasColors ?? true);
}
