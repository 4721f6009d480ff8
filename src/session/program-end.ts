// The end of a program that bpdiff started itself, beside an adapter that attaches to it
// (LaunchPlan.debuggee): such an adapter knows no exit code, and cannot tell that the program ended
// before it attached. The session learns both from bpdiff's own child instead.
import os from 'node:os';
import type { AdapterDefinition } from '../adapters/definition.js';
import { BpdiffError } from '../errors.js';

/** How the program ended, as its parent saw it. */
export interface ProgramExit {
  /** The exit status, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `it exited with code 2; its last words: ...`, for messages. */
  description: string;
}

/**
 * The exit code an adapter that starts the program itself gives a program killed by `signal`, in the
 * definition's way of writing it (exit_code_signals): a capture then reads as it did when the adapter
 * started the program (debugpy's launcher: SIGSEGV is exit code 245). Null when the definition has no
 * such way.
 */
export function exitCodeOfSignal(signal: NodeJS.Signals, style: AdapterDefinition['exit_code_signals']): number | null {
  const number = os.constants.signals[signal];
  if (style === undefined || number === undefined) return null;
  return style === '256-n' ? 256 - number : 128 + number;
}

/** The program's end if it comes within `ms` (null otherwise, or when it could not be started). */
export function endWithin(programExit: Promise<ProgramExit>, ms: number): Promise<ProgramExit | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([programExit.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/** A program that ended before the adapter attached to it never connected: it did not start right. */
export function endedBeforeAttach(adapterName: string, exit: ProgramExit): BpdiffError {
  return new BpdiffError(
    'ADAPTER_FAILED',
    `the program ended before ${adapterName} could attach to it (${exit.description}) — check that the command runs on its own`,
  );
}
