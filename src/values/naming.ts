// Names as the program's language writes them, where the adapter names them in another language's
// syntax (lldb-dap writes Rust's `team.name` as C's `team->name`): the adapter's `variableName` hook.
import type { CapturedValues, ValueStep } from './types.js';
import { setOwn } from '../core/own-record.js';

/** The same values with every name passed through `rename`; on a collision the first name wins. */
export function renameValues(values: CapturedValues, rename: (path: string) => string): CapturedValues {
  const variables: Record<string, string> = {};
  const types: Record<string, string> = {};
  for (const [path, value] of Object.entries(values.variables)) {
    const name = rename(path);
    if (Object.hasOwn(variables, name)) continue;
    setOwn(variables, name, value);
    const type = Object.hasOwn(values.types, path) ? values.types[path] : undefined;
    if (type !== undefined) setOwn(types, name, type);
  }
  const renameAll = (names: string[]): string[] => [...new Set(names.map(rename))].sort();
  return {
    variables,
    types,
    truncated: renameAll(values.truncated),
    normalised: renameAll(values.normalised),
    ...(values.unread ? { unread: renameAll(values.unread) } : {}),
  };
}

export const nameStep: ValueStep = {
  name: 'naming',
  apply(values, context) {
    const variableName = context.adapter?.hooks.variableName;
    if (!variableName) return values;
    return renameValues(values, (path) => variableName(path, context.breakpointPath));
  },
};
