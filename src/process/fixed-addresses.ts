// A program bpdiff starts itself (LaunchPlan.program, .debuggee) may ask to run with its address space
// laid out the same way in every run (ProgramCommand.fixedAddresses), as lldb and gdb start theirs:
// personality ADDR_NO_RANDOMIZE, through util-linux's `setarch -R`, which sets it and execs the program
// (the same process: its pid, its session, its pipes). Two runs of one Python program then give their
// objects the same ids, so that a set of them (ordered by their ids' hashes) is gone through in one
// order in both. Where setarch is missing or the system refuses the personality (a container's
// seccomp policy), the program runs as it is, its addresses randomised; that is found once a process.
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/setarch', '/bin/setarch'];

let setarch: string | null | undefined;

/** The command that starts `executable` with `args` with its addresses fixed, where this system allows it; else as it is. */
export function withFixedAddresses(
  executable: string,
  args: readonly string[],
): { executable: string; args: string[] } {
  if (process.platform !== 'linux') return { executable, args: [...args] };
  setarch ??= CANDIDATES.find((candidate) => fixes(candidate)) ?? null;
  return setarch === null
    ? { executable, args: [...args] }
    : { executable: setarch, args: ['-R', executable, ...args] };
}

function fixes(candidate: string): boolean {
  const tried = spawnSync(candidate, ['-R', 'true'], { stdio: 'ignore', timeout: 5000 });
  return tried.error === undefined && tried.status === 0;
}
