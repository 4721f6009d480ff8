// The runtime the DAP session drives: the program's process, the JVMs that connect from its tree,
// the breakpoints set in each, and the stops, shown one at a time (the first is reported; others
// wait, their JVMs suspended, until it is continued). Its parts: VmSession (one JVM), Inspector
// (frames and values), ProgramProcess (the command), JvmListener (where JVMs connect).
package bpdiff.jdap;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.EventSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

final class Debugger {
  /** A stop to show: where, why, and how to let its JVM go on. */
  record Stop(VmSession jvm, ThreadReference thread, String reason, String description, String text, List<Integer> hitBreakpointIds, ExceptionInfo exception, Runnable resume, Returns.Returned returned) {
    Stop(VmSession jvm, ThreadReference thread, String reason, String description, String text, List<Integer> hitBreakpointIds, ExceptionInfo exception, Runnable resume) {
      this(jvm, thread, reason, description, text, hitBreakpointIds, exception, resume, null);
    }
  }

  record ExceptionInfo(String type, String message, String breakMode, String stackTrace) {}

  final DapConnection dap;
  final Path adapterCwd;
  private final CompletableFuture<JvmListener> listener;
  LaunchConfig config;
  private volatile ProgramProcess program;
  final List<VmSession> jvms = new CopyOnWriteArrayList<>();
  private final Map<Path, List<Breakpoint>> breakpoints = new LinkedHashMap<>();
  private volatile List<Breakpoint.SourceFile> breakpointFiles = List.of();
  private List<FunctionBreakpoint> functions = List.of();
  private Set<String> exceptionFilters = Set.of();
  private boolean configured;
  private final Map<VmSession, EventSet> held = new LinkedHashMap<>();
  private final Set<VmSession> configuredJvms = new java.util.HashSet<>();
  private Stop shown;
  private final Deque<Stop> pending = new ArrayDeque<>();
  final Threads threads = new Threads();
  final Inspector inspector = new Inspector(this);
  Sources sources;
  private volatile boolean ended;
  private volatile boolean attachedOnly;
  private volatile boolean invokeToStringWhenAttached;

  Debugger(DapConnection dap, Path adapterCwd, CompletableFuture<JvmListener> listener) {
    this.dap = dap;
    this.adapterCwd = adapterCwd;
    this.listener = listener;
    this.sources = new Sources(adapterCwd);
  }

  void trace(String line) {
    dap.trace(line);
  }

  void output(String category, String text) {
    dap.sendEvent("output", Json.object("category", category, "output", text));
  }

  // --- starting ---

  void launch(LaunchConfig config) throws ProgramProcess.StartError {
    this.config = config;
    this.sources = new Sources(config.cwd, config.command, config.sourcePaths);
    JvmListener jvmListener;
    try {
      jvmListener = listener.join();
    } catch (RuntimeException e) {
      throw new ProgramProcess.StartError("cannot listen for the program's JVMs: " + e.getCause());
    }
    jvmListener.acceptInBackground(this::connected, this::trace);
    program = ProgramProcess.start(config, jvmListener.port(), this::output, this::programExited);
    jvmListener.loadJdi();
    trace("program started: pid " + program.pid);
    dap.sendEvent("process", Json.object("name", config.command.get(0), "systemProcessId", program.pid, "isLocalProcess", true, "startMethod", "launch"));
  }

  void attach(String host, int port, Path cwd, boolean invokeToString) throws IOException {
    this.sources = new Sources(cwd);
    attachedOnly = true;
    VirtualMachine vm = JvmListener.attach(host, port, 10_000);
    this.config = null;
    this.invokeToStringWhenAttached = invokeToString;
    VmSession jvm = new VmSession(this, vm, () -> -1, true);
    synchronized (this) {
      jvms.add(jvm);
      held.put(jvm, null);
    }
    jvm.start();
  }

  boolean attached() {
    return attachedOnly;
  }

  boolean invokeToString() {
    return config != null ? config.invokeToString : invokeToStringWhenAttached;
  }

  private void connected(VirtualMachine vm, int remotePort) {
    trace("a JVM connected from port " + remotePort);
    int port = listener.join().port();
    new VmSession(this, vm, () -> program == null ? -1 : ProcessTree.ownerOfConnection(remotePort, port, program.processes(List.of())), false).start();
  }

  synchronized void jvmStarted(VmSession jvm, EventSet set) {
    trace("a JVM started" + (configured ? "" : ", held until configurationDone"));
    if (!jvms.contains(jvm)) jvms.add(jvm);
    if (ended) {
      set.resume();
      return;
    }
    if (configured) {
      configure(jvm);
      set.resume();
    } else {
      held.put(jvm, set);
    }
  }

  synchronized void configurationDone() {
    configured = true;
    for (Map.Entry<VmSession, EventSet> entry : held.entrySet()) {
      configure(entry.getKey());
      if (entry.getValue() != null) entry.getValue().resume();
    }
    held.clear();
  }

