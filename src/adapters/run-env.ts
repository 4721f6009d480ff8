// The environment a run's processes see, made in one place for the adapter and the debuggee.
import type { RunSpec } from '../core/types.js';

/** The environment a run's processes see: bpdiff's own, with the run's (--env, --env-a/-b) over it. */
export function runEnvironment(spec: Pick<RunSpec, 'env'>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  return Object.assign(env, spec.env);
}
