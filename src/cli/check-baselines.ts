// The baselines of `bpdiff check`, kept in the repository like jest's snapshots: one file per check
// (<baselines>/<check>.json unless the check names its own), written when a check has none yet
// (never under --ci), re-recorded by -u, and reviewed in the pull request as a diff. So the file is a
// run capture (bpdiff diff and --baseline read it) in a stable, diff-friendly form: keys sorted at
// every level, one value per line, and nothing that differs from one recording to the next of the
// same behaviour: no timing, no working directory, no stack frame outside the checkout (their paths
// are the machine's: /usr/lib/python3.11/runpy.py), the run named "baseline". The run capture schema
// lets `timing` be absent for this; nothing that compares captures reads it.
import fs from 'node:fs';
import path from 'node:path';
import type { RunCapture } from '../core/types.js';
import { formatJson } from '../report/json.js';
import { checkWords } from '../messages.js';
import { checkContained, containmentRoot, writeContained, type ContainedName } from '../intake/contained-path.js';
import type { BpdiffConfig, ConfigCheck } from '../config/config.js';
import type { Io } from '../intake/io.js';
import { naturalOrder } from '../output/name-order.js';

/** The label of the stored run, whatever the run that recorded it was called. */
export const BASELINE_LABEL = 'baseline';

/** A capture as a committed baseline keeps it (see above). */
export function baselineDocument(capture: RunCapture): Record<string, unknown> {
  const { timing: _timing, cwd: _cwd, ...kept } = capture;
  const inCheckout = (file: string | null): boolean => file === null || !path.isAbsolute(file);
  return sortKeys({
    ...kept,
    run: { ...capture.run, label: BASELINE_LABEL },
    resolved_file: inCheckout(capture.resolved_file) ? capture.resolved_file : null,
    frames: capture.frames.filter((frame) => inCheckout(frame.file)),
  }) as Record<string, unknown>;
}

/** The baseline file's text: the stable form, 2-space JSON with a trailing newline, secrets scrubbed. */
export function baselineText(capture: RunCapture, io: Io): string {
  const text = formatJson(baselineDocument(capture));
  return io.redactor ? io.redactor.scrub(text) : text;
}

/**
 * Writes a check's baseline (its folder made when missing), atomically, only at a real path inside
 * the config's repository (intake/contained-path.ts): a cloned repository's links lead nowhere.
 */
export function writeBaseline(config: BpdiffConfig, check: ConfigCheck, capture: RunCapture, io: Io): void {
  writeContained(check.baseline, baselineText(capture, io), containmentRoot(config.file), baselineName(check, io.cwd));
}

/**
 * Refuses, before anything runs or is written, a baselines folder or a check's baseline that lies
 * outside the config's repository or is reached through a symlink (read or written, it would be
 * some other file: a link to /etc/passwd, or one to where a recording would create a file).
 */
export function checkBaselinesContained(config: BpdiffConfig, checks: readonly ConfigCheck[], cwd: string): void {
  const root = containmentRoot(config.file);
  checkContained(
    config.baselines,
    root,
    { what: 'the baselines folder', shown: shownPath(config.baselines, cwd) },
    'folder',
  );
  for (const check of checks) checkBaselineContained(config, check, cwd, root);
}

/** One check's baseline, checked as checkBaselinesContained does (again right before it is read). */
export function checkBaselineContained(
  config: BpdiffConfig,
  check: ConfigCheck,
  cwd: string,
  root: string = containmentRoot(config.file),
): void {
  checkContained(check.baseline, root, baselineName(check, cwd), 'file');
}

function baselineName(check: ConfigCheck, cwd: string): ContainedName {
  return { what: `the baseline of check "${check.name}"`, shown: shownPath(check.baseline, cwd) };
}

/**
 * Files in the baselines folder that no check of the config refers to (a check renamed or removed):
 * `*.json` at any depth, sorted. A check's own `baseline` elsewhere is not looked at.
 */
export function obsoleteBaselines(config: BpdiffConfig): string[] {
  const referred = new Set(config.checks.map((check) => check.baseline));
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.json') && !referred.has(full)) found.push(full);
    }
  };
  walk(config.baselines);
  // As a person counts (x2.json before x10.json): the list is read, and the same on every machine.
  return naturalOrder(found);
}

/** Removes an obsolete baseline, and the folders under the baselines folder it leaves empty. */
export function removeBaseline(file: string, config: BpdiffConfig): void {
  fs.rmSync(file, { force: true });
  for (let dir = path.dirname(file); dir.startsWith(`${config.baselines}${path.sep}`); dir = path.dirname(dir)) {
    if (fs.readdirSync(dir).length > 0) break;
    fs.rmdirSync(dir);
  }
}

/** 0 when a recording may be kept as the baseline: only a run that stopped. Else said, and 1 (2 when the run could not be debugged). */
export function recordedStatus(
  check: ConfigCheck,
  captured: { run: { status: string }; no_break_reason: { kind: string } | null },
  io: Io,
): number {
  if (captured.run.status === 'break') return 0;
  const reason = captured.no_break_reason;
  io.stderr(`bpdiff: ${checkWords.notRecorded(check.name, check.bp, reason ? reason.kind.replace('_', ' ') : '')}\n`);
  return reason?.kind === 'error' ? 2 : 1;
}

/** `CI=true` (or any value but empty, `0` and `false`), as jest and most CI services set it. */
export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env['CI'];
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * How a reviewer accepts a check's change: `bpdiff check -u NAME` (with --config when the config is
 * not the bpdiff.config.json bpdiff finds by itself), then commit the baselines folder (the check's own
 * baseline file when it lies elsewhere). Null for a baseline outside the working directory: not one
 * the repository commits (examples/ci/check-pr.sh records them in the base branch's checkout).
 */
export function acceptCommand(
  config: BpdiffConfig,
  cwd: string,
): (name: string) => { command: string; commit: string } | null {
  const configFlag =
    path.basename(config.file) === 'bpdiff.config.json' ? '' : ` --config ${shownPath(config.file, cwd)}`;
  return (name) => {
    const baseline = config.checks.find((check) => check.name === name)?.baseline;
    if (!baseline || path.isAbsolute(shownPath(baseline, cwd))) return null;
    const inFolder = baseline.startsWith(`${config.baselines}${path.sep}`);
    return {
      command: `bpdiff check -u ${name}${configFlag}`,
      commit: inFolder ? `${shownPath(config.baselines, cwd)}/` : shownPath(baseline, cwd),
    };
  };
}

/** A path as the user reads it: relative to where bpdiff runs when it lies below it. */
export function shownPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  // Code-unit order, as bpdiff orders variable names: the same on every machine and locale.
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}
