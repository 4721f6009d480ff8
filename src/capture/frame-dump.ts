// A stopped frame's locals read in one request (definition frame_dump): the adapter's repl runs a
// script of its definition's, which lists the variables the adapter would list through `variables`
// requests, to the reader's depth, as one line of JSON. The frame reader (read-frame.ts) asks for a
// scope's and each value's children as before; this answers those of the locals scope and of the
// values under it from the dump, under references of its own, and lets every other request through.
// lldb-dap: a Rust stop's locals took ~11 requests, 57 ms; the dump, one request of ~5 ms.
//
// The dump is used only where it says what the requests would have: where its answer is missing or
// does not parse, and where the frame holds more values than --max-variables (the reader then cuts
// level by level, which the dump does not copy), this read asks the adapter as before; where the
// adapter refuses the command, every later read of the run does too.
//
// A frame of plain values (C's ints and pointers) costs one `variables` request, which a walk sends
// early with the stop's stackTrace (dap/prefetch.ts), where a dump, never sent early, costs more than
// it saves: 1.4x the wall of deep.c's every-line walk. So the reads of a line follow its last one
// (`readingIn`; a line's locals keep their shape, where a function's first line holds its arguments
// alone): after a dump that read no value's children, the line's next read asks by requests; after
// one by requests that asked for a value's children, its next one dumps.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Requester } from '../dap/prefetch.js';
import {
  DapRequestError,
  type RequestCommand,
  type RequestMap,
  type ResponseBody,
  type WaitOptions,
} from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { CaptureOptions } from '../core/types.js';
import type { Fetched, FrameRequester, Parent } from './fetch-children.js';

/** One variable of a dump: [name, value, type, evaluateName, expandable, indexedVariables, children, children counted, declaration]. */
type DumpNode = [
  string,
  string,
  string,
  string,
  boolean,
  number | null,
  DumpNode[] | null,
  number,
  [string, number] | null,
];

interface Dump {
  locals: DumpNode[];
  cut: boolean;
}

/**
 * The references a dump's values are given: far above any the adapter hands out (lldb-dap counts its
 * own from 1, its permanent ones from 2^32), so a request for one never reaches the adapter meaning another.
 */
const FIRST_REFERENCE = 2 ** 44;

/** The lines whose way of reading is kept (beyond, a line's reads dump). */
const MAX_LINES = 10_000;

/** How each run's reads went, for the trace. */
export interface FrameDumpCounts {
  dumped: number;
  /** Reads that asked the adapter instead: a frame of plain values followed, or the frame held more than --max-variables, or the answer did not parse. */
  by_requests: number;
}

export class FrameDump implements FrameRequester {
  /** The references of the last scopes answer's locals scopes, and of all its scopes. */
  private locals = new Set<number>();
  private scopes = new Set<number>();
  /** How this read asks for the locals: by a dump, or by requests (whose value requests say the line's next read should dump). */
  private mode: 'dump' | 'requests' = 'dump';
  /** The line this read is at (readingIn), and how each line's next read asks. */
  private lineKey = '';
  private readonly modes = new Map<string, 'dump' | 'requests'>();
  /** The children of each value of the last dump, by the reference given it. */
  private readonly nodes = new Map<number, DumpNode>();
  private nextReference = FIRST_REFERENCE;
  /** The frame the last scopes request named: the dump is of that frame. */
  private frameId = 0;
  private readonly declaredAt: string | undefined;
  /** False once the adapter refused the command: reads ask the adapter from then on. */
  private working = true;
  private readonly command: string;
  private readonly answer: RegExp;
  private readonly localsScope: RegExp[];
  readonly counts: FrameDumpCounts = { dumped: 0, by_requests: 0 };

  constructor(
    private readonly inner: Requester,
    definition: Pick<AdapterDefinition, 'frame_dump' | 'no_expand_types' | 'scopes' | 'locate'>,
    limits: CaptureOptions['limits'],
  ) {
    const dump = definition.frame_dump!;
    this.command = dump.command
      .replaceAll('${depth}', String(limits.depth))
      .replaceAll('${max_children}', String(limits.max_children))
      .replaceAll('${max_variables}', String(limits.max_variables))
      .replaceAll('${no_expand_hex}', Buffer.from(JSON.stringify(definition.no_expand_types)).toString('hex'));
    this.answer = new RegExp(dump.answer);
    this.localsScope = (definition.scopes?.locals ?? []).map((pattern) => new RegExp(pattern));
    this.declaredAt = definition.locate?.declared_at;
  }

  /** The next read is of a stop at this line (a walk's: its file, line and function), whose last read says how to read it. */
  readingIn(key: string): void {
    this.lineKey = key;
    this.mode = this.modes.get(key) ?? 'dump';
  }

