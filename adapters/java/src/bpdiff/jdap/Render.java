// Value texts as Java writes them, for one stop: `3`, `0.1`, `'c'`, `"abc"`, `null`, `Color.RED`,
// `[1, 2, 3]`, `{"a"=1}`, `Item{id=1, name="a"}`, `Point[x=1, y=2]`. A container's text lists its
// children's own texts verbatim while it fits in SUMMARY_LENGTH, else it is its type and size
// (`ArrayList size=3`, `int[40]`, `Item{...}`); it never holds an identity hash or an object id. The
// program's code is never run, unless the launch asked for toString() (invokeToString).
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassObjectReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class Render {
  /** The longest summary a container's text may be before it is its type and size instead. */
  static final int SUMMARY_LENGTH = 120;
  /** Most children a summary lists (each takes at least a few characters). */
  static final int SUMMARY_ITEMS = SUMMARY_LENGTH / 3;

  private final ThreadReference thread;
  private final boolean invokeToString;
  private final Map<ObjectReference, Shape> shapes = new HashMap<>();
  private final Map<ObjectReference, String> texts = new HashMap<>();
  private final List<ObjectReference> inProgress = new ArrayList<>();
  private final Set<ObjectReference> cyclic = new HashSet<>();
  private final Children children = new Children(this);

  Render(ThreadReference thread, boolean invokeToString) {
    this.thread = thread;
    this.invokeToString = invokeToString;
  }

  Shape shape(ObjectReference object) {
    return shapes.computeIfAbsent(object, Shape::of);
  }

  /** The value's text (see the file's comment). */
  String text(Object value) {
    if (!(value instanceof ObjectReference object)) return primitiveText(value);
    String known = texts.get(object);
    if (known != null) return known;
    if (inProgress.contains(object)) {
      // A cycle: every container on it is shown by its type, wherever it is met.
      cyclic.addAll(inProgress.subList(inProgress.indexOf(object), inProgress.size()));
      return shortText(shape(object));
    }
    inProgress.add(object);
    String text;
    try {
      text = fullText(shape(object), SUMMARY_LENGTH);
    } finally {
      inProgress.remove(inProgress.size() - 1);
    }
    if (cyclic.contains(object) || text == null) text = shortText(shape(object));
    texts.put(object, text);
    return text;
  }

  static String primitiveText(Object value) {
    if (value == null) return "null";
    if (value instanceof String s) return quote(s, '"');
    if (value instanceof Character c) return quote(String.valueOf(c), '\'');
    if (value instanceof JdkValues.Chars chars) return quote(chars.text(), '"');
    return value.toString();
  }

  /** A Java string or char literal of `s`: escapes for quotes, backslashes and control characters. */
  static String quote(String s, char quote) {
    StringBuilder out = new StringBuilder(s.length() + 2).append(quote);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c == quote) out.append('\\').append(c);
          else if (c < 0x20 || c == 0x7f) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    return out.append(quote).toString();
  }

  /** The text of a leaf, or of a container listing its children within `budget` characters; null if it does not fit. */
  private String fullText(Shape shape, int budget) {
    ObjectReference object = shape.object();
    switch (shape.kind()) {
      case VALUE:
        return primitiveText(shape.local());
      case ENUM:
        return Jdi.simpleName(Shape.enumType(object.referenceType()).name()) + "." + ((StringReference) Jdi.get(object, "name")).value();
      case CLASS:
        return "class " + ((ClassObjectReference) object).reflectedType().name();
      case LAMBDA:
        return Jdi.simpleName(object.referenceType().name());
      case OPAQUE:
        return opaqueText(object);
      case ENTRY: {
        String text = text(shape.entry()[0]) + "=" + text(shape.entry()[1]);
        return text.length() > budget ? null : text;
      }
      case OPTIONAL: {
        String kind = Jdi.simpleName(object.referenceType().name());
        if (!shape.optional().present()) return kind + ".empty";
        String inner = text(shape.optional().value());
        return kind.length() + inner.length() + 2 > budget ? null : kind + "[" + inner + "]";
      }
      default:
        break;
    }
    if (shape.kind() == Shape.Kind.OBJECT && invokeToString) {
      String own = ownToString(object);
      if (own != null) return own;
    }
    String open;
    String close;
    switch (shape.kind()) {
      case ARRAY -> {
        open = arrayType(object) + " {";
        close = "}";
      }
      case CONTAINER -> {
        open = shape.container().kind() == JdkCollections.Kind.MAP ? "{" : "[";
        close = shape.container().kind() == JdkCollections.Kind.MAP ? "}" : "]";
      }
      case RECORD -> {
        open = Jdi.simpleName(object.referenceType().name()) + "[";
        close = "]";
      }
      case THROWABLE -> {
        open = object.referenceType().name() + "{";
        close = "}";
      }
      default -> {
        open = Jdi.simpleName(object.referenceType().name()) + "{";
        close = "}";
      }
    }
    if (shape.indexed() > SUMMARY_ITEMS) return null;
    StringBuilder out = new StringBuilder(open);
    List<Children.Child> listed = children(shape, "", 0, SUMMARY_ITEMS + 1);
    for (int i = 0; i < listed.size(); i++) {
      Children.Child child = listed.get(i);
      if (i > 0) out.append(", ");
      if (shape.kind() == Shape.Kind.OBJECT || shape.kind() == Shape.Kind.RECORD || shape.kind() == Shape.Kind.THROWABLE) out.append(child.name()).append('=');
      if (child.key() != null) out.append(child.key()).append('=');
      out.append(text(child.value()));
      if (out.length() + close.length() > budget) return null;
    }
    return out.append(close).toString();
  }

  /** The type and size of a container, what its text is when its summary does not fit. */
  String shortText(Shape shape) {
    ObjectReference object = shape.object();
    return switch (shape.kind()) {
      case ARRAY -> arrayType(object);
      case CONTAINER -> Jdi.simpleName(object.referenceType().name()) + " size=" + shape.container().size();
      case RECORD -> Jdi.simpleName(object.referenceType().name()) + "[...]";
      case OBJECT -> Jdi.simpleName(object.referenceType().name()) + "{...}";
      case OPTIONAL -> Jdi.simpleName(object.referenceType().name()) + "[...]";
      case ENTRY -> "Map.Entry{...}";
      case THROWABLE -> object.referenceType().name() + "{...}";
      default -> fullText(shape, Integer.MAX_VALUE);
    };
  }

  /** `int[3]`, `String[2][]`: the element type and the length, as Java declares it. */
  private static String arrayType(ObjectReference array) {
    String type = Jdi.simpleName(array.referenceType().name());
    int bracket = type.indexOf('[');
    return type.substring(0, bracket + 1) + ((ArrayReference) array).length() + type.substring(bracket + 1);
  }

  private static String opaqueText(ObjectReference object) {
    String name = Jdi.simpleName(object.referenceType().name());
    if (Jdi.isSubclass(object.referenceType(), "java.lang.Thread") && Jdi.get(object, "name") instanceof StringReference threadName) {
      return name + "[" + threadName.value() + "]";
    }
    return name;
  }

  /** The object's own toString(), run in the stopped thread (only with invokeToString); null when it has none. */
  private String ownToString(ObjectReference object) {
    if (thread == null || !JdkCollections.overridesObjectMethod(object, "toString", "()Ljava/lang/String;")) return null;
    if (object.referenceType().name().startsWith("java.")) return null;
    try {
      Method method = ((ClassType) object.referenceType()).concreteMethodByName("toString", "()Ljava/lang/String;");
      Value result = object.invokeMethod(thread, method, List.of(), ObjectReference.INVOKE_SINGLE_THREADED);
      return result instanceof StringReference s ? s.value() : "null";
    } catch (Exception e) {
      return "<error: toString() threw " + e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "") + ">";
    }
  }

  /** The DAP type: the runtime class (`java.util.ArrayList`, `int`), or the declared type of a null. */
  static String type(Object value, String declared) {
    if (value == null) return declared != null ? declared : "null";
    if (value instanceof StringReference) return "java.lang.String";
    if (value instanceof ObjectReference object) {
      String name = object.referenceType().name();
      return name.contains("$$Lambda") ? name.substring(0, name.indexOf("$$Lambda") + 8) : name;
    }
    if (value instanceof Integer) return "int";
    if (value instanceof Long) return "long";
    if (value instanceof Double) return "double";
    if (value instanceof Boolean) return "boolean";
    if (value instanceof Character) return "char";
    if (value instanceof Float) return "float";
    if (value instanceof Short) return "short";
    if (value instanceof Byte) return "byte";
    return declared != null ? declared : "java.lang.String";
  }

  /** One child: a field (`name`), an element (`[0]`), a map entry (`["k"]`, key its key's text). */
  /** The value's children from `start`, at most `count`; `parent` is its evaluateName ("" for none). */
  List<Children.Child> children(Shape shape, String parent, int start, int count) {
    return children.list(shape, parent, start, count);
  }

  /** A container's text within `budget` characters, or null when it does not fit (a cycle: its short text). */
  String textWithin(ObjectReference object, int budget) {
    if (cyclic.contains(object) || inProgress.contains(object)) return null;
    inProgress.add(object);
    try {
      return fullText(shape(object), budget);
    } finally {
      inProgress.remove(inProgress.size() - 1);
    }
  }
}
