// The value a function returned, read through the adapter's repl where its steps show none
// (adapter.json locate.returned.read: lldb-dap and cdt-gdb-adapter, whose next and stepIn leave it
// unread): armed before a step that asks for it (the frame the thread stands in is watched), read once
// at the walk's next stop of the user's code (a read that also arms saves the next step's arm), and
// let go before the run goes on to a later pass (a run to a pass must not stop to watch a frame).
// Answers `(return) FUNCTION` with its value and type, as bpdiff's own adapters show it among the
// caller's locals.
import type { AdapterDefinition } from '../adapters/definition.js';
import type { DapConnection } from '../dap/connection.js';
import { functionName } from '../core/function-name.js';
import { replAnswer } from './reach-pass.js';

/** A value a function returned: the function's name as the adapter gives it, the value's text and type. */
export interface ReturnedRead {
  function: string;
  value: string;
  type: string;
}

export class ReturnedReads {
  /** Whether a step armed the watch since the last read (a read before any is none). */
  private armed = false;
  /** The function of the frame armed in. */
  private armedIn = '';
  /** Whether the adapter may still watch a frame (armed since the last `off`). */
  private watching = false;
  /** Whether the last read armed the frame the stop stands in (every read does): the next step sends no `arm`. */
  private rearmed = false;

  constructor(
    private readonly connection: DapConnection,
    private readonly definition: Pick<AdapterDefinition, 'locate'>,
    private readonly timeoutMs: number,
  ) {}

  private get spec(): NonNullable<NonNullable<AdapterDefinition['locate']>['returned']>['read'] {
    return this.definition.locate?.returned?.read;
  }

  /** Before a step that asks for the value returned: the frame the thread stands in is watched. */
  async arm(frame: () => Promise<{ id: number; name: string } | undefined>): Promise<void> {
    const spec = this.spec;
    if (spec === undefined || this.connection.closed) return;
    if (this.rearmed) {
      this.rearmed = false;
      this.armed = true;
      return;
    }
    const top = await frame();
    await replAnswer(this.connection, spec.arm, this.timeoutMs, {
      step: 'watching for the value the function returns',
      ...(top !== undefined ? { frameId: top.id } : {}),
    });
    this.armed = true;
    this.armedIn = top?.name ?? '';
    this.watching = true;
  }

  /**
   * At the walk's next stop of the user's code (`frameId`: its frame, where the adapter evaluates;
   * `frameName`: its function, for an adapter whose answer does not name the function): the value the
   * watched frame returned, once, or null.
   */
  async read(frameId: number, frameName?: () => Promise<string | undefined>): Promise<ReturnedRead | null> {
    const spec = this.spec;
    if (spec === undefined || !this.armed || this.connection.closed) return null;
    this.armed = false;
    // The read also watches the frame it reads in (its function, for a value read as an expression).
    this.rearmed = true;
    this.watching = true;
    const watched = this.armedIn;
    if ('value' in spec) this.armedIn = (await frameName?.()) ?? '';
    if ('value' in spec) {
      // Evaluated in the repl (gdb's `print`, a value's text): cheaper than a watch, which makes a variable object of it.
      const value = await replAnswer(this.connection, spec.value, this.timeoutMs, {
        step: 'reading the value the function returned',
        frameId,
      });
      return value === null || new RegExp(spec.nothing).test(value)
        ? null
        : { function: bareFunction(watched), value, type: '' };
    }
    if (!('read' in spec)) return null;
    const answer = await replAnswer(this.connection, spec.read, this.timeoutMs, {
      step: 'reading the value the function returned',
      frameId,
    });
    const match = answer === null ? null : new RegExp(spec.answer, 'm').exec(answer);
    if (match === null || match.groups?.['function'] === undefined || match.groups['value'] === undefined) return null;
    return {
      function: bareFunction(match.groups['function']),
      value: match.groups['value'],
      type: match.groups['type'] ?? '',
    };
  }

  /** A step that does not ask for the value returned: the frame the last read armed is not where the next one that asks starts. */
  notAsked(): void {
    this.rearmed = false;
  }

  /** Before the run goes on to a later pass: no frame is watched (the adapter does not stop to look). */
  async off(frame?: () => Promise<{ id: number } | undefined>): Promise<void> {
    const spec = this.spec;
    if (spec === undefined || !this.watching || this.connection.closed) return;
    this.armed = false;
    this.watching = false;
    this.rearmed = false;
    // In a frame: cdt-gdb-adapter evaluates nothing without one ("could not evaluate expression"), and
    // gdb's FinishBreakpoint stayed on through the run to the pass.
    const top = await frame?.();
    await replAnswer(this.connection, spec.off, this.timeoutMs, {
      step: 'no longer watching a return',
      ...(top !== undefined ? { frameId: top.id } : {}),
    });
  }
}

/** `::fee(const Order &)` (a static function, as lldb names it) is `fee`, as its frame's name is. */
function bareFunction(name: string): string {
  return functionName(name).replace(/^::/, '');
}
