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
  private static final int SUMMARY_ITEMS = SUMMARY_LENGTH / 3;
  /** Unordered collections sort by their items' texts; items whose texts tie sort by texts this long. */
  private static final int SORT_KEY_LENGTH = 4000;

  private final ThreadReference thread;
  private final boolean invokeToString;
  private final Map<ObjectReference, Shape> shapes = new HashMap<>();
  private final Map<ObjectReference, String> texts = new HashMap<>();
  private final Map<ObjectReference, String> keyTexts = new HashMap<>();
  private final List<ObjectReference> inProgress = new ArrayList<>();
  private final Set<ObjectReference> cyclic = new HashSet<>();
  private final Map<ObjectReference, List<Object[]>> sortedCache = new HashMap<>();

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
      default -> {
        open = Jdi.simpleName(object.referenceType().name()) + "{";
        close = "}";
      }
    }
    if (shape.indexed() > SUMMARY_ITEMS) return null;
    StringBuilder out = new StringBuilder(open);
    List<Child> children = children(shape, "", 0, SUMMARY_ITEMS + 1);
    for (int i = 0; i < children.size(); i++) {
      Child child = children.get(i);
      if (i > 0) out.append(", ");
      if (shape.kind() == Shape.Kind.OBJECT || shape.kind() == Shape.Kind.RECORD) out.append(child.name()).append('=');
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
  record Child(String name, Object value, String evaluateName, String declaredType, String key) {}

  /** The value's children from `start`, at most `count`; `parent` is its evaluateName ("" for none). */
  List<Child> children(Shape shape, String parent, int start, int count) {
    ObjectReference object = shape.object();
    List<Child> out = new ArrayList<>();
    String prefix = parent.isEmpty() ? null : parent;
    switch (shape.kind()) {
      case ARRAY -> {
        ArrayReference array = (ArrayReference) object;
        int end = (int) Math.min(array.length(), (long) start + count);
        String component = array.referenceType().name().replaceFirst("\\[]$", "");
        List<Object> items = Jdi.elements(array, start, Math.max(0, end - start));
        for (int i = 0; i < items.size(); i++) out.add(new Child("[" + (start + i) + "]", items.get(i), prefix == null ? null : prefix + "[" + (start + i) + "]", component, null));
      }
      case CONTAINER -> {
        JdkCollections.Container container = shape.container();
        if (container.kind() == JdkCollections.Kind.MAP) {
          List<Object[]> entries = container.unordered() ? sorted(object, container) : container.entries(start + count);
          Map<String, Integer> seen = new HashMap<>();
          for (int i = 0; i < entries.size(); i++) {
            String key = keyText(entries.get(i)[0]);
            int n = seen.merge(key, 1, Integer::sum);
            if (i < start || out.size() >= count) continue;
            String name = "[" + key + "]" + (n > 1 ? " #" + n : "");
            boolean literal = n == 1 && isLiteralKey(entries.get(i)[0]);
            out.add(new Child(name, entries.get(i)[1], prefix != null && literal ? prefix + "[" + key + "]" : null, null, key));
          }
        } else {
          List<Object> items = container.unordered() ? keysOf(sorted(object, container)) : container.elements(start + count);
          boolean isList = container.kind() == JdkCollections.Kind.LIST;
          for (int i = start; i < items.size() && out.size() < count; i++) out.add(new Child("[" + i + "]", items.get(i), prefix != null && isList ? prefix + "[" + i + "]" : null, null, null));
        }
      }
      case OPTIONAL -> out.add(new Child("value", shape.optional().value(), prefix == null ? null : prefix + ".get()", null, null));
      case RECORD, OBJECT -> {
        List<Field> fields = instanceFields(object.referenceType());
        Map<Field, Value> values = fields.isEmpty() ? Map.of() : object.getValues(fields);
        for (int i = start; i < fields.size() && out.size() < count; i++) {
          Field field = fields.get(i);
          out.add(new Child(field.name(), Jdi.local(values.get(field)), prefix == null ? null : prefix + "." + field.name(), field.typeName(), null));
        }
      }
      default -> {}
    }
    return out;
  }

  /** The longest text a map key takes to name its entry (an object key is named by its fields). */
  private static final int KEY_LENGTH = 400;

  /** A map key's text for its entry's name: its text, or when that is its type alone, its fields up to KEY_LENGTH. */
  private String keyText(Object key) {
    String text = text(key);
    if (!(key instanceof ObjectReference object) || !shape(object).hasChildren() || !text.equals(shortText(shape(object)))) return text;
    String known = keyTexts.get(object);
    if (known != null) return known;
    String longer = null;
    if (!cyclic.contains(object)) {
      inProgress.add(object);
      try {
        longer = fullText(shape(object), KEY_LENGTH);
      } finally {
        inProgress.remove(inProgress.size() - 1);
      }
    }
    keyTexts.put(object, longer != null ? longer : text);
    return keyTexts.get(object);
  }

  /** Whether the key's text is a literal the evaluator reads back (`m["k"]`, `m[3]`, `m['c']`, `m[true]`). */
  private static boolean isLiteralKey(Object key) {
    if (key instanceof StringReference) return true;
    if (key instanceof ObjectReference ref) return JdkValues.BOXES.contains(ref.referenceType().name());
    return key != null;
  }

  /** Instance fields, a superclass's first, without the compiler's own (`this$0`) but with captured variables (`val$x`). */
  static List<Field> instanceFields(ReferenceType type) {
    List<ReferenceType> chain = new ArrayList<>();
    for (ReferenceType t = type; t != null; t = t instanceof ClassType c ? c.superclass() : null) chain.add(0, t);
    Map<String, Field> byName = new LinkedHashMap<>();
    for (ReferenceType t : chain) {
      if (t.name().equals("java.lang.Object") || t.name().equals("java.lang.Record")) continue;
      for (Field field : t.fields()) {
        if (field.isStatic() || (field.isSynthetic() && !field.name().startsWith("val$"))) continue;
        byName.remove(field.name());
        byName.put(field.name(), field);
      }
    }
    return new ArrayList<>(byName.values());
  }

  /** A hash-ordered collection's entries ({key, value}; a set's elements as keys), by their keys' texts. */
  private List<Object[]> sorted(ObjectReference object, JdkCollections.Container container) {
    return sortedCache.computeIfAbsent(object, key -> {
      List<Object[]> entries = new ArrayList<>();
      if (container.kind() == JdkCollections.Kind.MAP) entries.addAll(container.entries(Integer.MAX_VALUE));
      else for (Object item : container.elements(Integer.MAX_VALUE)) entries.add(new Object[] {item, null});
      Map<Object, String> deep = new HashMap<>();
      Comparator<Object[]> byText = Comparator.comparing(entry -> keyText(entry[0]));
      entries.sort(byText.thenComparing(entry -> deep.computeIfAbsent(entry[0] == null ? "" : entry[0], k -> sortKey(entry[0], new HashSet<>()))));
      return entries;
    });
  }

  private static List<Object> keysOf(List<Object[]> entries) {
    List<Object> out = new ArrayList<>(entries.size());
    for (Object[] entry : entries) out.add(entry[0]);
    return out;
  }

  /** A longer text of a value, only to order items whose texts tie (two `Item{...}` in a HashSet). */
  private String sortKey(Object value, Set<ObjectReference> seen) {
    if (!(value instanceof ObjectReference object) || !shape(object).hasChildren() || !seen.add(object)) return text(value);
    StringBuilder out = new StringBuilder(shortText(shape(object))).append('(');
    for (Child child : children(shape(object), "", 0, SUMMARY_ITEMS)) {
      out.append(child.name()).append('=').append(sortKey(child.value(), seen)).append(';');
      if (out.length() > SORT_KEY_LENGTH) break;
    }
    return out.append(')').toString();
  }
}
