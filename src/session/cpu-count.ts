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
import { replAnswer } from './reach-pass.js';

type CpuCountSpec = NonNullable<NonNullable<AdapterDefinition['hit_count']>['cpu_count']>;

/** Set once a count met threads the program made while it counted: this process's later runs let the debugger count. */
let overshot = false;

/** BPDIFF_CPU_COUNT=0: the debugger counts, never the CPU. Nor after a count met threads the program made (CpuCountOvershoot). */
export function cpuCountAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['BPDIFF_CPU_COUNT'] !== '0' && !overshot;
}

/** The CPU counted more passes than armed: threads the program made while it counted passed the line too, each counted on its own. */
export class CpuCountOvershoot extends BpdiffError {
  constructor(
    /** What was counted, where (the message without its way on): a run that starts again says it. */
    readonly found: string,
  ) {
    super(
      'ADAPTER_FAILED',
      `${found}: threads the program made after the count started passed it too, each counted on its own — run again with BPDIFF_CPU_COUNT=0, and the debugger counts every thread's passes`,
    );
  }
}

/** A count armed: the program stops when the CPU has counted `period` executions of the address. */
export interface ArmedCount {
  spec: CpuCountSpec;
  period: number;
  where: string;
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
  if (spec === undefined || request.id === undefined || request.count < 2 || !cpuCountAllowed()) return null;
  const expression = spec.arm.replaceAll('${id}', String(request.id)).replaceAll('${count}', String(request.count));
  const { frameId, where } = request;
  const answer = await replAnswer(connection, expression, timeoutMs, { step: 'arming the CPU pass count', frameId });
  const period = new RegExp(spec.armed).exec(answer ?? '')?.[1];
  if (period !== undefined) return { spec, period: Number(period), where };
  // An answer not understood: the script may have disabled the breakpoint all the same.
  await disarmCpuCount(connection, { spec, period: 0, where }, frameId, timeoutMs);
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
  const step = 'reading the CPU pass count';
  const answer = await replAnswer(connection, armed.spec.disarm, timeoutMs, { step, frameId });
  const counted = new RegExp(armed.spec.counted).exec(answer ?? '')?.[1];
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
  overshot = true;
  return new CpuCountOvershoot(
    `${adapterName}: the CPU counted ${counted} passes through ${armed.where} where it was to stop at the ${armed.period}th`,
  );
}

/**
 * `--hit N` (and --from FILE:LINE:N) by the CPU: the breakpoint is set plain, its first stop (pass 1)
 * arms the count for the N-1 passes after it, and the count's signal is the run's first stop reported,
 * pass N. Where the debugger's script refuses, `fallback` sets the breakpoint to count the N-1 passes as
 * the adapter does (reach-pass.ts) and answers how many it lets go.
 */
export class CpuReach {
  private armed: ArmedCount | null = null;

  constructor(
    private readonly connection: DapConnection,
    private readonly definition: Pick<AdapterDefinition, 'hit_count'>,
    private wanted: number | null,
    private readonly where: string,
    private readonly timeoutMs: number,
  ) {}

  /** Whether --hit N is reached this way: an adapter with a CPU count, N >= 3 (before, a stop costs less than arming), no --condition (the CPU tests none). */
  static applies(
    definition: Pick<AdapterDefinition, 'hit_count'>,
    reachPass: number | undefined,
    condition: string | undefined,
  ): boolean {
    return (
      definition.hit_count?.cpu_count !== undefined &&
      (reachPass ?? 1) >= 3 &&
      condition === undefined &&
      cpuCountAllowed()
    );
  }

  /**
   * At pass 1 (breakpoint `id`, top frame `frameId`): arms the count, or the fallback. Answers the
   * passes let go before the stop the run reports first (N - 1) where the program is to go on to it,
   * or null: this stop is reported (not the first, or nothing counts: every pass a stop from here).
   */
  async atFirstStop(
    id: number | undefined,
    frameId: number,
    fallback: (passes: number) => Promise<number>,
  ): Promise<number | null> {
    const wanted = this.wanted;
    if (wanted === null) return null;
    this.wanted = null;
    const where = this.where;
    this.armed = await armCpuCount(
      this.connection,
      this.definition,
      { id, count: wanted - 1, frameId, where },
      this.timeoutMs,
    );
    if (this.armed !== null) return wanted - 1;
    const skipped = await fallback(wanted - 1);
    return skipped > 0 ? 1 + skipped : null;
  }

  /** Whether a stop is the count's signal at pass N (read back and checked: several threads are an error). */
  async claims(
    stopped: DebugProtocol.StoppedEvent['body'],
    frameId: number | undefined,
    adapterName: string,
  ): Promise<boolean> {
    const armed = this.armed;
    if (armed === null || !isCountStop(armed, stopped)) return false;
    this.armed = null;
    return countReached(armed, await disarmCpuCount(this.connection, armed, frameId, this.timeoutMs), adapterName);
  }

  /** The program ended while the count was armed: as many passes counted, in several threads, is an error. */
  async atEnd(adapterName: string): Promise<void> {
    const armed = this.armed;
    if (armed === null || this.connection.closed) return;
    this.armed = null;
    countAtEnd(armed, await disarmCpuCount(this.connection, armed, undefined, this.timeoutMs), adapterName);
  }
}