  async request<C extends RequestCommand>(
    command: C,
    args: RequestMap[C][0],
    options: WaitOptions,
  ): Promise<ResponseBody<C>> {
    if (command !== 'scopes') {
      // A value's children asked for: this line's next read dumps.
      if (
        this.mode === 'requests' &&
        command === 'variables' &&
        !this.scopes.has((args as DebugProtocol.VariablesArguments).variablesReference)
      )
        this.modes.set(this.lineKey, 'dump');
      return this.inner.request(command, args, options);
    }
    // A read begins: the last dump's values are gone with the stop they were read at.
    this.nodes.clear();
    this.nextReference = FIRST_REFERENCE;
    this.locals = new Set();
    this.scopes = new Set();
    this.frameId = (args as DebugProtocol.ScopesArguments).frameId;
    const body = await this.inner.request(command, args, options);
    for (const scope of (body as ResponseBody<'scopes'> | undefined)?.scopes ?? []) {
      this.scopes.add(scope.variablesReference);
      if (scope.variablesReference > 0 && this.localsScope.some((pattern) => pattern.test(scope.name)))
        this.locals.add(scope.variablesReference);
    }
    return body;
  }

  async children(parent: Parent, timeoutMs: number): Promise<Fetched | null> {
    if (parent.where === 'value') {
      const node = this.nodes.get(parent.reference);
      return node?.[6] ? { kind: 'ok', children: this.variables(node[6]), total: node[7] } : null;
    }
    if (!this.working || !this.locals.has(parent.reference)) return null;
    this.locals.delete(parent.reference);
    if (this.mode === 'requests') {
      this.counts.by_requests += 1;
      return null;
    }
    const frameId = this.frameId;
    let result: string | undefined;
    try {
      result = (
        await this.inner.request(
          'evaluate',
          { expression: this.command, context: 'repl', frameId },
          { step: `variables of scope '${parent.path}' (the frame's dump)`, timeoutMs },
        )
      )?.result;
    } catch (error) {
      // Refused: this adapter has no such command; read by requests from now on. A time out is the reader's to tell.
      if (!(error instanceof DapRequestError)) throw error;
      this.working = false;
    }
    const dump = result === undefined ? null : this.parse(result);
    if (dump === null || dump.cut) {
      this.counts.by_requests += 1;
      return null;
    }
    this.counts.dumped += 1;
    if (!dump.locals.some((node) => node[6] !== null) && this.modes.size < MAX_LINES)
      this.modes.set(this.lineKey, 'requests');
    return { kind: 'ok', children: this.variables(dump.locals), total: dump.locals.length };
  }

  private parse(result: string): Dump | null {
    for (const line of result.split('\n')) {
      const found = this.answer.exec(line);
      if (found === null || found.index !== 0) continue;
      try {
        const dump = JSON.parse(line.slice(found[0].length)) as unknown;
        return isDump(dump) ? dump : null;
      } catch {
        return null;
      }
    }
    return null;
  }

  /** The dump's nodes as the adapter's variables, each container given a reference of the dump's. */
  private variables(nodes: DumpNode[]): DebugProtocol.Variable[] {
    return nodes.map((node) => {
      const [name, value, type, evaluateName, expandable, indexed, , , declaration] = node;
      let variablesReference = 0;
      if (expandable) {
        variablesReference = this.nextReference++;
        this.nodes.set(variablesReference, node);
      }
      const variable: DebugProtocol.Variable = { name, value, type, variablesReference };
      if (evaluateName !== '') variable.evaluateName = evaluateName;
      if (indexed !== null) variable.indexedVariables = indexed;
      if (declaration !== null && this.declaredAt !== undefined)
        placeAt(variable, this.declaredAt, { path: declaration[0], line: declaration[1] });
      return variable;
    });
  }
}

/** Sets `value` at the dotted path under `target` (the definition's locate.declared_at, where the reader looks). */
function placeAt(target: object, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : (node[key] = {});
  }
  node[keys.at(-1)!] = value;
}

function isDump(value: unknown): value is Dump {
  if (typeof value !== 'object' || value === null) return false;
  const { locals, cut } = value as Partial<Dump>;
  return Array.isArray(locals) && typeof cut === 'boolean' && locals.every(isNode);
}

function isNode(value: unknown): value is DumpNode {
  if (!Array.isArray(value) || value.length !== 9) return false;
  const [name, text, type, evaluateName, expandable, indexed, children, count, declaration] = value as unknown[];
  return (
    typeof name === 'string' &&
    typeof text === 'string' &&
    typeof type === 'string' &&
    typeof evaluateName === 'string' &&
    typeof expandable === 'boolean' &&
    (indexed === null || typeof indexed === 'number') &&
    (children === null || (Array.isArray(children) && children.every(isNode))) &&
    typeof count === 'number' &&
    (declaration === null ||
      (Array.isArray(declaration) && typeof declaration[0] === 'string' && typeof declaration[1] === 'number'))
  );
}
