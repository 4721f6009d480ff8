// The set-up the runs of one comparison share, whether they are captured (capture-runs.ts: at one
// breakpoint, or walked hit by hit) or walked line by line (locate-runs.ts): each run's adapter chosen
// before anything starts, so that a user error stops all runs up front; every run's secrets known
// before any run starts, so that each run's values are redacted alike whichever is read first; each
// run's copy of the program found (two checkouts of one program); a live run built for each, as often
// as a walk starts the programs again; and on abort every tracked process tree killed at once.
import type { CaptureOptions, RunSpec } from '../core/types.js';
import type { AdapterDefinition } from '../adapters/definition.js';
import { selectAdapter } from '../adapters/registry.js';
import { Builds } from '../adapters/run-build.js';
import { killAllTracked } from '../process/process-tree.js';
import type { Redactor } from '../redact/redactor.js';
import { copyFolders, runPaths, type RunPlace } from '../values/paths.js';
import { tracePhase } from '../trace/trace.js';
import { pathsApart } from '../walk/hits-streamed.js';
import { LiveRun, type RunContext } from './live-run.js';

export interface RunsHooks {
  /** Aborted on Ctrl-C / SIGTERM: every adapter and debuggee is killed before the promise settles. */
  signal?: AbortSignal;
  /** Progress lines for stderr (never stdout). */
  log?: (line: string) => void;
  /** Secrets in values, output tails and messages become markers (src/redact); absent: nothing is redacted. */
  redactor?: Redactor;
}

export interface Runs {
  readonly specs: readonly RunSpec[];
  /** Each run's adapter, chosen before any run starts. */
  readonly definitions: readonly AdapterDefinition[];
  /** The folder of each run's own copy of the program, when the other run has its copy elsewhere (null: none). */
  readonly copies: ReadonlyArray<string | null>;
  readonly signal: AbortSignal;
  readonly log: (line: string) => void;
  /** What run `index` is started with: its adapter, its copy, the signal, the log and the redactor. */
  context(index: number): RunContext;
  /** A live run of run `index`, not started yet. */
  liveRun(index: number): LiveRun;
  /** The paths one run's values rewrite and the other's do not, or not alike (a streamed walk leaves a text holding one to DAP). */
  pathsApart(): string[];
  /**
   * From now until the returned function is called, an abort kills every tracked process tree at
   * once, which ends whatever each run was waiting for: no run waits for a slow step of the other.
   */
  killOnAbort(): () => void;
  /** Gives back what the runs share once the comparison has ended: the folder of their builds. */
  dispose(): void;
}

/** The runs of one comparison (two, or one for `bpdiff capture`), set up; nothing is started yet. */
export function setUpRuns(specs: readonly RunSpec[], options: CaptureOptions, hooks: RunsHooks = {}): Runs {
  const signal = hooks.signal ?? new AbortController().signal;
  const log = hooks.log ?? (() => undefined);
  const definitions = specs.map((spec) =>
    selectAdapter({
      adapterId: options.adapter.id,
      adapterConfig: options.adapter.config,
      breakpointPath: spec.breakpoint.path,
      argv: spec.argv,
      cwd: spec.cwd,
      envPath: spec.env['PATH'] ?? process.env['PATH'],
    }),
  );
  specs.forEach((spec, index) => tracePhase(spec.label, 'adapter chosen', { adapter: definitions[index]!.id }));
  for (const spec of specs) hooks.redactor?.addRunSecrets(spec);
  const copies: Array<string | null> =
    specs.length === 2 ? copyFolders(place(specs[0]!), place(specs[1]!)) : specs.map(() => null);
  // One build of a program for every start of it in this comparison (a walk's restarts, both runs of one folder).
  const builds = new Builds();
  const context = (index: number): RunContext => ({
    definition: definitions[index]!,
    signal,
    log,
    builds,
    copyFolder: copies[index] ?? null,
    ...(hooks.redactor ? { redactor: hooks.redactor } : {}),
  });
  return {
    specs,
    definitions,
    copies,
    signal,
    log,
    context,
    liveRun: (index) => new LiveRun(specs[index]!, options, context(index)),
    pathsApart: () =>
      pathsApart(runPaths(specs[0]!.cwd, copies[0] ?? null), runPaths(specs[1]!.cwd, copies[1] ?? null)),
    killOnAbort: () => {
      const onAbort = (): void => killAllTracked();
      signal.addEventListener('abort', onAbort, { once: true });
      return () => signal.removeEventListener('abort', onAbort);
    },
    dispose: () => builds.dispose(),
  };
}

function place(spec: RunSpec): RunPlace {
  return { cwd: spec.cwd, argv: spec.argv, breakpointPath: spec.breakpoint.path };
}
