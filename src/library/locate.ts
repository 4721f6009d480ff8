// locate(): where do two runs part ways? Both commands run under their debug adapters and are walked
// line by line in lockstep (src/walk/lines.ts) to the first step where where they stand or what their
// frames hold differs; the result is the comparison document at that step, led by what the walk
// found and the `bpdiff --bp FILE:LINE --hit N` command that brings a comparison back there.
import path from 'node:path';
import type { CaptureOptions, CodePlace, LocateFinding, RunSpec } from '../core/types.js';
import { quoteCommand, quoteShellArg } from '../core/shell-quote.js';
import { functionName } from '../core/function-name.js';
import { describeWalk, type RunStanding, type WalkSummary } from '../core/walk-hints.js';
import type { CaptureOptionInput, RunSettingsInput } from '../options/declarations.js';
import type { FailOn } from '../report/report.js';
import type { Redactor } from '../redact/redactor.js';
import { objectOf, type Input } from '../intake/run-input.js';
import { readCallValues, type LocatePlan } from '../intake/plan.js';
import { parseFrom, readWalkRuns, resolveWalkRuns, sharedRunKeys, withAdapterPaths } from '../intake/runs.js';
import { progress } from '../messages.js';
import type { Located } from '../run/locate-runs.js';
import type { CallStep } from '../walk/line-arrivals.js';
import {
  type CallContext,
  type CallOptions,
  checkInputKeys,
  engineHooks,
  optionsOf,
  redactedLog,
  runFromInput,
  runFromPlan,
} from './call.js';
import { comparisonOutcome, type ComparisonOutcome } from './outcome.js';
import { relative, summaryOf } from './walk-summary.js';

export interface LocateInput extends CaptureOptionInput, Omit<RunSettingsInput, 'bp' | 'label'>, CallOptions {
  run_a: { command: string[] } & Omit<RunSettingsInput, 'bp'>;
  run_b: { command: string[] } & Omit<RunSettingsInput, 'bp'>;
  /** When `exit_code` is 1 (default `any`: the runs part ways). */
  fail_on?: FailOn;
  max_output_bytes?: number;
}

export interface LocateOutcome extends ComparisonOutcome {
  /** Steps compared, the last one included. */
  steps: number;
  /** How the walk ended: where the runs stand apart (`path`), what they hold (`values`), one ended (`ended`), both ended alike in every step but wrote different output (`output`) or exited differently (`exit`), or no divergence (`agreed`). */
  divergence: WalkSummary['kind'];
  /** The command that compares the runs again where they part ways (null: no divergence). */
  reproduce: string | null;
  /** False when --max-steps cut a walk that had not found the runs parting or ending: no divergence so far, not none. */
  complete: boolean;
}

const OWN_KEYS = ['run_a', 'run_b'];

/** locate()'s input read once into its plan: every key and value checked, nothing on disk looked at. */
export function planLocate(given: Input): LocatePlan {
  checkInputKeys(given, [...OWN_KEYS, ...sharedRunKeys('locate')], 'locate');
  const { report } = readCallValues(given, 'locate');
  const options = optionsOf(given, 'locate');
  const from = options.locate.from === null ? null : parseFrom(options.locate.from);
  return { kind: 'locate', options, report, from, runs: readWalkRuns(given) };
}

/** Every key and value of locate()'s input checked, nothing on disk looked at; the capture options. */
export function checkLocateInput(given: Input): CaptureOptions {
  return planLocate(given).options;
}

/**
 * `context.engine.locateRuns` (a test's walk) is typed `unknown` here and cast where it is called:
 * the walk's types (the session's, the DAP's) stay out of the package's declarations, which a user
 * type-checks without bpdiff's development dependencies.
 */
type LocateContext = CallContext & { engine?: CallContext['engine'] & { locateRuns?: unknown } };

export async function locate(input: LocateInput, context: LocateContext = {}): Promise<LocateOutcome> {
  return runFromInput(
    input,
    context,
    () => planLocate(objectOf('the input of locate', input, '{ "run_a": {...}, "run_b": {...} }')),
    runLocatePlan,
  );
}

/** locate() of an input already read into its plan (the CLI's). */
export async function locatePlanned(
  plan: LocatePlan,
  call: CallOptions = {},
  context: LocateContext = {},
): Promise<LocateOutcome> {
  return runFromPlan(plan, call, context, runLocatePlan);
}

