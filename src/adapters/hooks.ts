// The code hooks of an adapter, for what its definition's data cannot say: the contract between bpdiff
// and an adapter's hooks module. Each adapter's hooks live in its own folder (adapters/<id>/hooks.ts),
// named by the definition's `hooks`, and are loaded by src/adapters/load-hooks.ts (the built-in ones
// through the table in adapters/builtin-hooks.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { CaptureOptions, RunSpec } from '../core/types.js';
import { BpdiffError } from '../errors.js';
import { packageRoot } from '../package-root.js';
import type { AdapterDefinition } from './definition.js';

/** Everything a hook may look at while it turns a run into a launch request. */
export interface LaunchContext {
  /** The adapter's definition; `definition.dir` is its folder, where its helper scripts are. */
  definition: AdapterDefinition;
  /** The run; `spec.breakpoint.path` is its breakpoint file, resolved against its cwd. */
  spec: RunSpec;
  options: CaptureOptions;
  /** Aborted on Ctrl-C; a hook that builds must stop its build. */
  signal: AbortSignal;
  log: (line: string) => void;
  /** A folder of this run's own, removed when the run ends. */
  tempDir: string;
  /** Remember a process (a build) so that it is killed if the run is abandoned. */
  track: (pid: number) => void;
  /** The comparison's builds, each made once (run-build.ts buildOnce); absent: a build is this run's own. */
  builds?: BuildsOnce;
  /**
   * The pass of the breakpoint's line the run stops at first (--hit N), for a run that only stops
   * and goes on (never steps): a hook that builds may have the program count the passes before it
   * (LaunchPlan.passesCounted). Absent for a walk, and for pass 1.
   */
  passToReach?: number;
}

/**
 * The builds of one comparison: a build with the same inputs is made once, into a folder that lives as
 * long as the comparison, and its result is shared by every later start that asks for it (a walk's
 * restart, the other run of the same program). A build that fails is made again by the next start.
 */
export interface BuildsOnce {
  once<T>(key: string, build: (dir: string) => Promise<T>): Promise<T>;
}

/**
 * The program as bpdiff starts it itself, in a session of its own: bpdiff then owns its stdio and its
 * exit status. For an adapter that attaches to it (DebuggeeCommand), or that lives in it (LaunchPlan.program).
 */
export interface ProgramCommand {
  executable: string;
  args: string[];
  /** Put over bpdiff's own environment (the run's --env included, as the hook sees fit). */
  env: Record<string, string>;
  cwd: string;
  /** The file on its stdin (--stdin-a/-b, absolute), or null for an empty one (/dev/null). */
  stdinFile: string | null;
  /** Run it with its address space laid out the same in every run, where the system allows (process/fixed-addresses.ts). */
  fixedAddresses?: boolean;
}

/**
 * The program bpdiff starts beside an adapter that attaches to it over a loopback port
 * (LaunchPlan.request 'attach').
 */
export interface DebuggeeCommand extends ProgramCommand {
  /**
   * The adapter's event that says it listens for the program, and the field of its body that names
   * the port. The adapter picks that port itself: a port bpdiff picked could be taken by another
   * process (another bpdiff's run) before the adapter binds it, and its program could then reach the
   * wrong adapter.
   */
  listening: { event: string; portField: string };
  /**
   * When bpdiff starts it: 'with-adapter', at once (a program starts slower than its adapter), the
   * port then written as one line (`51234\n`) on the program's file descriptor ADAPTER_PORT_FD once the
   * adapter listens, and the descriptor closed (closed with nothing written if the adapter never
   * says it listens); or 'when-listening', once it listens, `${port}` in `args` replaced by the port.
   */
  startOn: 'with-adapter' | 'when-listening';
}

/** The program's file descriptor on which bpdiff writes the adapter's port (DebuggeeCommand.startOn). */
export const ADAPTER_PORT_FD = 3;

/** The program's file descriptor that is bpdiff's DAP socket, for a `debuggee-fd` adapter (LaunchPlan.program). */
export const DEBUGGEE_DAP_FD = 3;

/** Another built-in adapter serves the run instead (AdapterHooks.defer), and the hint that says why. */
export interface Deferral {
  /** The built-in adapter's id. */
  adapter: string;
  reason: string;
}

