// The JDK's collections read from their internal fields, never by running their code: lists, sets and
// maps (java.util's, the immutable ones of List.of/Set.of/Map.of, the Collections wrappers, the
// concurrent maps) and Optional. A collection is its size and its elements (or entries) in its own
// order; `unordered` says when that order is the hash order, which depends on identity hash codes.
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.ObjectReference;
import java.util.ArrayList;
import java.util.List;

final class JdkCollections {
  private JdkCollections() {}

  enum Kind { LIST, SET, MAP }

  /** Reads up to `limit` items: elements of a list or set, {key, value} pairs of a map. */
  interface Items {
    List<Object> read(int limit);
  }

  record Container(Kind kind, boolean unordered, int size, Items items) {
    Container {
      items = remembered(items);
    }

    List<Object> elements(int limit) {
      return items.read(limit);
    }

    @SuppressWarnings("unchecked")
    List<Object[]> entries(int limit) {
      return (List<Object[]>) (List<?>) items.read(limit);
    }
  }

  /**
   * Items read once per container and stop: its text reads its first items, its `variables` the same
   * ones again (a round trip or more each time). A later read of more items than were read reads anew.
   */
  private static Items remembered(Items items) {
    if (items instanceof Remembered) return items;
    return new Remembered(items);
  }

  private static final class Remembered implements Items {
    private final Items source;
    private List<Object> read;
    private int readLimit;

    Remembered(Items source) {
      this.source = source;
    }

    @Override
    public synchronized List<Object> read(int limit) {
      // Read anew only when more are asked for than were, and there may be more (as many came as were asked for).
      if (read == null || (read.size() == readLimit && limit > readLimit)) {
        read = source.read(limit);
        readLimit = limit;
      }
      // A reader that gives every item whatever the limit (a hash table's) gives them all again.
      return new ArrayList<>(read.size() > readLimit ? read : read.subList(0, Math.min(limit, read.size())));
    }
  }

  /** A map's one {key, value} entry: `List.of(new Object[] {k, v})` would be List.of's varargs, the list [k, v]. */
  private static List<Object> oneEntry(Object key, Object value) {
    return java.util.Collections.singletonList(new Object[] {key, value});
  }

  /** Optional and its primitive forms: present or not, and the value. */
  record Optional(boolean present, Object value) {}

  /**
   * A map entry of the JDK's maps (HashMap's and TreeMap's nodes, SimpleEntry, Map.entry...) as {key,
   * value}, or null. Its other fields are the map's bookkeeping: the key's hash code (an identity hash
   * for an object without hashCode), links to other nodes.
   */
  static Object[] entry(ObjectReference object) {
    if (!isMapEntry(object.referenceType())) return null;
    Object[] f = Jdi.getAll(object, "key", "value", "val", "referent");
    return new Object[] {f[0] != null || f[3] == null ? f[0] : f[3], f[1] != null ? f[1] : f[2]};
  }

  private static boolean isMapEntry(com.sun.jdi.ReferenceType type) {
    if (!(type instanceof ClassType cls)) return false;
    // The fields first: the interfaces' names cost a round trip each, and most classes have neither field.
    if (type.fieldByName("key") == null && type.fieldByName("referent") == null) return false;
    for (com.sun.jdi.InterfaceType face : cls.allInterfaces()) if (face.name().equals("java.util.Map$Entry")) return true;
    return false;
  }

  static Optional optional(ObjectReference object) {
    String type = object.referenceType().name();
    if (type.equals("java.util.Optional")) {
      Object value = Jdi.get(object, "value");
      return new Optional(value != null, value);
    }
    if (type.equals("java.util.OptionalInt") || type.equals("java.util.OptionalLong") || type.equals("java.util.OptionalDouble")) {
      Object[] f = Jdi.getAll(object, "isPresent", "value");
      return new Optional(Boolean.TRUE.equals(f[0]), f[1]);
    }
    return null;
  }

  /** The collection this object is, or null when it is none the adapter knows. */
  static Container of(ObjectReference object) {
    return of(object, object.referenceType().name());
  }

