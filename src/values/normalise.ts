// Run-dependent parts of values (heap and stack addresses, object ids) replaced by a fixed token, so
// two identical runs compare equal. A null pointer is kept as it is: it must stay distinct from an
// address.
import type { NormaliseRule } from '../adapters/definition.js';
import type { ValueStep } from './types.js';
import { setOwn } from '../core/own-record.js';

export const ADDRESS_TOKEN = '0x…';

/** Common to every adapter: a hexadecimal number of six digits or more that is not all zeros. */
export const ADDRESS_PATTERN = '\\b0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{6,}\\b';
const ADDRESS_RULE: NormaliseRule = { pattern: ADDRESS_PATTERN, flags: 'g', replacement: ADDRESS_TOKEN };

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
    setOwn(out, name, next);
    if (next !== value) normalised.push(name);
  }
  return { variables: out, normalised: normalised.sort() };
}

/** Address rule, the adapter's own rules and its `normaliseValue` hook; skipped with --raw-values. */
export const normaliseStep: ValueStep = {
  name: 'normalising',
  apply(values, context) {
    if (context.raw) return values;
    const adapter = context.adapter;
    const result = normaliseValues(values.variables, adapter?.definition.normalise ?? [], adapter?.hooks.normaliseValue);
    const normalised = [...new Set([...values.normalised, ...result.normalised])].sort();
    return { ...values, variables: result.variables, normalised };
  },
};
