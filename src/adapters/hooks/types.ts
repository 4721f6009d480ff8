import type { AdapterDefinition } from '../definition.js';
import type { CaptureOptions, RunSpec } from '../../core/types.js';

/** Everything a hook may look at while it turns a run into a launch request. */
export interface LaunchContext {
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
}

/** What bpdiff needs to start the adapter and launch the program. */
export interface LaunchPlan {
  launch: Record<string, unknown>;
  adapterExecutable: string;
  adapterArgs: string[];
  adapterEnv: Record<string, string>;
  /** Name of the adapter as messages show it (may carry the version found). */
  adapterName: string;
  /** Time a build took before the launch, when the hook built the program. */
  buildMs: number | null;
  warnings: string[];
  /** Overrides the definition's condition handling for this run (e.g. when the helper cannot be loaded). */
  condition?: AdapterDefinition['condition'];
  /** The adapter's version, when preparing the launch found it. */
  version?: string | null;
}

export interface AdapterHooks {
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
}
