// The user's command, started as typed in a session of its own (setsid), with the JDWP agent added
// to JAVA_TOOL_OPTIONS so that every JVM of its process tree connects back to the adapter (and its
// java.io.tmpdir set to the run's TMPDIR). Its stdout
// and stderr become `output` events (without the line each JVM prints about JAVA_TOOL_OPTIONS); its
// end is reported once both pipes are drained.
package bpdiff.jdap;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;

final class ProgramProcess {
  private static final Path SETSID = Path.of("/usr/bin/setsid");
  /** How long the pipes may stay open after the program ended (a child it left behind holds them). */
  private static final long DRAIN_MS = 500;

  final Process process;
  final long pid;
  final boolean ownSession;
  final String agentOption;

  private ProgramProcess(Process process, boolean ownSession, String agentOption) {
    this.process = process;
    this.pid = process.pid();
    this.ownSession = ownSession;
    this.agentOption = agentOption;
  }

  static final class StartError extends Exception {
    StartError(String message) {
      super(message);
    }
  }

  /** The agent option that makes a JVM connect to `port` and wait there for the adapter. */
  static String agentOption(int port) {
    return "-agentlib:jdwp=transport=dt_socket,server=n,address=127.0.0.1:" + port + ",suspend=y";
  }

  static ProgramProcess start(LaunchConfig config, int port, BiConsumer<String, String> output, IntConsumer exited) throws StartError {
    ProcessBuilder builder = new ProcessBuilder();
    Map<String, String> env = builder.environment();
    for (Map.Entry<String, String> entry : config.env.entrySet()) {
      if (entry.getValue() == null) env.remove(entry.getKey());
      else env.put(entry.getKey(), entry.getValue());
    }
    String own = env.get("JAVA_TOOL_OPTIONS");
    // The JVM's temporary folder is the run's own, as other languages' is through TMPDIR (which the JVM
    // does not read): the folder bpdiff gives each run, written <tmp> in its values. Unless the user's
    // options name one.
    String tmp = env.get("TMPDIR");
    boolean ownTmp = own != null && own.contains("-Djava.io.tmpdir");
    String agent = agentOption(port) + (tmp == null || tmp.isBlank() || ownTmp || tmp.contains(" ") ? "" : " -Djava.io.tmpdir=" + tmp);
    env.put("JAVA_TOOL_OPTIONS", own == null || own.isBlank() ? agent : own + " " + agent);

    if (!Files.isDirectory(config.cwd)) throw new StartError("cannot run '" + config.command.get(0) + "': the working directory " + config.cwd + " does not exist");
    String executable = resolve(config.command.get(0), config.cwd, env.get("PATH"));
    if (executable == null) {
      String where = config.command.get(0).contains("/") ? "in " + config.cwd : "on PATH";
      throw new StartError("cannot run '" + config.command.get(0) + "': not found " + where + " (ENOENT)");
    }
    List<String> argv = new ArrayList<>();
    boolean ownSession = Files.isExecutable(SETSID);
    // setsid finds the program as a shell would (the environment's PATH, or relative to cwd), so the
    // program sees its name as typed ($0 of a script); without it, by the path found here.
    if (ownSession) argv.add(SETSID.toString());
    argv.add(ownSession ? config.command.get(0) : executable);
    argv.addAll(config.command.subList(1, config.command.size()));
    builder.command(argv).directory(config.cwd.toFile());
    if (config.stdinFile != null) {
      if (!Files.isReadable(config.stdinFile)) throw new StartError("cannot read the stdin file " + config.stdinFile);
      builder.redirectInput(config.stdinFile.toFile());
    } else {
      builder.redirectInput(new File("/dev/null"));
    }
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new StartError("cannot run '" + config.command.get(0) + "': " + e.getMessage());
    }
    ProgramProcess program = new ProgramProcess(process, ownSession, agent);
    CountDownLatch drained = new CountDownLatch(2);
    pump(process.getInputStream(), "stdout", null, output, drained);
    pump(process.getErrorStream(), "stderr", agent, output, drained);
    Thread waiter = new Thread(() -> {
      int code;
      try {
        code = process.waitFor();
        drained.await(DRAIN_MS, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
      exited.accept(code);
    }, "program-exit");
    waiter.setDaemon(true);
    waiter.start();
    return program;
  }

  /** `name` as a shell finds it: a path with a slash relative to `cwd`, else on PATH. */
  static String resolve(String name, Path cwd, String path) {
    if (name.contains("/")) {
      Path file = cwd.resolve(name);
      return Files.isRegularFile(file) && Files.isExecutable(file) ? file.toString() : null;
    }
    for (String dir : (path == null ? "" : path).split(":")) {
      if (dir.isEmpty()) continue;
      Path file = cwd.resolve(dir).resolve(name);
      if (Files.isRegularFile(file) && Files.isExecutable(file)) return file.toString();
    }
    return null;
  }

  private static void pump(InputStream stream, String category, String agent, BiConsumer<String, String> output, CountDownLatch done) {
    Thread thread = new Thread(() -> {
      AgentLineFilter filter = agent == null ? null : new AgentLineFilter(agent);
      char[] buffer = new char[8192];
      try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
        for (int n; (n = reader.read(buffer)) > 0;) {
          String text = new String(buffer, 0, n);
          if (filter != null) text = filter.feed(text);
          if (!text.isEmpty()) output.accept(category, text);
        }
      } catch (IOException e) {
        // the pipe closed under us: the program is gone
      } finally {
        if (filter != null) {
          String rest = filter.finish();
          if (!rest.isEmpty()) output.accept(category, rest);
        }
        done.countDown();
      }
    }, "program-" + category);
    thread.setDaemon(true);
    thread.start();
  }

  /** Every process of the program: its tree, its session, and the JVMs that connected. */
  Set<Long> processes(Collection<Long> jvms) {
    Set<Long> all = ProcessTree.treeOf(pid, ownSession);
    all.addAll(jvms);
    return all;
  }

  void kill(Collection<Long> jvms) {
    // Twice: a process forked while the first list was made is found by the second.
    ProcessTree.killAll(processes(jvms));
    ProcessTree.killAll(processes(jvms));
  }

  boolean alive() {
    return process.isAlive();
  }

  /**
   * Drops the line a JVM prints on stderr when it finds JAVA_TOOL_OPTIONS (`Picked up
   * JAVA_TOOL_OPTIONS: ...`) when it names our agent; everything else passes as it comes. Only a line
   * that starts like that line is held back until its end.
   */
  static final class AgentLineFilter {
    private static final String PREFIX = "Picked up JAVA_TOOL_OPTIONS: ";
    private final String agent;
    private final StringBuilder held = new StringBuilder();
    private boolean holding;
    private boolean lineStart = true;

    AgentLineFilter(String agent) {
      this.agent = agent;
    }

    String feed(String text) {
      StringBuilder out = new StringBuilder();
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (!holding) {
          if (lineStart && c == PREFIX.charAt(0)) {
            holding = true;
            held.setLength(0);
            held.append(c);
          } else {
            out.append(c);
          }
          lineStart = c == '\n';
          continue;
        }
        held.append(c);
        if (held.length() <= PREFIX.length() && !PREFIX.startsWith(held.toString())) {
          out.append(held);
          holding = false;
          lineStart = c == '\n';
        } else if (c == '\n') {
          String line = held.toString();
          if (!line.contains(agent)) out.append(line);
          holding = false;
          lineStart = true;
        }
      }
      return out.toString();
    }

    String finish() {
      String rest = holding ? held.toString() : "";
      holding = false;
      return rest;
    }
  }
}
