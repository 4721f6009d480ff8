// Reading the variables of a stopped frame: its scopes, then children level by level, bounded in
// depth, children per value, variables per run and time. What comes out is the adapter's text, named
// by path; the value pipeline (src/values) turns it into the strings that are compared.
//
// The bounds are hard: never more than --max-variables variables, and each `variables` request asks
// for no more than the budget left (+1, to notice a cut). Requests of a level go out a window at a
// time and their answers are taken in order, so what is kept does not depend on which answer came
// first, and a level of a million elements costs only the requests its budget needs. One request that
// fails or is slow costs only its own container's children; the run's --timeout stops the reading,
// keeping what was read.
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapRequestError } from '../dap/connection.js';
import { isBpdiffError } from '../errors.js';
import { cutValueText } from '../redact/cut-value.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { childPath, scopeVariableName } from '../adapters/child-names.js';
import type { CaptureOptions, ScopeSelection } from '../core/types.js';
import type { ChildrenCut, CutPlace } from '../core/findings.js';
import { describeCuts } from '../core/hints.js';
import {
  fetchChildren,
  REQUEST_MARGIN_MS,
  REQUEST_MS_PER_CHILD,
  REQUEST_WINDOW,
  type Fetched,
  type FrameRequester,
  type InFlight,
  type Parent,
} from './fetch-children.js';
import { describeEmptyStop, readsScope } from './scope-choice.js';

export { REQUEST_WINDOW } from './fetch-children.js';

/** The limits of CaptureOptions, as the user set them. */
export type FrameLimits = CaptureOptions['limits'];

export interface WalkResult {
  variables: Record<string, string>;
  types: Record<string, string>;
  truncated: string[];
  /** Values whose children were not read at all (RunCapture.unread). */
  unread: string[];
  /** Scope names read, in order. */
  scopes: string[];
  /** Containers not read in full, in the order met (the warnings word them). */
  cuts: ChildrenCut[];
  warnings: string[];
  /** Where each local (a scope's variable) is declared, where the adapter says (its definition's locate.declared_at). */
  declared: Record<string, { path: string; line: number }>;
}

/**
 * A null pointer, a leaf with its value: lldb lists the fields of what it would point to, each
 * `<error: parent is NULL>` (48 of them in one cJSON stop), and their fields in turn.
 */
const NULL_POINTER = /^0x0+$/;

interface Node {
  path: string;
  variable: DebugProtocol.Variable;
  depth: number;
}

/**
 * Reads the frame's variables. `deadline` (a Date.now() time) is when the run's --timeout ends:
 * reading stops there, and what was read is kept. `breakpointPath` (the file's ending says its
 * language) picks the definition's child-name templates.
 */
export async function readFrame(
  connection: FrameRequester,
  definition: AdapterDefinition,
  frameId: number,
  selection: ScopeSelection,
  limits: FrameLimits,
  deadline: number,
  breakpointPath?: string,
): Promise<WalkResult> {
  return new FrameReader(connection, definition, limits, deadline, breakpointPath).read(frameId, selection);
}

class FrameReader {
  private readonly result: WalkResult = {
    variables: {},
    types: {},
    truncated: [],
    unread: [],
    scopes: [],
    cuts: [],
    warnings: [],
    declared: {},
  };
  private readonly truncated = new Set<string>();
  private readonly unread = new Set<string>();
  private readonly skip: RegExp[];
  private readonly noExpand: RegExp[];
  private readonly valueLimitMs: number;
  private count = 0;
  /** A request given up on that the adapter may still be working on (see untilFree). */
  private busy: Promise<Fetched> | null = null;
  /** Why reading stopped early, once it has. */
  private stop: 'max_variables' | 'deadline' | null = null;

  constructor(
    private readonly connection: FrameRequester,
    private readonly definition: AdapterDefinition,
    private readonly limits: FrameLimits,
    private readonly deadline: number,
    private readonly breakpointPath?: string,
  ) {
    this.skip = definition.skip_variables.map((pattern) => new RegExp(pattern));
    this.noExpand = definition.no_expand_types.map((pattern) => new RegExp(pattern));
    this.valueLimitMs = limits.value_timeout_seconds * 1000 + REQUEST_MARGIN_MS;
  }

