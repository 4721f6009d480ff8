// What differs between debug adapters, as data. Each built-in adapter is a folder,
// adapters/<id>/: its definition (adapter.json), its code hooks (hooks.ts) and their helper scripts.
// `--adapter-config FILE.json` brings a user's own definition in the same format. The format is
// checked by schema/adapter-definition.schema.json, whose descriptions follow these comments.
import type { HitCountDefinition } from './hit-count-definition.js';
import type { ReturnedDefinition } from './returned-definition.js';

export type { HitCountDefinition, ReturnedDefinition };

/** A regular expression and its replacement. */
export interface NormaliseRule {
  /** A regular expression (JavaScript syntax); every match is replaced. */
  pattern: string;
  /** Regular expression flags (`g` is always added). */
  flags?: string;
  /** The replacement; `$1`-style groups allowed. */
  replacement: string;
}

/**
 * Internals of values that no run means to compare (the testing package's bookkeeping, a clock's
 * monotonic reading, the bytes after a C string's NUL), picked by the variable's type or path. The
 * value is rewritten, and children not named in `keep_children` are left out with everything under
 * them. Applied before `normalise`, and like it skipped with --raw-values.
 */
export interface VolatileRule {
  /** Regex on the variable's type: the rule applies only to such variables. */
  type?: string;
  /** Regex on the variable's path (as the `variableName` hook writes it): the rule applies only to such variables. */
  path?: string;
  /** Regex on the value of the variable's parent (as the adapter wrote it): the rule applies only to children of such values (a Python thread's ids, a child of any subclass of Thread, picked by its repr). */
  parent_value?: string;
  /** Regex on the value: each match is replaced by `replacement` (without it, the whole value is). */
  pattern?: string;
  /** Regular expression flags of `pattern` (`g` is always added). */
  flags?: string;
  /** The new value, or what replaces each match of `pattern`; `$1`-style groups allowed, `${type}` is the variable's type. */
  replacement?: string;
  /**
   * The children that stay, by name: the last part of their path (`name` of `t.name`, `[0]` of
   * `a[0]`, `(data)` of `x.(data)`, and `*` for what a pointer points to). The others are left out,
   * with everything under them.
   */
  keep_children?: string[];
  /** The variables the rule picks are left out themselves, with everything under them (pydevd's attribute on a thread, set in one run and not yet in the other). */
  leave_out?: true;
  /** What the rule leaves out or rewrites, in a few words for the notes ("the testing package's bookkeeping"). */
  what: string;
}

/** Which evaluateNames not to use. */
export interface EvaluateNameRule {
  /** Regex on the child's name: the rule applies only to such children (to every child when absent). */
  name?: string;
  /** Regex on the evaluateName. `${name}` stands for the child's name and `${parent}` for the parent's path, both matched literally. */
  evaluate_name: string;
}

/**
 * How a child's path is written. By default it is the adapter's `evaluateName` when that names the
 * child of its parent (mentions the parent's path), else the parent's path and the child's name
 * joined as the languages do (`p.x`, `a[0]`, `m['k']`, `*p`). These rules say which evaluateNames of
 * this adapter not to use, and how to rewrite the ones used.
 */
export interface ChildNames {
  /** An evaluateName matching one of these rules is not used: the path is built from the parent's path and the child's name instead. */
  reject_evaluate_name: EvaluateNameRule[];
  /** Replacements applied in order to an evaluateName that is used (lldb-dap's `*(p)` becomes `*p`). */
  rewrite_evaluate_name: NormaliseRule[];
  /**
   * Paths in the program's own syntax, where neither the evaluateName nor the common joining writes
   * it (Fortran's `items(1)` and `point%x`, Ruby's `h[:key]`, Perl's `$order->{qty}`): the first
   * template that matches a child gives its path, before the evaluateName is looked at.
   */
  templates?: ChildNameTemplate[];
}

/** One way of writing a child's path (ChildNames.templates). Every condition given must hold. */
export interface ChildNameTemplate {
  /** Only where the breakpoint file ends so (`.f90`): the template is of that file's language. */
  file_extensions?: string[];
  /** Regex on the child's name, as the adapter gives it. */
  name?: string;
  /** Regex on the parent's path. */
  parent?: string;
  /** Regex on the parent's type (DAP `Variable.type`). */
  parent_type?: string;
  /** A template for a scope's own variables (which have no parent), instead of a value's children: `%self` renamed `self`. */
  scope?: boolean;
  /** The path: `${parent}` is the parent's path, `${name}` the child's name (`${parent}(${name})`), `${1}`... the groups of `name`'s match. */
  path: string;
}

