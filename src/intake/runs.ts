// A call's runs, from what the caller gave (the library's input; the CLI and the MCP server build that
// input from their flags and arguments) to RunSpecs the engine can start: each run's own values of the
// per-run options (options/declarations.ts PER_RUN_DECLARATIONS) over the shared ones, every path
// checked before anything starts (a typo costs no debugger start-up), and run B's line followed into
// its own copy of the breakpoint file when it has no breakpoint of its own. The settings are read in
// run-settings.ts, the breakpoint files and lines checked and followed in breakpoint-lines.ts.
import path from 'node:path';
import type { Breakpoint, CaptureOptions, RunSide, RunSpec } from '../core/types.js';
import { messages } from '../messages.js';
import { withoutWrappers } from '../core/command-wrappers.js';
import { parseBreakpoint } from './breakpoint.js';
import { isDirectory, resolveInputFile } from './input-files.js';
import { checkKeys, commandOf, objectOf, type Input } from './run-input.js';
import type { RunReading, RunSettings } from './plan.js';
import {
  breakpointFileIn,
  checkLineInFile,
  copyNamedByCommand,
  followLine,
  sharedBreakpointFile,
  lineReader,
  readLines,
} from './breakpoint-lines.js';
import { bothNames, flagFor, runKeys, settingsOf, type RunCommand } from './run-settings.js';

export { lineReader } from './breakpoint-lines.js';
export { runKeys, sharedRunKeys, type RunCommand } from './run-settings.js';

const RUN_EXAMPLE = '{ "command": ["python3", "app.py"], "cwd": "v1" }';

interface Resolving {
  side: RunSide;
  label: string;
  argv: string[];
  settings: RunSettings;
  breakpoint: Breakpoint;
  base: string;
  /** The run's side as its flags name it (null: `bpdiff capture`'s one run, whose flags are the shared ones). */
  flagSide: RunSide | null;
  /** --max-input-bytes: the largest --stdin file. */
  maxBytes: number;
  /** A walk that starts where the program's own code starts has no breakpoint file to find. */
  noBreakpointFile?: boolean;
}

/** A run's working directory: its --cwd (or its run's own) from `base`, else `base`. */
function cwdOf(settings: RunSettings, base: string): string {
  return path.resolve(base, (settings.values['cwd'] as string | null) ?? '.');
}

function specOf({
  side,
  label,
  argv,
  settings,
  breakpoint,
  base,
  flagSide,
  maxBytes,
  noBreakpointFile,
}: Resolving): RunSpec {
  const { values } = settings;
  const cwdFlag = bothNames('cwd', settings, flagSide, flagSide === null ? 'run' : `run_${flagSide}`);
  const runCwd = cwdOf(settings, base);
  if (!isDirectory(runCwd)) throw messages.missingCwd(label, cwdFlag, runCwd);
  const stdin = values['stdin_file'] as string | null;
  // `env NAME=VALUE cmd ...`, `sh -c 'cmd ...'`: cmd is the program, the assignments its environment (core/command-wrappers.ts).
  const command = withoutWrappers(argv, values['env'] as Record<string, string>);
  return {
    side,
    label,
    argv: command.argv,
    cwd: runCwd,
    env: command.env,
    stdin_file:
      stdin === null ? null : resolveInputFile(flagFor('stdin_file', settings, flagSide), stdin, base, maxBytes),
    breakpoint: {
      ...breakpoint,
      path: noBreakpointFile ? '' : breakpointFileIn(runCwd, breakpoint.file, side, label, flagSide),
    },
  };
}

/**
 * A comparison's two runs as the input gives them, every value checked (no file is read): `input`
 * holds the shared values and `run_a`/`run_b` each run's own; `condition` is the call's (--condition).
 */
export function readComparisonRuns(input: Input, condition: string | null): [RunReading, RunReading] {
  // The shared breakpoint is checked first: a mistake there is the likeliest, and said as the CLI says it.
  if (typeof input['bp'] === 'string') parseBreakpoint(input['bp'], condition);
  const runs = readTwoRuns(input, 'compare');
  return runs.map(({ side, argv, settings }) => {
    const other = runs[side === 'a' ? 1 : 0]!.settings;
    const bp = settings.values['bp'] as string | null;
    if (settings.own.has('bp'))
      return { side, argv, settings, breakpoint: parseBreakpoint(bp, condition, `bp-${side}`), bpFlag: `bp-${side}` };
    if (bp === null && other.own.has('bp')) throw messages.missingBreakpoint(side);
    return { side, argv, settings, breakpoint: parseBreakpoint(bp, condition), bpFlag: 'bp' };
  }) as [RunReading, RunReading];
}

