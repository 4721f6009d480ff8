// The children of a value, for `variables` and for the summaries in value texts: array elements,
// collection elements and map entries (hash-ordered ones by their keys' texts, so that two runs list
// them alike), Optional's value, a map entry's key and value, an exception's message and cause, an
// object's or record's instance fields.
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StringReference;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

final class Children {
  /** One child: a field (`name`), an element (`[0]`), a map entry (`["k"]`, key its key's text). */
  record Child(String name, Object value, String evaluateName, String declaredType, String key) {}

  /** The longest text a map key takes to name its entry (an object key is named by its fields). */
  private static final int KEY_LENGTH = 400;
  /** Unordered collections sort by their items' texts; items whose texts tie sort by texts this long. */
  private static final int SORT_KEY_LENGTH = 4000;

  private final Render render;
  private final Map<ObjectReference, String> keyTexts = new HashMap<>();
  private final Map<ObjectReference, List<Object[]>> sortedCache = new HashMap<>();
  /** An object's fields as read once for its text: its `variables` (or a longer key text) reads them again. */
  private final Map<ObjectReference, Map<Field, Value>> fieldCache = new HashMap<>();

  Children(Render render) {
    this.render = render;
  }

  /** The value's children from `start`, at most `count`; `parent` is its evaluateName ("" for none). */
  List<Child> list(Shape shape, String parent, int start, int count) {
    ObjectReference object = shape.object();
    List<Child> out = new ArrayList<>();
    String prefix = parent.isEmpty() ? null : parent;
    switch (shape.kind()) {
      case ARRAY -> {
        ArrayReference array = (ArrayReference) object;
        int end = (int) Math.min(array.length(), (long) start + count);
        String arrayType = array.referenceType().name();
        String component = arrayType.substring(0, arrayType.length() - 2);
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
      case ENTRY -> {
        Object[] entry = shape.entry();
        if (start <= 0) out.add(new Child("key", entry[0], prefix == null ? null : prefix + ".getKey()", null, null));
        if (start <= 1 && out.size() < count) out.add(new Child("value", entry[1], prefix == null ? null : prefix + ".getValue()", null, null));
      }
      case THROWABLE, RECORD, OBJECT -> {
        List<Field> fields = instanceFields(object.referenceType());
        if (shape.kind() == Shape.Kind.THROWABLE) fields.removeIf(field -> !keepsThrowableField(object, field));
        Map<Field, Value> values = fieldValues(object, fields);
        for (int i = start; i < fields.size() && out.size() < count; i++) {
          Field field = fields.get(i);
          out.add(new Child(field.name(), Jdi.local(values.get(field)), prefix == null ? null : prefix + "." + field.name(), field.typeName(), null));
        }
      }
      default -> {}
    }
    return out;
  }

  /** The values of `fields` of `object`, in one round trip, once per stop (a stop's values do not change while it is read). */
  private Map<Field, Value> fieldValues(ObjectReference object, List<Field> fields) {
    if (fields.isEmpty()) return Map.of();
    Map<Field, Value> known = fieldCache.get(object);
    if (known != null && known.keySet().containsAll(fields)) return known;
    Map<Field, Value> values = object.getValues(fields);
    fieldCache.put(object, values);
    return values;
  }

  /**
   * An exception's fields that are its data: its own class's (below Throwable), its message, and its
   * cause unless it is itself (Throwable's way of saying "none yet"). The stack, its VM-internal
   * backtrace and the suppressed list are left out.
   */
  private static boolean keepsThrowableField(ObjectReference object, Field field) {
    if (!field.declaringType().name().equals("java.lang.Throwable")) return true;
    if (field.name().equals("detailMessage")) return true;
    return field.name().equals("cause") && !object.equals(object.getValue(field));
  }

  /** A map key's text for its entry's name: its text, or when that is its type alone, its fields up to KEY_LENGTH. */
  private String keyText(Object key) {
    String text = render.text(key);
    if (!(key instanceof ObjectReference object) || !render.shape(object).hasChildren() || !text.equals(render.shortText(render.shape(object)))) return text;
    String known = keyTexts.get(object);
    if (known != null) return known;
    String longer = render.textWithin(object, KEY_LENGTH);
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
    if (!(value instanceof ObjectReference object) || !render.shape(object).hasChildren() || !seen.add(object)) return render.text(value);
    StringBuilder out = new StringBuilder(render.shortText(render.shape(object))).append('(');
    for (Child child : list(render.shape(object), "", 0, Render.SUMMARY_ITEMS)) {
      out.append(child.name()).append('=').append(sortKey(child.value(), seen)).append(';');
      if (out.length() > SORT_KEY_LENGTH) break;
    }
    return out.append(')').toString();
  }
}
