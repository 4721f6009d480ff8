// One JVM of the program: its JDI connection, the requests the adapter made in it (class prepare by
// source file, breakpoints, exceptions, steps) and the thread that takes its events. A breakpoint hit
// is decided here (condition, hit count); a stop goes to the Debugger, which shows one at a time.
package bpdiff.jdap;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.ExceptionRequest;
import com.sun.jdi.request.StepRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

final class VmSession {
  /** Classes a step never stops in: the JDK's and the Kotlin and Scala runtimes'. */
  static final List<String> STEP_EXCLUDES = List.of("java.*", "javax.*", "jdk.*", "sun.*", "com.sun.*", "kotlin.*", "scala.*");

  final Debugger debugger;
  final VirtualMachine vm;
  /** Finds the JVM's process (once, when first asked: it is not needed before the program runs). */
  private final java.util.function.LongSupplier findPid;
  private volatile long pid;
  /** Attached to a running JVM: its classes may be loaded already. */
  final boolean attached;
  final EventRequestManager requests;
  private final Returns returns;
  private final Map<String, Set<ReferenceType>> prepared = new HashMap<>();
  private final Set<String> watched = new HashSet<>();
  private final Map<Breakpoint, Binding> bindings = new HashMap<>();
  private final List<ExceptionRequest> exceptionRequests = new ArrayList<>();
  private ClassPrepareRequest functionWatch;
  private final Map<FunctionBreakpoint, List<BreakpointRequest>> functionBindings = new HashMap<>();
  volatile boolean alive = true;

  private record Binding(int line, Set<ReferenceType> classes, List<BreakpointRequest> requests) {}

  VmSession(Debugger debugger, VirtualMachine vm, java.util.function.LongSupplier findPid, boolean attached) {
    this.debugger = debugger;
    this.vm = vm;
    this.findPid = findPid;
    this.attached = attached;
    this.requests = vm.eventRequestManager();
    this.returns = new Returns(requests);
  }

  /** The JVM's process id, or -1 when it is not known (attached to, or already gone). */
  long pid() {
    if (pid == 0) pid = findPid.getAsLong();
    return pid;
  }

  void start() {
    Thread thread = new Thread(this::takeEvents, "jvm-events");
    thread.setDaemon(true);
    thread.start();
  }

  private void takeEvents() {
    try {
      for (;;) {
        EventSet set = vm.eventQueue().remove();
        try {
          handle(set);
        } catch (VMDisconnectedException e) {
          throw e;
        } catch (RuntimeException | StackOverflowError e) {
          // One event the adapter could not handle must not leave the JVM suspended, nor end the session.
          debugger.trace("an event of jvm " + pid() + " failed: " + e);
          resumeQuietly(set);
        }
      }
    } catch (InterruptedException | VMDisconnectedException e) {
      // the JVM is gone
    } finally {
      alive = false;
      debugger.jvmGone(this);
    }
  }

