// Reading the variables of a stopped frame: its scopes, then children level by level (all requests
// of a level in flight at once, since each costs a round trip), bounded in depth, children and length.
// What comes out is the adapter's text, named by path; the value pipeline (src/values) turns it into
// the strings that are compared.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '../dap/connection.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { CaptureOptions, ScopeSelection } from '../core/types.js';

/** The limits of CaptureOptions, as the user set them. */
export type FrameLimits = CaptureOptions['limits'];

export interface WalkResult {
  variables: Record<string, string>;
  types: Record<string, string>;
  truncated: string[];
  /** Scope names read, in order. */
  scopes: string[];
  warnings: string[];
}

interface Node {
  path: string;
  variable: DebugProtocol.Variable;
  depth: number;
}

export async function readFrame(
  connection: DapConnection,
  definition: AdapterDefinition,
  frameId: number,
  selection: ScopeSelection,
  limits: FrameLimits,
  timeoutMs: number,
): Promise<WalkResult> {
  const result: WalkResult = { variables: {}, types: {}, truncated: [], scopes: [], warnings: [] };
  const scopes = (await connection.request('scopes', { frameId }, { step: 'scopes', timeoutMs }))?.scopes ?? [];
  const chosen = scopes.filter((scope) => readsScope(definition, scope, selection));
  const skip = definition.skip_variables.map((pattern) => new RegExp(pattern));
  const noExpand = definition.no_expand_types.map((pattern) => new RegExp(pattern));
  const truncated = new Set<string>();
  const fetch = (reference: number, indexed: number | undefined, step: string): Promise<DebugProtocol.Variable[]> =>
    fetchChildren(connection, reference, indexed, limits.max_children, step, timeoutMs);

  // Scopes are read in the adapter's order, innermost first: a name seen in an inner scope hides the
  // same name further out, as it does in the program.
  const scopeChildren = await Promise.all(chosen.map((scope) => fetch(scope.variablesReference, scope.indexedVariables, `variables of scope '${scope.name}'`)));
  let level: Node[] = [];
  chosen.forEach((scope, index) => {
    result.scopes.push(scope.name);
    for (const variable of scopeChildren[index]!) {
      if (skip.some((pattern) => pattern.test(variable.name))) continue;
      if (Object.hasOwn(result.variables, variable.name)) continue;
      level.push({ path: variable.name, variable, depth: 0 });
      record(result, variable.name, variable, limits, truncated);
    }
  });

  let count = level.length;
  while (level.length > 0) {
    const expandable = level.filter(
      (node) =>
        node.variable.variablesReference > 0 &&
        node.depth < limits.depth &&
        !(node.variable.type !== undefined && noExpand.some((pattern) => pattern.test(node.variable.type!))),
    );
    if (count >= limits.max_variables && expandable.length > 0) {
      result.warnings.push(`stopped expanding after ${count} variables; raise --max-variables, or lower --depth or --max-children to see a smaller part in full`);
      for (const node of expandable) truncated.add(node.path);
      break;
    }
    const children = await Promise.all(
      expandable.map((node) => fetch(node.variable.variablesReference, node.variable.indexedVariables, `variables of '${node.path}'`)),
    );
    const next: Node[] = [];
    expandable.forEach((node, index) => {
      let kept = 0;
      for (const child of children[index]!) {
        if (skip.some((pattern) => pattern.test(child.name))) continue;
        if (kept >= limits.max_children) {
          truncated.add(node.path);
          break;
        }
        kept++;
        const path = childPath(node.path, child);
        if (Object.hasOwn(result.variables, path)) continue;
        record(result, path, child, limits, truncated);
        next.push({ path, variable: child, depth: node.depth + 1 });
      }
      if ((node.variable.indexedVariables ?? 0) > limits.max_children) truncated.add(node.path);
    });
    count += next.length;
    level = next;
  }
  result.truncated = [...truncated].sort();
  return result;
}

function readsScope(definition: AdapterDefinition, scope: DebugProtocol.Scope, selection: ScopeSelection): boolean {
  const matches = (patterns: string[]): boolean => patterns.some((pattern) => new RegExp(pattern).test(scope.name));
  if (scope.presentationHint === 'registers' || matches(definition.scopes.never)) return false;
  if (matches(definition.scopes.globals)) return selection === 'globals';
  if (matches(definition.scopes.locals)) return true;
  return selection === 'globals' || !scope.expensive;
}