/**
 * How an interpreter's command line is taken apart (`perl -Ilib tally.pl 3`): the interpreter, its
 * options, then the program and its arguments. `${program}` is then the program (its path, resolved
 * against the run's working directory), `${args}` its arguments, `${interpreter}` the interpreter
 * (found on PATH) and `${interpreter_args}` its options. A command whose first word is no interpreter
 * is the program itself (a script with a shebang, a binary).
 */
export interface Interpreter {
  /** Regexes on the basename of the command's first word that name an interpreter (`^perl(5[\d.]*)?$`). */
  commands: string[];
  /** Options that take the next word as their value (`-I` in `perl -I lib x.pl`); other words that start with `-` are options alone. */
  options_with_value?: string[];
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
  /**
   * Compiled programs this adapter is chosen for when nothing else says (no breakpoint file, a command
   * no pattern names): a file that starts with `magic` (hex: ELF is `7f454c46`) and, when given, holds
   * `contains` (Go's build information: `\u00ff Go buildinf:`). One that holds a marker wins over one without.
   */
  binaries?: { magic: string; contains?: string };
  /** The command that installs the adapter, shown when it is missing. */
  install: string;
  /**
   * A command that `bpdiff doctor` prepares a launch for, as a run of it would be prepared, to find
   * the adapter and the version that would serve it (`["python3", "-c", "pass"]`: debugpy is the
   * interpreter's own, else Debian's); its first word is shown with the version it prints for
   * `--version`. Without it, doctor looks for the adapter's executable.
   */
  doctor_command?: string[];
  adapter: {
    /**
     * `stdio`: DAP on the adapter's stdin/stdout. `server`: the adapter listens on a loopback port.
     * `debuggee-fd`: the adapter lives in the program (bpdiff's Python adapter): no adapter process;
     * bpdiff starts the program its hooks name (LaunchPlan.program) with one end of a socket pair as
     * its file descriptor 3 (DEBUGGEE_DAP_FD) and speaks DAP on the other.
     */
    transport: 'stdio' | 'server' | 'debuggee-fd';
    /**
     * Candidate executables, first found wins. A bare name is looked up on PATH; a name ending in `-*`
     * matches versioned names on PATH (`lldb-dap-19`), newest first. `${node}` is the Node.js running
     * bpdiff and `${packageRoot}` bpdiff's own folder (also in `args`).
     */
    executables: string[];
    /**
     * Arguments. `${port}` is replaced by a free loopback port. An adapter that is the debuggee itself
     * (rdbg, `debugpy --listen`) takes the command here: `${program}`, `${cwd}`, `${args_string}` and
     * `${breakpointFile}` inside a word, and a word that is exactly `${command}`, `${args}` or
     * `${interpreter_args}` becomes those words. Such an adapter gets the run's environment and stdin.
     */
    args: string[];
    /**
     * The adapter ends when the program does (it is the debuggee, or leaves with it): its end while
     * bpdiff waits for the breakpoint is the program's end, a no_break with its exit status, not an
     * adapter failure. Default: true when `args` hold the command (`${command}`, `${program}`,
     * `${args}`), else false.
     */
    exits_with_program?: boolean;
    /** For a `server` adapter that picks its own port: a regex whose group 1 is the port, matched on its stdout/stderr. */
    port_pattern?: string;
    /** Where the debuggee's stdout/stderr arrive: DAP `output` events, or the adapter's own stdout/stderr. */
    debuggee_output: 'events' | 'adapter-stdio';
    /** Dotted path of the adapter's version in its `initialize` capabilities (lldb-dap: `__lldb.version`). */
    version_capability?: string;
    /**
     * An ES module (`${packageRoot}` allowed) that runs the adapter inside bpdiff's own process (no
     * process to start: a JavaScript adapter, bpdiff's Node.js adapter): its `startDapSession` export
     * (src/dap/adapter-process.ts InProcessAdapterModule). `executables`/`args` stay what doctor shows
     * and what --adapter-path replaces; `env` is then the session's environment.
     */
    in_process?: string;
    /** Environment added to the adapter process; `${tempDir}` is a folder of the run's own, removed when the run ends. */
    env?: Record<string, string>;
  };
  /**
   * The launch request's arguments (the attach request's, when the hooks make the run an attach to a
   * program bpdiff starts itself: LaunchPlan.debuggee). Strings may hold `${cwd}`, `${program}`, `${breakpointFile}`;
   * a string that is exactly `${args}`, `${command}`, `${env}` (object), `${envList}` (["K=V"]) or
   * `${stdinFile}` is replaced by that value; `${sourcePaths}` by --source-path's folders (an array; an
   * adapter whose launch has none refuses --source-path). `${args_string}` is the arguments quoted and joined
   * for a POSIX shell, for an adapter that takes them as one string (cdt-gdb-adapter's `arguments`);
   * `${interpreter}` and `${interpreter_args}` come from `interpreter`.
   * `${program}` is the command's first word resolved on the run's PATH (or against its cwd when it
   * holds a slash); with `interpreter`, the program the interpreter runs; with a `prepare` hook, the
   * first word as typed (the hook resolves it).
   */
  launch: Record<string, unknown>;
  /** How an interpreter's command line is taken apart (see Interpreter). */
  interpreter?: Interpreter;
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
  /**
   * Regexes on `Variable.type` of the language's times and durations (Go's time.Time, Python's
   * datetime, Java's Instant): a value of one that changed is told as what may be a clock reading,
   * which any two runs read differently, with the --ignore that leaves it out (RunCapture.clocks).
   */
  clock_types?: string[];
  /**
   * How a container's children are asked for. `when_needed` (default): all at once, by page only when
   * there are more than bpdiff keeps. `by_count`: a container that counts its elements
   * (`indexedVariables`) is always read by page, asking for exactly as many as it has (rdbg lists an
   * array's elements only by page, and pads a page to the count asked for).
   */
  paging?: 'when_needed' | 'by_count';
  /** Run-dependent parts of values to replace (applied after the common address rule). */
  normalise: NormaliseRule[];
  /** Internals of values picked by type or path, rewritten or left out (see VolatileRule); skipped with --raw-values. */
  volatile?: VolatileRule[];
  /** Which of the adapter's evaluateNames name a child, and how to rewrite them (see ChildNames). */
  child_names: ChildNames;
  /**
   * How an expression bpdiff evaluates (a --watch expression, a condition's probe) is written in the
   * `evaluate` request: `${expression}` is the expression, `${expressionEscaped}` the expression with
   * `\` and `"` escaped as in a C string (cdt-gdb-adapter puts it between quotes in gdb's MI command
   * as it is: `"name == \"mug\""` is what gdb must read). Default: the expression as it is.
   */
  evaluate_expression?: string;
  condition: {
    /** Rewrites the condition before it is set; `${condition}` is the expression, `${conditionJson}` a JSON string literal of it, `${conditionBase64}` its UTF-8 bytes in base64 (a literal no language's quoting can break: Ruby interpolates `#{` in a double-quoted string). */
    wrap?: string;
    /**
     * Evaluated in the stopped frame when a condition was set: a value other than `probe_ok` is the
     * condition's error. A probe holding `${condition}` (or `${conditionJson}`) re-evaluates the
     * condition itself: the adapter refusing it is the condition's error, any value is fine.
     */
    error_probe?: string;
    /** Values of `error_probe` that mean the condition evaluated without error. */
    probe_ok?: string[];
    /** Regex on `output` events that says the condition failed to evaluate. */
    error_output?: string;
    /** Regex on the `stopped` event's description/text that says the condition failed to evaluate. */
    error_stop?: string;
    /** Regex on the message of a breakpoint the adapter refused (`verified: false`) that says the condition itself was refused (dlv parses it when it is set). */
    error_unverified?: string;
    /**
     * Regex on the value an evaluation answers when it failed, for an adapter that answers a failed
     * evaluation as a value (rdbg: `#<NameError: ...>`; cdt-gdb-adapter: `Error: could not evaluate
     * expression`), for `error_probe: "${condition}"` and the first-stop probe.
     */
    error_value?: string;
    /**
     * How a condition is checked when none of the ways above is given (the adapter gives no verdict):
     * `first_stop` (the default then): the breakpoint is set without the condition, and at its first
     * stop bpdiff evaluates the condition there: an error is the condition's error, a value in
     * `false_values` lets the program go on; then the breakpoint is set again with the condition.
     * `none`: the adapter is trusted.
     */
    probe?: 'first_stop' | 'none';
    /** Values of the first-stop probe that mean false (default: FALSE_VALUES of src/session/conditions.ts). */
    false_values?: string[];
  };
  /** Regex on `output` events whose group 1 is the program's exit code, for adapters that send no `exited` event but say it when the client disconnects (dlv). */
  exit_code_output?: string;
  /**
   * How the adapter reports a program killed by a signal in the `exited` event's exit code:
   * `256-n` (debugpy: SIGSEGV, 11, reads 245) or `128+n` (a shell's way: 139). Such a code is then
   * named as the signal. An `exited` event whose body carries `signal` (bpdiff's Node adapter) needs none.
   */
  exit_code_signals?: '256-n' | '128+n';
  /**
   * Whether a container's value text lists its children's values (`[1, 2]`, `Item(sku='a', qty=2)`),
   * so that it is compared by its children alone (src/values/summaries.ts). Default true; false for
   * an adapter whose summaries are a type and an address (lldb's `int[3] @ 0x…`), where a digit of
   * the summary's own must not be taken for a child.
   */
  summaries_list_children?: boolean;
  /**
   * Whether the adapter stops at most once each time the program passes through the breakpoint's line
   * (debugpy; the V8 inspector), so that every stop is a pass (src/session/passes.ts). Default false:
   * passes are told apart by the stack frames' instruction addresses, and bpdiff says where it cannot.
   */
  stops_once_per_pass?: boolean;
  /**
   * The adapter streams a first-divergence walk's hits (the custom request bpdiffHits, confirmed by
   * supportsBpdiffHits in its initialize answer; src/walk/hits-streamed.ts). Only with stops_once_per_pass.
   */
  stream_hits?: boolean;
  /**
   * How `--hit N` (and locate's --from FILE:LINE:N) reach the Nth pass: the adapter counts the passes
   * before it (a DAP hitCondition, or a condition that counts in the debuggee) and stops first there,
   * instead of a stop per pass (src/session/reach-pass.ts). Absent, or without `hit_condition` and
   * `condition`: bpdiff counts every pass by stops, and `by_stops` says why.
   */
  hit_count?: HitCountDefinition;
  /**
   * The adapter and the program it debugs share one CPU once the run goes on from its first stop (src/process/
   * cpu-affinity.ts): a debugger that traps into itself at every pass of a breakpoint (delve) hands the
   * CPU to its program and back at each, which costs less on one CPU than across two. For --hit N counted
   * by the adapter, from a stop at locate.entry.functions before the count (session-setup.ts). Default false.
   */
  one_cpu?: boolean;
  /**
   * The frame's locals read in one repl request a stop (src/capture/frame-dump.ts), where the reader
   * would send a `variables` request for each container: the adapter's own script builds the same
   * variables from the debugger's values. `command` takes ${depth}, ${max_children}, ${max_variables}
   * and ${no_expand_hex} (the hex of no_expand_types as JSON); `answer`: a regular expression matching
   * the start of the answer's line, before the JSON. BPDIFF_FRAME_DUMP=0 reads by requests.
   */
  frame_dump?: { command: string; answer: string };
  /** How `bpdiff locate` walks a program with this adapter, from where its own code starts (without it, --from is needed). */
  locate?: {
    entry?: {
      /** The launch asks the adapter to stop at the program's first line; its `entry` stop starts the walk. */
      stop_on_entry?: boolean;
      /** Function breakpoints that stop the program in its own code (`main`, `main.main`). */
      functions?: string[];
    };
    /** Launch (or attach) arguments added while walking (debugpy's justMyCode). */
    launch?: Record<string, unknown>;
    /** Whether `totalFrames` in a stackTrace answer is the stack's true depth (default true; dlv's is not). */
    stack_depth?: boolean;
    /**
     * The adapter streams the walk's steps (the custom request bpdiffSteps, confirmed by
     * supportsBpdiffSteps in its initialize answer): the walk goes thousands of lines a second.
     */
    stream?: boolean;
    /** The language leaves a local holding old stack bytes until the program sets it (C, C++, Fortran; Go's named results at a function's first line): a difference in one not set yet is not a divergence. */
    uninitialized_locals?: boolean;
    /**
     * Where a DAP variable says the line its local is declared at: a dotted path in the variable to an
     * object with `path` and `line` (lldb-dap: `$__lldb_extensions.declaration`). A local declared at
     * or after the line its frame stands on is not set yet there (a Rust `if let` binding, a C `for`
     * counter): the walk sets a difference in it aside, as it does with uninitialized_locals.
     */
    declared_at?: string;
    /** Patterns of the debugger's own lines that come as the program's output (gdb's `[Inferior 1 (process N) exited normally]`), or on the adapter's stderr where the program writes there (rdbg's `DEBUGGER: Disconnected.`): left out when a walk compares two runs' output. */
    debugger_output?: string[];
    /** A line the debugger writes right after one of its own (gdb's echo of a stop's source line): left out only there. */
    debugger_echo?: string;
    /** A blank line in one output event with a line of the debugger's is the debugger's too (gdb's `\nProgram` record before a signal's stop). */
    debugger_blank_lines?: boolean;
    /** Regular expressions of the times the languages' test runners write of themselves (`Ran 1 test in 0.010s`): compared as `<time>` when a walk compares two runs' output (values/output-text.ts). */
    output_times?: string[];
    /** Why this adapter's runs are walked into every line, not by effects (what it cannot let the walk see); absent: by effects. */
    every_line?: string;
    /** Why a line's breakpoint may miss arrivals a walk counts there (a `for` header's test): the way back is then the line both runs ran last. */
    hits_miss_arrivals?: string;
    /** Why the walk by effects steps through this adapter's loops pass by pass, not probing their later passes (a breakpoint it cannot take back); absent: probed. */
    loops_stepped?: string;
    /**
     * How the debugger stops where library code calls back into the user's code (a Rust closure that
     * Iterator::map calls from collect()): `on` (with `${folders}`, the user's folders, quoted, or
     * `${folders_hex}`, their UTF-8 a line each in hexadecimal) sent in
     * its repl before a step that should stop there, `off` before one that must not. Absent: not walked into.
     * `step_in_by_next`: a regular expression of the answer to `on` under which a step into a line is a
     * step over it (the stops then catch each call of the user's code; callbacks.ts stepRequest).
     */
    callbacks?: { on: string; off: string; step_in_by_next?: string } | { function_breakpoints: true };
    /**
     * Regular expressions of the types (as the adapter names them) of containers a run goes through in
     * an order of its own (a Go map, Rust's HashMap): two runs of one program go through a `for` over
     * one in two orders, so the walk compares such a loop as a whole, not pass by pass.
     */
    unordered_types?: string[];
    /** The value a function returns, as the adapter shows it after a step; or why it shows none (returned-definition.ts). */
    returned?: ReturnedDefinition;
    /**
     * The adapter answers requests in the order sent and names the top frame by the same id at every
     * stop: a step's scopes and locals are asked for with its stackTrace (src/dap/prefetch.ts).
     */
    prefetch?: boolean;
  };
  /** How long the steps before the program runs may take, in seconds (a build can be slow). */
  timeouts: {
    /** Starting the adapter, and each request other than `launch` (initialize, breakpoints, reading the frame). */
    start: number;
    /** The `launch` request: the adapter starting the program. */
    launch: number;
  };
  /**
   * Code hooks for what data cannot say: a module, by path relative to the definition's folder, whose
   * default export is an AdapterHooks object. The built-in definitions name `hooks.ts` (bpdiff loads
   * its compiled `dist/adapters/<id>/hooks.js`); a user's definition names a `.js` or `.mjs` module,
   * or a built-in adapter's `hooks.ts` by its path to reuse those hooks.
   */
  hooks?: string;
  /** Not in the JSON: the folder the definition was read from, where its hooks find their helper scripts. */
  dir: string;
  /** Not in the JSON: the definition file, for messages. */
  file: string;
}