  /** The collection this object is, read as the JDK's class `type` (its own, or a superclass of it), or null. */
  static Container of(ObjectReference object, String type) {
    if (type == null) return null;
    switch (type) {
      case "java.util.ArrayList", "java.util.Vector", "java.util.Stack" -> {
        Object[] f = Jdi.getAll(object, "elementData", type.equals("java.util.ArrayList") ? "size" : "elementCount");
        return array(Kind.LIST, false, (ArrayReference) f[0], 0, (Integer) f[1]);
      }
      case "java.util.ArrayList$SubList", "java.util.ImmutableCollections$SubList" -> {
        Object[] f = Jdi.getAll(object, "root", "offset", "size");
        Container root = of((ObjectReference) f[0]);
        int offset = (Integer) f[1];
        int size = (Integer) f[2];
        return root == null ? null : new Container(Kind.LIST, false, size, limit -> root.elements(offset + Math.min(limit, size)).subList(offset, offset + Math.min(limit, size)));
      }
      case "java.util.LinkedList" -> {
        Object[] f = Jdi.getAll(object, "first", "size");
        return new Container(Kind.LIST, false, (Integer) f[1], limit -> chain((ObjectReference) f[0], "item", "next", limit));
      }
      case "java.util.ArrayDeque" -> {
        Object[] f = Jdi.getAll(object, "elements", "head", "tail");
        ArrayReference elements = (ArrayReference) f[0];
        int head = (Integer) f[1];
        int tail = (Integer) f[2];
        int capacity = elements.length();
        int size = tail >= head ? tail - head : capacity - head + tail;
        return new Container(Kind.LIST, false, size, limit -> {
          int n = Math.min(limit, size);
          List<Object> out = Jdi.elements(elements, head, Math.min(n, capacity - head));
          if (out.size() < n) out.addAll(Jdi.elements(elements, 0, n - out.size()));
          return out;
        });
      }
      case "java.util.PriorityQueue" -> {
        Object[] f = Jdi.getAll(object, "queue", "size");
        return array(Kind.LIST, false, (ArrayReference) f[0], 0, (Integer) f[1]);
      }
      case "java.util.concurrent.CopyOnWriteArrayList" -> {
        ArrayReference array = (ArrayReference) Jdi.get(object, "array");
        return array(Kind.LIST, false, array, 0, array.length());
      }
      case "java.util.Arrays$ArrayList" -> {
        ArrayReference array = (ArrayReference) Jdi.get(object, "a");
        return array(Kind.LIST, false, array, 0, array.length());
      }
      case "java.util.ImmutableCollections$ListN" -> {
        ArrayReference array = (ArrayReference) Jdi.get(object, "elements");
        return array(Kind.LIST, false, array, 0, array.length());
      }
      case "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$Set12" -> {
        Object[] f = Jdi.getAll(object, "e0", "e1");
        List<Object> items = new ArrayList<>();
        items.add(f[0]);
        if (!isMarker(object, "java.util.ImmutableCollections", "EMPTY", f[1])) items.add(f[1]);
        return fixed(type.endsWith("List12") ? Kind.LIST : Kind.SET, type.endsWith("Set12"), items);
      }
      case "java.util.ImmutableCollections$SetN" -> {
        Object[] f = Jdi.getAll(object, "elements", "size");
        return new Container(Kind.SET, true, (Integer) f[1], limit -> nonNull(Jdi.elements((ArrayReference) f[0], 0, ((ArrayReference) f[0]).length())));
      }
      case "java.util.ImmutableCollections$MapN" -> {
        Object[] f = Jdi.getAll(object, "table", "size");
        return new Container(Kind.MAP, true, (Integer) f[1], limit -> pairs(object, null, Jdi.elements((ArrayReference) f[0], 0, ((ArrayReference) f[0]).length())));
      }
      case "java.util.ImmutableCollections$Map1" -> {
        Object[] f = Jdi.getAll(object, "k0", "v0");
        return fixed(Kind.MAP, false, oneEntry(f[0], f[1]));
      }
      case "java.util.Collections$SingletonList", "java.util.Collections$SingletonSet" -> {
        return fixed(type.endsWith("List") ? Kind.LIST : Kind.SET, false, java.util.Collections.singletonList(Jdi.get(object, "element")));
      }
      case "java.util.Collections$SingletonMap" -> {
        Object[] f = Jdi.getAll(object, "k", "v");
        return fixed(Kind.MAP, false, oneEntry(f[0], f[1]));
      }
      case "java.util.Collections$EmptyList" -> {
        return fixed(Kind.LIST, false, List.of());
      }
      case "java.util.Collections$EmptySet" -> {
        return fixed(Kind.SET, false, List.of());
      }
      case "java.util.Collections$EmptyMap" -> {
        return fixed(Kind.MAP, false, List.of());
      }
      case "java.util.HashSet", "java.util.LinkedHashSet" -> {
        Container map = of(Jdi.getObject(object, "map"));
        return map == null ? null : new Container(Kind.SET, map.unordered, map.size, limit -> keys(map.entries(limit)));
      }
      case "java.util.TreeSet" -> {
        ObjectReference map = Jdi.getObject(object, "m");
        Container inner = map == null ? null : of(map);
        return inner == null ? null : new Container(Kind.SET, false, inner.size, limit -> keys(inner.entries(limit)));
      }
      case "java.util.concurrent.ConcurrentHashMap$KeySetView" -> {
        Container map = of(Jdi.getObject(object, "map"));
        return map == null ? null : new Container(Kind.SET, true, map.size, limit -> keys(map.entries(limit)));
      }
      case "java.util.concurrent.CopyOnWriteArraySet" -> {
        Container list = of(Jdi.getObject(object, "al"));
        return list == null ? null : new Container(Kind.SET, false, list.size, list.items);
      }
      case "java.util.RegularEnumSet", "java.util.JumboEnumSet" -> {
        return enumSet(object);
      }
      case "java.util.HashMap", "java.util.Hashtable", "java.util.concurrent.ConcurrentHashMap", "java.util.WeakHashMap" -> {
        return hashMap(object, type);
      }
      case "java.util.LinkedHashMap" -> {
        Object[] f = Jdi.getAll(object, "head", "size");
        return new Container(Kind.MAP, false, (Integer) f[1], limit -> chainEntries((ObjectReference) f[0], "after", limit));
      }
      case "java.util.TreeMap" -> {
        Object[] f = Jdi.getAll(object, "root", "size");
        return new Container(Kind.MAP, false, (Integer) f[1], limit -> {
          List<Object> out = new ArrayList<>();
          inOrder((ObjectReference) f[0], limit, out);
          return out;
        });
      }
      case "java.util.IdentityHashMap" -> {
        Object[] f = Jdi.getAll(object, "table", "size");
        return new Container(Kind.MAP, true, (Integer) f[1], limit -> pairs(object, "java.util.IdentityHashMap", Jdi.elements((ArrayReference) f[0], 0, ((ArrayReference) f[0]).length())));
      }
      case "java.util.EnumMap" -> {
        return enumMap(object);
      }
      case "java.util.Properties" -> {
        Container map = of(Jdi.getObject(object, "map"));
        return map;
      }
      default -> {
        // Collections.unmodifiableX, synchronizedX, checkedX: the collection they wrap.
        if (type.startsWith("java.util.Collections$Unmodifiable") || type.startsWith("java.util.Collections$Synchronized") || type.startsWith("java.util.Collections$Checked")) {
          ObjectReference inner = Jdi.getObject(object, type.endsWith("Map") ? "m" : "c");
          return inner == null ? null : of(inner);
        }
        return null;
      }
    }
  }

