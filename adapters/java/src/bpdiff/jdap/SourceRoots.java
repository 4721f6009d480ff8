// Where a build keeps its sources, as Maven, Gradle and sbt lay them out: each module's
// src/main/java (and src/test/java, the Kotlin and Scala ones), in the folders under the build's root
// (the outermost folder above the program's holding a pom.xml, settings.gradle or build file, up to the
// repository's root). A multi-module build's driver runs from one module, or from the root, and the
// other modules' classes were compiled from sources no folder the command names holds.
package bpdiff.jdap;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

final class SourceRoots {
  private SourceRoots() {}

  private static final List<String> BUILD_FILES = List.of("pom.xml", "settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts", "build.sbt");
  private static final List<String> SOURCE_FOLDERS = List.of("src/main/java", "src/main/kotlin", "src/main/scala", "src/test/java", "src/test/kotlin", "src/test/scala");
  /** Folders that hold no module: build output, tools' state, installed code. */
  private static final Set<String> SKIPPED = Set.of("src", "target", "build", "out", "bin", "node_modules", "dist");
  /** How far above the program's folder the build's root may be, and how deep its modules nest. */
  private static final int LEVELS_UP = 4;
  private static final int LEVELS_DOWN = 4;
  /** The most folders looked into: a bound on a build root that is a large tree. */
  private static final int MOST_FOLDERS = 5000;

  /** The source folders of the build's modules around `cwd` (none when no build file is found). */
  static List<Path> ofBuild(Path cwd) {
    Path root = buildRoot(cwd.toAbsolutePath().normalize());
    List<Path> roots = new ArrayList<>();
    if (root == null) return roots;
    Deque<Path> folders = new ArrayDeque<>();
    Deque<Integer> depths = new ArrayDeque<>();
    folders.add(root);
    depths.add(0);
    int seen = 0;
    while (!folders.isEmpty() && seen++ < MOST_FOLDERS) {
      Path folder = folders.poll();
      int depth = depths.poll();
      for (String source : SOURCE_FOLDERS) {
        Path candidate = folder.resolve(source);
        if (Files.isDirectory(candidate)) roots.add(candidate);
      }
      if (depth >= LEVELS_DOWN) continue;
      try (DirectoryStream<Path> children = Files.newDirectoryStream(folder)) {
        for (Path child : children) {
          String name = child.getFileName().toString();
          if (name.startsWith(".") || SKIPPED.contains(name) || !Files.isDirectory(child)) continue;
          folders.add(child);
          depths.add(depth + 1);
        }
      } catch (IOException | RuntimeException e) {
        // an unreadable folder holds no module we can read
      }
    }
    return roots;
  }

  /** The outermost folder above `folder` (itself included) that holds a build file, not past a repository's root. */
  private static Path buildRoot(Path folder) {
    Path found = null;
    Path at = folder;
    for (int level = 0; at != null && level <= LEVELS_UP; level++, at = at.getParent()) {
      for (String file : BUILD_FILES) if (Files.isRegularFile(at.resolve(file))) found = at;
      if (Files.exists(at.resolve(".git"))) break;
    }
    return found;
  }

  /** The root of a source file's package folders (`.../src/main/java` for com/acme/Main.java), or null when its folders do not spell its package. */
  static Path rootOf(Path file, String packageName) {
    Path folder = file.toAbsolutePath().normalize().getParent();
    if (folder == null || packageName == null) return null;
    if (packageName.isEmpty()) return folder;
    String[] parts = packageName.split("\\.");
    for (int i = parts.length - 1; i >= 0; i--) {
      if (folder == null || folder.getFileName() == null || !folder.getFileName().toString().equals(parts[i])) return null;
      folder = folder.getParent();
    }
    return folder;
  }
}
