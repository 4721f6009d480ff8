// What the DAP-level tests of bpdiff's own adapters (adapters/node/test, adapters/java/test) share:
// variables by name, a map entry that must be there, and a fixture's line found by its marker.
import fs from 'node:fs';
import type { DebugProtocol } from '@vscode/debugprotocol';

export function byName(variables: DebugProtocol.Variable[]): Map<string, DebugProtocol.Variable> {
  return new Map(variables.map((variable) => [variable.name, variable]));
}

export function mustGet<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`missing ${String(key)}; have ${[...map.keys()].map(String).join(', ')}`);
  return value;
}

/** The line of the first line of `file` containing `marker` (1-based), so tests do not hard-code line numbers twice. */
export function lineOf(file: string, marker: string): number {
  const index = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(marker));
  if (index < 0) throw new Error(`${marker} not found in ${file}`);
  return index + 1;
}

/** Polls until none of `pids` is alive and no process is left in the session `rootPid` leads (5 s by default). */
export async function waitAllGone(
  pids: Iterable<number>,
  members: () => number[],
  isAlive: (pid: number) => boolean,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = [...pids].filter((pid) => isAlive(pid));
    const left = members();
    if (alive.length === 0 && left.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`processes left behind: ${[...new Set([...alive, ...left])].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
