// Where the JVM can count a line's hits itself when the line's code lies in several runs of one method
// (a `for` header: its start, and its update at the loop's bottom). JDI's count filter counts the hits
// of one location, and a breakpoint there costs a round trip to the adapter per hit (about 0.5 ms: a
// loop of 10,000 passes took seconds instead of milliseconds). Each run's start flows, by instructions
// that cannot throw and through no other start, to the same instruction (javac's loop test), which
// nothing else reaches: the JVM arrives there once per hit of the line, so a count filter there counts
// the line's hits. Read from the method's bytecode; null where that does not hold.
package bpdiff.jdap;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

final class CountPoint {
  private CountPoint() {}

  /** Longer runs to the join are not looked for (a loop test is a few instructions). */
  private static final int MAX_PATH = 64;

  /** `index`: the instruction each start reaches once per hit; `path`: the instructions on the way to it, the starts among them. */
  record Join(Method method, long index, Set<Long> starts, Set<Long> path) {}

  /**
   * A breakpoint bound at several runs of one method (`made`), whose hits before its `first` cannot stop:
   * its requests wait, disabled, while a request at the runs' join lets the first `first - 1` hits go by in
   * the JVM; when it fires (VmSession.joined) the line's own requests count on. Returns the join's request,
   * or null where there is none, or a thread that runs may stand on the way to it (this JVM not stopped).
   * A thread that stands on the way now (a step ended at the line's start) reaches the join once more
   * than it hits the line: the filter counts it. `prepared`: a class just loaded (no thread is in its code yet).
   */
  static BreakpointRequest arm(
      VirtualMachine vm, EventRequestManager requests, Breakpoint breakpoint, List<BreakpointRequest> made, int first, ReferenceType prepared) {
    Method method = made.get(0).location().method();
    List<Long> starts = new ArrayList<>();
    for (BreakpointRequest request : made) {
      if (!request.location().method().equals(method)) return null;
      starts.add(request.location().codeIndex());
    }
    Join join = find(method, starts);
    if (join == null) return null;
    int standing = 0;
    try {
      for (ThreadReference thread : vm.allThreads()) {
        if (!thread.isSuspended()) {
          if (method.declaringType().equals(prepared)) continue;
          return null;
        }
        if (thread.frameCount() > 0 && on(thread.frame(0).location(), join.path, join)) standing++;
      }
    } catch (IncompatibleThreadStateException | RuntimeException e) {
      return null;
    }
    Location at = method.locationOfCodeIndex(join.index);
    if (at == null) return null;
    BreakpointRequest request = requests.createBreakpointRequest(at);
    request.addCountFilter(first - 1 + standing);
    request.putProperty("join", join);
    request.putProperty("joins", breakpoint);
    request.putProperty("counted", first - 1);
    request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    for (BreakpointRequest each : made) each.disable();
    request.enable();
    return request;
  }

  /**
   * The hits of the line the join has not counted when it fires: another thread on the way there, past
   * a start (it hit the line, with no request of the line's to tell). One standing on a start hits it
   * when it runs on (no event of its own stopped it there). A count for programs whose threads run the
   * same line at once: which thread's hit is the Nth is the scheduler's choice.
   */
  static int passing(VirtualMachine vm, ThreadReference fired, Join join) {
    int passing = 0;
    try {
      for (ThreadReference thread : vm.allThreads()) {
        if (thread.equals(fired) || !thread.isSuspended() || thread.frameCount() == 0) continue;
        Location at = thread.frame(0).location();
        if (on(at, join.path, join) && !join.starts.contains(at.codeIndex())) passing++;
      }
    } catch (IncompatibleThreadStateException | RuntimeException e) {
      // a thread gone: it hits nothing more
    }
    return passing;
  }

  private static boolean on(Location at, Set<Long> indices, Join join) {
    return at.method().equals(join.method) && indices.contains(at.codeIndex());
  }