  async read(frameId: number, selection: ScopeSelection): Promise<WalkResult> {
    const scopes = await this.readScopes(frameId);
    if (scopes !== null) {
      const chosen = scopes.filter((scope) => readsScope(this.definition, scope, selection));
      // Scopes are read in the adapter's order, innermost first: a name seen in an inner scope hides
      // the same name further out, as it does in the program.
      let level = await this.readLevel(
        chosen.map((scope) => ({
          path: scope.name,
          where: 'scope',
          reference: scope.variablesReference,
          indexed: scope.indexedVariables,
          type: undefined,
          depth: -1,
          maxChildren: Infinity,
        })),
      );
      for (const scope of chosen) this.result.scopes.push(scope.name);
      while (level.length > 0) {
        const expandable = level.filter(
          (node) =>
            node.variable.variablesReference > 0 &&
            node.depth < this.limits.depth &&
            !NULL_POINTER.test(node.variable.value) &&
            !(node.variable.type !== undefined && this.noExpand.some((pattern) => pattern.test(node.variable.type!))),
        );
        level = await this.readLevel(
          expandable.map((node) => ({
            path: node.path,
            where: 'value',
            reference: node.variable.variablesReference,
            indexed: node.variable.indexedVariables,
            type: node.variable.type,
            depth: node.depth,
            maxChildren: this.limits.max_children,
          })),
        );
      }
    }
    this.result.truncated = [...this.truncated].sort();
    this.result.unread = [...this.unread].sort();
    this.result.warnings = describeCuts(this.result.cuts, this.count);
    if (scopes !== null && this.count === 0 && scopes.length > 0)
      this.result.warnings.push(describeEmptyStop(scopes, selection, this.result.scopes));
    return this.result;
  }

  /** The frame's scopes; null (and a cut) when they could not be read. Losing them loses every
   * variable, so this waits until the run's deadline rather than a value's time. */
  private async readScopes(frameId: number): Promise<DebugProtocol.Scope[] | null> {
    const left = this.deadline - Date.now();
    if (left <= 0) {
      this.cut({ kind: 'deadline', path: '', where: 'frame' });
      return null;
    }
    const fetched = await this.settle(
      this.connection
        .request('scopes', { frameId }, { step: 'scopes', timeoutMs: left })
        .then((body) => body?.scopes ?? []),
      null,
    );
    if (Array.isArray(fetched)) return fetched;
    if (fetched.kind !== 'ok') this.failed(fetched, { path: '', where: 'frame' });
    return null;
  }

  /** Reads the children of each parent, in order, a window of requests at a time; returns the new nodes. */
  private async readLevel(parents: Parent[]): Promise<Node[]> {
    const next: Node[] = [];
    const inFlight: InFlight[] = [];
    for (let index = 0; index < parents.length; index++) {
      const parent = parents[index]!;
      if (this.stop === null && this.count >= this.limits.max_variables) this.stop = 'max_variables';
      if (this.stop === null && Date.now() >= this.deadline) this.stop = 'deadline';
      if (this.stop !== null) {
        this.cutUnread(parent);
        continue;
      }
      while (inFlight.length < Math.min(parents.length, index + REQUEST_WINDOW))
        inFlight.push(this.fetch(parents[inFlight.length]!));
      const request = inFlight[index]!;
      if (request.settled === null && !(await this.untilFree(request))) {
        this.stop = 'deadline';
        this.cutUnread(parent);
        continue;
      }
      // A scope waits until the deadline (it holds every local); a value's children for a value's time.
      const fetched =
        request.settled ?? (await this.settle(request.answer, parent.where === 'scope' ? null : request.limitMs));
      if (fetched.kind === 'timed_out') this.busy = request.answer;
      this.apply(parent, fetched, next);
    }
    return next;
  }

  /**
   * After a request this reader gave up on, waits until the adapter has answered it (or has answered
   * `request` anyway) before `request`'s own time starts: the adapters answer one request after the
   * other, and every request queued behind a slow one would time out with it. False at the deadline.
   */
  private async untilFree(request: InFlight): Promise<boolean> {
    if (this.busy === null) return true;
    const freed = await this.settle(Promise.race([this.busy, request.answer]), null);
    if (freed.kind === 'deadline') return false;
    this.busy = null;
    return true;
  }

  /** Sends the requests for a parent's children, asking for no more than the budget left. */
  private fetch(parent: Parent): InFlight {
    const want = Math.max(0, Math.min(parent.maxChildren, this.limits.max_variables - this.count));
    const timeoutMs = Math.max(1, this.deadline - Date.now());
    // In whole seconds, from a page of more than a thousand children (a hint names the time).
    const limitMs = this.valueLimitMs + (want > 1000 ? Math.ceil((want * REQUEST_MS_PER_CHILD) / 1000) * 1000 : 0);
    const request: InFlight = {
      answer: fetchChildren(this.connection, parent, want, timeoutMs, this.definition.paging === 'by_count').catch(
        (error: unknown): Fetched => this.classify(error, limitMs),
      ),
      settled: null,
      limitMs,
    };
    void request.answer.then((fetched) => (request.settled = fetched));
    return request;
  }

