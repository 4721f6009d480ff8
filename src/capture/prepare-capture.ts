// A saved capture (bpdiff diff, a --baseline, a check's baseline, the library's diffCaptures) made
// ready to compare: through the same value pipeline as a live run's, so every value step holds for
// saved captures too.
import type { CaptureOptions, RunCapture } from '../core/types.js';
import { builtinDefinitions } from '../adapters/registry.js';
import { loadHooks } from '../adapters/load-hooks.js';
import { runValuePipelineInSlices, userValueRules, type ValueContext } from '../values/pipeline.js';
import type { Redactor } from '../redact/redactor.js';
import { scrubCapture } from '../redact/capture.js';
import { capturedFilePath } from './capture-document.js';

/**
 * A saved capture through the value pipeline, with its built-in adapter's rules when bpdiff has that
 * adapter. `base`: where a relative breakpoint file is found (a baseline's, in the live run's checkout).
 * `redactor`: secrets still in it are redacted now (a capture saved with --no-redact, or new --redact
 * names); one that was not redacted before is then marked as redacted under this redactor's key.
 */
export async function prepareCapture(
  capture: RunCapture,
  options: CaptureOptions['values'],
  base?: string,
  redactor?: Redactor,
  signal?: AbortSignal,
): Promise<RunCapture> {
  if (redactor)
    capture = { ...scrubCapture(capture, redactor), redaction: capture.redaction ?? { key_id: redactor.keyId } };
  if (capture.run.status !== 'break') return capture;
  const definition = builtinDefinitions().find((candidate) => candidate.id === capture.adapter.id);
  const context: ValueContext = {
    adapter: definition ? { definition, hooks: await loadHooks(definition) } : null,
    breakpointPath: capturedFilePath(capture, base) ?? capture.breakpoint.file,
    ...userValueRules(options),
    ...(redactor ? { redactor } : {}),
  };
  // In time slices: a stored capture may hold a million values, and a signal must not wait for them.
  const values = await runValuePipelineInSlices(
    {
      variables: capture.run.variables,
      types: capture.types,
      truncated: capture.truncated,
      normalised: capture.normalised,
      ...(capture.unread ? { unread: capture.unread } : {}),
    },
    context,
    signal,
  );
  // A note the capture already holds (it was said when the run was captured) is not said twice.
  const warnings = [...new Set([...capture.warnings, ...(values.notes ?? [])])];
  const prepared: RunCapture = {
    ...capture,
    run: { ...capture.run, variables: values.variables },
    types: values.types,
    truncated: values.truncated,
    normalised: values.normalised,
    warnings,
  };
  if (values.unread && values.unread.length > 0) prepared.unread = values.unread;
  else delete prepared.unread;
  return prepared;
}

/** Two captures of `bpdiff capture` are both labelled "capture": told apart as A and B. */
export function distinctLabels(a: RunCapture, b: RunCapture): [RunCapture, RunCapture] {
  if (a.run.label !== b.run.label) return [a, b];
  return [
    { ...a, run: { ...a.run, label: 'A' } },
    { ...b, run: { ...b.run, label: 'B' } },
  ];
}
