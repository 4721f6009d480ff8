// bpdiff's Java debug adapter: DAP on stdin/stdout over the JDK's debugger interface (JDI). The JDI
// machinery and the port the program's JVMs connect to are made while the client initializes. When
// stdin closes, or the adapter is told to end (SIGTERM, SIGINT, SIGHUP), the program's processes are
// killed. `--warm-up` debugs a program of its own and exits (the build records a class-data archive).
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
    // The port is made beside the first requests, not before them: a cold JVM takes tens of
    // milliseconds to open its first socket, and `launch` is the first request that needs it. A class
    // of its own, not a lambda: the first lambda costs the JVM as much again, on the thread that
    // meets it.
    CompletableFuture<JvmListener> listener = new CompletableFuture<>();
    Thread listen = new ListenerSetup(listener);
    listen.setDaemon(true);
    listen.start();
    if (args.length > 0 && args[0].equals("--warm-up")) {
      WarmUp.run(listener);
      System.exit(0);
    }
    DapConnection dap = new DapConnection(System.in, stdout);
    Debugger debugger = new Debugger(dap, Path.of("").toAbsolutePath(), listener);
    Runtime.getRuntime().addShutdownHook(new ExitHook(debugger));
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

  /** The program goes with the adapter (not a lambda either: see ListenerSetup). */
  private static final class ExitHook extends Thread {
    private final Debugger debugger;

    ExitHook(Debugger debugger) {
      super("adapter-exit");
      this.debugger = debugger;
    }

    @Override
    public void run() {
      debugger.disconnect(true);
    }
  }

  private static final class ListenerSetup extends Thread {
    private final CompletableFuture<JvmListener> listener;

    ListenerSetup(CompletableFuture<JvmListener> listener) {
      super("jvm-listener-setup");
      this.listener = listener;
    }

    @Override
    public void run() {
      try {
        listener.complete(new JvmListener());
      } catch (java.io.IOException | RuntimeException e) {
        listener.completeExceptionally(e);
      }
    }
  }
}
