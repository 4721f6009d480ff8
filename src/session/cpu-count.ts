// The CPU's count of a walk's passes (adapter.json hit_count.cpu_count; adapters/native/
// bpdiff_cpu_count.py): where the adapter's own count traps into the debugger at every pass (gdb,
// lldb: 0.4-1.3 ms a pass), a hardware breakpoint register or else the kernel's uprobe counts the
// executions of the breakpoint's one address, and the Nth stops the program with a signal (a
// uprobe's as pass N - 1 starts: the breakpoint, enabled again, stops pass N). Armed from a stop, through the repl: the
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

/** How long --hit N's count waits for another run's count in the same file to end (a uprobe's: one at a time). */
const UPROBE_WAIT_MS = 10_000;

/**
 * How long a walk's run to a pass waits for the other run's count in the same file (a uprobe's: one at
 * a time), where the definition hands counts on (hand_on): that count runs at the program's speed, then
 * is handed on. Past it, the run counts in its debugger.
 */
const WALK_WAIT_MS = 2_000;

/** The sessions that counted with a uprobe, whose debugger holds the files it counted in until it ends or letCountGo(release). */
const holdingFiles = new WeakSet<DapConnection>();

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
  /** The signal comes as pass `period` starts (a uprobe): the pass wanted is the breakpoint's next stop. */
  early: boolean;
}

/**
 * What a stop is to an armed count: the pass it was armed for (true); the signal as the pass before
 * it starts, after which the program is to go on to the breakpoint that stops that pass ('go on');
 * or none of the count's (false).
 */
export type CountClaim = boolean | 'go on';

/** At the count's signal: reads it back and says what the stop is (frameId: the top frame, which gdb's evaluate needs). */
export async function claimAtSignal(
  connection: DapConnection,
  armed: ArmedCount,
  frameId: number | undefined,
  timeoutMs: number,
): Promise<CountClaim> {
  const read = await disarmCpuCount(connection, armed, frameId, timeoutMs);
  return claimOf(armed, countReached(armed, read, connection.adapterName));
}

/** The claim of a count read back at its signal (countReached's answer). */
export function claimOf(armed: ArmedCount, reached: boolean): CountClaim {
  return reached && armed.early ? 'go on' : reached;
}

/**
 * Arms the CPU's count of breakpoint `id` for the `count`th pass from where the program stands
 * (`frameId`: its top frame, which gdb's evaluate needs), or null where the adapter has none or its
 * script refused: the breakpoint then counts as it was set.
 */
export async function armCpuCount(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'hit_count'>,
  request: { id: number | undefined; count: number; frameId: number | undefined; where: string; waitMs?: number },
  timeoutMs: number,
): Promise<ArmedCount | null> {
  const spec = definition.hit_count?.cpu_count;
  if (spec === undefined || request.id === undefined || request.count < 2 || !cpuCountAllowed()) return null;
  const expression = spec.arm
    .replaceAll('${id}', String(request.id))
    .replaceAll('${count}', String(request.count))
    .replaceAll('${wait}', String(request.waitMs ?? 0));
  const { frameId, where } = request;
  const answer = await replAnswer(connection, expression, timeoutMs, { step: 'arming the CPU pass count', frameId });
  const period = new RegExp(spec.armed).exec(answer ?? '')?.[1];
  const early = spec.early !== undefined && new RegExp(spec.early).test(answer ?? '');
  if (period !== undefined) {
    if (early) holdingFiles.add(connection);
    return { spec, period: Number(period), where, early };
  }
  // An answer not understood: the script may have disabled the breakpoint all the same.
  await disarmCpuCount(connection, { spec, period: 0, where, early }, frameId, timeoutMs);
  return null;
}

/** Whether the session's debugger holds files it counted in with a uprobe (nothing to let go otherwise: no request is sent). */
export function holdsFiles(connection: DapConnection): boolean {
  return holdingFiles.has(connection);
}

/**
 * The debugger lets go of the files it counted in with a uprobe (bpdiff_cpu_count.py's release), so that
 * the other run of the same program counts with the CPU too. `release`: the run's program will not run
 * again (its capture is read), and the files are let go for good. `hand_on`: a walk's run reached its
 * pass and stands stopped until the other's has (the walk moves both on together); a file where a trap
 * of the debugger's own is at an address counted at is kept, and the run may count in the files again.
 * `frameId`: the top frame, which gdb's evaluate needs.
 */
export async function letCountGo(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'hit_count'>,
  how: 'release' | 'hand_on',
  timeoutMs: number,
  frameId: number | undefined,
): Promise<void> {
  const command = definition.hit_count?.cpu_count?.[how];
  if (command === undefined || !holdingFiles.has(connection) || connection.closed) return;
  if (how === 'release') holdingFiles.delete(connection);
  const step =
    how === 'release' ? 'letting go of the files the count was kept in' : 'handing the count on to the other run';
  await replAnswer(connection, command, timeoutMs, { step, frameId });
}

