// Method calls in expressions, answered without running the program's code: methods of the JDK's
// immutable value classes (String, boxes, BigDecimal, java.time...) run on the same value in the
// adapter's own JVM; the JDK's collections and Optional answer from their fields; a getter that only
// returns a field reads it; equals and toString where their result is known from the fields. Any other
// call is an error that says so.
package bpdiff.jdap;

import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

final class Calls {
  private Calls() {}

  /** Classes whose static methods are pure functions of their arguments. */
  static final Set<String> STATIC_HELPERS = Set.of("Math", "StrictMath", "Integer", "Long", "Double", "Float", "Short", "Byte", "Boolean", "Character", "String", "Objects");

  static Object call(Evaluator evaluator, Object receiver, String name, List<Object> args) throws Expr.Error {
    if (receiver instanceof Evaluator.StaticHelper helper) return callStatic(helper.name(), name, args);
    if (receiver instanceof Evaluator.TypeRef type) {
      throw new Expr.Error("cannot call " + Jdi.simpleName(type.type().name()) + "." + name + "(): it would run the program's code, and the adapter evaluates without running it");
    }
    if (receiver == null) throw new Expr.Error("NullPointerException: cannot call " + name + "() on null");
    Object local = receiver instanceof ObjectReference ref ? JdkValues.read(ref) : receiver;
    if (local instanceof JdkValues.Chars chars) local = chars.text();
    if (local != null && !(local instanceof ObjectReference)) {
      if (name.equals("equals") && args.size() == 1) return equalsValue(receiver, args.get(0), evaluator.render());
      return callLocal(local, name, args);
    }
    ObjectReference object = (ObjectReference) receiver;
    Shape shape = evaluator.render().shape(object);
    if (name.equals("equals") && args.size() == 1) return equalsValue(object, args.get(0), evaluator.render());
    if (name.equals("toString") && args.isEmpty()) return stringValueOf(object, evaluator.render());
    switch (shape.kind()) {
      case CONTAINER -> {
        Object result = Containers.call(evaluator, shape.container(), name, args);
        if (result != Containers.UNKNOWN) return result;
      }
      case OPTIONAL -> {
        JdkCollections.Optional optional = shape.optional();
        switch (name + "/" + args.size()) {
          case "isPresent/0" -> {
            return optional.present();
          }
          case "isEmpty/0" -> {
            return !optional.present();
          }
          case "get/0", "getAsInt/0", "getAsLong/0", "getAsDouble/0", "orElseThrow/0" -> {
            if (!optional.present()) throw new Expr.Error("NoSuchElementException: No value present");
            return optional.value();
          }
          case "orElse/1" -> {
            return optional.present() ? optional.value() : args.get(0);
          }
          default -> {}
        }
      }
      case ENUM -> {
        if (name.equals("name") && args.isEmpty()) return Jdi.get(object, "name");
        if (name.equals("ordinal") && args.isEmpty()) return Jdi.get(object, "ordinal");
        if (name.equals("compareTo") && args.size() == 1 && args.get(0) instanceof ObjectReference other) return Jdi.getInt(object, "ordinal") - Jdi.getInt(other, "ordinal");
      }
      default -> {}
    }
    if (object.referenceType() instanceof ClassType cls) {
      for (Method method : cls.methodsByName(name)) {
        if (method.argumentTypeNames().size() != args.size()) continue;
        Field field = Bytecode.getterField(cls.concreteMethodByName(name, method.signature()));
        if (field != null) return Jdi.local(object.getValue(field));
      }
    }
    throw new Expr.Error("cannot call " + Jdi.simpleName(object.referenceType().name()) + "." + name + "(): it would run the program's code, and the adapter evaluates without running it");
  }

  /** A public method of the JDK value (String, Integer, BigDecimal, LocalDate...) run on the adapter's copy. */
  private static Object callLocal(Object local, String name, List<Object> args) throws Expr.Error {
    if (!local.getClass().getName().startsWith("java.")) throw new Expr.Error("cannot call " + name + "() on " + Ops.describe(local));
    return invokeBest(local.getClass(), local, name, args, false);
  }

  private static Object callStatic(String helper, String name, List<Object> args) throws Expr.Error {
    if (helper.equals("Objects")) {
      switch (name + "/" + args.size()) {
        case "isNull/1" -> {
          return args.get(0) == null;
        }
        case "nonNull/1" -> {
          return args.get(0) != null;
        }
        case "equals/2" -> {
          return args.get(0) == null ? args.get(1) == null : (Boolean) equalsValue(args.get(0), args.get(1), null);
        }
        default -> throw new Expr.Error("cannot call Objects." + name + "() without running the program's code");
      }
    }
    try {
      return invokeBest(Class.forName("java.lang." + helper), null, name, args, true);
    } catch (ClassNotFoundException e) {
      throw new Expr.Error("unknown class " + helper);
    }
  }