  private void configure(VmSession jvm) {
    configuredJvms.add(jvm);
    for (List<Breakpoint> list : breakpoints.values()) {
      if (list.isEmpty()) continue;
      jvm.watch(list.get(0).file);
      for (Breakpoint breakpoint : list) bindAndReport(jvm, breakpoint, null);
    }
    jvm.setExceptionFilters(exceptionFilters);
    jvm.watchFunctions(!functions.isEmpty());
  }

  // --- breakpoints ---

  synchronized List<Object> setBreakpoints(Path file, List<Map<String, Object>> specs) {
    for (Breakpoint old : breakpoints.getOrDefault(file, List.of())) for (VmSession jvm : jvms) jvm.unbind(old);
    Breakpoint.SourceFile source = new Breakpoint.SourceFile(file);
    sources.remember(source);
    List<Breakpoint> list = new ArrayList<>();
    for (Map<String, Object> spec : specs) {
      int line = spec.get("line") instanceof Number n ? n.intValue() : 0;
      list.add(new Breakpoint(source, line, (String) spec.get("condition"), (String) spec.get("hitCondition")));
    }
    breakpoints.put(file, list);
    List<Breakpoint.SourceFile> files = new ArrayList<>();
    for (List<Breakpoint> each : breakpoints.values()) if (!each.isEmpty()) files.add(each.get(0).file);
    breakpointFiles = List.copyOf(files);
    for (VmSession jvm : configuredJvms) {
      if (!jvm.alive) continue;
      if (!list.isEmpty()) jvm.watch(source);
      for (Breakpoint breakpoint : list) bindAndReport(jvm, breakpoint, null);
    }
    List<Object> out = new ArrayList<>();
    for (Breakpoint breakpoint : list) out.add(breakpoint.toDap());
    return out;
  }

  synchronized List<Object> setFunctionBreakpoints(List<Map<String, Object>> specs) {
    for (FunctionBreakpoint old : functions) for (VmSession jvm : jvms) jvm.unbindFunction(old);
    List<FunctionBreakpoint> list = new ArrayList<>();
    for (Map<String, Object> spec : specs) if (spec.get("name") instanceof String name && !name.isBlank()) list.add(new FunctionBreakpoint(name));
    functions = list;
    for (VmSession jvm : configuredJvms) {
      if (!jvm.alive) continue;
      jvm.watchFunctions(!list.isEmpty());
      // Classes loaded already (a JVM that runs, or an attached one).
      if (!list.isEmpty()) for (ReferenceType type : jvm.vm.allClasses()) bindFunctions(jvm, type, false);
    }
    List<Object> out = new ArrayList<>();
    for (FunctionBreakpoint function : list) out.add(function.toDap());
    return out;
  }

  private void bindFunctions(VmSession jvm, ReferenceType type, boolean report) {
    for (FunctionBreakpoint function : functions) {
      if (!function.matches(type.name()) || !jvm.bindFunction(function, type) || function.verified) continue;
      function.verified = true;
      if (report) dap.sendEvent("breakpoint", Json.object("reason", "changed", "breakpoint", function.toDap()));
    }
  }

  synchronized void setExceptionFilters(Set<String> filters) {
    exceptionFilters = filters;
    for (VmSession jvm : configuredJvms) if (jvm.alive) jvm.setExceptionFilters(filters);
  }

  /** The breakpoints' files, read without the lock (the Inspector asks while it holds its own). */
  List<Breakpoint.SourceFile> breakpointFiles() {
    return breakpointFiles;
  }

  synchronized void classPrepared(VmSession jvm, ReferenceType type) {
    jvm.classPrepared(type);
    if (!functions.isEmpty() && configuredJvms.contains(jvm)) bindFunctions(jvm, type, true);
    for (List<Breakpoint> list : breakpoints.values()) {
      for (Breakpoint breakpoint : list) {
        if (breakpoint.file.holds(type.name()) && configuredJvms.contains(jvm)) bindAndReport(jvm, breakpoint, type);
      }
    }
  }

  private void bindAndReport(VmSession jvm, Breakpoint breakpoint, ReferenceType prepared) {
    if (breakpoint.refusal != null) return;
    int line;
    try {
      line = jvm.bind(breakpoint, prepared);
    } catch (RuntimeException e) {
      trace("binding " + breakpoint.file.sourceName + ":" + breakpoint.line + " failed: " + e);
      return;
    }
    if (line > 0 && (!breakpoint.verified || breakpoint.reportedLine != line)) {
      breakpoint.verified = true;
      breakpoint.reportedLine = line;
    } else if (line < 0 && !breakpoint.verified && jvm.hasClassesFor(breakpoint)) {
      String message = breakpoint.file.sourceName + ": no code at line " + breakpoint.line + " or below it";
      if (message.equals(breakpoint.message)) return;
      breakpoint.message = message;
    } else {
      return;
    }
    dap.sendEvent("breakpoint", Json.object("reason", "changed", "breakpoint", breakpoint.toDap()));
  }

  // --- stops ---

