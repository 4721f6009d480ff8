// Secrets out of the compared values (src/redact): a variable whose name looks secret shows a marker
// with a keyed hash of its value (`<redacted:3f9a1c>`), credential-shaped text in any value is replaced
// where it stands, so a changed secret is still reported as changed and never shown. It runs after the
// containers are masked by their children (a masked parent no longer holds its child's text) and with
// --raw-values too: only --no-redact (no redactor in the context) turns it off. The redactor remembers
// what it replaced, so the same texts are taken out of every other output (logs, output tails).
import type { RedactedValues } from '../redact/redact-values.js';
import type { CapturedValues, ValueStep } from './types.js';

const MAX_NAMES_SAID = 10;

export const redactStep: ValueStep = {
  name: 'redaction',
  apply(values, context) {
    const redactor = context.redactor;
    if (redactor === undefined) return values;
    return withRedacted(values, redactor.redactValues(values.variables, values.types));
  },
  async applyInSlices(values, context, slicer) {
    const redactor = context.redactor;
    if (redactor === undefined) return values;
    return withRedacted(
      values,
      redactor.redactValuesInSlices
        ? await redactor.redactValuesInSlices(values.variables, slicer, values.types)
        : redactor.redactValues(values.variables, values.types),
    );
  },
};

function withRedacted(values: CapturedValues, { variables, redacted }: RedactedValues): CapturedValues {
  if (redacted.length === 0) return values;
  const listed =
    redacted.slice(0, MAX_NAMES_SAID).join(', ') +
    (redacted.length > MAX_NAMES_SAID ? ` and ${redacted.length - MAX_NAMES_SAID} more` : '');
  const note = `${redacted.length} ${redacted.length === 1 ? 'value was' : 'values were'} redacted (names that look secret, credential-shaped text): ${listed}; --no-redact shows them`;
  return { ...values, variables, notes: [...(values.notes ?? []), note] };
}