  /** The most specific public method of `cls` that takes these arguments (as javac would pick it), run. */
  private static Object invokeBest(Class<?> cls, Object target, String name, List<Object> args, boolean statics) throws Expr.Error {
    List<Object> plain = new ArrayList<>();
    for (Object arg : args) {
      Object value = Ops.unbox(arg);
      if (value instanceof StringReference s) value = s.value();
      else if (value instanceof ObjectReference ref) value = JdkValues.read(ref);
      if (value instanceof JdkValues.Chars chars) value = chars.text();
      if (arg != null && value == null) throw new Expr.Error("cannot pass " + Ops.describe(arg) + " to " + name + "(): only strings, numbers and the JDK's value classes");
      plain.add(value);
    }
    java.lang.reflect.Method best = null;
    int bestCost = Integer.MAX_VALUE;
    for (java.lang.reflect.Method method : cls.getMethods()) {
      if (!method.getName().equals(name) || method.getParameterCount() != plain.size() || Modifier.isStatic(method.getModifiers()) != statics) continue;
      int cost = cost(method.getParameterTypes(), plain);
      if (cost < bestCost) {
        best = method;
        bestCost = cost;
      }
    }
    if (best == null) throw new Expr.Error("no method " + cls.getSimpleName() + "." + name + " takes " + describeAll(args));
    try {
      Object[] call = plain.toArray();
      Class<?>[] types = best.getParameterTypes();
      for (int i = 0; i < call.length; i++) call[i] = widen(types[i], call[i]);
      return best.invoke(target, call);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new Expr.Error(cause.getClass().getSimpleName() + (cause.getMessage() != null ? ": " + cause.getMessage() : ""));
    } catch (IllegalAccessException | IllegalArgumentException e) {
      throw new Expr.Error("cannot call " + cls.getSimpleName() + "." + name + ": " + e.getMessage());
    }
  }

  private static String describeAll(List<Object> args) {
    List<String> parts = new ArrayList<>();
    for (Object arg : args) parts.add(Ops.describe(arg));
    return parts.isEmpty() ? "no arguments" : String.join(", ", parts);
  }

  /** How far these arguments are from a method's parameters (0: exactly them), MAX_VALUE when they do not fit. */
  private static int cost(Class<?>[] types, List<Object> args) {
    int cost = 0;
    for (int i = 0; i < types.length; i++) {
      int rank = rank(types[i]);
      Object arg = args.get(i);
      if (rank >= 0) {
        int have = arg == null ? -1 : rank(primitiveOf(arg.getClass()));
        if (have < 0 || (have > rank) || (types[i] == char.class && have != rank) || (types[i] == boolean.class) != (arg instanceof Boolean)) return Integer.MAX_VALUE;
        cost += rank - have;
      } else if (arg != null && !types[i].isInstance(arg)) {
        return Integer.MAX_VALUE;
      } else if (arg != null && types[i] != arg.getClass()) {
        cost += types[i] == Object.class ? 20 : 10;
      }
    }
    return cost;
  }

  private static final List<Class<?>> RANKS = List.of(byte.class, short.class, char.class, int.class, long.class, float.class, double.class);

  private static int rank(Class<?> type) {
    if (type == boolean.class) return 100;
    return RANKS.indexOf(type);
  }

  private static Class<?> primitiveOf(Class<?> box) {
    if (box == Integer.class) return int.class;
    if (box == Long.class) return long.class;
    if (box == Double.class) return double.class;
    if (box == Float.class) return float.class;
    if (box == Short.class) return short.class;
    if (box == Byte.class) return byte.class;
    if (box == Character.class) return char.class;
    if (box == Boolean.class) return boolean.class;
    return Object.class;
  }

  private static Object widen(Class<?> type, Object value) {
    if (!type.isPrimitive() || value == null) return value;
    Number n = value instanceof Character c ? (Number) (int) c : value instanceof Number num ? num : null;
    if (n == null) return value;
    if (type == long.class) return n.longValue();
    if (type == double.class) return n.doubleValue();
    if (type == float.class) return n.floatValue();
    if (type == int.class) return n.intValue();
    return value;
  }

