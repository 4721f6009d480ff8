// The table's rows for where the runs stop and how they run, and for baselines and output: one row an
// option (its flag, kind, default, help); the capture's rows are in capture-rows.ts. declarations.ts
// puts the table together and reads it.
import { WRITER_NAMES, WRITER_USES } from '../output/writers.js';
import {
  CAPTURING,
  COMPARING,
  EVERY,
  LIVE,
  MAX_TIMEOUT_SECONDS,
  RUN,
  WALK,
  type OptionDeclaration,
} from './option-types.js';

/** Options that are one flag each: where the runs stop (Breakpoint, Locate, Runs), baselines and checks, output. */
export const RUN_AND_OUTPUT_ROWS = [
  // Breakpoint
  {
    flag: 'condition',
    kind: 'string',
    group: 'Breakpoint:',
    commands: RUN,
    call: true,
    describe: "stop only when this expression (in the program's language) is true",
  },
  {
    flag: 'hit',
    kind: 'integer',
    group: 'Breakpoint:',
    commands: ['compare', 'capture', 'check'],
    min: 1,
    max: 10_000_000,
    example: '3',
    target: ['breakpoint', 'hit'],
    describe:
      'capture at the Nth pass through the line (counting only passes where --condition holds; the adapter counts them where it can); a run that passes fewer times did not stop',
  },
  {
    flag: 'first-divergence',
    kind: 'flag',
    group: 'Breakpoint:',
    commands: LIVE,
    target: ['breakpoint', 'first_divergence'],
    describe: 'stop both runs at every hit, in lockstep, and report the first hit at which they differ',
  },
  {
    flag: 'max-hits',
    kind: 'integer',
    group: 'Breakpoint:',
    commands: LIVE,
    min: 1,
    max: 10_000_000,
    example: '1000',
    target: ['breakpoint', 'max_hits'],
    describe: 'the most hits --first-divergence compares (default 1000)',
  },
  {
    flag: 'watch',
    kind: 'texts',
    group: 'Breakpoint:',
    commands: CAPTURING,
    example: "'discount * 2'",
    target: ['values', 'watch'],
    describe: 'an expression evaluated where the run stopped, compared like a variable under its text (repeatable)',
  },
  {
    flag: 'watch-only',
    kind: 'flag',
    group: 'Breakpoint:',
    commands: CAPTURING,
    target: ['values', 'watch_only'],
    describe: 'compare only the --watch expressions, not the variables (a fast --first-divergence walk)',
  },
  {
    flag: 'exact-line',
    kind: 'flag',
    group: 'Breakpoint:',
    commands: RUN,
    target: ['breakpoint', 'exact_line'],
    describe: 'do not accept a breakpoint the debugger moves to another line',
  },
  // Locate
  {
    flag: 'from',
    kind: 'string',
    group: 'Locate:',
    commands: WALK,
    example: 'src/app.py:42',
    target: ['locate', 'from'],
    describe:
      "start the walk where both runs reach FILE:LINE (FILE:LINE:N: the Nth time), not where the program's own code starts",
  },
  {
    flag: 'within',
    kind: 'globs',
    group: 'Locate:',
    commands: WALK,
    example: "'src/*'",
    target: ['locate', 'within'],
    describe:
      "count only the lines of files whose path (from the run's folder) matches this glob (* any run of characters, / too; repeatable); other code is stepped through, uncompared",
  },
  {
    flag: 'max-steps',
    kind: 'integer',
    group: 'Locate:',
    commands: WALK,
    min: 1,
    max: 100_000_000,
    example: '100000',
    target: ['locate', 'max_steps'],
    describe:
      "the most steps (lines executed in the user's code) the walk compares before it says it found no divergence",
  },
  {
    flag: 'every-line',
    kind: 'flag',
    group: 'Locate:',
    commands: WALK,
    target: ['locate', 'every_line'],
    describe:
      "step into every line the user's code runs and stop at the first where the runs stand apart or their frames hold other values (the default walk steps over lines, compares what each does, its output too, and steps into only a line whose effects differ)",
  },
  // Runs
  {
    flag: 'timeout',
    kind: 'seconds',
    group: 'Runs:',
    commands: CAPTURING,
    max: MAX_TIMEOUT_SECONDS,
    example: '120',
    target: ['run', 'timeout_seconds'],
    describe: 'seconds each run may take to reach the breakpoint (at most a day)',
  },
  {
    flag: 'sequential',
    kind: 'flag',
    group: 'Runs:',
    commands: LIVE,
    target: ['run', 'sequential'],
    describe: 'run A, then B (for programs that share a port or a file)',
  },
  // Baselines and checks
  {
    flag: 'baseline',
    kind: 'string',
    group: 'Baselines:',
    commands: LIVE,
    call: true,
    describe:
      'compare one live run (a single command) with this stored capture (bpdiff capture -o FILE); --bp defaults to its breakpoint',
  },
  {
    flag: 'config',
    kind: 'string',
    group: 'Baselines:',
    commands: EVERY,
    describe: 'the bpdiff.config.json to read (default: the nearest one from the working directory upward)',
  },
  {
    flag: 'update',
    alias: 'u',
    kind: 'string',
    group: 'Baselines:',
    commands: ['check'],
    describe:
      're-record the baselines of the named checks (default: all; --update=failing: only the checks that fail) instead of comparing, print what changed in each, and remove obsolete ones',
  },
  { flag: 'record', kind: 'flag', group: 'Baselines:', commands: ['check'], describe: 'the same as --update' },
  {
    flag: 'fail-on-obsolete',
    kind: 'flag',
    group: 'Baselines:',
    commands: ['check'],
    describe:
      'exit 1 when the baselines folder holds a baseline no check refers to (default: a warning; "fail_on_obsolete": true in the config)',
  },
  {
    flag: 'ci',
    kind: 'flag',
    group: 'Baselines:',
    commands: ['check', 'locate'],
    describe:
      'for CI: check never writes a baseline, a check without one fails (the default when the environment variable CI is set and not false); locate fails (exit 1) when --max-steps cut the walk before the runs parted or ended',
  },
  // Output
  {
    flag: 'format',
    kind: 'choice',
    group: 'Output:',
    commands: COMPARING,
    choices: WRITER_NAMES,
    config: true,
    describe: `the output format: ${WRITER_NAMES.join(', ')} (${WRITER_USES}); default: text on a terminal, json when stdout is piped, redirected or -o FILE`,
  },
  {
    flag: 'color',
    kind: 'choice',
    group: 'Output:',
    commands: COMPARING,
    choices: ['auto', 'always', 'never'],
    default: 'auto',
    describe:
      'colour in --format text: auto (a terminal with colours, unless NO_COLOR; FORCE_COLOR forces it), always or never',
  },
  {
    flag: 'max-output-bytes',
    kind: 'integer',
    group: 'Output:',
    commands: COMPARING,
    min: 1024,
    max: 1_000_000_000,
    example: '65536',
    call: true,
    describe:
      'fold unchanged parts of the result (in both runs alike) until it fits in N bytes; changed values and hints are never folded',
  },
  {
    flag: 'summary',
    kind: 'string',
    group: 'Output:',
    commands: COMPARING,
    describe: 'also write a markdown summary to this file (e.g. "$GITHUB_STEP_SUMMARY")',
  },
  {
    flag: 'fail-on',
    kind: 'choice',
    group: 'Output:',
    commands: COMPARING,
    choices: ['any', 'changed', 'never'],
    default: 'any',
    call: true,
    config: true,
    describe: 'exit 1 on any difference (any), only on a changed value (changed), or never (never); 2 stays for errors',
  },
  {
    flag: 'output',
    alias: 'o',
    kind: 'string',
    group: 'Output:',
    commands: EVERY,
    describe: 'write the output (in --format) to this file instead of stdout',
  },
  { flag: 'quiet', alias: 'q', kind: 'flag', group: 'Output:', commands: CAPTURING, describe: 'no progress on stderr' },
  {
    flag: 'save-captures',
    kind: 'string',
    group: 'Output:',
    commands: LIVE,
    describe:
      "also write each run's capture (everything bpdiff saw) to DIR/capture-a.json and DIR/capture-b.json, for bpdiff diff",
  },
] as const satisfies readonly OptionDeclaration[];
