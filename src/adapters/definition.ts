// What differs between debug adapters, as data. The built-in definitions are the JSON files in
// adapters/; `--adapter-config FILE.json` brings a user's own in the same format. Code hooks
// (src/adapters/hooks/) are named by `hooks` and used only where data cannot say it.

export interface NormaliseRule {
  /** A regular expression (JavaScript syntax) matched against each captured value. */
  pattern: string;
  flags?: string;
  /** The replacement; `$1`-style groups allowed. */
  replacement: string;
}

export interface AdapterDefinition {
  /** Short id used by `--adapter` ("python", "lldb", "go", "node"). */
  id: string;
  /** The adapter's own name, used in messages ("debugpy", "lldb-dap"). */
  name: string;
  /** File endings of breakpoint files this adapter is chosen for (".py"). */
  file_extensions: string[];
  /** Regular expressions on the basename of the command's first word that choose this adapter. */
  commands: string[];
  /** The command that installs the adapter, shown when it is missing. */
  install: string;
  adapter: {
    /** `stdio`: DAP on the adapter's stdin/stdout. `server`: the adapter listens on a loopback port. */
    transport: 'stdio' | 'server';
    /**
     * Candidate executables, first found wins. A bare name is looked up on PATH; a name ending in `-*`
     * matches versioned names on PATH (`lldb-dap-19`), newest first. `${node}` is the Node.js running
     * bpdiff and `${packageRoot}` bpdiff's own folder (also in `args`).
     */
    executables: string[];
    /** Arguments; `${port}` is replaced by a free loopback port for a `server` adapter. */
    args: string[];
    /** For a `server` adapter that picks its own port: a regex whose group 1 is the port, matched on its stdout/stderr. */
    port_pattern?: string;
    /** Where the debuggee's stdout/stderr arrive: DAP `output` events, or the adapter's own stdout/stderr. */
    debuggee_output: 'events' | 'adapter-stdio';
    /** Dotted path of the adapter's version in its `initialize` capabilities (lldb-dap: `__lldb.version`). */
    version_capability?: string;
    /** Environment added to the adapter process; `${tempDir}` is a folder of the run's own, removed when the run ends. */
    env?: Record<string, string>;
  };
  /**
   * The launch request's arguments. Strings may hold `${cwd}`, `${program}`, `${breakpointFile}`;
   * a string that is exactly `${args}`, `${command}`, `${env}` (object), `${envList}` (["K=V"]) or
   * `${stdinFile}` is replaced by that value.
   */
  launch: Record<string, unknown>;
  /** Exception filters to set (those the adapter advertises), so an uncaught error stops with its message. */
  exception_filters: string[];
  /** Regexes on the exception's text: such a stop is let go (debugpy reports `sys.exit(3)` as an uncaught SystemExit; the exit code is what counts). */
  exception_continue?: string[];
  /** Regexes removed from the exception's text (adapter commentary that is not the program's message). */
  exception_strip?: string[];
  scopes: {
    /** Regexes on scope names read by default. A scope matching none of the lists is read unless it is `expensive`. */
    locals: string[];
    /** Regexes on scope names read only with `--scope globals`. */
    globals: string[];
    /** Regexes on scope names never read. */
    never: string[];
  };
  /** Regexes on variable names that are not captured (synthetic children such as `len()`). */
  skip_variables: string[];
  /** Regexes on `Variable.type` of values that are captured but not expanded (modules). */
  no_expand_types: string[];
  /** Run-dependent parts of values to replace (applied after the common address rule). */
  normalise: NormaliseRule[];
  condition: {
    /** Rewrites the condition before it is set; `${condition}` is the expression, `${conditionJson}` a JSON string literal of it. */
    wrap?: string;
    /**
     * Evaluated in the stopped frame when a condition was set: a value other than `probe_ok` is the
     * condition's error. A probe holding `${condition}` (or `${conditionJson}`) re-evaluates the
     * condition itself: the adapter refusing it is the condition's error, any value is fine.
     */
    error_probe?: string;
    probe_ok?: string[];
    /** Regex on `output` events that says the condition failed to evaluate. */
    error_output?: string;
    /** Regex on the `stopped` event's description/text that says the condition failed to evaluate. */
    error_stop?: string;
    /** Regex on the message of a breakpoint the adapter refused (`verified: false`) that says the condition itself was refused (dlv parses it when it is set). */
    error_unverified?: string;
  };
  /** Regex on `output` events whose group 1 is the program's exit code, for adapters that send no `exited` event but say it when the client disconnects (dlv). */
  exit_code_output?: string;
  /** How long the steps before the program runs may take, in seconds (a build can be slow). */
  timeouts: { start: number; launch: number };
  /** Code hooks for what data cannot say; the name of a module in src/adapters/hooks/. */
  hooks?: string;
}

export const DEFINITION_KEYS = [
  'id', 'name', 'file_extensions', 'commands', 'install', 'adapter', 'launch', 'exception_filters', 'exception_continue', 'exception_strip',
  'scopes', 'skip_variables', 'no_expand_types', 'normalise', 'condition', 'exit_code_output', 'timeouts', 'hooks', '$comment',
] as const;