  /** An answer, or what happened instead when it takes longer than `limitMs` (null: until the deadline). */
  private async settle<T>(answer: Promise<T>, limitMs: number | null): Promise<T | Fetched> {
    const waitMs = Math.min(limitMs ?? Infinity, this.deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Fetched>((resolve) => {
      timer = setTimeout(
        () =>
          resolve(
            Date.now() >= this.deadline - 5 || limitMs === null
              ? { kind: 'deadline' }
              : { kind: 'timed_out', seconds: limitMs / 1000 },
          ),
        Math.max(0, waitMs),
      );
      timer.unref();
    });
    try {
      return await Promise.race([answer.catch((error: unknown) => this.classify(error)), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private classify(error: unknown, limitMs = this.valueLimitMs): Fetched {
    if (error instanceof DapRequestError) return { kind: 'failed', message: error.adapterMessage };
    if (isBpdiffError(error) && error.code === 'ADAPTER_TIMEOUT')
      return Date.now() >= this.deadline - 5 ? { kind: 'deadline' } : { kind: 'timed_out', seconds: limitMs / 1000 };
    return { kind: 'error', error };
  }

  private apply(parent: Parent, fetched: Fetched, next: Node[]): void {
    if (fetched.kind !== 'ok') {
      this.failed(fetched, { path: parent.path, where: parent.where });
      if (fetched.kind === 'deadline') this.cutUnread(parent);
      return;
    }
    const children = fetched.children.filter((child) => !this.skip.some((pattern) => pattern.test(child.name)));
    const total = fetched.total === null ? null : fetched.total - (fetched.children.length - children.length);
    let kept = 0;
    for (const child of children) {
      if (kept >= parent.maxChildren) {
        this.cut({ kind: 'max_children', path: parent.path, shown: kept, total, limit: parent.maxChildren });
        return;
      }
      if (this.count >= this.limits.max_variables) {
        this.stop = 'max_variables';
        this.cut({
          kind: 'max_variables',
          path: parent.path,
          where: parent.where,
          shown: kept,
          total,
          limit: this.limits.max_variables,
        });
        return;
      }
      const naming = this.definition.child_names;
      const path =
        parent.where === 'scope'
          ? scopeVariableName(child.name, naming, { breakpointPath: this.breakpointPath })
          : childPath(parent.path, child, naming, { parentType: parent.type, breakpointPath: this.breakpointPath });
      if (parent.where === 'value') kept++;
      if (Object.hasOwn(this.result.variables, path)) continue;
      if (parent.where === 'scope') {
        kept++;
        const declared = declaredAt(child, this.definition.locate?.declared_at);
        if (declared !== null) this.result.declared[path] = declared;
      }
      this.record(path, child);
      next.push({ path, variable: child, depth: parent.depth + 1 });
    }
    // The adapter listed fewer than it counted and more than --max-children: a cut all the same.
    if (total !== null && total > kept && total > parent.maxChildren) {
      this.cut({ kind: 'max_children', path: parent.path, shown: kept, total, limit: parent.maxChildren });
    }
  }

  private failed(fetched: Exclude<Fetched, { kind: 'ok' }>, at: { path: string; where: CutPlace }): void {
    switch (fetched.kind) {
      case 'timed_out':
        this.cut({ kind: 'timed_out', ...at, seconds: fetched.seconds });
        return;
      case 'failed':
        this.cut({ kind: 'failed', ...at, message: fetched.message });
        return;
      case 'deadline':
        this.stop = 'deadline';
        if (at.where === 'frame') this.cut({ kind: 'deadline', ...at });
        return;
      case 'error':
        throw fetched.error;
    }
  }

  /** A parent whose children were not read because reading had stopped. */
  private cutUnread(parent: Parent): void {
    if (this.stop === 'deadline') this.cut({ kind: 'deadline', path: parent.path, where: parent.where });
    else
      this.cut({
        kind: 'max_variables',
        path: parent.path,
        where: parent.where,
        shown: 0,
        total: parent.indexed ?? null,
        limit: this.limits.max_variables,
      });
  }

  private cut(cut: ChildrenCut): void {
    this.result.cuts.push(cut);
    if (cut.kind === 'max_children' || cut.where === 'value') this.truncated.add(cut.path);
    // None of a value's children read: what lies under it is unknown in this run, not absent.
    if (cut.kind !== 'max_children' && cut.where === 'value' && (cut.kind !== 'max_variables' || cut.shown === 0))
      this.unread.add(cut.path);
  }

  private record(path: string, variable: DebugProtocol.Variable): void {
    let value = variable.value;
    if (value.length > this.limits.max_value_length) {
      value = cutValueText(value, this.limits.max_value_length);
      this.truncated.add(path);
    }
    this.count++;
    Object.defineProperty(this.result.variables, path, { value, enumerable: true, writable: true, configurable: true });
    if (variable.type)
      Object.defineProperty(this.result.types, path, {
        value: variable.type,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
}

/** What a DAP variable says of where its local is declared, at the definition's dotted path (locate.declared_at), or null. */
export function declaredAt(
  variable: DebugProtocol.Variable,
  where: string | undefined,
): { path: string; line: number } | null {
  if (where === undefined) return null;
  let node: unknown = variable;
  for (const key of where.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return null;
  const { path, line } = node as { path?: unknown; line?: unknown };
  return typeof path === 'string' && typeof line === 'number' ? { path, line } : null;
}
