// Texts that bpdiff itself puts into each run and that differ from run to run by design (the run
// marker every debuggee carries in its environment, so that no process escapes): a program that shows
// its environment must not differ because of them. Replaced even with --raw-values: they are bpdiff's.
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export const runTextsStep: ValueStep = {
  name: 'run texts',
  apply(values, context) {
    const texts = (context.runTexts ?? []).filter(({ text }) => text.length > 0);
    if (texts.length === 0) return values;
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(values.variables)) {
      setOwn(
        variables,
        name,
        texts.reduce((current, { text, token }) => current.replaceAll(text, token), value),
      );
    }
    return { ...values, variables };
  },
};