async function runLocatePlan(
  plan: LocatePlan,
  call: CallOptions,
  redactor: Redactor | undefined,
  context: LocateContext,
): Promise<LocateOutcome> {
  const base = context.base ?? process.cwd();
  const options = withAdapterPaths(plan.options, base);
  const { from } = plan;
  const specs = resolveWalkRuns(plan.runs, base, from?.breakpoint ?? null, options.limits.max_input_bytes);
  const log = redactedLog(call.log, redactor);
  log?.(
    progress.walking(
      specs[0].label,
      quoteCommand(specs[0].argv),
      specs[1].label,
      quoteCommand(specs[1].argv),
      options.locate.from,
      options.locate.every_line,
    ),
  );
  const locateRuns =
    (context.engine?.locateRuns as typeof import('../run/locate-runs.js').locateRuns | undefined) ??
    (await import('../run/locate-runs.js')).locateRuns;
  const located = await locateRuns(
    specs,
    options,
    from === null ? null : { hit: from.hit },
    engineHooks(call, log, redactor),
  );
  const labels = { a: specs[0].label, b: specs[1].label };
  const again = located.point === null ? null : reproduction(specs, options, located.point, base, nextLines(located));
  const argv = again === null ? null : [...again.words, '--', ...specs[0].argv, '--', ...specs[1].argv];
  const reproduce =
    again === null
      ? null
      : `${again.words.map(quoteShellArg).join(' ')} -- ${quoteCommand(specs[0].argv)} -- ${quoteCommand(specs[1].argv)}`;
  const summary = summaryOf(located, options, reproduce === null || located.endsApart ? null : reproduce);
  const outcome = await comparisonOutcome(located.captures, options, plan.report, redactor, {
    lead: {
      ...describeWalk(summary, labels),
      finding: findingOf(summary, located, summary.reproduce === null || summary.kind === 'agreed' ? null : argv),
    },
    followed: true,
    config: context.config ?? null,
    signal: call.signal,
  });
  // The walk's finding is the difference (the lead's `parted`: comparisonExitCode decides the status the hints say).
  return {
    ...outcome,
    steps: summary.steps,
    divergence: summary.kind,
    complete: summary.agreedUntil !== 'max-steps',
    reproduce:
      reproduce === null || summary.reproduce === null || summary.kind === 'agreed'
        ? null
        : redactor
          ? redactor.scrub(reproduce)
          : reproduce,
  };
}

/**
 * The calls that lead to the located line, outermost first, from A's stack where the walk ended (the
 * user's frames: a file named from its folder): A may stand past the located line (after it, or in
 * its caller once it returned), so the located line closes the path.
 */
function callPath(stack: Located['stacks'][0], point: Located['point']): LocateFinding['call_path'] {
  const frames: LocateFinding['call_path'] = [...stack]
    .reverse()
    .filter((frame) => frame.file !== null && !path.isAbsolute(frame.file) && !frame.file.startsWith('?'))
    .map((frame) => ({ file: frame.file!, line: frame.line, function: functionName(frame.name), pass: null }));
  if (point === null) return frames;
  const name = functionName(point.name);
  const callers = frames.at(-1)?.function === name ? frames.slice(0, -1) : frames;
  const calls = [...callers, { file: point.file, line: point.line, function: name, pass: null }];
  // Which time each call came to its line, as the walk saw the calls: matched from the located line
  // out, a frame of the stack to a call of the walk's that names the same function at the same line
  // (a frame the walk did not count, as Ruby's `[C] Array#each` between a block and its method, has none).
  let seen: CallStep | null = point.calls;
  for (let index = calls.length - 1; index >= 0 && seen !== null; index--) {
    const call = calls[index]!;
    if (functionName(seen.name) !== call.function || seen.line !== call.line) continue;
    call.pass = seen.pass;
    seen = seen.caller;
  }
  // The runtime's frames above the program's own (Rust's std::rt::lang_start, its files outside the
  // run's folder), which the walk never counted, are not calls of the program's.
  const first = calls.findIndex((call) => call.pass !== null || !call.file.startsWith('../'));
  return first <= 0 ? calls : calls.slice(first);
}

/** The document's `locate`: the walk's finding as data, the hints' own (the reproduction's argv redacted with the document). */
function findingOf(summary: WalkSummary, located: Located, reproduce: string[] | null): LocateFinding {
  const { end, point, stacks } = located;
  const placeOf = (standing: RunStanding): CodePlace | null =>
    standing.kind === 'at' ? { file: standing.file, line: standing.line } : null;
  const endedHow = (standing: RunStanding): string | null => (standing.kind === 'ended' ? standing.how : null);
  const raised = [end.ended?.a ?? end.a, end.ended?.b ?? end.b].some(
    (standing) => standing.kind === 'ended' && standing.end.reason.kind === 'exception',
  );
  return {
    kind:
      (summary.kind === 'ended' && raised) || (summary.kind === 'return' && summary.returned?.raised !== undefined)
        ? 'exception'
        : summary.kind,
    mode: summary.mode ?? 'every-line',
    steps: summary.steps,
    complete: summary.agreedUntil !== 'max-steps',
    point:
      point === null
        ? null
        : {
            file: point.file,
            line: point.line,
            line_b: point.lineB === point.line ? null : point.lineB,
            file_b: point.fileB,
            function: functionName(point.name),
            pass: point.pass === 0 ? null : point.pass,
            call: point.call,
          },
    call_path: callPath(stacks[0], point),
    next: summary.kind === 'path' ? { a: placeOf(summary.a), b: placeOf(summary.b) } : null,
    wrote: end.wrote ?? null,
    returned:
      summary.returned === undefined
        ? null
        : {
            function: summary.returned.name,
            ...(summary.returned.part === undefined ? {} : { part: summary.returned.part }),
            a: summary.returned.a,
            b: summary.returned.b,
            ...(summary.returned.raised === undefined ? {} : { raised: summary.returned.raised }),
          },
    ended: { a: endedHow(summary.a), b: endedHow(summary.b) },
    reproduce,
  };
}

