// Every error bpdiff shows a user is a BpdiffError: a code, a one-line message that says what was
// wrong and what to do, and the exit status (2 for every error, like diff(1)). The CLI prints
// `bpdiff: <message>` and nothing else; the original error, when there is one, is kept as `cause`.

export type ErrorCode =
  // the command line
  | 'USAGE'
  | 'BAD_BREAKPOINT'
  | 'BREAKPOINT_FILE_MISSING'
  | 'BAD_COMMANDS'
  | 'BAD_OPTION'
  // files given to diff / validate / --adapter-config / --stdin-*
  | 'FILE_NOT_FOUND'
  | 'FILE_TOO_LARGE'
  | 'INVALID_JSON'
  | 'NOT_A_CAPTURE'
  | 'INVALID_DOCUMENT'
  // baselines and the config file
  | 'BAD_BASELINE'
  | 'BAD_CONFIG'
  // adapters and the engine
  | 'NO_ADAPTER'
  | 'ADAPTER_MISSING'
  | 'ADAPTER_CONFIG'
  | 'ADAPTER_FAILED'
  | 'ADAPTER_TIMEOUT'
  | 'COMMAND_NOT_FOUND'
  | 'BUILD_FAILED'
  | 'BUILD_TIMEOUT'
  | 'CONDITION_ERROR'
  | 'INTERRUPTED'
  | 'INTERNAL';

/**
 * What an error stops when it happens inside one run: `comparison`, the user's to fix (a missing
 * adapter, a bad breakpoint file, a failed build), ends the whole comparison with exit 2; `run`, a
 * failure of this run only, becomes that run's no_break capture and the other run's capture is kept.
 */
export type ErrorScope = 'comparison' | 'run';

const ERROR_SCOPES: Record<ErrorCode, ErrorScope> = {
  USAGE: 'comparison',
  BAD_BREAKPOINT: 'comparison',
  BREAKPOINT_FILE_MISSING: 'comparison',
  // A command one adapter cannot run (`go build`, `cargo test`): the other run may still be captured.
  BAD_COMMANDS: 'run',
  BAD_OPTION: 'comparison',
  FILE_NOT_FOUND: 'comparison',
  FILE_TOO_LARGE: 'comparison',
  INVALID_JSON: 'comparison',
  NOT_A_CAPTURE: 'comparison',
  INVALID_DOCUMENT: 'comparison',
  BAD_BASELINE: 'comparison',
  BAD_CONFIG: 'comparison',
  NO_ADAPTER: 'comparison',
  ADAPTER_MISSING: 'comparison',
  ADAPTER_CONFIG: 'comparison',
  COMMAND_NOT_FOUND: 'comparison',
  BUILD_FAILED: 'comparison',
  INTERRUPTED: 'comparison',
  CONDITION_ERROR: 'comparison',
  ADAPTER_FAILED: 'run',
  ADAPTER_TIMEOUT: 'run',
  BUILD_TIMEOUT: 'run',
  INTERNAL: 'run',
};

export function errorScope(error: unknown): ErrorScope {
  return isBpdiffError(error) ? ERROR_SCOPES[error.code] : 'run';
}

/** The error every step throws when the user interrupted the comparison (Ctrl-C, SIGTERM, SIGHUP). */
export function interrupted(): BpdiffError {
  return new BpdiffError('INTERRUPTED', 'interrupted');
}

export class BpdiffError extends Error {
  readonly code: ErrorCode;
  readonly exitCode = 2;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BpdiffError';
    this.code = code;
  }
}

/** A build (go, cargo) that ran out of its own time limit: `seconds` is that limit, which the run's no_break reason says. */
export class BuildTimeoutError extends BpdiffError {
  constructor(
    message: string,
    readonly seconds: number,
  ) {
    super('BUILD_TIMEOUT', message);
    this.name = 'BuildTimeoutError';
  }
}

export function isBpdiffError(error: unknown): error is BpdiffError {
  return error instanceof BpdiffError;
}

/** The one line the CLI prints for an error that is not a BpdiffError (a bug): still one line. */
export function describeUnexpected(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `internal error: ${message.split('\n')[0]} (please report it with the command you ran)`;
}
