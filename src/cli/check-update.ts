// `bpdiff check -u [NAME...]` (`--update`, `--record`): the named checks' baselines re-recorded, as
// jest's `-u` rewrites snapshots; `--update=failing` only those of the checks that fail. Each check's
// run is captured (capture()) and compared with the baseline it replaces (diffCaptures(), with the
// check's options: what --ignore, --normalize or --tolerance make equal is no change), and stdout
// says what changed in each. A baseline whose values did not change is left as it is, so -u on an
// unchanged program changes no file. Without names, baselines no check refers to are removed.
// Exit status: 0, or 1 when a run did not stop (no baseline is recorded for it), 2 when one could
// not be debugged.
import fs from 'node:fs';
import type { RunCapture } from '../core/types.js';
import { describeBaselineChange } from '../output/check-summary.js';
import type { ConfigCheck } from '../config/config.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { IoDeps, Io } from '../intake/io.js';
import { checkWords } from '../messages.js';
import { capture } from '../library/capture.js';
import { compare } from '../library/compare.js';
import { diffCaptures } from '../library/diff-captures.js';
import { readCapture } from '../intake/read-capture.js';
import { callContext } from './call-context.js';
import {
  BASELINE_LABEL,
  checkBaselineContained,
  obsoleteBaselines,
  recordedStatus,
  removeBaseline,
  shownPath,
  writeBaseline,
} from './check-baselines.js';
import { captureInput, checkInput, checkRun, diffInput, type CheckCommand } from './check-input.js';

export async function updateBaselines(
  command: CheckCommand,
  checks: readonly ConfigCheck[],
  io: Io,
  deps: IoDeps,
): Promise<number> {
  const log = command.quiet ? undefined : (line: string) => io.stderr(`${line}\n`);
  const shown = (file: string): string => shownPath(file, io.cwd);
  let worst = 0;
  for (const check of checks) {
    const input = checkInput(command, check);
    const exists = fs.existsSync(check.baseline);
    if (command.update === 'failing' && exists) {
      checkBaselineContained(command.config, check, io.cwd);
      const compared = await withStopSignals(
        io,
        deps,
        (signal) =>
          compare(
            { ...input, baseline: check.baseline, run_b: checkRun(check, null), signal, ...(log ? { log } : {}) },
            callContext(io, deps, `(check ${check.name}: does it fail?)`),
          ),
        'the run was',
      );
      if (compared.kind === 'interrupted') return compared.exitCode;
      if (compared.value.exit_code === 0) {
        io.stdout(`${checkWords.unchanged(check.name, shown(check.baseline))}\n`);
        continue;
      }
    }
    const recorded = await withStopSignals(
      io,
      deps,
      (signal) =>
        capture(
          { ...captureInput(input), run: checkRun(check, BASELINE_LABEL), signal, ...(log ? { log } : {}) },
          callContext(io, deps, `(check ${check.name}: recording its baseline)`),
        ),
      'the run was',
    );
    if (recorded.kind === 'interrupted') return recorded.exitCode;
    const status = recordedStatus(check, recorded.value, io);
    worst = Math.max(worst, status);
    if (status !== 0) continue;
    if (!exists) {
      writeBaseline(command.config, check, recorded.value, io);
      io.stdout(
        `${checkWords.written(check.name, shown(check.baseline), Object.keys(recorded.value.run.variables).length)}\n`,
      );
      continue;
    }
    checkBaselineContained(command.config, check, io.cwd);
    const changes = await changesSince(check, recorded.value, input, io);
    if (changes === null) {
      io.stdout(`${checkWords.unchanged(check.name, shown(check.baseline))}\n`);
      continue;
    }
    writeBaseline(command.config, check, recorded.value, io);
    io.stdout(
      `${[checkWords.updated(check.name, shown(check.baseline)), ...changes.map((line) => `  ${line}`)].join('\n')}\n`,
    );
  }
  if (command.names.length === 0) {
    for (const file of obsoleteBaselines(command.config)) {
      removeBaseline(file, command.config);
      io.stdout(`${checkWords.removed(shown(file))}\n`);
    }
  }
  return worst;
}

/**
 * What changed from the check's baseline to `recorded`, one line each, or null when nothing did:
 * the same breakpoint and no difference through the check's own value options.
 */
async function changesSince(
  check: ConfigCheck,
  recorded: RunCapture,
  input: Record<string, unknown>,
  io: Io,
): Promise<string[] | null> {
  const before = readCapture(check.baseline, io.cwd);
  const moved =
    before.breakpoint.line !== recorded.breakpoint.line ||
    before.breakpoint.file !== recorded.breakpoint.file ||
    (before.breakpoint.condition ?? null) !== (recorded.breakpoint.condition ?? null);
  const { report } = await diffCaptures(
    before,
    recorded,
    { ...diffInput(input), label_a: 'before', label_b: 'after' },
    { base: io.cwd, ...(io.redactor ? { redactor: io.redactor } : {}) },
  );
  const lines = describeBaselineChange(report);
  if (moved)
    lines.unshift(
      `the breakpoint is now ${recorded.breakpoint.file}:${recorded.breakpoint.line} (was ${before.breakpoint.file}:${before.breakpoint.line})`,
    );
  return lines.length === 0 ? null : lines;
}
