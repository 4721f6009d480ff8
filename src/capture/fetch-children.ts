// One container's children asked of the adapter for the frame reader (read-frame.ts): how many
// requests go out at once and how long each may take, the container asked about (Parent), the kinds
// of answer (Fetched), and the request itself, paged when the container is long or counts its elements.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Requester } from '../dap/prefetch.js';
import type { CutPlace } from '../core/findings.js';

/** Requests of one level in flight at once: enough to hide round trips, few enough that a level of
 * thousands of containers does not make the adapter compute children the budget will not keep. */
export const REQUEST_WINDOW = 32;

/**
 * The time one `variables` request of a value's children may take beyond --value-timeout: the
 * adapter's own work, and in Python one value that hit the limit the debuggee enforces itself (the
 * sitecustomize stops each repr at --value-timeout). Counted from when the reader starts waiting for
 * that answer, since the adapters answer one request after the other.
 */
export const REQUEST_MARGIN_MS = 1000;

/**
 * And per child asked for: a page of 20,000 elements is 20,000 values, which debugpy lists in ~0.6 s
 * on an idle machine and in over 3 s with the other cores busy. --value-timeout is the time of one
 * value, so a page of more than a thousand children gets this much more per child, in whole seconds
 * (20,000 children: 5 s more).
 */
export const REQUEST_MS_PER_CHILD = 0.25;

/** A container whose children are read: a scope or a value. */
export interface Parent {
  path: string;
  where: Exclude<CutPlace, 'frame'>;
  reference: number;
  indexed: number | undefined;
  /** The container's type, for the definition's child-name templates. */
  type: string | undefined;
  depth: number;
  /** --max-children for a value; a scope is bounded only by --max-variables. */
  maxChildren: number;
}

export type Fetched =
  /** `total`: how many children there are, when known (the adapter said, or answered unpaged). */
  | { kind: 'ok'; children: DebugProtocol.Variable[]; total: number | null }
  | { kind: 'timed_out'; seconds: number }
  | { kind: 'failed'; message: string }
  | { kind: 'deadline' }
  | { kind: 'error'; error: unknown };

/** What reads a frame: requests, and maybe children known without one (a frame dump: frame-dump.ts). */
export interface FrameRequester extends Requester {
  /** The children of `parent` (no fewer than the reader's limits keep, plus one, and how many it has), or null: ask the adapter. */
  children?(parent: Parent, timeoutMs: number): Promise<Fetched | null>;
}

export interface InFlight {
  answer: Promise<Fetched>;
  settled: Fetched | null;
  /** How long a value's children may take (valueLimitMs and the children asked for). */
  limitMs: number;
}

/**
 * The children of a container, no more than `want` of them plus one (so a cut is noticed): a huge
 * array is paged (we told the adapter we page), its named children and its first indexed ones.
 * `byCount` (AdapterDefinition.paging): a container that counts its elements is always paged.
 */
export async function fetchChildren(
  connection: FrameRequester,
  parent: Parent,
  want: number,
  timeoutMs: number,
  byCount: boolean,
): Promise<Fetched> {
  const known = await connection.children?.(parent, timeoutMs);
  if (known) return known;
  const { reference, indexed } = parent;
  const step = parent.where === 'scope' ? `variables of scope '${parent.path}'` : `variables of '${parent.path}'`;
  const paged = async (): Promise<Fetched> => {
    // The named page is bounded too: lldb-dap ignores `filter` and would list every element (200,000
    // take it 26 s), answering the first elements again instead, which are dropped as repeats. The
    // indexed page asks for no more elements than there are: rdbg pads a page with nils to the count.
    const [named, items] = await Promise.all([
      connection.request(
        'variables',
        { variablesReference: reference, filter: 'named', start: 0, count: want + 1 },
        { step, timeoutMs },
      ),
      connection.request(
        'variables',
        { variablesReference: reference, filter: 'indexed', start: 0, count: Math.min(want + 1, indexed ?? Infinity) },
        { step, timeoutMs },
      ),
    ]);
    const elements = items?.variables ?? [];
    const listed = new Set(elements.map((child) => child.name));
    const namedChildren = (named?.variables ?? []).filter((child) => !listed.has(child.name));
    return { kind: 'ok', children: [...namedChildren, ...elements], total: namedChildren.length + (indexed ?? 0) };
  };
  if (indexed !== undefined && (indexed > want || (byCount && indexed > 0))) return paged();
  const all =
    (await connection.request('variables', { variablesReference: reference }, { step, timeoutMs }))?.variables ?? [];
  // An unpaged answer may stop at the adapter's own load limit (dlv: 64 entries, and for a map a
  // hash-order subset that changes every run): ask again by page.
  if (indexed !== undefined && all.length < indexed) return paged();
  return { kind: 'ok', children: all, total: all.length };
}
