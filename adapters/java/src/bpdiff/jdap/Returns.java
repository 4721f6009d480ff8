// The value a method returned, for a step that asks for it (bpdiffReturns, bpdiff's walk by effects):
// a step that leaves its frame already stops in the caller at once (JDWP ends a line step on the
// first location after the return), and there the caller's locals show what the method returned as
// `(return) NAME`, as bpdiff's Python and Node adapters and debugpy name it. JDI gives the value only
// at the method's exit (MethodExitEvent.returnValue), before the frame is gone. A method-exit request
// for the whole step would hear every exit of every call the line makes (stepping over a line that
// calls a method 20,000 times took seconds instead of milliseconds), so the step first waits at the
// return instructions of its own line (breakpoints there, in its thread, at its frame's depth), and
// only from there hears the next exit, which is its frame's.
package bpdiff.jdap;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.VoidValue;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodExitRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

final class Returns {
  /** What the stepped frame's method returned: its name, the value (a JDI value) and its declared type. */
  record Returned(String method, Value value, String type) {}

  private final EventRequestManager requests;
  /** The value each thread's stepped frame returned, until the step's stop takes it. */
  private final Map<ThreadReference, Returned> caught = new ConcurrentHashMap<>();

  Returns(EventRequestManager requests) {
    this.requests = requests;
  }

  /** A step of `thread` that asks for the value returned: the return instructions of its line are watched. */
  void watch(ThreadReference thread) {
    try {
      VirtualMachine vm = thread.virtualMachine();
      if (!vm.canGetMethodReturnValues()) return;
      Location at = thread.frame(0).location();
      int depth = thread.frameCount();
      LineCode line = vm.canGetBytecodes() ? lineCode(at.method(), at.lineNumber()) : null;
      // No line table or no bytecode to read, or a line that calls nothing: every exit of the frame's
      // class is heard from here on (the frame's own is told by its depth; without calls there are few others).
      if (line == null || (!line.calls() && !line.returns().isEmpty())) {
        watchExit(thread, at.declaringType(), depth, false);
        return;
      }
      for (long index : line.returns()) {
        // Standing on the return itself (back from a call in `return f(x);`): its exit is the next.
        if (index == at.codeIndex()) {
          watchExit(thread, at.declaringType(), depth, true);
          continue;
        }
        BreakpointRequest request = requests.createBreakpointRequest(at.method().locationOfCodeIndex(index));
        request.addThreadFilter(thread);
        request.putProperty("returns", depth);
        request.putProperty("thread", thread);
        request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        request.enable();
      }
    } catch (Exception e) {
      // A thread whose frames cannot be read (not suspended, gone): no value, as on an adapter without it.
    }
  }

  /** A return instruction of the stepped line reached: at the frame's own depth, its exit is the thread's next. */
  void atReturn(BreakpointEvent event) {
    if (!(event.request().getProperty("returns") instanceof Integer depth)) return;
    try {
      ThreadReference thread = event.thread();
      if (thread.frameCount() == depth) watchExit(thread, event.location().declaringType(), depth, true);
    } catch (Exception e) {
      // the thread or its JVM going away
    }
  }

  private void watchExit(ThreadReference thread, ReferenceType type, int depth, boolean next) {
    MethodExitRequest request = requests.createMethodExitRequest();
    request.addThreadFilter(thread);
    request.addClassFilter(type);
    if (next) request.addCountFilter(1);
    request.putProperty("returns", depth);
    request.putProperty("thread", thread);
    request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    request.enable();
  }

  /** A method exit in a watched class: kept when it is the stepped frame's (the stack as deep as at the step's start). */
  void exited(MethodExitEvent exit) {
    if (!(exit.request().getProperty("returns") instanceof Integer depth)) return;
    try {
      if (exit.thread().frameCount() != depth) return;
      Value value = exit.returnValue();
      // A void method returns nothing to show.
      if (value instanceof VoidValue) return;
      // An object returned stays reachable: it is on the caller's operand stack at the step's stop.
      caught.put(exit.thread(), new Returned(exit.method().name(), value, exit.method().returnTypeName()));
    } catch (Exception e) {
      // the thread or its JVM going away
    }
  }

