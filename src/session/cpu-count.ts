// The CPU's count of a walk's passes (adapter.json hit_count.cpu_count; adapters/native/
// bpdiff_cpu_count.py): where the adapter's own count traps into the debugger at every pass (gdb,
// lldb: 0.4-1.3 ms a pass), a hardware breakpoint register counts the executions of the breakpoint's
// one address, and the Nth stops the program with a signal. Armed from a stop, through the repl: the
// debugger's script refuses where the count would not be one of passes (several code locations, several
// threads, no perf_event_open), and the run counts as before. At the signal's stop the count is read
// back and must be the one armed: more means threads made since passed the line too, which no pass
// count of bpdiff's can place.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { DapConnection } from '../dap/connection.js';
import { BpdiffError } from '../errors.js';

type CpuCountSpec = NonNullable<NonNullable<AdapterDefinition['hit_count']>['cpu_count']>;

/** A count armed: the program stops when the CPU has counted `period` executions of the address. */
export interface ArmedCount {
  spec: CpuCountSpec;
  period: number;
  where: string;
}

async function replText(
  connection: DapConnection,
  expression: string,
  frameId: number | undefined,
  step: string,
  timeoutMs: number,
): Promise<string> {
  const answer = await connection
    .request(
      'evaluate',
      { expression, context: 'repl', ...(frameId !== undefined ? { frameId } : {}) },
      { step, timeoutMs },
    )
    .catch(() => null);
  return (answer?.result ?? '').trim();
}

/**
 * Arms the CPU's count of breakpoint `id` for the `count`th pass from where the program stands
 * (`frameId`: its top frame, which gdb's evaluate needs), or null where the adapter has none or its
 * script refused: the breakpoint then counts as it was set.
 */
export async function armCpuCount(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'hit_count'>,
  request: { id: number | undefined; count: number; frameId: number | undefined; where: string },
  timeoutMs: number,
): Promise<ArmedCount | null> {
  const spec = definition.hit_count?.cpu_count;
  if (spec === undefined || request.id === undefined || request.count < 2) return null;
  const expression = spec.arm.replaceAll('${id}', String(request.id)).replaceAll('${count}', String(request.count));
  const answer = await replText(connection, expression, request.frameId, 'arming the CPU pass count', timeoutMs);
  const period = new RegExp(spec.armed).exec(answer)?.[1];
  const armed = { spec, period: Number(period), where: request.where };
  if (period !== undefined) return armed;
  // An answer not understood: the script may have disabled the breakpoint all the same.
  await disarmCpuCount(connection, armed, request.frameId, timeoutMs);
  return null;
}

/** Whether a stop is the one the armed count makes (its signal), by the adapter's reason and description. */
export function isCountStop(armed: ArmedCount, stopped: DebugProtocol.StoppedEvent['body']): boolean {
  const { reason, description } = armed.spec.stopped;
  if (!new RegExp(reason).test(stopped.reason)) return false;
  if (description === undefined) return true;
  return new RegExp(description).test([stopped.description, stopped.text].filter(Boolean).join(' '));
}

/** Stops the count and reads it back: the passes counted in every thread, or null where the adapter did not answer. */
export async function disarmCpuCount(
  connection: DapConnection,
  armed: ArmedCount,
  frameId: number | undefined,
  timeoutMs: number,
): Promise<number | null> {
  const answer = await replText(connection, armed.spec.disarm, frameId, 'reading the CPU pass count', timeoutMs);
  const counted = new RegExp(armed.spec.counted).exec(answer)?.[1];
  return counted === undefined ? null : Number(counted);
}

/**
 * What a count read back at its signal says: the pass armed for (true), or a signal of the program's
 * own before it (false: fewer counted). More than armed: threads made after it was armed each
 * counted the line, and the stop is at no pass bpdiff can name.
 */
export function countReached(armed: ArmedCount, counted: number | null, adapterName: string): boolean {
  if (counted === null || counted < armed.period) return false;
  if (counted === armed.period) return true;
  throw severalThreads(armed, counted, adapterName);
}

/** A count read back after the program ended without its signal: as many passes as armed or more were made in several threads, and the walk would say the pass never came. */
export function countAtEnd(armed: ArmedCount, counted: number | null, adapterName: string): void {
  if (counted !== null && counted >= armed.period) throw severalThreads(armed, counted, adapterName);
}

function severalThreads(armed: ArmedCount, counted: number, adapterName: string): BpdiffError {
  return new BpdiffError(
    'ADAPTER_FAILED',
    `${adapterName}: the CPU counted ${counted} passes through ${armed.where} in threads made after it started to count, where the walk looked for pass ${armed.period} of one thread — start the walk where the program already has its threads (--from)`,
  );
}
