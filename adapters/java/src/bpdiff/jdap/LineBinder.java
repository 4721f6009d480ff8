// Where a source line's breakpoint goes in the loaded classes of its file: the line itself where any
// method has code there, else the next line with code (in the method whose lines enclose it, else
// in the file), each method's first location of a run of that line (a `for` header stops once per
// arrival, not at each of its parts).
package bpdiff.jdap;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

final class LineBinder {
  private LineBinder() {}

  /** A class, not Comparator.comparingLong: the class-data archive keeps no lambda the JDK's own code makes. */
  private static final Comparator<Location> BY_CODE_INDEX = new Comparator<>() {
    @Override
    public int compare(Location a, Location b) {
      return Long.compare(a.codeIndex(), b.codeIndex());
    }
  };

  /** The line a breakpoint at `line` binds to in these classes, or -1 when none has code there or below. */
  static int targetLine(Collection<ReferenceType> classes, int line, int maxLine) {
    int enclosing = Integer.MAX_VALUE;
    int anywhere = Integer.MAX_VALUE;
    for (ReferenceType type : classes) {
      for (Method method : methods(type)) {
        List<Location> locations = lines(method);
        if (locations.isEmpty()) continue;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        int next = Integer.MAX_VALUE;
        for (Location location : locations) {
          int at = location.lineNumber();
          if (at <= 0 || (maxLine > 0 && at > maxLine)) continue;
          if (at == line) return line;
          min = Math.min(min, at);
          max = Math.max(max, at);
          if (at > line) next = Math.min(next, at);
        }
        if (next == Integer.MAX_VALUE) continue;
        if (min <= line && line <= max) enclosing = Math.min(enclosing, next);
        anywhere = Math.min(anywhere, next);
      }
    }
    if (enclosing != Integer.MAX_VALUE) return enclosing;
    return anywhere == Integer.MAX_VALUE ? -1 : anywhere;
  }

  /** The locations to break at for `line` in one class: per method, the start of each run of that line. */
  static List<Location> locations(ReferenceType type, int line) {
    List<Location> out = new ArrayList<>();
    for (Method method : methods(type)) {
      int previous = -1;
      for (Location location : lines(method)) {
        if (location.lineNumber() == line && previous != line) out.add(location);
        previous = location.lineNumber();
      }
    }
    return out;
  }

  private static List<Method> methods(ReferenceType type) {
    try {
      return type.methods();
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  /** The method's line table in code order. */
  private static List<Location> lines(Method method) {
    if (method.isAbstract() || method.isNative()) return List.of();
    try {
      List<Location> locations = new ArrayList<>(method.allLineLocations());
      locations.sort(BY_CODE_INDEX);
      return locations;
    } catch (AbsentInformationException | RuntimeException e) {
      return List.of();
    }
  }
}
