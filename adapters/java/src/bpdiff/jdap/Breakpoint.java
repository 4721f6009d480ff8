// One source breakpoint as the client set it: file and line, its condition parsed once, its hit
// condition, and what the client was last told about it (verified, line, message).
package bpdiff.jdap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

final class Breakpoint {
  private static final AtomicInteger IDS = new AtomicInteger(1);
  static final String CONDITION_ERROR = "Breakpoint condition error";

  final int id = nextId();
  final SourceFile file;
  final int line;
  final String conditionText;
  final Expr condition;
  final String hitText;
  private final String hitOp;
  private final long hitCount;
  /** Why the breakpoint can never bind (its condition or hit condition does not parse), else null. */
  final String refusal;
  /** Hits where the condition held, per JVM (each JVM counts its own). */
  final Map<Object, AtomicInteger> hits = new ConcurrentHashMap<>();

  // What the client was told last.
  boolean verified;
  int reportedLine;
  String message;

  Breakpoint(SourceFile file, int line, String condition, String hitCondition) {
    this.file = file;
    this.line = line;
    this.reportedLine = line;
    this.conditionText = condition == null || condition.isBlank() ? null : condition;
    this.hitText = hitCondition == null || hitCondition.isBlank() ? null : hitCondition;
    Expr parsed = null;
    String refused = null;
    if (conditionText != null) {
      try {
        parsed = ExprParser.parse(conditionText);
      } catch (Expr.Error e) {
        refused = CONDITION_ERROR + ": " + e.getMessage();
      }
    }
    String op = null;
    long count = 0;
    if (hitText != null) {
      String text = hitText.strip();
      String prefix = "";
      for (String candidate : new String[] {"==", ">=", "<=", ">", "<", "%"}) {
        if (text.startsWith(candidate)) {
          prefix = candidate;
          break;
        }
      }
      String digits = text.substring(prefix.length()).strip();
      long hits = digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(c -> c >= '0' && c <= '9') ? 0 : Long.parseLong(digits);
      if (hits >= 1) {
        op = prefix;
        count = hits;
      } else if (refused == null) {
        refused = "the hit condition '" + hitText + "' is none of N, == N, >= N, > N, <= N, < N, % N (N a whole number from 1)";
      }
    }
    this.condition = parsed;
    this.hitOp = op;
    this.hitCount = count;
    this.refusal = refused;
    this.message = refused != null ? refused : notLoaded();
  }

  private String notLoaded() {
    return file.sourceName + ": no class from this file has been loaded (yet)";
  }

  /** Breakpoint ids, shared with function breakpoints: a stop's hitBreakpointIds name one of either. */
  static int nextId() {
    return IDS.getAndIncrement();
  }

  /** Whether the `count`th hit (counting hits where the condition held) stops. */
  boolean hitStops(long count) {
    if (hitOp == null) return true;
    return switch (hitOp) {
      case "", "==" -> count == hitCount;
      case ">=" -> count >= hitCount;
      case ">" -> count > hitCount;
      case "<=" -> count <= hitCount;
      case "<" -> count < hitCount;
      default -> count % hitCount == 0;
    };
  }

  Map<String, Object> toDap() {
    // DAP's reason: `pending` until a class of the file loads (the client need not look for another line), `failed` when refused.
    String reason = verified ? null : refusal == null && message.equals(notLoaded()) ? "pending" : "failed";
    return Json.object("id", id, "verified", verified, "line", reportedLine, "message", verified ? null : message, "reason", reason, "source", Json.object("name", file.sourceName, "path", file.path.toString()));
  }

  /** A breakpoint file: its path, its name as class files record it, and the package it declares. */
  static final class SourceFile {
    final Path path;
    final String sourceName;
    /** The package the file declares ("" for none), or null when the file cannot be read. */
    final String packageName;
    /** The file's number of lines (0 when unknown): a line beyond it is another file's inlined code (Kotlin). */
    final int lines;
    /** Which named class each line lies in (a Java file's), else null. */
    final TypeLines types;

    SourceFile(Path path) {
      this.path = path;
      this.sourceName = path.getFileName().toString();
      String text;
      try {
        text = Files.readString(path);
      } catch (IOException | RuntimeException e) {
        text = null;
      }
      this.packageName = text == null ? null : declaredPackage(text);
      this.lines = text == null ? 0 : lineCount(text);
      this.types = TypeLines.of(text, sourceName);
    }

    /** A loop, not a stream: the class-data archive keeps no lambda of this one, and a cold JVM spins one in milliseconds. */
    private static int lineCount(String text) {
      int lines = 1;
      for (int i = 0; i < text.length(); i++) if (text.charAt(i) == '\n') lines++;
      return lines;
    }

    /**
     * The package a source file declares, "" for none: its `package` clauses before any other code,
     * comments and Kotlin's file annotations aside. Scala may chain clauses (`package a` then
     * `package b`): they nest, as `a.b`.
     */
    static String declaredPackage(String text) {
      StringBuilder name = new StringBuilder();
      boolean inComment = false;
      for (String raw : text.split("\n")) {
        String line = raw.strip();
        if (inComment) {
          int end = line.indexOf("*/");
          if (end < 0) continue;
          inComment = false;
          line = line.substring(end + 2).strip();
        }
        if (line.startsWith("/*")) {
          int end = line.indexOf("*/", 2);
          if (end < 0) {
            inComment = true;
            continue;
          }
          line = line.substring(end + 2).strip();
        }
        if (line.isEmpty() || line.startsWith("//") || line.startsWith("@file:") || line.startsWith("#!")) continue;
        if (!line.startsWith("package ") && !line.startsWith("package\t")) break;
        String clause = line.substring("package".length()).strip();
        int stop = 0;
        while (stop < clause.length() && (Character.isJavaIdentifierPart(clause.charAt(stop)) || clause.charAt(stop) == '.' || clause.charAt(stop) == '`')) stop++;
        if (name.length() > 0) name.append('.');
        name.append(clause, 0, stop);
        // `package a { ... }` (Scala) opens a block: what follows is inside it, not another clause.
        if (clause.substring(stop).strip().startsWith("{")) break;
      }
      return name.toString().replace("`", "");
    }

    /** Whether a class (by name, with this source name) was compiled from this file. */
    boolean holds(String className) {
      if (packageName == null) return true;
      int dot = className.lastIndexOf('.');
      String pkg = dot < 0 ? "" : className.substring(0, dot);
      return pkg.equals(packageName) || (!packageName.isEmpty() && pkg.startsWith(packageName + ".") && sourceName.endsWith(".scala"));
    }
  }
}
