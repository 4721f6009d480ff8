// Run-dependent addresses in names, as normalise.ts masks them in values: an adapter names a hash's
// entry by its key's text (rdbg: `h[#<Account:0x00007f01ee674ac0 @owner="cid">]`), and an object's
// text holds its address, so two identical runs named the same entry two ways (one only in A, one
// only in B). Such a name, and every name under it, is written with the address masked. Skipped with
// --raw-values.
import { ADDRESS_PATTERN, ADDRESS_TOKEN } from './normalise.js';
import type { CapturedValues, ValueStep } from './types.js';
import { renameValues } from './naming.js';

const ADDRESS = new RegExp(ADDRESS_PATTERN, 'g');

/**
 * The values with the addresses in their names masked. Names that differ only by their addresses (two
 * keys whose texts are alike but for them) are told apart by their order among the adapter's names
 * (a dict's, a hash's insertion order): the second is written `0x…#2`, and so is every name under it.
 */
export function maskAddressNames(values: CapturedValues): CapturedValues {
  const paths = Object.keys(values.variables);
  if (!paths.some((path) => path.includes('0x'))) return values;
  const masked = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const path of paths) {
    const name = path.replace(ADDRESS, ADDRESS_TOKEN);
    if (name === path) continue;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    masked.set(path, count === 1 ? name : name.replace(ADDRESS_TOKEN, `${ADDRESS_TOKEN}#${count}`));
  }
  if (masked.size === 0) return values;
  // renameValues keeps the first of two names that become one (a name already written `0x…`, rare).
  return { ...values, ...renameValues(values, (path) => masked.get(path) ?? path) };
}

export const addressNamesStep: ValueStep = {
  name: 'masking addresses in names',
  apply(values, context) {
    return context.raw ? values : maskAddressNames(values);
  },
};
