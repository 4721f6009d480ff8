// A step that goes through others' code without coming to the program's within MOST_PASSED pauses
// (stepping.ts): node:test calls a test's function after thousands of statements of its own, a server
// its handler after its event loop's. Pausing at each of their statements costs ~0.5 ms a pause (a
// test of node:test's took 8,000); letting the program run, as before, ran the test's function unseen.
// Instead, a breakpoint at every position V8 can break at in the program's scripts loaded so far (the
// traps), and the program runs: the first trap hit, or any other pause, ends the wait, and every trap
// goes at once (pause-handler.ts). Code of a script loaded later is not trapped: it runs unseen, as
// before, unless a trap or a breakpoint comes after it.
import type { NodeProcess } from './node-process.js';
import { trace } from './trace.js';

/** The most positions trapped; past it the program runs on untrapped (a step given up, as before). */
const MOST_TRAPS = 20_000;

/** Sets the traps in `scriptIds` (the program's scripts); their ids, none where there would be too many. */
export async function setTraps(process: NodeProcess, scriptIds: readonly string[]): Promise<Set<string>> {
  const located = await Promise.all(
    scriptIds.map((scriptId) =>
      process.cdp.send('Debugger.getPossibleBreakpoints', { start: { scriptId, lineNumber: 0, columnNumber: 0 } }).then(
        ({ locations }) => locations,
        () => [],
      ),
    ),
  );
  const locations = located.flat();
  if (locations.length > MOST_TRAPS) {
    trace(`no traps in ${process.pid}: ${locations.length} positions in ${scriptIds.length} scripts`);
    return new Set();
  }
  // A position that holds a breakpoint of the user's already is refused: that breakpoint stops there.
  const ids = await Promise.all(
    locations.map((location) =>
      process.cdp.send('Debugger.setBreakpoint', { location }).then(
        ({ breakpointId }) => breakpointId,
        () => null,
      ),
    ),
  );
  trace(`${locations.length} traps in ${process.pid}, ${scriptIds.length} scripts`);
  return new Set(ids.filter((id): id is string => id !== null));
}

/** Takes every trap away (all at once). */
export async function clearTraps(process: NodeProcess, traps: ReadonlySet<string>): Promise<void> {
  await Promise.all(
    [...traps].map((breakpointId) =>
      process.cdp.send('Debugger.removeBreakpoint', { breakpointId }).catch(() => undefined),
    ),
  );
}
