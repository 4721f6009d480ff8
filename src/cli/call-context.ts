// How the CLI runs a library call: relative paths from its working directory, its redactor (so that
// stdout and stderr know the secrets the call found), and the engine its tests may stand in for.
import type { Io, IoDeps } from '../intake/io.js';
import type { CallContext } from '../library/call.js';

/** `config`: the bpdiff.config.json the command read, named in the result's context. */
export function callContext(io: Io, deps: IoDeps, why?: string, config?: string | null): CallContext {
  const engine = {
    ...(deps.captureRuns ? { captureRuns: deps.captureRuns } : {}),
    ...(deps.captureOneRun ? { captureOneRun: deps.captureOneRun } : {}),
  };
  return {
    base: io.cwd,
    ...(io.redactor ? { redactor: io.redactor } : {}),
    ...(why !== undefined ? { why } : {}),
    ...(Object.keys(engine).length > 0 ? { engine } : {}),
    ...(config ? { config } : {}),
  };
}
