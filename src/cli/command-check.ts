// `bpdiff check [NAME...]`: the named checks of bpdiff.config.json, each compared with its baseline
// through the library (compare() with `baseline`), as jest compares a test with its snapshot. A
// check without a baseline fails under --ci (the default when CI is set) and otherwise has this run
// recorded as its baseline (capture()), to be reviewed and committed. Baselines no check refers to
// are reported as obsolete. `-u`/`--update`/`--record` re-record instead (check-update.ts). Several
// checks print one output (src/output/check-summary.ts). The exit status is the worst of the
// checks' (2 > 1 > 0); a missing baseline under --ci counts as a difference (1), and so do values
// that could not be compared (secrets redacted under another key: a warning under --fail-on changed).
import fs from 'node:fs';
import path from 'node:path';
import { writeOutputFile } from '../output/write-file.js';
import { combineChecks, type CheckContext, type CheckOutcome } from '../output/check-summary.js';
import { resolveOutputFile } from '../intake/input-files.js';
import { resolveRun } from '../intake/runs.js';
import { repositoryRoot } from '../intake/contained-path.js';
import type { BaselinePlan } from '../intake/plan.js';
import { withStopSignals } from '../intake/stop-signals.js';
import type { IoDeps, Io } from '../intake/io.js';
import type { ConfigCheck } from '../config/config.js';
import { checkWords } from '../messages.js';
import { comparePlanned, planCompare } from '../library/compare.js';
import { capture } from '../library/capture.js';
import type { CallContext } from '../library/call.js';
import { emitReport } from './emit-report.js';
import { callContext } from './call-context.js';
import {
  BASELINE_LABEL,
  acceptCommand,
  checkBaselineContained,
  checkBaselinesContained,
  isCi,
  obsoleteBaselines,
  recordedStatus,
  shownPath,
  writeBaseline,
} from './check-baselines.js';
import { captureInput, checkBreakpoint, checkInput, checkRun, selectChecks, type CheckCommand } from './check-input.js';
import { updateBaselines } from './check-update.js';
import { sayConfig } from './progress-log.js';