  /** The value the stepped frame returned, for the step's stop (null: it did not return, or the step did not ask). */
  Returned take(ThreadReference thread) {
    return caught.remove(thread);
  }

  /** The thread's watch ends (its step stopped, or another begins): a value its stop did not take is forgotten. */
  void end(ThreadReference thread) {
    try {
      for (MethodExitRequest request : new ArrayList<>(requests.methodExitRequests()))
        if (thread.equals(request.getProperty("thread"))) requests.deleteEventRequest(request);
      for (BreakpointRequest request : new ArrayList<>(requests.breakpointRequests()))
        if (thread.equals(request.getProperty("thread")) && request.getProperty("returns") != null) requests.deleteEventRequest(request);
    } catch (VMDisconnectedException e) {
      // gone
    }
    caught.remove(thread);
  }

  /** A line's code: the indices of its return instructions (ireturn ... return), and whether it calls a method. */
  record LineCode(List<Long> returns, boolean calls) {}

  /** The line's code, read from the method's bytecode instruction by instruction; null when the method has no line table. */
  static LineCode lineCode(Method method, int line) {
    List<Location> lines;
    try {
      lines = method.allLineLocations();
    } catch (Exception e) {
      return null;
    }
    if (line <= 0 || lines.isEmpty()) return null;
    byte[] code = method.bytecodes();
    List<Long> found = new ArrayList<>();
    boolean calls = false;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).lineNumber() != line) continue;
      int start = (int) lines.get(i).codeIndex();
      // A line's code runs to where the next line's begins (allLineLocations is in code index order).
      int end = i + 1 < lines.size() ? (int) lines.get(i + 1).codeIndex() : code.length;
      for (int at = start; at < end && at < code.length; at = at + instructionLength(code, at)) {
        int op = code[at] & 0xff;
        if (op >= 0xac && op <= 0xb1) found.add((long) at);
        // invokevirtual, invokespecial, invokestatic, invokeinterface, invokedynamic
        if (op >= 0xb6 && op <= 0xba) calls = true;
      }
    }
    return new LineCode(found, calls);
  }

  /** The length of the instruction at `at` (JVM specification, chapter 6), its operands included. */
  static int instructionLength(byte[] code, int at) {
    int op = code[at] & 0xff;
    switch (op) {
      case 0x10, 0x12, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3a, 0xa9, 0xbc:
        return 2;
      case 0x11, 0x13, 0x14, 0x84, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xbb, 0xbd, 0xc0, 0xc1, 0xc6, 0xc7:
        return 3;
      case 0xc5:
        return 4;
      case 0xb9, 0xba, 0xc8, 0xc9:
        return 5;
      case 0xc4: // wide: iinc's two operands, or a load's or store's
        return at + 1 < code.length && (code[at + 1] & 0xff) == 0x84 ? 6 : 4;
      case 0xaa: { // tableswitch: padding to 4, default, low, high, a jump for each of low..high
        int pad = 3 - (at % 4);
        int low = int32(code, at + 1 + pad + 4);
        int high = int32(code, at + 1 + pad + 8);
        return 1 + pad + 12 + (high - low + 1) * 4;
      }
      case 0xab: { // lookupswitch: padding to 4, default, npairs, each pair
        int pad = 3 - (at % 4);
        return 1 + pad + 8 + int32(code, at + 1 + pad + 4) * 8;
      }
      default:
        // if<cond>, goto, jsr and their kin take two bytes of offset; the rest none.
        return op >= 0x99 && op <= 0xa8 ? 3 : 1;
    }
  }

  static int int32(byte[] code, int at) {
    return ((code[at] & 0xff) << 24) | ((code[at + 1] & 0xff) << 16) | ((code[at + 2] & 0xff) << 8) | (code[at + 3] & 0xff);
  }
}