/** Where each run went on to, and which pass of that line it was, when the walk's path divergence counted its passes. */
type NextLines = [{ file: string; line: number; pass: number }, { file: string; line: number; pass: number }];

/**
 * Each run's next line when the runs' paths part and the walk counted passes (the every-line walk):
 * the file as a --bp-a/--bp-b names it from the run's folder, the line in the run's own copy, its pass.
 */
function nextLines(located: Located): NextLines | null {
  const { end, point, captures } = located;
  if (end.kind !== 'path' || point === null || point.pass === 0 || located.endsApart) return null;
  if (located.hitsMissArrivals !== undefined) return null;
  const standings = [end.a, end.b] as const;
  const lines = standings.map((standing, index) => {
    if (standing.kind !== 'step') return null;
    const { file, stop, arrival } = standing.step;
    return { file: relative(file, captures[index]!.cwd ?? ''), line: stop.top.line, pass: arrival.pass };
  });
  return lines[0] && lines[1] ? [lines[0], lines[1]] : null;
}

/**
 * `bpdiff --bp FILE:LINE --hit N ... -- A -- B`: the comparison at the point the walk found, with the
 * runs' folders, environments and stdin files as the walk had them (paths from the caller's folder).
 * Where the runs' paths part and the walk counted passes: each run at the line it went on to, the
 * pass it was (`--bp-a F:LA --hit-a KA --bp-b F:LB --hit-b KB`), so that the comparison shows them
 * apart, each run stopped where it went.
 */
function reproduction(
  specs: [RunSpec, RunSpec],
  options: CaptureOptions,
  point: NonNullable<Located['point']>,
  base: string,
  next: NextLines | null,
): { words: string[] } {
  const words: string[] = ['bpdiff'];
  if (next !== null)
    for (const [side, at] of [
      ['a', next[0]],
      ['b', next[1]],
    ] as const) {
      words.push(`--bp-${side}`, `${at.file}:${at.line}`);
      if (at.pass > 1) words.push(`--hit-${side}`, String(at.pass));
    }
  else {
    // B's own copy under another name or folder: each run at its own copy's line.
    if (point.fileB !== null)
      words.push('--bp-a', `${point.file}:${point.line}`, '--bp-b', `${point.fileB}:${point.lineB ?? point.line}`);
    else words.push('--bp', `${point.file}:${point.line}`);
    // Not counted (the walk by effects): the comparison walks the line's hits to the first that differs.
    if (point.pass === 0) words.push('--first-divergence');
    else if (point.pass > 1) words.push('--hit', String(point.pass));
  }
  const [a, b] = specs;
  const folder = (dir: string): string => path.relative(base, dir) || '.';
  if (a.cwd === b.cwd) {
    if (a.cwd !== base) words.push('--cwd', folder(a.cwd));
  } else words.push('--cwd-a', folder(a.cwd), '--cwd-b', folder(b.cwd));
  for (const [name, value] of Object.entries(a.env))
    words.push(b.env[name] === value ? '--env' : '--env-a', `${name}=${value}`);
  for (const [name, value] of Object.entries(b.env))
    if (a.env[name] !== value) words.push('--env-b', `${name}=${value}`);
  const stdin = (spec: RunSpec): string | null =>
    spec.stdin_file === null ? null : path.relative(base, spec.stdin_file);
  if (stdin(a) !== null && stdin(a) === stdin(b)) words.push('--stdin', stdin(a)!);
  else {
    if (stdin(a) !== null) words.push('--stdin-a', stdin(a)!);
    if (stdin(b) !== null) words.push('--stdin-b', stdin(b)!);
  }
  if (a.label !== 'A') words.push('--label-a', a.label);
  if (b.label !== 'B') words.push('--label-b', b.label);
  if (options.adapter.id !== null) words.push('--adapter', options.adapter.id);
  if (options.adapter.config !== null) words.push('--adapter-config', path.relative(base, options.adapter.config));
  return { words };
}
