// An adapter definition's locate.returned (definition.ts): how the adapter shows the value a function
// returned after a step, for the walk by effects, which compares it under its own name, `(return) NAME`
// (src/walk/returned-names.ts); or why the adapter shows none. Checked by
// schema/adapter-definition.schema.json.

export interface ReturnedDefinition {
  /** A regular expression of the name the adapter gives the value among the top frame's locals; its group 1, where it has one, is the function's name. */
  pattern?: string;
  /**
   * Where the value shows: at the stop in the caller right after a step that leaves the function
   * (`caller`: bpdiff's own adapters, debugpy; the name holds the function's), or at a stop in the
   * function itself on its way out (`return`: rdbg's `_return` at a method's end; the function is that stop's).
   */
  step?: 'caller' | 'return';
  /** Why the adapter shows no value a function returned: the walk sees one only through the caller's state, and says so. */
  unread?: string;
  /**
   * For an adapter that shows a call an exception unwound as a return of `reads_as` (debugpy: `None`):
   * `check`, an expression evaluated in the stop's frame where a returned value that differs reads so,
   * `{function}` the function's name as a quoted string, whose value is the exception that unwound the
   * call (the walk then tells it as raised) or what the adapter shows for none (`reads_as`).
   */
  raised?: { reads_as: string; check: string };
  /**
   * For an adapter whose steps show no value returned, but whose repl can watch a frame for one:
   * `arm` before a step that asks; at the walk's next stop of the user's code, `read` (which also
   * arms the frame that stop stands in, for the next step; its answer
   * matched by `answer`, with named groups `function`, `value` and `type`: lldb-dap,
   * bpdiff_lldb_returns.py) or `value`, evaluated in the repl and arming as `read` does, nothing returned where it matches
   * `nothing` (cdt-gdb-adapter, bpdiff_gdb_returns.py); `off` before a run on to a later pass
   * (src/session/returned-reads.ts).
   */
  /** Where `read` leaves some values unread: which, said where a call whose value was not read agreed in every line. */
  partly?: string;
  read?: { arm: string; off: string } & ({ read: string; answer: string } | { value: string; nothing: string });
}
