// What kind of value an object is, for its text and its children: decided once per object and stop.
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import java.util.List;

record Shape(Kind kind, ObjectReference object, Object local, JdkCollections.Container container, JdkCollections.Optional optional, Object[] entry) {
  enum Kind { VALUE, ENUM, ARRAY, CONTAINER, OPTIONAL, ENTRY, CLASS, LAMBDA, OPAQUE, THROWABLE, RECORD, OBJECT }

  private Shape(Kind kind, ObjectReference object) {
    this(kind, object, null, null, null, null);
  }

  /** JDK classes shown by their type alone: their fields are the runtime's, not the program's data. */
  private static final List<String> OPAQUE_SUPERCLASSES = List.of(
      "java.lang.Thread", "java.lang.ThreadGroup", "java.lang.ClassLoader", "java.lang.ref.Reference", "java.io.InputStream", "java.io.OutputStream",
      "java.io.Reader", "java.io.Writer", "java.util.concurrent.AbstractExecutorService", "java.util.concurrent.locks.AbstractQueuedSynchronizer",
      "java.util.concurrent.locks.ReentrantLock", "java.util.concurrent.locks.ReentrantReadWriteLock", "java.lang.Module", "java.security.SecureClassLoader",
      "java.nio.channels.spi.AbstractInterruptibleChannel", "java.nio.charset.Charset", "java.util.Scanner", "java.util.logging.Logger", "java.lang.Runtime");
  private static final List<String> OPAQUE_PACKAGES = List.of("java.lang.reflect.", "java.lang.invoke.", "jdk.internal.", "sun.", "com.sun.", "java.net.http.");

  static Shape of(ObjectReference object) {
    if (object instanceof ArrayReference) return new Shape(Kind.ARRAY, object);
    if (object instanceof ClassObjectReference) return new Shape(Kind.CLASS, object);
    // A string is known by its JDWP tag: its class is not asked for (a round trip per string).
    if (object instanceof StringReference string) return new Shape(Kind.VALUE, object, string.value(), null, null, null);
    ReferenceType type = object.referenceType();
    String name = type.name();
    if (JdkValues.isValueClass(name)) return new Shape(Kind.VALUE, object, JdkValues.read(object), null, null, null);
    // Collections before enums (no enum is one): whether a class is an enum takes its superclasses'
    // names, a round trip each for the JDK's own classes (ArrayList: AbstractList, AbstractCollection).
    if (name.startsWith("java.util.")) {
      JdkCollections.Optional optional = JdkCollections.optional(object);
      if (optional != null) return new Shape(Kind.OPTIONAL, object, null, null, optional, null);
      Object[] entry = JdkCollections.entry(object);
      if (entry != null) return new Shape(Kind.ENTRY, object, null, null, null, entry);
    }
    // A class of the program that extends one of the JDK's collections is shown as that collection.
    JdkCollections.Container container = JdkCollections.of(object, jdkCollectionOf(type));
    if (container != null) return new Shape(Kind.CONTAINER, object, null, container, null, null);
    if (isEnum(type)) return new Shape(Kind.ENUM, object);
    if (name.contains("$$Lambda")) return new Shape(Kind.LAMBDA, object);
    if (Jdi.isSubclass(type, "java.lang.Throwable")) return new Shape(Kind.THROWABLE, object);
    if (isOpaque(type)) return new Shape(Kind.OPAQUE, object);
    if (type instanceof ClassType cls && cls.superclass() != null && cls.superclass().name().equals("java.lang.Record")) return new Shape(Kind.RECORD, object);
    return new Shape(Kind.OBJECT, object);
  }

  /** The nearest class of java.util among the type and its superclasses, or null. */
  private static String jdkCollectionOf(ReferenceType type) {
    for (ReferenceType t = type; t instanceof ClassType cls; t = cls.superclass()) {
      if (t.name().startsWith("java.util.")) return t.name();
    }
    return null;
  }

  static boolean isEnum(ReferenceType type) {
    if (!(type instanceof ClassType cls)) return false;
    if (cls.isEnum()) return true;
    // A constant with a body of its own is an anonymous subclass of its enum.
    ClassType parent = cls.superclass();
    return parent != null && parent.isEnum();
  }

  /** The enum's own type (not a constant's body class). */
  static ReferenceType enumType(ReferenceType type) {
    return type instanceof ClassType cls && !cls.isEnum() && cls.superclass() != null ? cls.superclass() : type;
  }

  private static boolean isOpaque(ReferenceType type) {
    String name = type.name();
    for (String prefix : OPAQUE_PACKAGES) if (name.startsWith(prefix)) return true;
    if (name.equals("java.lang.Object")) return false;
    for (String parent : OPAQUE_SUPERCLASSES) if (Jdi.isSubclass(type, parent)) return true;
    return false;
  }

  boolean hasChildren() {
    return switch (kind) {
      case ARRAY, CONTAINER, ENTRY, THROWABLE, RECORD, OBJECT -> true;
      case OPTIONAL -> optional.present() && optional.value() instanceof ObjectReference ref && Shape.of(ref).hasChildren();
      default -> false;
    };
  }

  /** How many children are counted by index (arrays and collections; a map's entries too). */
  int indexed() {
    if (kind == Kind.ARRAY) return ((ArrayReference) object).length();
    if (kind == Kind.CONTAINER) return container.size();
    return -1;
  }
}
