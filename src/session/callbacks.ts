// Stops where library code calls back into the user's code (adapter.json locate.callbacks): a walk's
// step into a line, or out of the library, stops in a Rust closure that Iterator::map calls from
// inside collect(), where the debugger would otherwise run it unseen; a step over a line, or a run on
// to a later pass, does not. Each step says which it wants; the adapter is told only when that changes.
import type { AdapterDefinition } from '../adapters/definition.js';
import type { DapConnection } from '../dap/connection.js';
import { replAnswer } from './reach-pass.js';
import type { StepKind } from './stop-outcome.js';

/** The stops at the user's functions: off, or on with what the adapter answered when it took them ('' for function breakpoints). */
export type CallbackStopsState = { on: false } | { on: true; answer: string };

const OFF: CallbackStopsState = { on: false };

/**
 * The request a walk's step is made by: a step into a line is a step over it where the stops at the
 * user's functions are on and the adapter's answer to `on` says they make it stop where a step in would
 * (locate.callbacks.step_in_by_next, a regular expression: lldb-dap's answers `callbacks on N`, where
 * the standard library then runs at full speed instead of being stepped into and out of, and names the
 * user's functions inlined somewhere, which no breakpoint stops in, where a step in must stay one).
 * Anything else is made as asked.
 */
export function stepRequest(
  kind: StepKind,
  stops: CallbackStopsState,
  definition: Pick<AdapterDefinition, 'locate'>,
): StepKind {
  const spec = definition.locate?.callbacks;
  const pattern = spec !== undefined && 'on' in spec ? spec.step_in_by_next : undefined;
  return kind === 'stepIn' && stops.on && pattern !== undefined && new RegExp(pattern).test(stops.answer)
    ? 'next'
    : kind;
}

/** A folder as one argument of the debugger's command line. */
function quoted(folder: string): string {
  return `"${folder.replace(/["\\]/g, '\\$&')}"`;
}

export class CallbackStops {
  /** The folders the stops are on for (joined), or null: off, as at the start. */
  private current: string | null = null;
  /** Whether the stops are on (asked for, and the adapter took them: its answer was no error), with its answer. */
  private state: CallbackStopsState = OFF;
  /** The function breakpoints' names for the folders last asked (locate.callbacks.function_breakpoints). */
  private named: { folders: string; names: Promise<string[]> } | null = null;
  /**
   * The adapter's answer to `on` may be out of date: a `breakpoint` event came while the stops were
   * on (lldb-dap's, as a library the program loaded gave the stops locations: the functions of the
   * user's inlined there are not in the answer yet), so the next step asks again.
   */
  private stale = false;

  constructor(
    private readonly connection: DapConnection,
    private readonly definition: Pick<AdapterDefinition, 'locate'>,
    private readonly timeoutMs: number,
    /** The program's functions under the folders (the hooks' callbackFunctions), for function breakpoints. */
    private readonly functions?: (folders: readonly string[]) => Promise<string[]>,
  ) {
    const spec = definition.locate?.callbacks;
    if (spec !== undefined && 'on' in spec)
      connection.onEvent((event) => {
        if (event.event === 'breakpoint' && this.state.on) this.stale = true;
      });
  }

  /**
   * On for the user's folders (the next step stops in a call back into them), or off (null). `frame`:
   * the top frame's id, for an adapter that evaluates in a frame (cdt-gdb-adapter), asked only when
   * the adapter is told. Answers whether the stops are on (the adapter took them), with its answer.
   */
  async set(folders: readonly string[] | null, frame: () => Promise<number | undefined>): Promise<CallbackStopsState> {
    const spec = this.definition.locate?.callbacks;
    if (spec === undefined || this.connection.closed) return OFF;
    const wanted = folders === null || folders.length === 0 ? null : folders.join('\0');
    if (wanted === this.current && !this.stale) return this.state;
    if ('function_breakpoints' in spec) {
      if (this.functions === undefined) return OFF;
      await this.setFunctionBreakpoints(wanted, folders ?? []);
      this.current = wanted;
      this.state = wanted !== null ? { on: true, answer: '' } : OFF;
      return this.state;
    }
    const expression =
      wanted === null
        ? spec.off
        : spec.on
            .replace('${folders}', () => (folders ?? []).map(quoted).join(' '))
            .replace('${folders_hex}', () => Buffer.from((folders ?? []).join('\n')).toString('hex'));
    // An adapter that cannot (its answer is an error) walks as before: a call back is not stopped in.
    const frameId = await frame();
    this.stale = false;
    const answer = await replAnswer(this.connection, expression, this.timeoutMs, {
      step: wanted === null ? 'letting calls back from the library run' : 'stopping in calls back from the library',
      ...(frameId !== undefined ? { frameId } : {}),
    });
    this.current = wanted;
    this.state = wanted !== null && answer !== null && !/^\s*error\b/i.test(answer) ? { on: true, answer } : OFF;
    return this.state;
  }

  /** A function breakpoint on each of the program's functions under the folders, or none (`wanted` null). */
  private async setFunctionBreakpoints(wanted: string | null, folders: readonly string[]): Promise<void> {
    let names: string[] = [];
    if (wanted !== null) {
      if (this.named?.folders !== wanted) this.named = { folders: wanted, names: this.functions!(folders) };
      names = await this.named.names.catch(() => []);
    }
    await this.connection
      .request(
        'setFunctionBreakpoints',
        { breakpoints: names.map((name) => ({ name })) },
        {
          step: wanted === null ? 'letting calls back from the library run' : 'stopping in calls back from the library',
          timeoutMs: this.timeoutMs,
        },
      )
      .catch(() => undefined);
  }
}
