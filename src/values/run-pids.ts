// A run's own process id where it says it is one: a variable named for it (`pid = os.getpid()`,
// `process.pid`, `os.Getpid()`) that holds it, or what a run writes after `#` (Ruby's Logger:
// `I, [... #4242]`) or `pid` (`pid=4242`, `pid 4242`). It is another number in every run, and is
// written <pid>, as the run's folders are written <cwd>. A number that only equals the pid is left as
// it is: a fresh machine's pids are small, and a list of counts holds them too. Skipped with
// --raw-values.
import { setOwn } from '../core/own-record.js';
import type { ValueStep } from './types.js';

export const PID_TOKEN = '<pid>';

/** A name that says a value is a process id: its last part `pid`, `my_pid`, `worker_pid`, `process_id`, `childPid`, `processId`. */
const PID_NAME =
  /(?:(?:^|[^A-Za-z0-9])(?:\w*_)?(?:pid|Pid|PID|process_?id|PROCESS_?ID)|[a-z0-9]Pid|[Pp]rocess(?:Id|ID))['"]?\]?$/;

function ownPids(pids: readonly number[]): number[] {
  return [...new Set(pids)].filter((pid) => Number.isInteger(pid) && pid > 1);
}

/** What a run writes, with its own process ids written PID_TOKEN where `#` or `pid` introduces one. */
export function pidsIn(pids: readonly number[]): ((text: string) => string) | null {
  const own = ownPids(pids);
  if (own.length === 0) return null;
  const pattern = new RegExp(`(?<=#|\\bpid[=: ] ?)(?:${own.join('|')})(?![\\w.])`, 'gi');
  return (text) => text.replace(pattern, PID_TOKEN);
}

export const pidsStep: ValueStep = {
  name: 'run pids',
  apply(values, context) {
    if (context.raw || context.runPids === undefined) return values;
    const named = Object.keys(values.variables).filter(
      (name) => PID_NAME.test(name) && /^\d+$/.test(values.variables[name]!),
    );
    // The run's processes are read (from /proc, once a run) only where a value may be one of them.
    if (named.length === 0) return values;
    const own = new Set(ownPids(context.runPids()).map(String));
    const changed = named.filter((name) => own.has(values.variables[name]!));
    if (changed.length === 0) return values;
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(values.variables))
      setOwn(variables, name, changed.includes(name) ? PID_TOKEN : value);
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
