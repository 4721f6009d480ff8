// Values in one order, name by name: an adapter that lists children in an order of its own (dlv's map
// entries, in hash order) must not make two identical runs write different bytes.
import { compareNames } from '../core/diff-variables.js';
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export function sortRecord(record: Readonly<Record<string, string>>): Record<string, string> {
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(record).sort(compareNames)) setOwn(sorted, name, record[name]!);
  return sorted;
}

/** The last step: variables and types by name, lists sorted. */
export const orderStep: ValueStep = {
  name: 'ordering',
  apply(values) {
    return {
      ...values,
      variables: sortRecord(values.variables),
      types: sortRecord(values.types),
      truncated: [...values.truncated].sort(compareNames),
      normalised: [...values.normalised].sort(compareNames),
      ...(values.unread ? { unread: [...values.unread].sort(compareNames) } : {}),
    };
  },
};