  private void handle(EventSet set) {
    List<Breakpoint> hit = new ArrayList<>();
    List<Integer> functionHits = new ArrayList<>();
    String conditionError = null;
    Debugger.Stop stop = null;
    ThreadReference thread = null;
    boolean step = false;
    boolean onward = false;
    for (Event event : set) {
      if (event instanceof VMStartEvent) {
        debugger.jvmStarted(this, set);
        return;
      }
      if (event instanceof VMDeathEvent || event instanceof VMDisconnectEvent) return;
      if (event instanceof ClassPrepareEvent prepare) {
        debugger.classPrepared(this, prepare.referenceType());
        continue;
      }
      if (event instanceof LocatableEvent located) thread = located.thread();
      if (event instanceof BreakpointEvent at && at.request().getProperty("function") instanceof FunctionBreakpoint function) {
        functionHits.add(function.id);
      } else if (event instanceof BreakpointEvent at && at.request().getProperty("breakpoint") instanceof Breakpoint breakpoint) {
        String error = null;
        boolean holds = true;
        if (breakpoint.condition != null) {
          try {
            holds = new Evaluator(at.thread(), 0, new Render(at.thread(), false)).test(breakpoint.condition);
          } catch (Expr.Error e) {
            error = e.getMessage();
          }
        }
        if (error != null) {
          // Stops, and says why: a condition that cannot be evaluated is never taken as true or false.
          conditionError = error;
          hit.add(breakpoint);
        } else if (holds) {
          AtomicInteger count = breakpoint.hits.computeIfAbsent(this, key -> new AtomicInteger());
          // JDI let the hits before this one go by (countFrom): they count, and the request, spent, is made again.
          if (at.request().getProperty("counted") instanceof Integer skipped) {
            count.set(skipped);
            renew(breakpoint, (BreakpointRequest) at.request());
          }
          if (breakpoint.hitStops(count.incrementAndGet())) hit.add(breakpoint);
        }
      } else if (event instanceof BreakpointEvent at && at.request().getProperty("join") instanceof CountPoint.Join join) {
        joined(at, join);
      } else if (event instanceof BreakpointEvent at && at.request().getProperty("returns") != null) {
        returns.atReturn(at);
      } else if (event instanceof StepEvent stepped) {
        // A step into or over a line that came to code without lines (a lambda's hidden class, which the
        // JDK calls and which calls the program's lambda; a step over the lambda's last line returns
        // there) steps on, into: JDWP's step, back in the JDK from there, would step out of the JDK,
        // past the lambda's later calls (a stream's filter, a sort's comparator), and a walk stopped
        // there steps out of code that is not the program's, past them too.
        if (stepped.location().lineNumber() < 0 && ((StepRequest) stepped.request()).depth() != StepRequest.STEP_OUT) onward = true;
        else step = true;
      } else if (event instanceof MethodExitEvent exit) {
        returns.exited(exit);
      } else if (event instanceof ExceptionEvent thrown && !caughtInRuntime(thrown)) {
        stop = exceptionStop(thrown, set);
      }
    }
    if (thread == null) {
      set.resume();
      return;
    }
    List<Integer> ids = new ArrayList<>();
    for (Breakpoint breakpoint : hit) ids.add(breakpoint.id);
    if (conditionError != null) {
      debugger.output("important", Breakpoint.CONDITION_ERROR + ": " + conditionError + "\n");
      stop = new Debugger.Stop(this, thread, "exception", Breakpoint.CONDITION_ERROR, conditionError, ids, null, set::resume);
    } else if (!hit.isEmpty()) {
      stop = new Debugger.Stop(this, thread, "breakpoint", "Paused on breakpoint", null, ids, null, set::resume);
    } else if (!functionHits.isEmpty()) {
      stop = new Debugger.Stop(this, thread, "function breakpoint", "Paused on function breakpoint", null, functionHits, null, set::resume);
    } else if (stop == null && step) {
      stop = new Debugger.Stop(this, thread, "step", null, null, List.of(), null, set::resume, returns.take(thread));
    }
    if (stop == null) {
      if (onward) stepOn(thread);
      set.resume();
      return;
    }
    deleteSteps(thread);
    debugger.stopped(stop);
  }

  /** An exception the JDK (or Kotlin's, Scala's runtime) catches itself: no business of the program's. */
  private static boolean caughtInRuntime(ExceptionEvent thrown) {
    Location catcher = thrown.catchLocation();
    return catcher != null && isRuntimeClass(catcher.declaringType().name());
  }

  static boolean isRuntimeClass(String name) {
    for (String pattern : STEP_EXCLUDES) if (name.startsWith(pattern.substring(0, pattern.length() - 1))) return true;
    return false;
  }

  private Debugger.Stop exceptionStop(ExceptionEvent thrown, EventSet set) {
    ObjectReference exception = thrown.exception();
    String type = exception.referenceType().name();
    String message = Jdi.get(exception, "detailMessage") instanceof StringReference s ? s.value() : null;
    boolean uncaught = thrown.catchLocation() == null;
    List<String> stack = new ArrayList<>();
    try {
      for (var frame : thrown.thread().frames()) {
        Location at = frame.location();
        stack.add("\tat " + at.declaringType().name() + "." + at.method().name() + "(" + Sources.sourceNameOf(at) + ":" + at.lineNumber() + ")");
      }
    } catch (Exception e) {
      // a stack that cannot be read is left out
    }
    Debugger.ExceptionInfo info = new Debugger.ExceptionInfo(type, message, uncaught ? "unhandled" : "always", String.join("\n", stack));
    String text = message == null ? type : type + ": " + message;
    return new Debugger.Stop(this, thrown.thread(), "exception", uncaught ? "Paused on uncaught exception" : "Paused on exception", text, List.of(), info, set::resume);
  }

