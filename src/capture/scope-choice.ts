// Which of a stopped frame's scopes the frame reader (read-frame.ts) reads, by the definition's scope
// patterns and --scope; and what a stop that read nothing from a frame with scopes says about it.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { AdapterDefinition } from '../adapters/definition.js';
import type { ScopeSelection } from '../core/types.js';

/**
 * A stop that reads nothing where the frame has scopes is suspicious (an ES module's top level once
 * read so): two such runs would say "no differences" about nothing. Said, with what there was.
 */
export function describeEmptyStop(scopes: DebugProtocol.Scope[], selection: ScopeSelection, read: string[]): string {
  const names = scopes.map((scope) => scope.name).join(', ');
  const how = selection === 'locals' ? ' — try --scope globals, or a line inside a function' : '';
  return read.length === 0
    ? `${EMPTY_STOP}: the frame's scopes (${names}) are not read with --scope ${selection}${how}`
    : `${EMPTY_STOP}, though the frame has scopes (${names}): nothing was compared${how}`;
}

/** How describeEmptyStop's words begin: a walk, which compares a line's effects at every step, leaves them out (walk-end-facts.ts). */
export const EMPTY_STOP = 'the stop read no variables';

export function readsScope(
  definition: AdapterDefinition,
  scope: DebugProtocol.Scope,
  selection: ScopeSelection,
): boolean {
  const matches = (patterns: string[]): boolean => patterns.some((pattern) => new RegExp(pattern).test(scope.name));
  if (scope.presentationHint === 'registers' || matches(definition.scopes.never)) return false;
  if (matches(definition.scopes.globals)) return selection === 'globals';
  if (matches(definition.scopes.locals)) return true;
  return selection === 'globals' || !scope.expensive;
}