  synchronized void stopped(Stop stop) {
    if (ended) {
      stop.resume().run();
      return;
    }
    if (shown == null) show(stop);
    else pending.add(stop);
  }

  private void show(Stop stop) {
    shown = stop;
    inspector.showReturned(stop.thread(), stop.returned());
    dap.sendEvent("stopped", Json.object(
        "reason", stop.reason(), "threadId", threads.idOf(stop.jvm(), stop.thread()), "allThreadsStopped", true,
        "hitBreakpointIds", stop.hitBreakpointIds().isEmpty() ? null : stop.hitBreakpointIds(), "description", stop.description(), "text", stop.text()));
  }

  synchronized Stop shownStop() {
    return shown;
  }

  /**
   * Lets the JVM of `threadId` run on (after a step request, for a step; `returns`: its stop shows the
   * value its frame returned). The next waiting stop is shown by announcePending(), after the response.
   */
  synchronized void resume(int threadId, Integer stepDepth, boolean returns) {
    Threads.Entry entry = threads.entry(threadId);
    VmSession jvm = entry != null ? entry.jvm() : shown != null ? shown.jvm() : null;
    if (jvm == null || !jvm.alive) return;
    if (stepDepth != null) jvm.step(entry != null ? entry.thread() : shown.thread(), stepDepth, returns);
    inspector.clear();
    if (shown != null && shown.jvm() == jvm) {
      Stop stop = shown;
      shown = null;
      stop.resume().run();
    } else {
      pending.removeIf(stop -> {
        if (stop.jvm() != jvm) return false;
        stop.resume().run();
        return true;
      });
    }
  }

  synchronized void announcePending() {
    while (shown == null && !pending.isEmpty()) {
      Stop next = pending.poll();
      if (next.jvm().alive) show(next);
    }
  }

  synchronized void pause(int threadId) {
    Threads.Entry entry = threads.entry(threadId);
    VmSession jvm = entry != null ? entry.jvm() : jvms.isEmpty() ? null : jvms.get(0);
    if (jvm == null || shown != null) return;
    jvm.vm.suspend();
    ThreadReference thread = entry != null ? entry.thread() : jvm.vm.allThreads().get(0);
    stopped(new Stop(jvm, thread, "pause", "Paused", null, List.of(), null, jvm.vm::resume));
  }

  synchronized void jvmGone(VmSession jvm) {
    jvms.remove(jvm);
    configuredJvms.remove(jvm);
    held.remove(jvm);
    pending.removeIf(stop -> stop.jvm() == jvm);
    if (shown != null && shown.jvm() == jvm) {
      shown = null;
      inspector.clear();
    }
    threads.forget(jvm);
    announcePending();
    if (attachedOnly && jvms.isEmpty() && !ended) {
      ended = true;
      dap.sendEvent("terminated", Json.object());
    }
  }

  // --- ending ---

  private void programExited(int code) {
    if (ended) return;
    ended = true;
    // What it left behind (a JVM started in the background, a daemon) goes with it.
    program.kill(jvmPids());
    listener.join().close();
    dap.sendEvent("exited", Json.object("exitCode", code));
    dap.sendEvent("terminated", Json.object());
  }

  private List<Long> jvmPids() {
    List<Long> pids = new ArrayList<>();
    for (VmSession jvm : jvms) if (jvm.pid() > 0) pids.add(jvm.pid());
    return pids;
  }

  /** disconnect: kill the program (or, when asked not to, let it run on free of every request of ours). */
  void disconnect(boolean terminateDebuggee) {
    ended = true;
    if (terminateDebuggee) {
      if (program != null) program.kill(jvmPids());
      else for (VmSession jvm : jvms) exitQuietly(jvm.vm);
    } else {
      for (VmSession jvm : jvms) {
        jvm.clearRequests();
        try {
          jvm.vm.dispose();
        } catch (RuntimeException e) {
          // gone
        }
      }
    }
    if (listener.isDone() && !listener.isCompletedExceptionally()) listener.join().close();
  }

  /** terminate: SIGTERM to the program's processes, its JVMs let run to their shutdown, SIGKILL after 2 s. */
  void terminate() {
    if (program == null) {
      disconnect(true);
      return;
    }
    List<Long> pids = jvmPids();
    ProcessTree.terminateAll(program.processes(pids));
    synchronized (this) {
      for (VmSession jvm : jvms) jvm.clearRequests();
      for (VmSession jvm : jvms) {
        try {
          jvm.vm.resume();
        } catch (RuntimeException e) {
          // gone
        }
      }
      shown = null;
      pending.clear();
    }
    Thread killer = new Thread(() -> {
      try {
        Thread.sleep(2000);
      } catch (InterruptedException e) {
        return;
      }
      program.kill(pids);
    }, "terminate");
    killer.setDaemon(true);
    killer.start();
  }

  private static void exitQuietly(VirtualMachine vm) {
    try {
      vm.exit(1);
    } catch (RuntimeException e) {
      // gone
    }
  }
}
