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
  | 'INVALID_JSON'
  | 'NOT_A_CAPTURE'
  | 'INVALID_DOCUMENT'
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

export class BpdiffError extends Error {
  readonly code: ErrorCode;
  readonly exitCode = 2;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BpdiffError';
    this.code = code;
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