  /** The instruction every start of `starts` (code indices in `method`) reaches once per hit and nothing else reaches, or null. */
  static Join find(Method method, List<Long> starts) {
    byte[] code;
    try {
      code = method.bytecodes();
    } catch (RuntimeException e) {
      return null;
    }
    if (code == null || code.length == 0 || starts.size() < 2) return null;
    Set<Integer> instructions = new HashSet<>();
    for (int at = 0; at < code.length; at += Returns.instructionLength(code, at)) instructions.add(at);
    Set<Integer> startSet = new HashSet<>();
    for (long start : starts) startSet.add((int) start);
    Set<Integer> path = new HashSet<>();
    int join = -1;
    for (int start : startSet) {
      int end = walk(code, instructions, start, startSet, path);
      if (end < 0 || (join >= 0 && end != join)) return null;
      join = end;
    }
    // Nothing outside the paths enters them (but at a start) or the join: each arrival there is one hit.
    for (int at : instructions) {
      if (path.contains(at)) continue;
      List<Integer> next = successors(code, at);
      if (next == null) return null;
      for (int target : next) if (target == join || (path.contains(target) && !startSet.contains(target))) return null;
    }
    Set<Long> indices = new HashSet<>();
    for (int at : path) indices.add((long) at);
    return new Join(method, join, Set.copyOf(starts), indices);
  }

  /** From a start, the instructions that flow on (into `path`), to the first that does not: its index, or -1. */
  private static int walk(byte[] code, Set<Integer> instructions, int start, Set<Integer> starts, Set<Integer> path) {
    Set<Integer> seen = new HashSet<>();
    int at = start;
    while (seen.size() <= MAX_PATH) {
      if (!instructions.contains(at)) return -1;
      if (!flows(code, at)) return at;
      if (!seen.add(at)) return -1;
      path.add(at);
      List<Integer> next = successors(code, at);
      if (next == null || next.size() != 1) return -1;
      at = next.get(0);
      // Through another start, that start's hit and this one's would arrive at the join once.
      if (starts.contains(at)) return -1;
    }
    return -1;
  }

  /** An instruction that goes on to one next instruction (or jumps: goto) and cannot throw: constants, locals, stack, arithmetic but division. */
  private static boolean flows(byte[] code, int at) {
    int op = code[at] & 0xff;
    if (op == 0xc4) return at + 1 < code.length && (code[at + 1] & 0xff) != 0xa9; // wide, but not wide ret
    boolean division = op == 0x6c || op == 0x6d || op == 0x70 || op == 0x71; // idiv ldiv irem lrem
    return op <= 0x11 // nop, constants, bipush, sipush
        || op == 0x14 // ldc2_w: a long or double constant (ldc may load a class)
        || (op >= 0x15 && op <= 0x2d) // loads of locals (not of array elements)
        || (op >= 0x36 && op <= 0x4e) // stores to locals
        || (op >= 0x57 && op <= 0x5f) // pop, dup, swap
        || (op >= 0x60 && op <= 0x98 && !division) // arithmetic, iinc, conversions, comparisons
        || op == 0xa7
        || op == 0xc8; // goto, goto_w
  }

  /** Where control goes from the instruction at `at` (not by an exception); null for jsr/ret (old code the analysis leaves alone). */
  private static List<Integer> successors(byte[] code, int at) {
    int op = code[at] & 0xff;
    int after = at + Returns.instructionLength(code, at);
    List<Integer> out = new ArrayList<>();
    if ((op >= 0x99 && op <= 0xa6) || op == 0xc6 || op == 0xc7) {
      out.add(at + (short) (((code[at + 1] & 0xff) << 8) | (code[at + 2] & 0xff)));
      out.add(after);
    } else if (op == 0xa7) {
      out.add(at + (short) (((code[at + 1] & 0xff) << 8) | (code[at + 2] & 0xff)));
    } else if (op == 0xc8) {
      out.add(at + Returns.int32(code, at + 1));
    } else if (op == 0xa8 || op == 0xa9 || op == 0xc9 || (op == 0xc4 && (code[at + 1] & 0xff) == 0xa9)) {
      return null;
    } else if (op == 0xaa) {
      int base = at + 1 + (3 - (at % 4));
      out.add(at + Returns.int32(code, base));
      int low = Returns.int32(code, base + 4);
      int high = Returns.int32(code, base + 8);
      for (int i = 0; i <= high - low; i++) out.add(at + Returns.int32(code, base + 12 + i * 4));
    } else if (op == 0xab) {
      int base = at + 1 + (3 - (at % 4));
      out.add(at + Returns.int32(code, base));
      int pairs = Returns.int32(code, base + 4);
      for (int i = 0; i < pairs; i++) out.add(at + Returns.int32(code, base + 8 + i * 8 + 4));
    } else if (!((op >= 0xac && op <= 0xb1) || op == 0xbf)) {
      // The rest run on to the next instruction; a return or athrow goes nowhere in the method.
      out.add(after);
    }
    return out;
  }
}