/**
 * A walk's run to a pass armed (armCpuCount): where the definition hands counts on (hand_on), it waits
 * for the other run's count in the same file, which runs at the program's speed and is then handed on.
 */
export function armForWalk(
  connection: DapConnection,
  definition: Pick<AdapterDefinition, 'hit_count'>,
  request: { id: number | undefined; count: number; frameId: number | undefined; where: string },
  timeoutMs: number,
): Promise<ArmedCount | null> {
  const handsOn = definition.hit_count?.cpu_count?.hand_on !== undefined;
  const waitMs = handsOn ? Math.min(WALK_WAIT_MS, Math.floor(timeoutMs / 2)) : 0;
  return armCpuCount(connection, definition, { ...request, waitMs }, timeoutMs);
}

/** Whether a stop is the one the armed count makes (its signal), by the adapter's reason and description. */
export function isCountStop(armed: ArmedCount, stopped: DebugProtocol.StoppedEvent['body']): boolean {
  const { reason, description } = armed.spec.stopped;
  if (!new RegExp(reason).test(stopped.reason)) return false;
  if (description === undefined) return true;
  return new RegExp(description).test([stopped.description, stopped.text].filter(Boolean).join(' '));
}

/** A count read back: the passes counted (null where the adapter did not answer), and whether the program made a thread meanwhile that the count did not count (a uprobe's). */
export interface ReadBack {
  counted: number | null;
  threadsMade: boolean;
}

/** Stops the count and reads it back. */
export async function disarmCpuCount(
  connection: DapConnection,
  armed: ArmedCount,
  frameId: number | undefined,
  timeoutMs: number,
): Promise<ReadBack> {
  const step = 'reading the CPU pass count';
  const answer = await replAnswer(connection, armed.spec.disarm, timeoutMs, { step, frameId });
  const counted = new RegExp(armed.spec.counted).exec(answer ?? '')?.[1];
  const made = armed.spec.threads_made;
  return {
    counted: counted === undefined ? null : Number(counted),
    threadsMade: made !== undefined && new RegExp(made).test(answer ?? ''),
  };
}

/**
 * What a count read back at its signal says: the pass armed for (true), or a signal of the program's
 * own before it (false: fewer counted). More than armed, or a thread made that a uprobe's count did
 * not count: threads made after it was armed passed the line too, and the stop is at no pass bpdiff
 * can name.
 */
export function countReached(armed: ArmedCount, read: ReadBack, adapterName: string): boolean {
  const { counted } = read;
  if (counted === null) return false;
  if (read.threadsMade || counted > armed.period) throw severalThreads(armed, read, adapterName);
  return counted === armed.period;
}

/** A count read back after the program ended without its signal: as many passes as armed or more were made in several threads (or a thread uncounted), and the walk would say the pass never came. */
export function countAtEnd(armed: ArmedCount, read: ReadBack, adapterName: string): void {
  if (read.counted !== null && (read.threadsMade || read.counted >= armed.period))
    throw severalThreads(armed, read, adapterName);
}

function severalThreads(armed: ArmedCount, read: ReadBack, adapterName: string): BpdiffError {
  overshot = true;
  const counted = read.threadsMade
    ? `the kernel counted ${read.counted} passes of one thread through ${armed.where}, and the program made another that it did not count,`
    : `the CPU counted ${read.counted} passes through ${armed.where}`;
  // An early count's signal is as the pass before the one it stops at starts.
  const at = armed.period + (armed.early ? 1 : 0);
  return new CpuCountOvershoot(`${adapterName}: ${counted} where it was to stop at the ${at}th`);
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
    // A uprobe's count is one debugger's at a time in a file (bpdiff_cpu_count.py): B of the same
    // program waits for A's run, which ends at its pass, rather than stop at each of its own.
    const waitMs = Math.min(UPROBE_WAIT_MS, Math.floor(this.timeoutMs / 2));
    this.armed = await armCpuCount(
      this.connection,
      this.definition,
      { id, count: wanted - 1, frameId, where, waitMs },
      this.timeoutMs,
    );
    if (this.armed !== null) return wanted - 1;
    const skipped = await fallback(wanted - 1);
    return skipped > 0 ? 1 + skipped : null;
  }

  /** Whether a stop is the count's signal at pass N, or as pass N - 1 starts ('go on'; read back and checked: several threads are an error). */
  async claims(stopped: DebugProtocol.StoppedEvent['body'], frameId: number | undefined): Promise<CountClaim> {
    const armed = this.armed;
    if (armed === null || !isCountStop(armed, stopped)) return false;
    this.armed = null;
    return claimAtSignal(this.connection, armed, frameId, this.timeoutMs);
  }

  /** The program ended while the count was armed: as many passes counted, in several threads, is an error. */
  async atEnd(adapterName: string): Promise<void> {
    const armed = this.armed;
    if (armed === null || this.connection.closed) return;
    this.armed = null;
    countAtEnd(armed, await disarmCpuCount(this.connection, armed, undefined, this.timeoutMs), adapterName);
  }
}