  /**
   * `a.equals(b)` from the values: the JDK's value classes by value, enums and classes that keep
   * Object's equals by identity, records made by the compiler and the JDK's collections by their
   * contents. A class with an equals of its own would have to run it: an error.
   */
  static Object equalsValue(Object a, Object b, Render render) throws Expr.Error {
    if (a == null) throw new Expr.Error("NullPointerException: cannot call equals() on null");
    if (b == null) return false;
    Object x = a instanceof ObjectReference ra ? JdkValues.read(ra) : a;
    Object y = b instanceof ObjectReference rb ? JdkValues.read(rb) : b;
    if (x instanceof JdkValues.Chars || y instanceof JdkValues.Chars) return a.equals(b);
    if (x != null && !(x instanceof ObjectReference)) return y != null && x.equals(y);
    if (y != null) return false;
    ObjectReference left = (ObjectReference) a;
    if (!(b instanceof ObjectReference right)) return false;
    if (left.equals(right)) return true;
    if (!JdkCollections.overridesObjectMethod(left, "equals", "(Ljava/lang/Object;)Z")) return false;
    Shape shape = render == null ? Shape.of(left) : render.shape(left);
    if (shape.kind() == Shape.Kind.RECORD && isCompilers(left, "equals", "(Ljava/lang/Object;)Z")) {
      if (!left.referenceType().equals(right.referenceType())) return false;
      for (Field field : Children.instanceFields(left.referenceType())) {
        Object fa = Jdi.local(left.getValue(field));
        Object fb = Jdi.local(right.getValue(field));
        if (fa instanceof ObjectReference ? !(Boolean) equalsValue(fa, fb, render) : !java.util.Objects.equals(fa, fb)) return false;
      }
      return true;
    }
    if (shape.kind() == Shape.Kind.CONTAINER) return Containers.contentEquals(shape.container(), right, render);
    if (shape.kind() == Shape.Kind.OPTIONAL) {
      JdkCollections.Optional other = JdkCollections.optional(right);
      if (other == null || other.present() != shape.optional().present()) return false;
      return !other.present() || (Boolean) equalsValue(shape.optional().value(), other.value(), render);
    }
    throw new Expr.Error("cannot call " + Jdi.simpleName(left.referenceType().name()) + ".equals(): it would run the program's code, and the adapter evaluates without running it");
  }

  private static boolean isCompilers(ObjectReference object, String name, String signature) {
    Method method = ((ClassType) object.referenceType()).concreteMethodByName(name, signature);
    return method != null && Bytecode.isRecordObjectMethod(method);
  }

  /** What `"" + value` gives in Java, where it can be known without running the program's code. */
  static String stringValueOf(Object value, Render render) throws Expr.Error {
    if (value == null) return "null";
    if (!(value instanceof ObjectReference object)) return value instanceof JdkValues.Chars c ? c.text() : String.valueOf(value);
    Object local = JdkValues.read(object);
    if (local != null) return local instanceof JdkValues.Chars c ? c.text() : String.valueOf(local);
    Shape shape = render.shape(object);
    boolean own = JdkCollections.overridesObjectMethod(object, "toString", "()Ljava/lang/String;");
    switch (shape.kind()) {
      case ENUM -> {
        if (!own || object.referenceType().name().startsWith("java.")) return ((StringReference) Jdi.get(object, "name")).value();
      }
      case CONTAINER -> {
        return Containers.toJavaString(shape.container(), render);
      }
      case OPTIONAL -> {
        JdkCollections.Optional optional = shape.optional();
        String kind = Jdi.simpleName(object.referenceType().name());
        return optional.present() ? kind + "[" + stringValueOf(optional.value(), render) + "]" : kind + ".empty";
      }
      case RECORD -> {
        if (isCompilers(object, "toString", "()Ljava/lang/String;")) {
          StringBuilder out = new StringBuilder(Jdi.simpleName(object.referenceType().name())).append('[');
          List<Field> fields = Children.instanceFields(object.referenceType());
          for (int i = 0; i < fields.size(); i++) out.append(i > 0 ? ", " : "").append(fields.get(i).name()).append('=').append(stringValueOf(Jdi.local(object.getValue(fields.get(i))), render));
          return out.append(']').toString();
        }
      }
      default -> {}
    }
    String why = own ? "it would run " + Jdi.simpleName(object.referenceType().name()) + ".toString()" : "Object.toString() gives an identity hash code";
    throw new Expr.Error("cannot turn " + Ops.describe(object) + " into a string: " + why);
  }
}
