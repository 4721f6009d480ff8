// bpdiff's Java debug adapter: DAP on stdin/stdout over the JDK's debugger interface (JDI). The JDI
// machinery and the port the program's JVMs connect to are made while the client initializes. When
// stdin closes, or the adapter is told to end (SIGTERM, SIGINT, SIGHUP), the program's processes are
// killed. `--warm-up` exercises the start path and exits (the build records a class-data archive).
package bpdiff.jdap;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    // Only DAP may reach stdout: anything else printed goes to stderr.
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
    CompletableFuture<JvmListener> listener = new CompletableFuture<>();
    try {
      listener.complete(new JvmListener());
    } catch (java.io.IOException e) {
      listener.completeExceptionally(e);
    }
    if (args.length > 0 && args[0].equals("--warm-up")) {
      warmUp(listener);
      return;
    }
    DapConnection dap = new DapConnection(System.in, stdout);
    Debugger debugger = new Debugger(dap, Path.of("").toAbsolutePath(), listener);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> debugger.disconnect(true), "adapter-exit"));
    DebugSession session = new DebugSession(dap, debugger);
    for (;;) {
      Map<String, Object> message;
      try {
        message = dap.read();
      } catch (Exception e) {
        dap.trace("reading a message failed: " + e);
        break;
      }
      if (message == null) break;
      session.handle(message);
    }
    // The client has gone: so does the program (the shutdown hook kills it).
    System.exit(0);
  }

  /** The classes a session loads, loaded once (for the class-data archive made at build time). */
  private static void warmUp(CompletableFuture<JvmListener> listener) throws Exception {
    listener.join().warmUp();
    listener.join().close();
    Json.parse(Json.write(Json.object("a", java.util.List.of(1L, "b", true), "c", 1.5)));
    ExprParser.parse("a.b[0] > 3 && s.equals(\"x\") || !(x instanceof Item) ? (int) 1.5 : -2L");
    new Breakpoint(new Breakpoint.SourceFile(Path.of("Warm.java")), 1, "x > 1", ">= 2").toDap();
    new ProgramProcess.AgentLineFilter("x").feed("Picked up JAVA_TOOL_OPTIONS: x\nhello\n");
    Render.quote("a\n", '"');
    LaunchConfig.parse(Map.of("command", java.util.List.of("java")), Path.of("/"));
    Class.forName("bpdiff.jdap.VmSession");
    Class.forName("bpdiff.jdap.Inspector");
    Class.forName("bpdiff.jdap.Evaluator");
    Class.forName("bpdiff.jdap.Calls");
    Class.forName("bpdiff.jdap.JdkCollections");
  }
}
