// The JDK's collections in expressions: size(), isEmpty(), get(i), get(key), contains, containsKey,
// containsValue, getOrDefault, indexOf, `list[i]` and `map[key]`, equality by content and the text
// that toString() would give, all from the elements read through their fields.
package bpdiff.jdap;

import com.sun.jdi.ObjectReference;
import java.util.ArrayList;
import java.util.List;

final class Containers {
  private Containers() {}

  static final Object UNKNOWN = new Object();
  /** Reading a collection for an expression stops here: a condition must stay quick. */
  private static final int MAX_ITEMS = 100_000;

  static Object call(Evaluator evaluator, JdkCollections.Container container, String name, List<Object> args) throws Expr.Error {
    Render render = evaluator.render();
    boolean map = container.kind() == JdkCollections.Kind.MAP;
    switch (name + "/" + args.size()) {
      case "size/0":
        return container.size();
      case "isEmpty/0":
        return container.size() == 0;
      case "get/1":
        return map ? lookup(container, args.get(0), render, false) : element(container, args.get(0));
      case "getOrDefault/2": {
        Object[] entry = entry(container, args.get(0), render, false);
        return entry == null ? args.get(1) : entry[1];
      }
      case "containsKey/1":
        return map && entry(container, args.get(0), render, false) != null;
      case "containsValue/1":
        if (!map) break;
        for (Object[] entry : container.entries(MAX_ITEMS)) if (same(entry[1], args.get(0), render)) return true;
        return false;
      case "contains/1":
        if (map) break;
        return indexOf(container, args.get(0), render) >= 0;
      case "indexOf/1":
        if (container.kind() != JdkCollections.Kind.LIST) break;
        return indexOf(container, args.get(0), render);
      default:
        break;
    }
    return UNKNOWN;
  }

  /** `list[i]`, `map[key]` (a key equal to `key`, or whose text is that key's text: `m[3]` finds the Long 3). */
  static Object index(JdkCollections.Container container, Object index, Render render) throws Expr.Error {
    if (container.kind() == JdkCollections.Kind.MAP) {
      Object[] entry = entry(container, index, render, true);
      if (entry == null) throw new Expr.Error("no entry " + render.text(index) + " in the map");
      return entry[1];
    }
    if (container.kind() == JdkCollections.Kind.LIST) return element(container, index);
    throw new Expr.Error("a set has no elements by index");
  }

  private static Object element(JdkCollections.Container container, Object index) throws Expr.Error {
    Object i = Ops.unbox(index);
    if (!(i instanceof Integer || i instanceof Short || i instanceof Byte || i instanceof Character)) throw new Expr.Error("a list index must be an int, not " + Ops.describe(index));
    int at = i instanceof Character c ? c : ((Number) i).intValue();
    if (at < 0 || at >= container.size()) throw new Expr.Error("IndexOutOfBoundsException: Index " + at + " out of bounds for length " + container.size());
    return container.elements(at + 1).get(at);
  }

  private static Object lookup(JdkCollections.Container container, Object key, Render render, boolean byText) throws Expr.Error {
    Object[] entry = entry(container, key, render, byText);
    return entry == null ? null : entry[1];
  }

  private static Object[] entry(JdkCollections.Container container, Object key, Render render, boolean byText) throws Expr.Error {
    if (container.kind() != JdkCollections.Kind.MAP) throw new Expr.Error("not a map");
    List<Object[]> entries = container.entries(MAX_ITEMS);
    for (Object[] entry : entries) if (same(entry[0], key, render)) return entry;
    if (byText) {
      String text = render.text(key);
      for (Object[] entry : entries) if (render.text(entry[0]).equals(text)) return entry;
    }
    return null;
  }

  private static int indexOf(JdkCollections.Container container, Object item, Render render) throws Expr.Error {
    List<Object> items = container.elements(MAX_ITEMS);
    for (int i = 0; i < items.size(); i++) if (same(items.get(i), item, render)) return i;
    return -1;
  }

  /** Objects.equals(a, b), as the collections compare. */
  private static boolean same(Object a, Object b, Render render) throws Expr.Error {
    if (a == null || b == null) return a == b;
    return (Boolean) Calls.equalsValue(a, b, render);
  }

  /** List.equals, Set.equals, Map.equals: the same kind and the same contents. */
  static boolean contentEquals(JdkCollections.Container left, ObjectReference other, Render render) throws Expr.Error {
    JdkCollections.Container right = JdkCollections.of(other);
    if (right == null || right.kind() != left.kind() || right.size() != left.size()) return false;
    switch (left.kind()) {
      case LIST: {
        List<Object> a = left.elements(MAX_ITEMS);
        List<Object> b = right.elements(MAX_ITEMS);
        for (int i = 0; i < a.size(); i++) if (!same(a.get(i), b.get(i), render)) return false;
        return true;
      }
      case SET: {
        for (Object item : left.elements(MAX_ITEMS)) if (indexOf(right, item, render) < 0) return false;
        return true;
      }
      default: {
        for (Object[] entry : left.entries(MAX_ITEMS)) {
          Object[] match = entry(right, entry[0], render, false);
          if (match == null || !same(entry[1], match[1], render)) return false;
        }
        return true;
      }
    }
  }

  /** AbstractCollection.toString and AbstractMap.toString: `[a, b]`, `{k=v}`, in the collection's own order (as the program would print it). */
  static String toJavaString(JdkCollections.Container container, Render render) throws Expr.Error {
    List<String> parts = new ArrayList<>();
    if (container.kind() == JdkCollections.Kind.MAP) {
      for (Object[] entry : container.entries(MAX_ITEMS)) parts.add(Calls.stringValueOf(entry[0], render) + "=" + Calls.stringValueOf(entry[1], render));
      return "{" + String.join(", ", parts) + "}";
    }
    for (Object item : container.elements(MAX_ITEMS)) parts.add(Calls.stringValueOf(item, render));
    return "[" + String.join(", ", parts) + "]";
  }
}
