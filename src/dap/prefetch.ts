// Requests sent before they are asked for. A locate walk reads the same thing at every step: the top
// frame's scopes, then the variables of its locals. An adapter that answers requests one after the
// other in the order sent, and names the top frame by the same id at every stop of it (lldb-dap,
// dlv; debugpy, whose pydevd answers scopes from the frame id alone and looks variables up among the
// frames it tracked when the thread suspended, before its stopped event: the definition's
// locate.prefetch), answers those two sent together with the stop's stackTrace as it would answer
// them sent one round trip after the other: a step's three round trips become one.
// An early answer is handed only to the very request it was sent as (the same command, the same
// arguments), in the order sent; the first request that differs drops the rest unused. The frame id
// asked for is the previous stop's: where the new top frame has another id, the reader asks for its
// scopes, which differs, and nothing sent early is used. Nor is anything where the walk reads no
// frame at the stop (a stop in the standard library, stepped out of at once): where reads lately did
// not ask for what the read before them did (Rust's walks go in and out of std at every other step),
// nothing is sent early until they do again, so the adapter does not read frames for nothing.
// A read by a frame dump (capture/frame-dump.ts: the scopes, then one evaluate that reads the whole
// frame) is not sent early: a dump sent in vain (a stop the walk steps out of) costs the adapter a
// whole read before it takes the next step (a Rust stop's: 20 ms on lldb-dap), where one sent early
// saves two round trips (~2 ms). A Rust every-line walk of 1,000 steps took 34 s without, 41 s with.
import type { DapConnection, RequestCommand, RequestMap, ResponseBody, WaitOptions } from './connection.js';

/** What reads a frame needs of a connection: requests (readFrame takes a Prefetcher or the connection itself). */
export type Requester = Pick<DapConnection, 'request'>;

/** A request as the reader sent it (its command and arguments), to be sent early at the next stop. */
export interface PlannedRequest {
  command: RequestCommand;
  args: unknown;
}

interface Early {
  key: string;
  answer: Promise<unknown>;
}

/** How many requests of a read are sent early: the scopes, and the variables of the first scope read. */
const PLANNED = 2;

export class Prefetcher implements Requester {
  private queue: Early[] = [];
  private recorded: PlannedRequest[] | null = null;
  private recordLeft = 0;
  /** The last read's requests, and whether a step since then waits to learn if the next read asks for the same. */
  private plan: PlannedRequest[] | null = null;
  private pending = false;
  /** How often lately a read asked for what the read before it did (a moving average, 1: always). */
  private useful = 1;
  /** Early answers used, and sent in vain. */
  hits = 0;
  misses = 0;

  constructor(private readonly connection: DapConnection) {}

  request<C extends RequestCommand>(
    command: C,
    args: RequestMap[C][0],
    options: WaitOptions,
  ): Promise<ResponseBody<C>> {
    if (this.recorded !== null && this.recordLeft > 0) {
      this.recorded.push({ command, args });
      this.recordLeft -= 1;
    }
    const head = this.queue[0];
    if (head !== undefined && head.key === keyOf(command, args)) {
      this.queue.shift();
      this.hits += 1;
      return head.answer as Promise<ResponseBody<C>>;
    }
    if (head !== undefined) this.drop();
    return this.connection.request(command, args, options);
  }

  /** Sends these requests now, for the reader to ask for next (see above); `options`: as long as the reader would wait for them (a walk: the run's --timeout). */
  send(requests: readonly PlannedRequest[], options: WaitOptions): void {
    this.drop();
    this.queue = requests.map(({ command, args }) => {
      const answer = this.connection.request(command, args as RequestMap[typeof command][0], options);
      // An early answer nobody asks for, or a refusal, is no failure (the request that asks for it gets the refusal itself).
      answer.catch(() => undefined);
      return { key: keyOf(command, args), answer };
    });
  }

  /** Early answers not asked for are dropped: once the program goes on, they are stale. */
  drop(): void {
    this.misses += this.queue.length;
    this.queue = [];
  }

  /** A step begins: what was sent early is stale; the requests to send early at its stop, or null. */
  forStep(): PlannedRequest[] | null {
    this.drop();
    if (this.pending) {
      // The stop before was not read (code the walk does not compare).
      this.learn(false);
      this.plan = null;
    }
    this.pending = this.plan !== null;
    return this.plan !== null && this.useful >= 0.5 ? this.plan : null;
  }

  /** A read of a stop's frame begins: its first requests are recorded; the function returned ends it. */
  reading(): () => void {
    const recorded: PlannedRequest[] = [];
    this.recorded = recorded;
    this.recordLeft = PLANNED;
    return () => {
      if (this.recorded === recorded) this.recorded = null;
      if (this.pending)
        this.learn(
          this.plan !== null &&
            recorded.length === this.plan.length &&
            recorded.every(
              (request, index) =>
                keyOf(request.command, request.args) === keyOf(this.plan![index]!.command, this.plan![index]!.args),
            ),
        );
      this.pending = false;
      this.plan = recorded[0]?.command === 'scopes' && recorded[1]?.command === 'variables' ? recorded : null;
    };
  }

  private learn(same: boolean): void {
    this.useful = this.useful * 0.75 + (same ? 0.25 : 0);
  }
}

function keyOf(command: string, args: unknown): string {
  return `${command}\0${JSON.stringify(args)}`;
}