/** What bpdiff needs to start the adapter and launch the program. */
export interface LaunchPlan {
  /** The arguments of the request that starts the debug session (`request`). */
  launch: Record<string, unknown>;
  /** That request: 'launch' (the adapter starts the program; the default), or 'attach' to `debuggee`. */
  request?: 'launch' | 'attach';
  /** The program bpdiff starts itself, for an 'attach' request. */
  debuggee?: DebuggeeCommand;
  /**
   * For a `debuggee-fd` adapter: the program, in which the adapter lives. bpdiff starts it with its
   * DAP socket as DEBUGGEE_DAP_FD; `adapterExecutable` and `adapterArgs` are then not started.
   */
  program?: ProgramCommand;
  adapterExecutable: string;
  adapterArgs: string[];
  adapterEnv: Record<string, string>;
  /** Name of the adapter as messages show it (may carry the version found). */
  adapterName: string;
  /**
   * The adapter process is the program (rdbg: Ruby running the command with the debugger loaded): its
   * stdin is the run's, and its end is the program's end, with its exit status. Set when the
   * definition's `adapter.args` hold the command; a hook that makes the adapter the program sets it.
   */
  adapterRunsProgram?: boolean;
  /** Time a build took before the launch, when the hook built the program. */
  buildMs: number | null;
  warnings: string[];
  /** Overrides the definition's condition handling for this run (e.g. when the helper cannot be loaded). */
  condition?: AdapterDefinition['condition'];
  /** The adapter's version, when preparing the launch found it. */
  version?: string | null;
  /**
   * Where this command's own code starts, for a walk from there, in place of the definition's
   * locate.entry.functions: `go test`'s test functions (a test binary's main.main is the toolchain's).
   */
  entryFunctions?: string[];
  /**
   * The passes before LaunchContext.passToReach that the program counts itself (the build put the
   * count in: adapters/go/pass-count.ts): its first stop at the line is that pass, so the breakpoint
   * is set with no hit condition.
   */
  passesCounted?: number;
}

export interface AdapterHooks {
  /**
   * Another built-in adapter for this run, when this one cannot serve it (bpdiff's Python adapter
   * leaves an interpreter older than it supports to debugpy), with the reason for the run's hints;
   * null when this adapter serves it. Asked before `prepare`.
   */
  defer?(context: LaunchContext): Promise<Deferral | null>;
  /** Adjusts the plan made from the definition's data (which interpreter, which binary, a build). */
  prepare?(context: LaunchContext, plan: LaunchPlan): Promise<LaunchPlan>;
  /** The adapter's version, when it can be read without slowing the run down. */
  version?(plan: LaunchPlan): Promise<string | null>;
  /** Rewrites run-dependent parts of a captured value that a `normalise` regex cannot (skipped with --raw-values). */
  normaliseValue?(value: string): string;
  /**
   * The name of a captured variable as the program's language writes it, when the adapter names it in
   * another language's syntax (lldb-dap writes Rust's `team.name` as C's `team->name`).
   */
  variableName?(path: string, breakpointPath: string): string;
  /**
   * Whether the values' texts list their children's values (the definition's `summaries_list_children`)
   * in a run whose breakpoint is in `breakpointPath`, when that depends on the language (lldb's own
   * summaries are a type and an address; the Rust formatters bpdiff loads list the elements).
   */
  summariesListChildren?(breakpointPath: string): boolean;
  /**
   * The program's functions whose code lies under `folders` (the walk's user code), by the names the
   * adapter's function breakpoints take: where the definition's locate.callbacks asks for function
   * breakpoints (dlv, which has no command to set them by folder), a walk's step stops in them when
   * library code calls them back (a closure sort.Slice calls).
   */
  callbackFunctions?(plan: LaunchPlan, folders: readonly string[]): Promise<string[]>;
}

/** The hooks an AdapterHooks object may export. */
export const HOOK_NAMES: ReadonlyArray<keyof AdapterHooks> = [
  'defer',
  'prepare',
  'version',
  'normaliseValue',
  'variableName',
  'summariesListChildren',
  'callbackFunctions',
];

/**
 * A helper script of the adapter (sitecustomize.py), for a hook to copy into the run's folder: beside
 * the definition (`definition.dir`), else beside its hooks (a user's definition that names a built-in
 * adapter's hooks.ts uses that adapter's scripts).
 */
export function helperScript(definition: Pick<AdapterDefinition, 'dir' | 'file' | 'hooks'>, name: string): string {
  const folders = [
    definition.dir,
    ...(definition.hooks ? [path.dirname(path.resolve(definition.dir, definition.hooks))] : []),
  ];
  const found = folders.map((folder) => path.join(folder, name)).find((file) => fs.existsSync(file));
  if (!found) {
    throw new BpdiffError(
      'ADAPTER_CONFIG',
      `${definition.file}: its hooks need ${name} beside the definition, in ${definition.dir} — copy it there from bpdiff's adapters/ folder`,
    );
  }
  return found;
}

/** The CPU's pass count (adapters/native/), which gdb's and lldb's scripts import. */
export const CPU_COUNT_SCRIPT = 'bpdiff_cpu_count.py';

/** Copies a helper script several adapters' scripts import (adapters/native/) into `folder`, beside them; answers its path there. */
export function copySharedHelper(name: string, folder: string): string {
  const copy = path.join(folder, name);
  fs.copyFileSync(path.join(packageRoot(), 'adapters', 'native', name), copy);
  return copy;
}
