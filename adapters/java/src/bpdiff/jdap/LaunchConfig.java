// The `launch` request's arguments: bpdiff's form `{command, cwd, env, stdinFile, invokeToString}` and
// VS Code's Java form `{mainClass, classPaths, args, vmArgs, javaExec}`, reduced to one command line;
// both may name `sourcePaths`, folders that hold sources by their package folders.
package bpdiff.jdap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class LaunchConfig {
  final List<String> command;
  final Path cwd;
  /** Put over the adapter's own environment; a null value removes the variable. */
  final Map<String, String> env;
  /** The program's stdin, or null for an empty one (/dev/null). */
  final Path stdinFile;
  /** Show an object by its own toString() where its class declares one (runs the program's code). */
  final boolean invokeToString;
  /** Folders of sources the build's layout does not say (from `cwd`). */
  final List<Path> sourcePaths;

  static final class Invalid extends Exception {
    Invalid(String message) {
      super(message);
    }
  }

  private LaunchConfig(List<String> command, Path cwd, Map<String, String> env, Path stdinFile, boolean invokeToString, List<Path> sourcePaths) {
    this.command = command;
    this.cwd = cwd;
    this.env = env;
    this.stdinFile = stdinFile;
    this.invokeToString = invokeToString;
    this.sourcePaths = sourcePaths;
  }

  static LaunchConfig parse(Map<String, Object> args, Path adapterCwd) throws Invalid {
    Object cwdArg = args.get("cwd");
    if (cwdArg != null && !(cwdArg instanceof String)) throw new Invalid("'cwd' must be a string (a directory)");
    Path cwd = cwdArg == null ? adapterCwd : adapterCwd.resolve((String) cwdArg).normalize();

    Map<String, String> env = new LinkedHashMap<>();
    Object envArg = args.get("env");
    if (envArg != null) {
      if (!(envArg instanceof Map<?, ?> map)) throw new Invalid("'env' must be an object of NAME: value strings");
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        Object value = entry.getValue();
        if (value != null && !(value instanceof String)) throw new Invalid("'env." + entry.getKey() + "' must be a string (or null to remove it)");
        env.put((String) entry.getKey(), (String) value);
      }
    }

    Object stdinArg = args.get("stdinFile");
    if (stdinArg != null && !(stdinArg instanceof String)) throw new Invalid("'stdinFile' must be a path or null");
    Path stdin = stdinArg == null || ((String) stdinArg).isEmpty() ? null : cwd.resolve((String) stdinArg);

    Object toStringArg = args.get("invokeToString");
    if (toStringArg != null && !(toStringArg instanceof Boolean)) throw new Invalid("'invokeToString' must be true or false");

    List<String> command;
    if (args.containsKey("command")) {
      command = strings(args.get("command"), "command");
      if (command.isEmpty() || command.get(0).isEmpty()) throw new Invalid("'command' must be a non-empty array of strings, e.g. [\"java\", \"-cp\", \"out\", \"Main\"]");
    } else if (args.get("mainClass") instanceof String mainClass) {
      command = new ArrayList<>();
      command.add(args.get("javaExec") instanceof String exec ? exec : "java");
      if (args.containsKey("vmArgs")) command.addAll(args.get("vmArgs") instanceof String s ? List.of(s.trim().split("\\s+")) : strings(args.get("vmArgs"), "vmArgs"));
      if (args.containsKey("classPaths")) {
        command.add("-cp");
        command.add(String.join(":", strings(args.get("classPaths"), "classPaths")));
      }
      command.add(mainClass);
      if (args.containsKey("args")) command.addAll(args.get("args") instanceof String s ? List.of(s.trim().split("\\s+")) : strings(args.get("args"), "args"));
    } else {
      throw new Invalid("launch needs 'command' (e.g. [\"java\", \"-cp\", \"out\", \"Main\"]) or 'mainClass'");
    }
    List<Path> sourcePaths = new ArrayList<>();
    if (args.get("sourcePaths") != null) for (String folder : strings(args.get("sourcePaths"), "sourcePaths")) sourcePaths.add(cwd.resolve(folder).normalize());
    return new LaunchConfig(command, cwd, env, stdin, Boolean.TRUE.equals(toStringArg), List.copyOf(sourcePaths));
  }

  private static List<String> strings(Object value, String name) throws Invalid {
    if (!(value instanceof List<?> list)) throw new Invalid("'" + name + "' must be an array of strings");
    List<String> out = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String s)) throw new Invalid("'" + name + "' must be an array of strings");
      out.add(s);
    }
    return out;
  }
}
