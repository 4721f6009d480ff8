// The table's rows for how a run is captured (limits, values, what is compared and how), and the
// options each run may have its own of (--env, --env-a, --env-b). declarations.ts puts the table together.
import { MAX_INPUT_BYTES_LIMIT } from '../read-bounded.js';
import {
  BOTH,
  CAPTURING,
  COMPARING,
  EVERY,
  LIVE,
  MAX_TIMEOUT_SECONDS,
  RUN,
  type OptionDeclaration,
  type PerRunDeclaration,
} from './option-types.js';

/** Options that are one flag each: how a run is captured and its values compared (Capture). */
export const CAPTURE_ROWS = [
  // Capture
  {
    flag: 'adapter',
    kind: 'string',
    group: 'Capture:',
    commands: CAPTURING,
    target: ['adapter', 'id'],
    describe: 'use this built-in debug adapter (default: chosen from the file and command)',
  },
  {
    flag: 'adapter-config',
    kind: 'string',
    group: 'Capture:',
    commands: CAPTURING,
    target: ['adapter', 'config'],
    describe: 'a JSON file defining the debug adapter to use (schema/adapter-definition.schema.json)',
  },
  {
    flag: 'adapter-path',
    kind: 'string',
    group: 'Capture:',
    commands: CAPTURING,
    target: ['adapter', 'path'],
    describe: 'the debug adapter executable to run',
  },
  {
    flag: 'source-path',
    kind: 'texts',
    group: 'Capture:',
    commands: CAPTURING,
    example: 'core/src/main/java',
    target: ['adapter', 'source_paths'],
    describe:
      "a folder of the program's sources, by their package folders, that the debugger does not find on its own (repeatable; the Java adapter)",
  },
  {
    flag: 'depth',
    kind: 'integer',
    group: 'Capture:',
    commands: CAPTURING,
    min: 0,
    max: 100,
    target: ['limits', 'depth'],
    describe: 'how deep to expand structured values',
  },
  {
    flag: 'max-children',
    kind: 'integer',
    group: 'Capture:',
    commands: CAPTURING,
    min: 1,
    max: 1_000_000,
    target: ['limits', 'max_children'],
    describe: 'most children captured per value',
  },
  {
    flag: 'max-variables',
    kind: 'integer',
    group: 'Capture:',
    commands: CAPTURING,
    min: 1,
    max: 10_000_000,
    target: ['limits', 'max_variables'],
    describe: 'most variables captured per run, all levels together',
  },
  {
    flag: 'max-value-length',
    kind: 'integer',
    group: 'Capture:',
    commands: CAPTURING,
    min: 16,
    max: 100_000_000,
    target: ['limits', 'max_value_length'],
    describe: 'longest value text kept (at least 16)',
  },
  {
    flag: 'max-input-bytes',
    kind: 'integer',
    group: 'Capture:',
    commands: EVERY,
    min: 1024,
    max: MAX_INPUT_BYTES_LIMIT,
    example: '268435456',
    target: ['limits', 'max_input_bytes'],
    describe:
      'the largest file bpdiff reads, in bytes (a capture, a baseline, a config, a source file, --stdin; default 64 MiB)',
  },
  {
    flag: 'value-timeout',
    kind: 'seconds',
    group: 'Capture:',
    commands: CAPTURING,
    max: MAX_TIMEOUT_SECONDS,
    example: '5',
    target: ['limits', 'value_timeout_seconds'],
    describe: 'seconds reading one value may take before it is shown as timed out',
  },
  {
    flag: 'scope',
    kind: 'choice',
    group: 'Capture:',
    commands: CAPTURING,
    choices: ['locals', 'globals'],
    target: ['values', 'scope'],
    describe: 'which variables: locals or globals',
  },
  {
    flag: 'only',
    kind: 'globs',
    group: 'Capture:',
    commands: EVERY,
    example: "'cart.*'",
    target: ['values', 'only'],
    describe:
      'compare only the variables whose name matches this glob (* and ?, over the dotted path; repeatable), with their children: a bounded answer',
  },
  {
    flag: 'ignore',
    kind: 'globs',
    group: 'Capture:',
    commands: EVERY,
    example: "'*.created_at'",
    target: ['values', 'ignore'],
    describe:
      'leave out variables whose name matches this glob (* and ?, over the dotted path; repeatable); their children go too',
  },
  {
    flag: 'normalize',
    kind: 'rewrites',
    group: 'Capture:',
    commands: EVERY,
    example: "'[0-9a-f]{8}-[0-9a-f-]{27}=><uuid>'",
    target: ['values', 'normalize'],
    describe: "replace every match of REGEX in values: 'REGEX=>REPLACEMENT' (repeatable)",
  },
  {
    flag: 'raw-values',
    kind: 'flag',
    group: 'Capture:',
    commands: EVERY,
    target: ['values', 'raw_values'],
    describe: 'keep addresses and ids as the debugger shows them (no normalising)',
  },
  {
    flag: 'tolerance',
    kind: 'tolerance',
    group: 'Capture:',
    commands: COMPARING,
    example: '0.01',
    target: ['values', 'tolerance'],
    describe: "treat numbers within N (absolute, or N% relative) as unchanged: 'N' or 'N%'",
  },
  {
    flag: 'redact',
    kind: 'globs',
    group: 'Capture:',
    commands: EVERY,
    example: "'*.ssn'",
    target: ['values', 'redact'],
    describe:
      'also redact the values of variables whose name holds this word or matches this glob (* and ?; repeatable); names like password, token, secret, api_key are always redacted',
  },
  {
    flag: 'no-redact',
    kind: 'flag',
    group: 'Capture:',
    commands: EVERY,
    target: ['values', 'no_redact'],
    describe: 'show values as captured, secrets included (by default secrets show as <redacted:hash>)',
  },
] as const satisfies readonly OptionDeclaration[];

