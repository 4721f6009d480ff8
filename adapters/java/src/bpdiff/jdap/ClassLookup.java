// Class names in expressions (`Color.RED`, `Integer.MAX_VALUE`, `x instanceof Item`) found among the
// classes the JVM has loaded: nested in the frame's class, in its package, in java.lang or java.util,
// else any loaded class of that simple name (the list of all classes is read once per JVM).
package bpdiff.jdap;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

final class ClassLookup {
  private ClassLookup() {}

  private static final Map<VirtualMachine, Map<String, List<ReferenceType>>> BY_SIMPLE_NAME = new WeakHashMap<>();

  /** A loaded class of this (simple or qualified) name as seen from `context`, or null. */
  static ReferenceType find(VirtualMachine vm, String name, ReferenceType context) {
    List<String> candidates = new ArrayList<>();
    if (context != null) {
      String outer = context.name();
      for (int at = outer.length(); at > 0; at = outer.lastIndexOf('$', at - 1)) candidates.add(outer.substring(0, at) + "$" + name.replace('.', '$'));
      int dot = outer.lastIndexOf('.');
      candidates.add(dot < 0 ? name : outer.substring(0, dot + 1) + name);
    }
    candidates.add(name);
    candidates.add("java.lang." + name);
    candidates.add("java.util." + name);
    for (String candidate : candidates) {
      List<ReferenceType> found = vm.classesByName(candidate);
      if (!found.isEmpty()) return found.get(0);
    }
    if (name.contains(".")) {
      // Outer.Inner written with a dot.
      int dot = name.lastIndexOf('.');
      ReferenceType outer = find(vm, name.substring(0, dot), context);
      if (outer != null) {
        List<ReferenceType> found = vm.classesByName(outer.name() + "$" + name.substring(dot + 1));
        if (!found.isEmpty()) return found.get(0);
      }
      return null;
    }
    List<ReferenceType> bySimple = simpleNames(vm, false).get(name);
    // A class loaded since the list was read.
    if (bySimple == null) bySimple = simpleNames(vm, true).get(name);
    return bySimple == null || bySimple.size() != 1 ? null : bySimple.get(0);
  }

  private static synchronized Map<String, List<ReferenceType>> simpleNames(VirtualMachine vm, boolean refresh) {
    if (refresh) BY_SIMPLE_NAME.remove(vm);
    return BY_SIMPLE_NAME.computeIfAbsent(vm, key -> {
      Map<String, List<ReferenceType>> map = new java.util.HashMap<>();
      for (ReferenceType type : vm.allClasses()) {
        String full = type.name();
        String simple = full.substring(Math.max(full.lastIndexOf('.'), full.lastIndexOf('$')) + 1);
        map.computeIfAbsent(simple, k -> new ArrayList<>()).add(type);
      }
      return map;
    });
  }

  /** Whether `type` is `target` or a subtype of it (its superclasses and interfaces). */
  static boolean isSubtype(ReferenceType type, ReferenceType target) {
    if (type.equals(target)) return true;
    if (type instanceof com.sun.jdi.ClassType cls) {
      for (com.sun.jdi.ClassType c = cls; c != null; c = c.superclass()) if (c.equals(target)) return true;
      for (com.sun.jdi.InterfaceType i : cls.allInterfaces()) if (i.equals(target)) return true;
    }
    if (type instanceof com.sun.jdi.InterfaceType it) {
      for (com.sun.jdi.InterfaceType i : it.superinterfaces()) if (isSubtype(i, target)) return true;
    }
    return target.name().equals("java.lang.Object");
  }
}
