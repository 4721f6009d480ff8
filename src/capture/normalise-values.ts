// Run-dependent parts of values (heap and stack addresses, object ids) replaced by a fixed token, so
// two identical runs compare equal. A null pointer is kept as it is: it must stay distinct from an
// address.
import type { NormaliseRule } from '../adapters/definition.js';

export const ADDRESS_TOKEN = '0x…';

/** Common to every adapter: a hexadecimal number of six digits or more that is not all zeros. */
const ADDRESS_RULE: NormaliseRule = { pattern: '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b', flags: 'g', replacement: ADDRESS_TOKEN };

export interface NormaliseResult {
  variables: Record<string, string>;
  /** Names whose value changed. */
  normalised: string[];
}

export function compileRules(rules: NormaliseRule[]): Array<{ regex: RegExp; replacement: string }> {
  return [ADDRESS_RULE, ...rules].map((rule) => {
    const flags = rule.flags ?? 'g';
    return { regex: new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`), replacement: rule.replacement };
  });
}

/** `rewrite`: an adapter hook for what a regex cannot say (dlv's map entries, in a hash order that changes every run). */
export function normaliseValues(variables: Record<string, string>, rules: NormaliseRule[], rewrite?: (value: string) => string): NormaliseResult {
  const compiled = compileRules(rules);
  const out: Record<string, string> = {};
  const normalised: string[] = [];
  for (const [name, value] of Object.entries(variables)) {
    let next = value;
    for (const { regex, replacement } of compiled) next = next.replace(regex, replacement);
    if (rewrite) next = rewrite(next);
    Object.defineProperty(out, name, { value: next, enumerable: true, writable: true, configurable: true });
    if (next !== value) normalised.push(name);
  }
  return { variables: out, normalised: normalised.sort() };
}
