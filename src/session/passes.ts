// Passes through a line, not machine stops. A debugger may stop several times in one pass through a
// breakpoint's line: lldb binds a Rust `println!` line to three code locations and stops at each in
// turn. `--hit N`, `--first-divergence` (and a walk that counts hits to reproduce a stop) count passes:
// a stop continues the pass of the stop before it when it is in the same thread, in the same frame
// (the same callers, called from the same places), at the same line, further on in the line's code
// (a higher instruction address: code that runs again, as in a loop, jumps back). Where the adapter
// gives no instruction address (debugpy, which stops once per line anyway), two such stops cannot be
// told apart: each counts as a pass, and the caller says so. Pure.
import type { DebugProtocol } from '@vscode/debugprotocol';

/** Where a stop is, as far as telling passes apart needs. */
export interface StopPlace {
  threadId: number;
  /** The stack, innermost first (as many frames as the session keeps): each frame's function, file, line and instruction address. */
  frames: ReadonlyArray<{ name: string; file: string | null; line: number; instruction?: string | null }>;
}

/** The place of a stop from its thread and its stack frames (as the adapter gave them). */
export function stopPlace(threadId: number, frames: ReadonlyArray<DebugProtocol.StackFrame>): StopPlace {
  return {
    threadId,
    frames: frames.map((frame) => ({
      name: frame.name,
      file: frame.source?.path ?? null,
      line: frame.line,
      instruction: frame.instructionPointerReference ?? null,
    })),
  };
}

/** `new`: the stop starts a pass; `same`: it continues the previous stop's; `unknown`: it may be either (counted as a new pass). */
export type PassVerdict = 'new' | 'same' | 'unknown';

/** `0x55555556F06A` as a number, or null. */
function address(reference: string | null | undefined): bigint | null {
  if (reference === null || reference === undefined || !/^0x[0-9a-fA-F]+$/.test(reference)) return null;
  return BigInt(reference);
}

export function passOf(previous: StopPlace | null, current: StopPlace): PassVerdict {
  if (previous === null || previous.threadId !== current.threadId) return 'new';
  const [top, ...callers] = current.frames;
  const [lastTop, ...lastCallers] = previous.frames;
  if (top === undefined || lastTop === undefined) return 'unknown';
  if (
    top.name !== lastTop.name ||
    top.file !== lastTop.file ||
    top.line !== lastTop.line ||
    callers.length !== lastCallers.length
  )
    return 'new';
  for (let i = 0; i < callers.length; i++) {
    const caller = callers[i]!;
    const last = lastCallers[i]!;
    if (caller.name !== last.name || caller.file !== last.file || caller.line !== last.line) return 'new';
    // Called from another place of the same line (a return address): another call, another pass.
    const at = address(caller.instruction);
    const lastAt = address(last.instruction);
    if (at !== null && lastAt !== null && at !== lastAt) return 'new';
  }
  const at = address(top.instruction);
  const lastAt = address(lastTop.instruction);
  if (at === null || lastAt === null) return 'unknown';
  return at > lastAt ? 'same' : 'new';
}

/**
 * Counts the passes of one run's stops, one stop at a time. `oncePerPass`: the adapter stops at most
 * once per pass (its definition's `stops_once_per_pass`), so every stop is one.
 */
export class PassCounter {
  private last: StopPlace | null = null;
  /** Passes counted so far. */
  passes = 0;
  /** Stops that continued a pass already counted. */
  within = 0;
  /** Stops that may have continued the previous pass but were counted as passes (no instruction address). */
  unsure = 0;

  constructor(private readonly oncePerPass = false) {}

  /** Whether this stop starts a pass (and counts it). */
  observe(place: StopPlace): boolean {
    const verdict = this.oncePerPass ? 'new' : passOf(this.last, place);
    this.last = place;
    if (verdict === 'same') {
      this.within++;
      return false;
    }
    if (verdict === 'unknown') this.unsure++;
    this.passes++;
    return true;
  }

  /** What a walk that counted passes says about how it counted, or null when there is nothing to say. */
  describe(adapterName: string): string | null {
    const parts: string[] = [];
    if (this.within > 0) {
      parts.push(
        `${this.within} ${this.within === 1 ? 'stop' : 'stops'} of ${adapterName} continued a pass through the line already counted (the debugger stops at each code location of a line), so ${this.within === 1 ? 'it was' : 'they were'} not counted as hits`,
      );
    }
    if (this.unsure > 0) {
      parts.push(
        `${this.unsure} ${this.unsure === 1 ? 'stop' : 'stops'} came right after a stop at the same line in the same frame, and ${adapterName} gives no instruction address to tell a new pass from the same one: each was counted as a hit`,
      );
    }
    return parts.length === 0 ? null : `hits count passes through the line: ${parts.join('; ')}`;
  }
}