/** Two runs' commands and settings, checked (`run_a`, `run_b`). */
function readTwoRuns(
  input: Input,
  command: 'compare' | 'locate',
): Array<{ side: RunSide; argv: string[]; settings: RunSettings }> {
  return (['a', 'b'] as const).map((side) => {
    if (input[`run_${side}`] === undefined || input[`run_${side}`] === null) throw messages.runMissing(`run_${side}`);
    const run = objectOf(`run_${side}`, input[`run_${side}`], RUN_EXAMPLE);
    checkKeys(run, runKeys(command), `run_${side}`);
    return {
      side,
      argv: commandOf(`run_${side}`, run['command']),
      settings: settingsOf(input, run, side, command, `run_${side}`),
    };
  });
}

/** Where a walk starts, as --from gives it: FILE:LINE, or FILE:LINE:N for the Nth time there. */
export function parseFrom(value: string): { breakpoint: Breakpoint; hit: number } {
  const withHit = /^(.+):(\d+):(\d+)$/.exec(value);
  if (withHit) {
    const hit = Number(withHit[3]);
    if (!(hit >= 1 && Number.isSafeInteger(hit))) throw messages.badFrom(value);
    return { breakpoint: parseBreakpoint(`${withHit[1]}:${withHit[2]}`, null, 'from'), hit };
  }
  return { breakpoint: parseBreakpoint(value, null, 'from'), hit: 1 };
}

/** What a walk's runs are given, checked before anything on disk is looked at (they have no breakpoint: the walk finds its stops). */
export function readWalkRuns(input: Input): [RunReading, RunReading] {
  return readTwoRuns(input, 'locate').map((run) => ({ ...run, breakpoint: null, bpFlag: 'from' })) as [
    RunReading,
    RunReading,
  ];
}

/** The breakpoint of a walk that starts where the program's own code starts: none is set (a name for messages only). */
const WALK_START: Breakpoint = { file: '<start>', line: 1 };

/**
 * A walk's two runs, ready to start: stopping first at `from` (--from, followed into B's copy of its
 * file as a comparison's breakpoint is), or, without it, where the program's own code starts.
 */
export function resolveWalkRuns(
  [runA, runB]: readonly [RunReading, RunReading],
  base: string,
  from: Breakpoint | null,
  maxBytes: number,
): [RunSpec, RunSpec] {
  const noBreakpointFile = from === null;
  const start = from === null ? WALK_START : sharedBreakpoint(from, runA, runB, base);
  const specOfRun = (run: RunReading, side: RunSide, breakpoint: Breakpoint = start): RunSpec =>
    specOf({
      ...run,
      label: run.settings.values['label'] as string,
      breakpoint,
      base,
      flagSide: side,
      maxBytes,
      noBreakpointFile,
    });
  const a = specOfRun(runA, 'a');
  const b = specOfRun(runB, 'b', from === null ? undefined : copyOfB(a, runB, base, start));
  if (from === null) return [a, b];
  const linesOf = lineReader(maxBytes);
  checkLineInFile(a, linesOf(a.breakpoint.path), 'from');
  const followed = followLine(a, b, false, linesOf);
  checkLineInFile(followed, linesOf(followed.breakpoint.path), 'from');
  return [a, followed];
}

/** A breakpoint both runs share (--bp, --from), its file each run's own copy where it names one by an absolute path (sharedBreakpointFile). */
function sharedBreakpoint(given: Breakpoint, runA: RunReading, runB: RunReading, base: string): Breakpoint {
  return { ...given, file: sharedBreakpointFile(given.file, [cwdOf(runA.settings, base), cwdOf(runB.settings, base)]) };
}

/**
 * B's breakpoint where B has none of its own (`given`, A's): in B's copy of the file, which is the file
 * B's command names in place of A's (`python3 new.py` against `python3 old.py`) where it names one.
 */
function copyOfB(a: RunSpec, runB: RunReading, base: string, given: Breakpoint): Breakpoint {
  const named = copyNamedByCommand(a, { argv: withoutWrappers(runB.argv, {}).argv, cwd: cwdOf(runB.settings, base) });
  return named === null ? given : { ...given, file: named };
}