  private static void resumeQuietly(EventSet set) {
    try {
      set.resume();
    } catch (RuntimeException e) {
      // gone
    }
  }

  private void deleteSteps(ThreadReference thread) {
    returns.end(thread);
    try {
      for (StepRequest request : new ArrayList<>(requests.stepRequests())) if (request.thread().equals(thread)) requests.deleteEventRequest(request);
    } catch (VMDisconnectedException e) {
      // gone
    }
  }

  /** A step from the thread's current stop (the caller then lets the JVM run); `returns`: the value its frame returns is shown at its stop. */
  void step(ThreadReference thread, int depth, boolean returns) {
    deleteSteps(thread);
    if (returns && depth != StepRequest.STEP_OUT) this.returns.watch(thread);
    lineStep(thread, depth);
  }

  private void lineStep(ThreadReference thread, int depth) {
    StepRequest request = requests.createStepRequest(thread, StepRequest.STEP_LINE, depth);
    for (String pattern : STEP_EXCLUDES) request.addClassExclusionFilter(pattern);
    request.addCountFilter(1);
    request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    request.enable();
  }

  /** The step into a line goes on from where it came to code without lines: a new line step, the value its frame returns still watched. */
  private void stepOn(ThreadReference thread) {
    try {
      for (StepRequest request : new ArrayList<>(requests.stepRequests())) if (request.thread().equals(thread)) requests.deleteEventRequest(request);
      lineStep(thread, StepRequest.STEP_INTO);
    } catch (VMDisconnectedException e) {
      // gone
    }
  }

  // Below: called with the Debugger's lock held.

  /** Asks to hear of every class compiled from this file (by its source name) that loads from now on. */
  void watch(Breakpoint.SourceFile file) {
    if (!watched.add(file.sourceName)) return;
    ClassPrepareRequest request = requests.createClassPrepareRequest();
    request.addSourceNameFilter(file.sourceName);
    request.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    request.enable();
    if (attached) {
      // Classes loaded before we came: those of the file's package, by their source name.
      for (ReferenceType type : vm.allClasses()) {
        if (!file.holds(type.name())) continue;
        try {
          if (type.isPrepared() && type.sourceName().equals(file.sourceName)) classPrepared(type);
        } catch (Exception e) {
          // no source name
        }
      }
    }
  }

  void classPrepared(ReferenceType type) {
    try {
      prepared.computeIfAbsent(type.sourceName(), key -> new LinkedHashSet<>()).add(type);
    } catch (Exception e) {
      // a class without a source name is no breakpoint's
    }
  }