  private static Container array(Kind kind, boolean unordered, ArrayReference array, int start, int size) {
    return new Container(kind, unordered, size, limit -> Jdi.elements(array, start, Math.min(limit, size)));
  }

  private static Container fixed(Kind kind, boolean unordered, List<Object> items) {
    return new Container(kind, unordered, items.size(), limit -> new ArrayList<>(items.subList(0, Math.min(limit, items.size()))));
  }

  /**
   * Whether `value` is the marker object a JDK class keeps in a static field (ImmutableCollections'
   * EMPTY, the second slot of a one-element List12/Set12; the NULL_KEY of IdentityHashMap and
   * WeakHashMap; EnumMap's NULL value).
   */
  private static boolean isMarker(ObjectReference from, String className, String fieldName, Object value) {
    if (!(value instanceof ObjectReference ref) || className == null) return false;
    for (com.sun.jdi.ReferenceType type : from.virtualMachine().classesByName(className)) {
      Field field = type.fieldByName(fieldName);
      if (field != null && field.isStatic()) return ref.equals(type.getValue(field));
    }
    return false;
  }

  private static List<Object> nonNull(List<Object> items) {
    items.removeIf(item -> item == null);
    return items;
  }

  /** A table of key, value, key, value... (MapN, IdentityHashMap: its NULL_KEY is a null key) as {key, value} pairs. */
  private static List<Object> pairs(ObjectReference map, String nullKeyOf, List<Object> table) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i + 1 < table.size(); i += 2) {
      Object key = table.get(i);
      if (key != null) out.add(new Object[] {isMarker(map, nullKeyOf, "NULL_KEY", key) ? null : key, table.get(i + 1)});
    }
    return out;
  }

  private static List<Object> keys(List<Object[]> entries) {
    List<Object> out = new ArrayList<>(entries.size());
    for (Object[] entry : entries) out.add(entry[0]);
    return out;
  }

  /** Items along a chain of nodes (LinkedList: item, next). */
  private static List<Object> chain(ObjectReference node, String item, String next, int limit) {
    List<Object> out = new ArrayList<>();
    while (node != null && out.size() < limit) {
      Object[] f = Jdi.getAll(node, item, next);
      out.add(f[0]);
      node = (ObjectReference) f[1];
    }
    return out;
  }

  /** Entries along a chain of map nodes (LinkedHashMap: after). */
  private static List<Object> chainEntries(ObjectReference node, String next, int limit) {
    List<Object> out = new ArrayList<>();
    while (node != null && out.size() < limit) {
      Object[] f = Jdi.getAll(node, "key", "value", next);
      out.add(new Object[] {f[0], f[1]});
      node = (ObjectReference) f[2];
    }
    return out;
  }

  private static void inOrder(ObjectReference node, int limit, List<Object> out) {
    // Iterative, so a tall tree cannot overflow the adapter's stack.
    List<ObjectReference> stack = new ArrayList<>();
    while ((node != null || !stack.isEmpty()) && out.size() < limit) {
      while (node != null) {
        stack.add(node);
        node = Jdi.getObject(node, "left");
      }
      node = stack.remove(stack.size() - 1);
      Object[] f = Jdi.getAll(node, "key", "value", "right");
      out.add(new Object[] {f[0], f[1]});
      node = (ObjectReference) f[2];
    }
  }

  /** HashMap, Hashtable, WeakHashMap, ConcurrentHashMap: every bucket's chain, in table order (sorted later). */
  private static Container hashMap(ObjectReference object, String type) {
    boolean concurrent = type.equals("java.util.concurrent.ConcurrentHashMap");
    boolean weak = type.equals("java.util.WeakHashMap");
    int size;
    if (concurrent) {
      Object[] f = Jdi.getAll(object, "baseCount", "counterCells");
      long count = ((Number) f[0]).longValue();
      if (f[1] instanceof ArrayReference cells) for (Object cell : Jdi.elements(cells, 0, cells.length())) if (cell instanceof ObjectReference c) count += ((Number) Jdi.get(c, "value")).longValue();
      size = (int) count;
    } else {
      size = Jdi.getInt(object, type.equals("java.util.Hashtable") ? "count" : "size");
    }
    String valueField = concurrent ? "val" : "value";
    String keyField = weak ? "referent" : "key";
    return new Container(Kind.MAP, true, size, limit -> {
      List<Object> out = new ArrayList<>();
      Object table = Jdi.get(object, "table");
      if (!(table instanceof ArrayReference buckets)) return out;
      for (Object bucket : Jdi.elements(buckets, 0, buckets.length())) {
        ObjectReference node = (ObjectReference) bucket;
        if (node != null && concurrent && node.referenceType().name().endsWith("$TreeBin")) node = Jdi.getObject(node, "first");
        while (node != null) {
          Object[] f = Jdi.getAll(node, keyField, valueField, "next");
          out.add(new Object[] {weak && isMarker(object, "java.util.WeakHashMap", "NULL_KEY", f[0]) ? null : f[0], f[1]});
          node = (ObjectReference) f[2];
        }
      }
      return out;
    });
  }

  private static Container enumSet(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "elements", "universe");
    ArrayReference universe = (ArrayReference) f[1];
    List<Object> constants = Jdi.elements(universe, 0, universe.length());
    List<Object> members = new ArrayList<>();
    if (f[0] instanceof Long bits) {
      for (int i = 0; i < constants.size() && i < 64; i++) if ((bits >>> i & 1) != 0) members.add(constants.get(i));
    } else if (f[0] instanceof ArrayReference words) {
      List<Object> longs = Jdi.elements(words, 0, words.length());
      for (int i = 0; i < constants.size(); i++) if (((Long) longs.get(i >>> 6) >>> (i & 63) & 1) != 0) members.add(constants.get(i));
    }
    return fixed(Kind.SET, false, members);
  }

  private static Container enumMap(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "keyUniverse", "vals", "size");
    List<Object> keys = Jdi.elements((ArrayReference) f[0], 0, ((ArrayReference) f[0]).length());
    List<Object> vals = Jdi.elements((ArrayReference) f[1], 0, ((ArrayReference) f[1]).length());
    List<Object> entries = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) if (vals.get(i) != null) entries.add(new Object[] {keys.get(i), isMarker(object, "java.util.EnumMap", "NULL", vals.get(i)) ? null : vals.get(i)});
    return fixed(Kind.MAP, false, entries);
  }

  /** Whether this class declares (or inherits from a class of the program) its own method; used for equals/toString. */
  static boolean overridesObjectMethod(ObjectReference object, String name, String signature) {
    if (!(object.referenceType() instanceof ClassType cls)) return false;
    com.sun.jdi.Method method = cls.concreteMethodByName(name, signature);
    return method != null && !method.declaringType().name().equals("java.lang.Object");
  }

  static Field field(ObjectReference object, String name) {
    return object.referenceType().fieldByName(name);
  }
}