export async function runCheckCommand(command: CheckCommand, io: Io, deps: IoDeps): Promise<number> {
  const checks = selectChecks(command.config, command.names);
  // A live run that cannot start (its breakpoint file, its folder) is found before anything runs; the run so resolved is the one compared.
  const plans = new Map(checks.map((check) => [check, planCheck(command, check, io.cwd)]));
  // So is a baseline a cloned repository points elsewhere, before a run may record it.
  checkBaselinesContained(command.config, checks, io.cwd);
  sayConfig(io, command.quiet, command.config.file);
  if (command.update !== null) return updateBaselines(command, checks, io, deps);

  const ci = command.ci ?? isCi(io.env);
  const outputPath = resolveOutputFile(command.output.outputFile, io.cwd);
  const formats = [command.output.format, ...command.output.also.map((extra) => extra.format)];
  const log = command.quiet ? undefined : (line: string) => io.stderr(`${line}\n`);
  const context = (why: string): CallContext => callContext(io, deps, why, command.config.file);
  const shown = (file: string): string => shownPath(file, io.cwd);
  // Annotations and test reports name files from the repository's root, as GitHub and CI dashboards do.
  const root = repositoryRoot(io.cwd);
  const fromRoot = (file: string): string | null => {
    const relative = path.relative(root, path.resolve(io.cwd, file));
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
      ? relative.split(path.sep).join('/')
      : null;
  };

  let worst = 0;
  // The outcomes of the checks, once per format asked for (the main one, a second --format, --summary).
  const outcomes: CheckOutcome[][] = formats.map(() => []);
  const sayForAll = (outcome: CheckOutcome): void => outcomes.forEach((list) => list.push(outcome));
  for (const check of checks) {
    const input = checkInput(command, check);
    const written = checkBreakpoint(check);
    const inRepository = fromRoot(path.resolve(check.cwd, written.file));
    const at = inRepository === null ? written : { ...written, path: inRepository };
    if (!fs.existsSync(check.baseline)) {
      if (ci) {
        io.stderr(`bpdiff: ${checkWords.noBaseline(check.name, shown(check.baseline))}\n`);
        sayForAll({ name: check.name, kind: 'no_baseline', baseline: shown(check.baseline), at });
        worst = Math.max(worst, 1);
        continue;
      }
      const recorded = await withStopSignals(
        io,
        deps,
        (signal) =>
          capture(
            { ...captureInput(input), run: checkRun(check, BASELINE_LABEL), signal, ...(log ? { log } : {}) },
            context(`(check ${check.name}: no baseline yet, recording it)`),
          ),
        'the run was',
      );
      if (recorded.kind === 'interrupted') return recorded.exitCode;
      const status = recordedStatus(check, recorded.value, io);
      worst = Math.max(worst, status);
      if (status !== 0) continue;
      writeBaseline(command.config, check, recorded.value, io);
      io.stderr(`bpdiff: ${checkWords.baselineWritten(check.name, shown(check.baseline))}\n`);
      sayForAll({ name: check.name, kind: 'recorded', baseline: shown(check.baseline), at });
      continue;
    }
    checkBaselineContained(command.config, check, io.cwd);
    const compared = await withStopSignals(
      io,
      deps,
      (signal) =>
        comparePlanned(plans.get(check)!, { signal, ...(log ? { log } : {}) }, context(`(check ${check.name})`)),
      'the run was',
    );
    if (compared.kind === 'interrupted') return compared.exitCode;
    // Values that could not be compared (secrets redacted under another key) are no pass in CI: a fork's pull request must not pass by them.
    const unkeyed = compared.value.report.findings.find((finding) => finding.kind === 'unkeyed');
    if (ci && unkeyed !== undefined && command.output.failOn !== 'never') {
      const failing = command.output.failOn === 'any';
      io.stderr(
        `bpdiff: ${failing ? '' : 'warning: '}${checkWords.unkeyed(check.name, unkeyed.names.length + unkeyed.more, failing)}\n`,
      );
      if (failing) worst = Math.max(worst, 1);
    }
    // Each format rendered for this check (stderr is said once: the main format's).
    for (const [index, format] of formats.entries()) {
      const chunks: string[] = [];
      const captured: Io = {
        ...io,
        stdoutIsTTY: index === 0 && checks.length === 1 && outputPath === null && io.stdoutIsTTY,
        stdout: (text) => void chunks.push(text),
        ...(index > 0 ? { stderr: () => undefined } : {}),
      };
      const status = await emitReport(
        compared.value.report,
        { output: { ...command.output, format, outputFile: null, also: [] }, outputPath: null, combined: true },
        captured,
      );
      if (index === 0) worst = Math.max(worst, status);
      outcomes[index]!.push({
        name: check.name,
        kind: 'compared',
        report: compared.value.report,
        text: chunks.join(''),
        at,
      });
    }
  }

  // Obsolete baselines are known only when every check ran: a name leaves the others' baselines alone.
  const obsolete = command.names.length === 0 ? obsoleteBaselines(command.config).map(shown) : [];
  const failOnObsolete = command.given['fail-on-obsolete'] === true || command.config.failOnObsolete;
  for (const file of obsolete)
    io.stderr(`bpdiff: ${failOnObsolete ? 'error' : 'warning'}: ${checkWords.obsolete(file)}\n`);
  if (failOnObsolete && obsolete.length > 0) worst = Math.max(worst, 1);
  const summary: CheckContext = {
    obsolete,
    failOnObsolete,
    accept: acceptCommand(command.config, io.cwd),
    config: shown(command.config.file),
    fromRoot: (file) => fromRoot(file) ?? file,
  };
  const write = (text: string, file: string | null, given: string): void => {
    if (file === null) io.stdout(text);
    else writeOutputFile(file, io.redactor ? io.redactor.scrub(text) : text, { flag: '-o', file: given });
  };
  write(combineChecks(outcomes[0]!, command.output.format, summary), outputPath, command.output.outputFile ?? '');
  command.output.also.forEach((extra, index) =>
    write(combineChecks(outcomes[index + 1]!, extra.format, summary), path.resolve(io.cwd, extra.file), extra.file),
  );
  return worst;
}

/** A check's comparison with its baseline read into its plan, its live run resolved from `base` (its folder, its breakpoint file and line). */
function planCheck(command: CheckCommand, check: ConfigCheck, base: string): BaselinePlan {
  const plan = planCompare({
    ...checkInput(command, check),
    baseline: check.baseline,
    run_a: command.labels.a !== null ? { label: command.labels.a } : {},
    run_b: checkRun(check, command.labels.b),
    fail_on: command.output.failOn,
    // A check always names its baseline file: the plan is a baseline comparison.
  }) as BaselinePlan;
  return { ...plan, resolved: resolveRun(plan.run, 'compare', base, plan.options.limits.max_input_bytes) };
}