  /** Binds (or rebinds) a breakpoint to the file's classes loaded so far (`prepared`: the one just loaded, or null); returns the line bound, or -1. */
  int bind(Breakpoint breakpoint, ReferenceType prepared) {
    Set<ReferenceType> classes = classesFor(breakpoint);
    // The class the line lies in has not loaded yet (a nested class): the breakpoint waits for it.
    int line = enclosingLoaded(breakpoint, classes) ? LineBinder.targetLine(classes, breakpoint.line, breakpoint.file.lines) : -1;
    Binding old = bindings.get(breakpoint);
    if (old != null && old.line == line && old.classes.equals(classes)) return line;
    List<BreakpointRequest> made = new ArrayList<>();
    Set<ReferenceType> bound = new LinkedHashSet<>();
    if (old != null && old.line == line) {
      made.addAll(old.requests);
      bound.addAll(old.classes);
    } else {
      unbind(breakpoint);
    }
    if (line < 0) return -1;
    for (ReferenceType type : classes) {
      if (!bound.add(type)) continue;
      for (Location location : LineBinder.locations(type, line)) {
        BreakpointRequest request = requests.createBreakpointRequest(location);
        request.putProperty("breakpoint", breakpoint);
        request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        request.enable();
        made.add(request);
      }
    }
    // The JVM itself lets the hits before the first that may stop go by, without an event each: only
    // for a breakpoint bound to one location, whose hits are that request's, and bound for the first time.
    // (A class loaded later with code on the same line adds a request whose hits the adapter counts
    // itself; the filtered one, when it fires, sets the count to the hits it let go: a line shared by
    // two classes, both run before the Nth hit, is the one case this counts short.)
    int first = breakpoint.firstStoppingHit();
    // A line in several runs of a method (a `for` header) is counted where they join (CountPoint).
    // Not where a thread stands on that location after a step: the JVM's count then never fires (HotSpot 17-21).
    if (old == null && made.size() == 1 && first > 1 && !breakpoint.hits.containsKey(this) && !standsAt(made.get(0).location())) countFrom(made.get(0), first);
    else if (old == null && made.size() > 1 && first > 1 && !breakpoint.hits.containsKey(this)) {
      BreakpointRequest join = CountPoint.arm(vm, requests, breakpoint, made, first, prepared);
      if (join != null) {
        made.add(join);
        Location at = join.location();
        debugger.trace(breakpoint.file.sourceName + ":" + line + ": the JVM lets " + (first - 1) + " hits go by, counted at " + at.method().name() + " code index " + at.codeIndex());
      }
    }
    bindings.put(breakpoint, new Binding(line, bound, made));
    return line;
  }

  /**
   * Whether a stopped thread stands on this location (a step ended there). A count filter on a request at
   * the location a thread stands on after a step never fires, its hits let go to the program's end: the
   * adapter counts those hits itself (a round trip each), as it does for a line in several classes.
   */
  private boolean standsAt(Location location) {
    try {
      for (ThreadReference thread : vm.allThreads())
        if (thread.isSuspended() && thread.frameCount() > 0 && thread.frame(0).location().equals(location)) return true;
      return false;
    } catch (IncompatibleThreadStateException | RuntimeException e) {
      return true;
    }
  }

  /** JDI's count filter: the request's first event is its `first`th hit (filters are added to a disabled request). */
  private static void countFrom(BreakpointRequest request, int first) {
    request.disable();
    request.addCountFilter(first);
    request.putProperty("counted", first - 1);
    request.enable();
  }

  /** A count-filtered request that reported its hit is spent (JDI reports no more): the same location's request again, without the filter. */
  private void renew(Breakpoint breakpoint, BreakpointRequest spent) {
    Binding binding = bindings.get(breakpoint);
    BreakpointRequest request = requests.createBreakpointRequest(spent.location());
    request.putProperty("breakpoint", breakpoint);
    request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    request.enable();
    requests.deleteEventRequest(spent);
    if (binding != null) binding.requests.replaceAll(each -> each == spent ? request : each);
  }

  /** The join's count reached (CountPoint.arm): the hits so far went by; the line's own requests count on from here. */
  private void joined(BreakpointEvent at, CountPoint.Join join) {
    if (!(at.request().getProperty("joins") instanceof Breakpoint breakpoint)) return;
    // The Debugger's lock, which setBreakpoints holds as it unbinds: the binding is this one's or gone.
    synchronized (debugger) {
      Binding binding = bindings.get(breakpoint);
      if (binding == null || !binding.requests.remove(at.request())) return;
      requests.deleteEventRequest(at.request());
      int counted = (Integer) at.request().getProperty("counted") + CountPoint.passing(vm, at.thread(), join);
      breakpoint.hits.computeIfAbsent(this, key -> new AtomicInteger()).set(counted);
      for (BreakpointRequest request : binding.requests) request.enable();
    }
  }

  /** Whether the class the breakpoint's line lies in has loaded: a line without code there is then said to have none. */
  boolean hasClassesFor(Breakpoint breakpoint) {
    Set<ReferenceType> classes = classesFor(breakpoint);
    return !classes.isEmpty() && enclosingLoaded(breakpoint, classes);
  }

