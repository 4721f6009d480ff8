// The value a method returned, for a step that asks for it (bpdiffReturns, bpdiff's walk by effects):
// a step that leaves its frame already stops in the caller at once (JDWP ends a line step on the
// first location after the return), and there the caller's locals show what the method returned as
// `(return) NAME`, as bpdiff's Python and Node adapters and debugpy name it. JDI reports the value at
// the method's exit only (MethodExitEvent.returnValue), before the frame is gone: a method-exit
// request of the stepping thread, in the class of the frame the step starts in, catches it.
package bpdiff.jdap;

import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VoidValue;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodExitRequest;
import java.util.ArrayList;
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

  /** A step of `thread` that asks for the value returned: its frame's exit is watched. */
  void watch(ThreadReference thread) {
    try {
      if (!thread.virtualMachine().canGetMethodReturnValues()) return;
      // Only exits of the stepped frame's class reach the adapter (a call into another class during
      // the line costs nothing); its own calls of the same class are told apart by their depth.
      MethodExitRequest request = requests.createMethodExitRequest();
      request.addThreadFilter(thread);
      request.addClassFilter(thread.frame(0).location().declaringType());
      request.putProperty("returns", thread.frameCount());
      request.putProperty("thread", thread);
      request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      request.enable();
    } catch (Exception e) {
      // A thread whose frames cannot be read (not suspended, gone): no value, as on an adapter without it.
    }
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
    } catch (VMDisconnectedException e) {
      // gone
    }
    caught.remove(thread);
  }
}
