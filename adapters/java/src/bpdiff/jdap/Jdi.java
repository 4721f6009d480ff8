// Small helpers over com.sun.jdi: values as the adapter computes with them (a JDI primitive becomes
// the boxed Java value, an object stays its ObjectReference), and fields read by name, several in one
// round trip.
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.BooleanValue;
import com.sun.jdi.ByteValue;
import com.sun.jdi.CharValue;
import com.sun.jdi.ClassType;
import com.sun.jdi.DoubleValue;
import com.sun.jdi.Field;
import com.sun.jdi.FloatValue;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.LongValue;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ShortValue;
import com.sun.jdi.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

final class Jdi {
  private Jdi() {}

  /** A JDI value as the adapter computes with it: boxed primitives, ObjectReferences, null. */
  static Object local(Value value) {
    if (value == null) return null;
    if (value instanceof IntegerValue v) return v.value();
    if (value instanceof LongValue v) return v.value();
    if (value instanceof DoubleValue v) return v.value();
    if (value instanceof BooleanValue v) return v.value();
    if (value instanceof CharValue v) return v.value();
    if (value instanceof FloatValue v) return v.value();
    if (value instanceof ShortValue v) return v.value();
    if (value instanceof ByteValue v) return v.value();
    if (value instanceof ObjectReference) return value;
    return null; // void
  }

  /** The field `name` of the object's class or a superclass, or null. */
  static Field fieldOf(ObjectReference object, String name) {
    return object.referenceType().fieldByName(name);
  }

  /** One field's value (as `local`), or null when the class has no such field. */
  static Object get(ObjectReference object, String name) {
    Field field = fieldOf(object, name);
    return field == null ? null : local(object.getValue(field));
  }

  static ObjectReference getObject(ObjectReference object, String name) {
    Object value = get(object, name);
    return value instanceof ObjectReference ref ? ref : null;
  }

  static int getInt(ObjectReference object, String name) {
    Object value = get(object, name);
    return value instanceof Number n ? n.intValue() : 0;
  }

  /** Several fields in one round trip, in the order named (null for a missing one). */
  static Object[] getAll(ObjectReference object, String... names) {
    ReferenceType type = object.referenceType();
    List<Field> fields = new ArrayList<>();
    Field[] byIndex = new Field[names.length];
    for (int i = 0; i < names.length; i++) {
      byIndex[i] = type.fieldByName(names[i]);
      if (byIndex[i] != null) fields.add(byIndex[i]);
    }
    Map<Field, Value> values = fields.isEmpty() ? Map.of() : object.getValues(fields);
    Object[] out = new Object[names.length];
    for (int i = 0; i < names.length; i++) out[i] = byIndex[i] == null ? null : local(values.get(byIndex[i]));
    return out;
  }

  /** `length` elements of an array from `start`, as `local` values. */
  static List<Object> elements(ArrayReference array, int start, int length) {
    List<Object> out = new ArrayList<>(Math.max(0, length));
    if (length <= 0) return out;
    for (Value value : array.getValues(start, length)) out.add(local(value));
    return out;
  }

  /** Whether `type` is `name` or a subclass of it (classes only). */
  static boolean isSubclass(ReferenceType type, String name) {
    if (!(type instanceof ClassType cls)) return false;
    for (ClassType c = cls; c != null; c = c.superclass()) if (c.name().equals(name)) return true;
    return false;
  }

  /**
   * `com.acme.Order$Line` -> `Order.Line`: the name as Java source writes it, without the package. An
   * anonymous class keeps its number (`Order$1`), and a compiler's own name its dollars
   * (`Main$$anonfun$total$1`, Scala's); a lambda's class drops its run-dependent suffix.
   */
  static String simpleName(String typeName) {
    String name = typeName.substring(typeName.lastIndexOf('.') + 1);
    int lambda = name.indexOf("$$Lambda");
    if (lambda >= 0) return name.substring(0, lambda) + "$$Lambda";
    if (name.contains("$$") || name.endsWith("$")) return name;
    StringBuilder out = new StringBuilder();
    String[] parts = name.split("\\$");
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) out.append(Character.isJavaIdentifierStart(parts[i].charAt(0)) ? '.' : '$');
      out.append(parts[i]);
    }
    return out.toString();
  }
}