  /** The loaded classes of the breakpoint's file that its line can bind in: the class it lies in (TypeLines) and those nested in it. */
  private Set<ReferenceType> classesFor(Breakpoint breakpoint) {
    Breakpoint.SourceFile file = breakpoint.file;
    Set<ReferenceType> classes = new LinkedHashSet<>();
    for (ReferenceType type : prepared.getOrDefault(file.sourceName, Set.of())) {
      if (file.holds(type.name()) && (file.types == null || file.types.inClassOf(breakpoint.line, withoutPackage(type.name())))) classes.add(type);
    }
    return classes;
  }

  private static boolean enclosingLoaded(Breakpoint breakpoint, Set<ReferenceType> classes) {
    if (breakpoint.file.types == null) return true;
    for (ReferenceType type : classes) if (breakpoint.file.types.isClassOf(breakpoint.line, withoutPackage(type.name()))) return true;
    return false;
  }

  private static String withoutPackage(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }

  void unbind(Breakpoint breakpoint) {
    Binding old = bindings.remove(breakpoint);
    if (old == null) return;
    try {
      requests.deleteEventRequests(old.requests);
    } catch (VMDisconnectedException e) {
      // gone
    }
  }

  /** Asks to hear of every class of the program that loads (not the JDK's nor a language runtime's), for function breakpoints. */
  void watchFunctions(boolean any) {
    if (any && functionWatch == null) {
      functionWatch = requests.createClassPrepareRequest();
      for (String pattern : STEP_EXCLUDES) functionWatch.addClassExclusionFilter(pattern);
      functionWatch.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      functionWatch.enable();
    } else if (!any && functionWatch != null) {
      requests.deleteEventRequest(functionWatch);
      functionWatch = null;
    }
  }

  /** Binds a function breakpoint at the first line of each method of that name in `type`; whether any bound. */
  boolean bindFunction(FunctionBreakpoint function, ReferenceType type) {
    List<BreakpointRequest> made = functionBindings.computeIfAbsent(function, key -> new ArrayList<>());
    boolean bound = false;
    for (com.sun.jdi.Method method : type.methodsByName(function.method)) {
      Location location = method.isAbstract() || method.isNative() ? null : method.location();
      if (location == null || location.lineNumber() <= 0) continue;
      if (made.stream().anyMatch(request -> request.location().equals(location))) {
        bound = true;
        continue;
      }
      BreakpointRequest request = requests.createBreakpointRequest(location);
      request.putProperty("function", function);
      request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
      request.enable();
      made.add(request);
      bound = true;
    }
    return bound;
  }

  void unbindFunction(FunctionBreakpoint function) {
    List<BreakpointRequest> made = functionBindings.remove(function);
    if (made == null) return;
    try {
      requests.deleteEventRequests(made);
    } catch (VMDisconnectedException e) {
      // gone
    }
  }

  void setExceptionFilters(Set<String> filters) {
    requests.deleteEventRequests(exceptionRequests);
    exceptionRequests.clear();
    boolean all = filters.contains("all");
    if (!all && !filters.contains("uncaught")) return;
    // With "all", exceptions the runtime throws and catches itself still arrive (JDWP filters by where
    // an exception is thrown, not where it is caught): they are let go (caughtInRuntime).
    ExceptionRequest request = requests.createExceptionRequest(null, all, true);
    request.setSuspendPolicy(EventRequest.SUSPEND_ALL);
    request.enable();
    exceptionRequests.add(request);
  }

  /** Every request of ours, gone (a JVM let run on at the end: nothing stops it again). */
  void clearRequests() {
    try {
      requests.deleteAllBreakpoints();
      requests.deleteEventRequests(new ArrayList<>(requests.classPrepareRequests()));
      requests.deleteEventRequests(new ArrayList<>(requests.exceptionRequests()));
      requests.deleteEventRequests(new ArrayList<>(requests.stepRequests()));
    } catch (VMDisconnectedException e) {
      // gone
    }
  }
}
