// The source file of a stack frame: a breakpoint's file when the frame's class was compiled from it,
// else the file found by its package path under the program's folder (and the usual source roots of
// Maven, Gradle, sbt), under the source roots of the build's modules (SourceRoots), under the folders
// the launch names (`sourcePaths`: bpdiff's --source-path), beside a source file the command names
// (`java ../tools/Main.java`), or under the source root of a file a breakpoint was ever set in (it
// stays known once the breakpoint is cleared, as locate's walk clears its start); a frame whose file
// is not found gets its name only.
package bpdiff.jdap;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

final class Sources {
  private static final List<String> ROOTS = List.of("", "src", "src/main/java", "src/test/java", "src/main/kotlin", "src/test/kotlin", "src/main/scala", "src/test/scala");

  private final Path cwd;
  /** The folders of the source files the command names (the source launcher's `java Main.java`). */
  private final List<Path> commandFolders;
  /** The launch's source folders, then the build's modules' roots (found once, when first needed). */
  private final List<Path> givenRoots;
  private volatile List<Path> moduleRoots;
  /** The source roots of the files breakpoints were set in. */
  private final List<Path> breakpointRoots = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final Map<String, Optional<Path>> found = new ConcurrentHashMap<>();

  Sources(Path cwd) {
    this(cwd, List.of(), List.of());
  }

  Sources(Path cwd, List<String> command, List<Path> sourcePaths) {
    this.cwd = cwd;
    this.givenRoots = List.copyOf(sourcePaths);
    List<Path> folders = new ArrayList<>();
    for (String word : command) {
      if (!(word.endsWith(".java") || word.endsWith(".kt") || word.endsWith(".scala"))) continue;
      try {
        Path file = cwd.resolve(word).normalize();
        if (Files.isRegularFile(file) && file.getParent() != null && !folders.contains(file.getParent())) folders.add(file.getParent());
      } catch (InvalidPathException e) {
        // not a path
      }
    }
    this.commandFolders = List.copyOf(folders);
  }

  static String sourceNameOf(Location location) {
    try {
      return location.sourceName();
    } catch (AbsentInformationException e) {
      return "Unknown Source";
    }
  }

  /** The DAP source of a location: `{name, path}`, or `{name}` when the file is not found. */
  Map<String, Object> sourceOf(Location location, Collection<Breakpoint.SourceFile> breakpointFiles) {
    String name;
    String relative;
    try {
      name = location.sourceName();
      relative = location.sourcePath();
    } catch (AbsentInformationException e) {
      return null;
    }
    String className = location.declaringType().name();
    for (Breakpoint.SourceFile file : breakpointFiles) {
      if (file.sourceName.equals(name) && file.holds(className)) return Json.object("name", name, "path", file.path.toString());
    }
    Optional<Path> path = found.computeIfAbsent(relative, key -> find(key, name, breakpointFiles));
    return Json.object("name", name, "path", path.map(Path::toString).orElse(null), "presentationHint", path.isPresent() ? null : "deemphasize");
  }

  /** A breakpoint's file: the root of its package's folders is a source root from now on. */
  void remember(Breakpoint.SourceFile file) {
    Path root = SourceRoots.rootOf(file.path, file.packageName);
    if (root == null || breakpointRoots.contains(root)) return;
    breakpointRoots.add(root);
    // Files not found before may be found now.
    for (java.util.Iterator<Optional<Path>> it = found.values().iterator(); it.hasNext(); ) if (it.next().isEmpty()) it.remove();
  }

  private Optional<Path> find(String relative, String name, Collection<Breakpoint.SourceFile> breakpointFiles) {
    for (String root : ROOTS) {
      Path candidate = cwd.resolve(root).resolve(relative);
      if (Files.isRegularFile(candidate)) return Optional.of(candidate.normalize());
    }
    List<Path> modules = moduleRoots;
    if (modules == null) moduleRoots = modules = SourceRoots.ofBuild(cwd);
    for (List<Path> roots : List.of(givenRoots, modules, breakpointRoots)) {
      for (Path root : roots) {
        Path candidate = root.resolve(relative);
        if (Files.isRegularFile(candidate)) return Optional.of(candidate.normalize());
      }
    }
    for (Path folder : commandFolders) {
      Path candidate = folder.resolve(relative);
      if (Files.isRegularFile(candidate)) return Optional.of(candidate.normalize());
    }
    // Beside a breakpoint's file (a class of the default package, or sources kept flat).
    for (Breakpoint.SourceFile file : breakpointFiles) {
      Path candidate = file.path.resolveSibling(name);
      if (Files.isRegularFile(candidate) && relative.equals(name)) return Optional.of(candidate);
    }
    return Optional.empty();
  }
}