/**
 * One live run as the input gives it: `bpdiff capture`'s (`command` 'capture', its run under `runKey`
 * 'run') or a baseline comparison's run B ('compare', 'run_b', whose breakpoint may be left to the
 * baseline: null then).
 */
export function readOneRun(
  input: Input,
  command: RunCommand,
  runKey: 'run' | 'run_b',
  condition: string | null,
): RunReading {
  const given = input[runKey];
  if (given === undefined || given === null) throw messages.runMissing(runKey);
  const run = objectOf(runKey, given, RUN_EXAMPLE);
  checkKeys(run, runKeys(command), runKey);
  const side: RunSide | null = command === 'capture' ? null : 'b';
  const settings = settingsOf(input, run, side, command, runKey);
  const bp = settings.values['bp'] as string | null;
  const bpFlag = settings.own.has('bp') && side !== null ? `bp-${side}` : 'bp';
  const breakpoint = bp === null && runKey === 'run_b' ? null : parseBreakpoint(bp, condition, bpFlag);
  return { side: 'b', argv: commandOf(runKey, run['command']), settings, breakpoint, bpFlag };
}

/**
 * A comparison's two runs, ready to start: `base` is where relative paths are found (the caller's
 * working directory). Without run B's own breakpoint, B follows A's line into its copy of the file,
 * and says so in its breakpoint's `note`.
 */
export function resolveComparisonRuns(
  [runA, runB]: readonly [RunReading, RunReading],
  base: string,
  maxBytes: number,
): [RunSpec, RunSpec] {
  const linesOf = lineReader(maxBytes);
  const own = runB.settings.own.has('bp');
  // One --bp for both runs, an absolute path in one run's folder: each run's own copy (sharedBreakpointFile).
  const shared = runA.bpFlag === 'bp' && !own ? sharedBreakpoint(runA.breakpoint!, runA, runB, base) : null;
  const a = specOf({
    ...runA,
    label: runA.settings.values['label'] as string,
    breakpoint: shared ?? runA.breakpoint!,
    base,
    flagSide: 'a',
    maxBytes,
  });
  checkLineInFile(a, linesOf(a.breakpoint.path), runA.bpFlag);
  // B's line is checked after it followed A's into B's copy: a shorter copy may still hold it.
  const unfollowed = specOf({
    ...runB,
    label: runB.settings.values['label'] as string,
    breakpoint: own ? runB.breakpoint! : copyOfB(a, runB, base, shared ?? runB.breakpoint!),
    base,
    flagSide: 'b',
    maxBytes,
  });
  const b = followLine(a, unfollowed, own, linesOf);
  checkLineInFile(b, linesOf(b.breakpoint.path), runB.bpFlag);
  return [a, b];
}

/** One live run, ready to start (see readOneRun); `breakpoint`: where it stops when its reading names none (a baseline's). */
export function resolveRun(
  reading: RunReading,
  command: RunCommand,
  base: string,
  maxBytes: number,
  breakpoint?: Breakpoint,
): RunSpec {
  const chosen = reading.breakpoint ?? breakpoint;
  if (chosen === undefined) throw messages.missingBreakpoint();
  const spec = specOf({
    ...reading,
    label: reading.settings.values['label'] as string,
    breakpoint: chosen,
    base,
    flagSide: command === 'capture' ? null : 'b',
    maxBytes,
  });
  checkLineInFile(spec, readLines(spec.breakpoint.path, maxBytes), reading.bpFlag);
  return spec;
}

/** The options with --adapter-config, --adapter-path and --source-path made absolute from `base` (the definition checked to be a file). */
export function withAdapterPaths(options: CaptureOptions, base: string): CaptureOptions {
  const { config, path: executable } = options.adapter;
  // A bare name is looked up on PATH by the engine; anything with a slash is a path from `base`.
  return {
    ...options,
    adapter: {
      ...options.adapter,
      config: config === null ? null : resolveInputFile('adapter-config', config, base, options.limits.max_input_bytes),
      path: executable === null ? null : executable.includes('/') ? path.resolve(base, executable) : executable,
      source_paths: options.adapter.source_paths.map((folder) => path.resolve(base, folder)),
    },
  };
}