/**
 * Options each run may have its own of: one declaration each, from which come the shared flag
 * (`--env`, for both runs, or for `bpdiff capture`'s one run), run A's and run B's own flags
 * (`--env-a`, `--env-b`; they win over the shared one), the library's and the MCP tools' keys (the
 * shared value at the top of the input, a run's own in `run_a`/`run_b`/`run`, both under `key`), and
 * the field of RunSpec the value lands in (src/intake/runs.ts).
 */
export const PER_RUN_DECLARATIONS = [
  {
    flag: 'bp',
    key: 'bp',
    kind: 'string',
    group: 'Breakpoint:',
    shared: RUN,
    own: LIVE,
    example: 'src/app.py:42',
    describe: "where to stop: FILE:LINE (a relative FILE is found in each run's working directory)",
    describeOwn: {
      a: 'where run A stops, when it differs from run B (FILE:LINE; instead of --bp for run A)',
      b: "where run B stops (FILE:LINE); without it, --bp's line is followed into B's copy of the file",
    },
  },
  {
    flag: 'label',
    key: 'label',
    kind: 'string',
    group: 'Runs:',
    shared: ['capture'],
    own: [...BOTH, 'check', 'locate'],
    defaults: { shared: 'capture', a: 'A', b: 'B' },
    describe: 'name of the run in the capture',
    describeOwn: { a: 'name of run A in the output', b: 'name of run B in the output' },
  },
  {
    flag: 'cwd',
    key: 'cwd',
    kind: 'string',
    group: 'Runs:',
    shared: [...RUN, 'locate'],
    own: [...LIVE, 'locate'],
    describe: 'working directory of both runs',
    describeOwn: {
      a: 'working directory of run A (overrides --cwd)',
      b: 'working directory of run B (overrides --cwd)',
    },
  },
  {
    flag: 'env',
    key: 'env',
    kind: 'pairs',
    group: 'Runs:',
    shared: [...RUN, 'locate'],
    own: [...LIVE, 'locate'],
    example: 'DEBUG=1',
    describe: 'NAME=VALUE for both runs (repeatable)',
    describeOwn: {
      a: 'NAME=VALUE for run A only (repeatable; wins over --env)',
      b: 'NAME=VALUE for run B only (repeatable; wins over --env)',
    },
  },
  {
    flag: 'stdin',
    key: 'stdin_file',
    kind: 'string',
    group: 'Runs:',
    shared: [...RUN, 'locate'],
    own: [...LIVE, 'locate'],
    describe: "file fed to the runs' stdin (default: empty)",
    describeOwn: {
      a: "file fed to run A's stdin (default: empty; overrides --stdin)",
      b: "file fed to run B's stdin (default: empty; overrides --stdin)",
    },
  },
] as const satisfies readonly PerRunDeclaration[];