function record(result: WalkResult, path: string, variable: DebugProtocol.Variable, limits: FrameLimits, truncated: Set<string>): void {
  let value = variable.value;
  if (value.length > limits.max_value_length) {
    value = `${value.slice(0, limits.max_value_length)}…`;
    truncated.add(path);
  }
  Object.defineProperty(result.variables, path, { value, enumerable: true, writable: true, configurable: true });
  if (variable.type) Object.defineProperty(result.types, path, { value: variable.type, enumerable: true, writable: true, configurable: true });
}

/** The name of a child as the language writes it: the adapter's evaluateName, else built from the parent's. */
export function childPath(parent: string, child: DebugProtocol.Variable): string {
  const evaluateName = child.evaluateName?.trim();
  // An evaluateName holding an address (dlv names a map entry with a struct key by the key's address) differs between runs.
  if (evaluateName && !/0x[0-9a-fA-F]{6,}/.test(evaluateName) && evaluateNameFits(parent, child.name, evaluateName)) {
    // `*(p)` is how lldb-dap writes a pointee; `*p` is how a programmer does.
    return evaluateName.replace(/^\*\(([A-Za-z_$][\w$]*)\)$/, '*$1');
  }
  const name = child.name;
  if (/^\[.*\]$/.test(name)) return `${parent}${name}`;
  if (/^\d+$/.test(name)) return `${parent}[${name}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(name)) return parent.startsWith('*') ? `(${parent}).${name}` : `${parent}.${name}`;
  if (/^['"].*['"]$/.test(name)) return `${parent}[${name}]`;
  if (name.startsWith('*')) return /^[A-Za-z_$][\w$]*$/.test(parent) ? `*${parent}` : `*(${parent})`;
  return `${parent}[${JSON.stringify(name)}]`;
}

/**
 * Whether the adapter's evaluateName names this child of `parent`. lldb-dap gives the children of
 * synthetic values (Rust's String, Vec, Option through the toolchain's formatters) expression paths
 * that do not mention the parent at all (`[0]->[0]`, `*([0]).user`) or mangle a pointee (`b->*b`);
 * such names would also collide between parents.
 */
function evaluateNameFits(parent: string, name: string, evaluateName: string): boolean {
  if (name.startsWith('*') && !/^\(?\*/.test(evaluateName)) return false;
  // An element written `x->[0]` or `x.[0]`: the path of a formatter's child (a C++ std::vector's), not an expression.
  if (/^\[.*\]$/.test(name) && (evaluateName.endsWith(`->${name}`) || evaluateName.endsWith(`.${name}`))) return false;
  const escaped = parent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w$.])${escaped}(?![\\w$])`).test(evaluateName);
}

async function fetchChildren(
  connection: DapConnection,
  reference: number,
  indexed: number | undefined,
  maxChildren: number,
  step: string,
  timeoutMs: number,
): Promise<DebugProtocol.Variable[]> {
  // A huge array is paged (we told the adapter we page): the named children plus the first
  // maxChildren+1 indexed ones (one more than kept, so the cut is noticed).
  const paged = async (): Promise<DebugProtocol.Variable[]> => {
    const [named, items] = await Promise.all([
      connection.request('variables', { variablesReference: reference, filter: 'named' }, { step, timeoutMs }),
      connection.request('variables', { variablesReference: reference, filter: 'indexed', start: 0, count: maxChildren + 1 }, { step, timeoutMs }),
    ]);
    return [...(named?.variables ?? []), ...(items?.variables ?? [])];
  };
  if (indexed !== undefined && indexed > maxChildren) return paged();
  const all = (await connection.request('variables', { variablesReference: reference }, { step, timeoutMs }))?.variables ?? [];
  // An unpaged answer may stop at the adapter's own load limit (dlv: 64 entries, and for a map a
  // hash-order subset that changes every run): ask again by page.
  if (indexed !== undefined && all.length < indexed) return paged();
  return all;
}
