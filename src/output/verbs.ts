// How one changed variable changed, in a few words, as every writer for a person says it: the verb
// line of the text writers (`± value change (up 0.9, 10x)`) and the change column of the markdown
// table. The numeric part is the hints' own (describeNumberChangeShort), so an annotation, a table
// and a terminal say the same delta.
import type { VariableFinding } from '../core/findings.js';
import { describeNumberChangeShort } from '../core/hints.js';

/** `value change (up 0.05, +33.3%)`, `type change from int to str`, `type change from None to a value`. */
export function describeVerb(finding: VariableFinding): string {
  switch (finding.kind) {
    case 'type_changed': {
      const change = finding.number === null ? '' : describeNumberChangeShort(finding.number);
      return `type change from ${finding.type_a} to ${finding.type_b}${change === '' ? '' : ` (${change})`}`;
    }
    case 'null_changed': {
      const nullWord = (finding.null_side === 'a' ? finding.a : finding.b).trim();
      return finding.null_side === 'a'
        ? `type change from ${nullWord} to a value`
        : `type change from a value to ${nullWord}`;
    }
    case 'number_changed': {
      const change = describeNumberChangeShort(finding.change);
      return `value change${change === '' ? '' : ` (${change})`}`;
    }
    case 'value_changed':
      return 'value change';
  }
}

/** Only what a change column adds to the two values: the delta (`up 0.05, +33.3%`) or the type change; empty for a plain value change. */
export function describeDelta(finding: VariableFinding): string {
  switch (finding.kind) {
    case 'number_changed':
      return describeNumberChangeShort(finding.change);
    case 'value_changed':
      return '';
    default:
      return describeVerb(finding);
  }
}
