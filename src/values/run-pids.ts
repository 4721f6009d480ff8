// A run's own process ids in its values: a program that reads its pid (`os.getpid()`, `process.pid`,
// `os.Getpid()`) or names a file or a worker after it holds another number in every run. Each whole
// occurrence of one (not a digit of a longer number) is written <pid>, as the run's folders are
// written <cwd>. Skipped with --raw-values.
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export const PID_TOKEN = '<pid>';

/** The run's own process ids, each a whole number in a text, written PID_TOKEN. */
export function pidsIn(pids: readonly number[]): ((text: string) => string) | null {
  const own = [...new Set(pids)].filter((pid) => Number.isInteger(pid) && pid > 1);
  if (own.length === 0) return null;
  const pattern = new RegExp(`(?<!\\w|\\d\\.)(?:${own.join('|')})(?!\\w|\\.\\d)`, 'g');
  return (text) => text.replace(pattern, PID_TOKEN);
}

export const pidsStep: ValueStep = {
  name: 'run pids',
  apply(values, context) {
    const replace = context.raw ? null : pidsIn(context.runPids ?? []);
    if (replace === null) return values;
    const variables: Record<string, string> = {};
    const changed: string[] = [];
    for (const [name, value] of Object.entries(values.variables)) {
      const next = replace(value);
      setOwn(variables, name, next);
      if (next !== value) changed.push(name);
    }
    if (changed.length === 0) return values;
    return {
      ...values,
      variables,
      normalised: [...new Set([...values.normalised, ...changed])],
      notes: [
        ...(values.notes ?? []),
        "the run's own process id is written <pid>, as each run has another (--raw-values shows it)",
      ],
    };
  },
};
