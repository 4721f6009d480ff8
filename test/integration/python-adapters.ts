// Every Python test runs on both of bpdiff's Python adapters (issue 27): its own (`--adapter python`,
// the default) and debugpy (`--adapter debugpy`). A test body gets the adapter it runs on, and a
// runBpdiff that passes `--adapter` for it.
import fs from 'node:fs';
import { describeWithTool, onPath, runBpdiff, type BpdiffRun } from './helpers.js';

export interface PythonAdapter {
  id: 'python' | 'debugpy';
  /** The adapter's name as documents and messages say it. */
  name: string;
  tool: string;
  available: boolean;
}

export const PYTHON_ADAPTERS: readonly PythonAdapter[] = [
  { id: 'python', name: 'bpdiff-python-adapter', tool: 'python3 (CPython 3.8 or later)', available: onPath('python3') },
  {
    id: 'debugpy',
    name: 'debugpy',
    tool: 'python3-debugpy',
    available: fs.existsSync('/usr/lib/python3/dist-packages/debugpy'),
  },
];

/** `args` with `--adapter ID` (after a leading `capture`); `bpdiff diff` and `check` of saved documents take none. */
export function withAdapter(adapter: PythonAdapter, args: string[]): string[] {
  if (args[0] === 'diff' || args[0] === 'check') return args;
  if (args[0] === 'capture') return ['capture', '--adapter', adapter.id, ...args.slice(1)];
  return ['--adapter', adapter.id, ...args];
}

/** One describe block per Python adapter, `title (adapter name)`, skipped visibly where the adapter is missing. */
export function describePythonAdapters(
  title: string,
  body: (adapter: PythonAdapter, run: typeof runBpdiff) => void,
): void {
  for (const adapter of PYTHON_ADAPTERS) {
    const run = (args: string[], options?: Parameters<typeof runBpdiff>[1]): Promise<BpdiffRun> =>
      runBpdiff(withAdapter(adapter, args), options);
    describeWithTool(`${title} (${adapter.name})`, adapter.tool, adapter.available, () => body(adapter, run));
  }
}
