// The program's processes as /proc shows them: the members of its session, its descendants, and the
// process that owns one end of a loopback TCP connection (which JVM connected to us). Linux only, as
// bpdiff is.
package bpdiff.jdap;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

final class ProcessTree {
  private ProcessTree() {}

  private static final Path PROC = Path.of("/proc");
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

  /** Every live pid under /proc. */
  static List<Long> allPids() {
    List<Long> pids = new ArrayList<>();
    try (DirectoryStream<Path> dir = Files.newDirectoryStream(PROC)) {
      for (Path entry : dir) {
        String name = entry.getFileName().toString();
        if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) pids.add(Long.parseLong(name));
      }
    } catch (IOException e) {
      // no /proc: nothing to find
    }
    return pids;
  }

  /** The session id of `pid` (field 6 of /proc/PID/stat), or -1 when it is gone. */
  static long sessionOf(long pid) {
    try {
      String stat = Files.readString(PROC.resolve(pid + "/stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[3]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Processes whose session is `sid`. */
  static Set<Long> sessionMembers(long sid) {
    Set<Long> found = new LinkedHashSet<>();
    for (long pid : allPids()) if (sessionOf(pid) == sid) found.add(pid);
    return found;
  }

  /** `root`, its descendants, and the members of its session (a daemon that left the tree keeps its session). */
  static Set<Long> treeOf(long root, boolean ownSession) {
    Set<Long> found = new LinkedHashSet<>();
    found.add(root);
    ProcessHandle.of(root).ifPresent(handle -> handle.descendants().forEach(child -> found.add(child.pid())));
    if (ownSession) found.addAll(sessionMembers(root));
    return found;
  }

  /** SIGKILL to each, children first found first (none of them runs on to start another). */
  static void killAll(Collection<Long> pids) {
    for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
  }

  static void terminateAll(Collection<Long> pids) {
    for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
  }

  static boolean anyAlive(Collection<Long> pids) {
    for (long pid : pids) if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) return true;
    return false;
  }

  /**
   * The process holding the TCP socket from 127.0.0.1:`localPort` to our port `remotePort`, looked for
   * among `candidates` first, then everywhere; -1 when none is found.
   */
  static long ownerOfConnection(int localPort, int remotePort, Collection<Long> candidates) {
    String inode = socketInode(localPort, remotePort);
    if (inode == null) return -1;
    String link = "socket:[" + inode + "]";
    for (long pid : candidates) if (holdsSocket(pid, link)) return pid;
    for (long pid : allPids()) if (!candidates.contains(pid) && holdsSocket(pid, link)) return pid;
    return -1;
  }

  private static String socketInode(int localPort, int remotePort) {
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      try {
        for (String line : Files.readAllLines(Path.of(table))) {
          String[] fields = SPACES.split(line.trim());
          if (fields.length < 10 || !fields[1].contains(":")) continue;
          int local = Integer.parseInt(fields[1].substring(fields[1].lastIndexOf(':') + 1), 16);
          int remote = Integer.parseInt(fields[2].substring(fields[2].lastIndexOf(':') + 1), 16);
          if (local == localPort && remote == remotePort) return fields[9];
        }
      } catch (IOException | RuntimeException e) {
        // try the other table
      }
    }
    return null;
  }

  private static boolean holdsSocket(long pid, String link) {
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(PROC.resolve(pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          if (Files.readSymbolicLink(fd).toString().equals(link)) return true;
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
    return false;
  }
}
