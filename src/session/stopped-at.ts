// Where a stopped thread stands, as a step says it: its top frame, the stack's depth as the adapter
// tells it (DAP totalFrames), and, for an adapter whose totalFrames is not the stack's depth (dlv:
// definition locate.stack_depth false), the frame that called it. A walk tells a call of the same
// function from a jump back within it by that caller; where the caller is the same function (a
// recursion), the stack's depth is counted then, from every frame (asked for only there).
import type { AdapterDefinition } from '../adapters/definition.js';
import type { DapConnection } from '../dap/connection.js';
import { BpdiffError } from '../errors.js';
import type { StopDescription, SteppedStop } from './stop-outcome.js';

/** The thread's place, read with one stackTrace (two in a recursion on such an adapter); `alongside` is sent with it. */
export async function stoppedAt(
  connection: DapConnection,
  definition: AdapterDefinition,
  where: { threadId: number; timeoutMs: number; stop: StopDescription; noFrame: string },
  alongside?: () => void,
): Promise<SteppedStop> {
  const { threadId, timeoutMs } = where;
  const withCaller = definition.locate?.stack_depth === false;
  const [trace] = await Promise.all([
    connection.request(
      'stackTrace',
      { threadId, startFrame: 0, levels: withCaller ? 2 : 1 },
      { step: 'stackTrace', timeoutMs },
    ),
    alongside?.(),
  ]);
  const [top, caller] = trace?.stackFrames ?? [];
  if (!top) throw new BpdiffError('ADAPTER_FAILED', `${connection.adapterName} ${where.noFrame}`);
  const stopped: SteppedStop = {
    kind: 'stopped',
    threadId,
    frameId: top.id,
    top: { path: top.source?.path ?? null, line: top.line, name: top.name },
    depth: trace?.totalFrames ?? null,
    stop: where.stop,
  };
  if (!withCaller) return stopped;
  if (caller === undefined) return { ...stopped, caller: null };
  let depth: number | null = null;
  if (caller.name === top.name) {
    const whole = await connection.request(
      'stackTrace',
      { threadId, startFrame: 0 },
      { step: 'stackTrace', timeoutMs },
    );
    depth = whole?.stackFrames?.length ?? null;
  }
  return { ...stopped, caller: { name: caller.name, line: caller.line, depth } };
}
