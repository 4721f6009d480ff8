// `--warm-up`: the adapter debugs a program of its own (WarmUpTarget) from launch to exit, so that the
// build's class-data archive (-XX:ArchiveClassesAtExit) holds the classes, and the lambda forms, that a
// session loads; a session then spends its time on the program, not on loading the adapter. Best
// effort: whatever fails here only makes the archive smaller.
package bpdiff.jdap;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

final class WarmUp {
  private static final long WAIT_MS = 20_000;

  private WarmUp() {}

  static void run(CompletableFuture<JvmListener> listener) throws Exception {
    listener.join().warmUp();
    DapConnection dap = new DapConnection(InputStream.nullInputStream(), OutputStream.nullOutputStream());
    Debugger debugger = new Debugger(dap, Path.of("").toAbsolutePath(), listener);
    DebugSession session = new DebugSession(dap, debugger);
    Path jar = Path.of(WarmUp.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path folder = Files.createTempDirectory("bpdiff-java-warm-up-");
    try {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      // The breakpoint's file, as a session reads it (its package, its lines): its text matters not.
      Files.writeString(folder.resolve("WarmUpTarget.java"), "package bpdiff.jdap;\n" + "\n".repeat(WarmUpTarget.STOP_LINE + 10));
      request(session, "initialize", Map.of("adapterID", "java"));
      request(session, "launch", Map.of("command", List.of(java, "-cp", jar.toString(), WarmUpTarget.class.getName()), "cwd", folder.toString()));
      Map<String, Object> breakpoint = Map.of("line", (long) WarmUpTarget.STOP_LINE, "condition", "items.size() > 1 && total >= 0 && byName.get(\"a\").qty() == 1");
      request(session, "setBreakpoints", Map.of("source", Map.of("path", folder.resolve("WarmUpTarget.java").toString()), "breakpoints", List.of(breakpoint)));
      request(session, "setExceptionBreakpoints", Map.of("filters", List.of("uncaught")));
      request(session, "configurationDone", Map.of());
      Debugger.Stop stop = waitForStop(debugger);
      if (stop == null) return;
      int threadId = debugger.threads.idOf(stop.jvm(), stop.thread());
      debugger.inspector.threads();
      Map<String, Object> trace = debugger.inspector.stackTrace(threadId, 0, 5);
      int frameId = (Integer) ((Map<?, ?>) ((List<?>) trace.get("stackFrames")).get(0)).get("id");
      for (Object scope : debugger.inspector.scopes(frameId)) read(debugger, (Integer) ((Map<?, ?>) scope).get("variablesReference"), 3);
      debugger.inspector.evaluate("items.get(0).name() + \":\" + total", frameId);
      request(session, "next", Map.of("threadId", (long) threadId));
      if (waitForStop(debugger) != null) request(session, "continue", Map.of("threadId", (long) threadId));
      request(session, "disconnect", Map.of("terminateDebuggee", true));
    } finally {
      debugger.disconnect(true);
      try (var files = Files.list(folder)) {
        files.forEach(file -> file.toFile().delete());
      }
      Files.deleteIfExists(folder);
    }
  }

  private static int seq = 1;

  /** A request as a session gets it: JSON text, parsed. */
  @SuppressWarnings("unchecked")
  private static void request(DebugSession session, String command, Map<String, Object> arguments) {
    session.handle((Map<String, Object>) Json.parse(Json.write(Json.object("seq", (long) seq++, "type", "request", "command", command, "arguments", arguments))));
  }

  private static Debugger.Stop waitForStop(Debugger debugger) throws InterruptedException {
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (System.currentTimeMillis() < deadline) {
      Debugger.Stop stop = debugger.shownStop();
      if (stop != null) return stop;
      Thread.sleep(5);
    }
    return null;
  }

  private static void read(Debugger debugger, int reference, int depth) throws Exception {
    if (reference <= 0 || depth < 0) return;
    for (Object variable : debugger.inspector.variables(reference, null, 0, 0)) {
      Object child = ((Map<?, ?>) variable).get("variablesReference");
      if (child instanceof Integer next) read(debugger, next, depth - 1);
    }
  }
}
