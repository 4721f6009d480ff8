// A breakpoint on a method by name (DAP's function breakpoints, where `bpdiff locate` starts its walk):
// `main` (a method of that name in any class of the program, not of the JDK or Kotlin's or Scala's
// runtime), `Main.main`, `com.acme.Main.main`, `Outer.Inner.run`. It binds at the method's first line
// in every class that loads with it.
package bpdiff.jdap;

import java.util.Map;

final class FunctionBreakpoint {
  final int id = Breakpoint.nextId();
  final String name;
  /** The class as written (`Main`, `com.acme.Main`), or null for a method of any class. */
  private final String className;
  final String method;
  boolean verified;

  FunctionBreakpoint(String name) {
    this.name = name.strip();
    int dot = this.name.lastIndexOf('.');
    this.className = dot < 0 ? null : this.name.substring(0, dot);
    this.method = this.name.substring(dot + 1);
  }

  /** Whether a class of this name (`com.acme.Main$Inner`) is one this breakpoint names. */
  boolean matches(String type) {
    if (className == null) return !VmSession.isRuntimeClass(type);
    String dotted = type.replace('$', '.');
    return dotted.equals(className) || dotted.endsWith("." + className);
  }

  Map<String, Object> toDap() {
    return Json.object("id", id, "verified", verified, "message", verified ? null : "no class with a method " + name + " has been loaded (yet)");
  }
}
