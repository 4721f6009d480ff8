// How an adapter reaches the Nth pass through a line (adapter.json `hit_count`): the part of an
// adapter's definition (definition.ts) that --hit N, locate's --from FILE:LINE:N and the walk by
// effects' loop probes read (src/session/reach-pass.ts, src/session/cpu-count.ts).

export interface HitCountDefinition {
  /** The hitCondition that makes the adapter stop first at its `${count}`th hit (`>= ${count}`; lldb-dap's is an ignore count: `${count}`). */
  hit_condition?: string;
  /**
   * Where the adapter has no hitCondition (rdbg) or its count is not one of passes (gdb's ignore count):
   * a breakpoint condition, evaluated in the debuggee at each hit with no stop, that counts the passes
   * there and holds from the `${count}`th on. `alone` without a --condition; `with_condition` counts
   * only the hits where the user's (`${condition}`, `${conditionJson}`, `${conditionBase64}`) holds.
   * Either goes through `condition.wrap` as a user's condition does, so an error in it still stops.
   */
  condition?: { alone: string; with_condition: string };
  /**
   * Why the count `condition` keeps in the debuggee starts again when setBreakpoints takes away the
   * breakpoint that counts (rdbg: bpdiff_rdbg.rb): the walk by effects' loop probes, one breakpoint at a
   * time, then count there too. Absent: one count per program, and the probes stop at every pass.
   */
  condition_restarts?: string;
  /**
   * What one hit of the adapter's count is: `passes` (it stops once per pass, so its count is bpdiff's)
   * or `stops` (each code location of the line counts: used only for a breakpoint the adapter says it
   * bound to one location, `locations` below).
   */
  counts?: 'passes' | 'stops';
  /**
   * With `counts: stops`: how bpdiff asks how many code locations the adapter bound the breakpoint to:
   * an expression evaluated in the `repl` context (`${id}`: the breakpoint's id), and a regex on its
   * answer whose group 1 is the count. Absent: not known, every pass a stop.
   */
  locations?: { evaluate: string; pattern: string };
  /** With a --condition: `holds` (the adapter counts only the hits where it holds) or `every` (it counts every hit: bpdiff counts by stops then). */
  with_condition?: 'holds' | 'every';
  /** Why bpdiff counts the passes by stops (where the adapter's count would differ from a pass count). */
  by_stops?: string;
  /**
   * What each pass before the Nth still costs where the adapter counts: the debugger traps into itself
   * at every hit to count it (lldb, dlv, gdb) or V8 evaluates the condition (Node). Said by the bench.
   */
  per_pass?: string;
  /**
   * A count kept by the CPU or the kernel (adapters/native/bpdiff_cpu_count.py: a hardware breakpoint
   * register or a uprobe, perf_event_open), which a walk's run to the Nth pass arms instead of the adapter's where the
   * program stands stopped (src/session/cpu-count.ts): no trap into the debugger before the Nth,
   * which stops the program with a signal. `arm` and `disarm` are evaluated in the repl context
   * (`${id}`: the breakpoint's id; `${count}`: the passes from where the program stands; `${wait}`: how
   * many ms to wait for another debugger's count in the same file to end, 0 in a walk); `armed`'s
   * group 1 is the count at which the program stops, `counted`'s the passes counted (every thread's);
   * `stopped`: regexes on the stop's reason and description that the signal's stop matches. `early`:
   * a regex on arm's answer that says the signal comes as that pass starts, after its first
   * instruction (the kernel's uprobe): the program is let go on to the breakpoint, enabled again by
   * `disarm`, which stops the next pass before it runs.
   */
  cpu_count?: {
    arm: string;
    armed: string;
    early?: string;
    /** What ends a run's hold on the files it counted in with a uprobe, once its program will not run again (another run of the same program may count then). */
    release?: string;
    /**
     * What hands a run's hold on those files on while its program stands stopped until the other run's
     * count is over (a walk's runs reach their passes together): the other run of the same program then
     * counts with the CPU too, rather than trap into its debugger at every pass. The debugger keeps a
     * file where a trap of its own is at an address counted at.
     */
    hand_on?: string;
    /** A regex on disarm's answer that says the program made a thread the count did not count (a uprobe's, not inherited). */
    threads_made?: string;
    disarm: string;
    counted: string;
    stopped: { reason: string; description?: string };
  };
}
