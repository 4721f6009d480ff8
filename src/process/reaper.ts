// The reaper: what kills a run's processes when bpdiff itself is killed outright (SIGKILL), where no
// adapter would. An adapter process that launched its program notices its client die (its stdin
// closes) and kills it; but an adapter inside bpdiff (`in_process`) dies with it, and one that
// attached to a program bpdiff started (LaunchPlan.debuggee: debugpy) lets it run on. So the first
// such run starts one small shell, in a session of its own, that holds the read end of a pipe from
// bpdiff and is told each run's marker. When the pipe closes without bpdiff saying goodbye, the
// shell kills every process whose environment holds one of the markers (as killRun does). On a
// normal exit bpdiff has killed its runs already, and kills the shell; after a crash it leaves it to its work.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { RunMarker } from './process-tree.js';

/**
 * Reads one `NAME=value` marker per line until end of input, then kills what holds one, twice over
 * (a process may have started a child while the first pass ran). Signals that reach it as a member of
 * a terminal's foreground group are ignored: it must outlive bpdiff.
 */
const SCRIPT = `trap '' INT TERM HUP
set --
while IFS= read -r marker; do set -- "$@" -e "$marker"; done
[ "$#" -eq 0 ] && exit 0
for pass in 1 2; do
  for file in $(grep -lzxF "$@" /proc/[0-9]*/environ 2>/dev/null); do
    pid=\${file#/proc/}
    kill -KILL "\${pid%/environ}" 2>/dev/null
  done
done`;

let reaper: ChildProcess | null = null;
/** Set once bpdiff crashed (intake/crash-guard.ts): no clean-up killed its runs, so the reaper, left alive at the exit, does. */
let reapAtExit = false;

/** bpdiff is going to exit without having closed its runs: the reaper kills them once it has. */
export function reapEverythingAtExit(): void {
  reapAtExit = true;
}

/** Has the reaper kill the run's processes (those with `marker` in their environment) if bpdiff is killed. */
export function reapIfKilled(marker: RunMarker): void {
  if (!reaper || reaper.exitCode !== null || reaper.signalCode !== null) reaper = startReaper();
  reaper.stdin?.write(`${marker.name}=${marker.value}\n`);
}

function startReaper(): ChildProcess {
  const child = spawn('/bin/sh', ['-c', SCRIPT], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    // Nothing of bpdiff's environment: a test or a user looking for processes by an inherited variable
    // does not find the reaper, which never outlives bpdiff but by a moment.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  child.on('error', () => undefined);
  child.stdin?.on('error', () => undefined);
  // It must not keep bpdiff alive.
  child.unref();
  (child.stdin as Socket | null)?.unref();
  process.once('exit', () => {
    // Its pipe closes with bpdiff: left alive, it kills every run it was told of.
    if (reapAtExit) return;
    try {
      child.kill('SIGKILL');
    } catch {
      // gone already
    }
  });
  return child;
}
