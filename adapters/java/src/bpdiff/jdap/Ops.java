// Java's operators on the values the evaluator computes with (boxed primitives, local strings, JDI
// objects): binary numeric promotion, integer overflow, division by zero, reference and content
// equality, string concatenation.
package bpdiff.jdap;

import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;

final class Ops {
  private Ops() {}

  /** A boxed primitive of the program (java.lang.Integer...) as the adapter's own; anything else as it is. */
  static Object unbox(Object value) {
    if (value instanceof ObjectReference ref && JdkValues.BOXES.contains(ref.referenceType().name())) return JdkValues.read(ref);
    return value;
  }

  static boolean isString(Object value) {
    return value instanceof String || value instanceof StringReference;
  }

  static String string(Object value) {
    return value instanceof StringReference s ? s.value() : (String) value;
  }

  static boolean asBoolean(Object value, String what) throws Expr.Error {
    Object v = unbox(value);
    if (v instanceof Boolean b) return b;
    throw new Expr.Error(what + " must be a boolean, not " + describe(value));
  }

  /** `int` `3`, `java.lang.String` `"a"`: for messages. */
  static String describe(Object value) {
    if (value == null) return "null";
    if (value instanceof ObjectReference ref) return "a " + ref.referenceType().name();
    return "a " + Render.type(value, value.getClass().getName());
  }

  private static boolean isNumeric(Object v) {
    return v instanceof Number || v instanceof Character;
  }

  private static Number number(Object v) {
    return v instanceof Character c ? (Number) (int) c : (Number) v;
  }

  /** Binary numeric promotion: double, float, long, else int. */
  private static char promoted(Object a, Object b) {
    if (a instanceof Double || b instanceof Double) return 'D';
    if (a instanceof Float || b instanceof Float) return 'F';
    if (a instanceof Long || b instanceof Long) return 'J';
    return 'I';
  }

  static Object unary(String op, Object value) throws Expr.Error {
    Object v = unbox(value);
    switch (op) {
      case "!":
        return !asBoolean(v, "the operand of !");
      case "~":
        if (v instanceof Long l) return ~l;
        if (isNumeric(v) && !(v instanceof Double || v instanceof Float)) return ~number(v).intValue();
        break;
      case "-":
      case "+":
        if (!isNumeric(v)) break;
        boolean minus = op.equals("-");
        if (v instanceof Double d) return minus ? -d : d;
        if (v instanceof Float f) return minus ? -f : f;
        if (v instanceof Long l) return minus ? -l : l;
        return minus ? -number(v).intValue() : number(v).intValue();
      default:
        break;
    }
    throw new Expr.Error("bad operand for " + op + ": " + describe(value));
  }

  static Object binary(String op, Object left, Object right, Render render) throws Expr.Error {
    if (op.equals("+") && (isString(left) || isString(right))) return Calls.stringValueOf(left, render) + Calls.stringValueOf(right, render);
    if (op.equals("==") || op.equals("!=")) return equal(left, right) == op.equals("==");
    Object a = unbox(left);
    Object b = unbox(right);
    if (a instanceof Boolean x && b instanceof Boolean y) {
      switch (op) {
        case "&":
          return x & y;
        case "|":
          return x | y;
        case "^":
          return x ^ y;
        default:
          break;
      }
    }
    if (!isNumeric(a) || !isNumeric(b)) throw new Expr.Error("bad operands for " + op + ": " + describe(left) + " and " + describe(right));
    Number x = number(a);
    Number y = number(b);
    if (op.equals("<<") || op.equals(">>") || op.equals(">>>")) {
      if (a instanceof Double || a instanceof Float || b instanceof Double || b instanceof Float) throw new Expr.Error("bad operands for " + op);
      long count = y.longValue();
      if (a instanceof Long) return op.equals("<<") ? x.longValue() << count : op.equals(">>") ? x.longValue() >> count : x.longValue() >>> count;
      int n = x.intValue();
      return op.equals("<<") ? n << count : op.equals(">>") ? n >> count : n >>> count;
    }
    switch (promoted(a, b)) {
      case 'D':
        return doubles(op, x.doubleValue(), y.doubleValue());
      case 'F': {
        Object r = doubles(op, x.floatValue(), y.floatValue());
        return r instanceof Double d ? (Object) (float) (double) d : r;
      }
      case 'J':
        return longs(op, x.longValue(), y.longValue(), true);
      default: {
        Object r = longs(op, x.intValue(), y.intValue(), false);
        return r instanceof Long l ? (Object) (int) (long) l : r;
      }
    }
  }

  private static Object doubles(String op, double x, double y) throws Expr.Error {
    return switch (op) {
      case "+" -> x + y;
      case "-" -> x - y;
      case "*" -> x * y;
      case "/" -> x / y;
      case "%" -> x % y;
      case "<" -> x < y;
      case "<=" -> x <= y;
      case ">" -> x > y;
      case ">=" -> x >= y;
      default -> throw new Expr.Error("bad operands for " + op + ": floating-point numbers");
    };
  }

  /** Integer arithmetic; `wide` false: the result is cut to 32 bits (Java's int overflow) by the caller. */
  private static Object longs(String op, long x, long y, boolean wide) throws Expr.Error {
    if ((op.equals("/") || op.equals("%")) && y == 0) throw new Expr.Error("ArithmeticException: / by zero");
    return switch (op) {
      case "+" -> x + y;
      case "-" -> x - y;
      case "*" -> x * y;
      case "/" -> wide || !(x == Integer.MIN_VALUE && y == -1) ? x / y : (long) Integer.MIN_VALUE;
      case "%" -> x % y;
      case "&" -> x & y;
      case "|" -> x | y;
      case "^" -> x ^ y;
      case "<" -> x < y;
      case "<=" -> x <= y;
      case ">" -> x > y;
      case ">=" -> x >= y;
      default -> throw new Expr.Error("bad operands for " + op);
    };
  }

  /**
   * `==`: numbers by value once either side is a primitive (Java unboxes then), objects by identity,
   * and a string literal of the expression by content (it would be the interned constant in the
   * program's code; a string the adapter makes is never identical to the program's).
   */
  static boolean equal(Object left, Object right) {
    if (left == null || right == null) return left == right;
    if (left instanceof String || right instanceof String) return isString(left) && isString(right) && string(left).equals(string(right));
    boolean leftObject = left instanceof ObjectReference;
    boolean rightObject = right instanceof ObjectReference;
    if (leftObject && rightObject) return left.equals(right);
    Object a = unbox(left);
    Object b = unbox(right);
    if (a instanceof Boolean || b instanceof Boolean) return a.equals(b);
    if (isNumeric(a) && isNumeric(b)) {
      return switch (promoted(a, b)) {
        case 'D', 'F' -> number(a).doubleValue() == number(b).doubleValue();
        default -> number(a).longValue() == number(b).longValue();
      };
    }
    return a.equals(b);
  }

  /** Casts to a primitive type (numeric conversions); other casts are checked by the evaluator. */
  static Object castPrimitive(String type, Object value) throws Expr.Error {
    Object v = unbox(value);
    if (type.equals("boolean")) {
      if (v instanceof Boolean) return v;
      throw new Expr.Error("cannot cast " + describe(value) + " to boolean");
    }
    if (!isNumeric(v)) throw new Expr.Error("cannot cast " + describe(value) + " to " + type);
    Number n = number(v);
    return switch (type) {
      case "int" -> n instanceof Double || n instanceof Float ? (int) n.doubleValue() : n.intValue();
      case "long" -> n instanceof Double || n instanceof Float ? (long) n.doubleValue() : n.longValue();
      case "double" -> n.doubleValue();
      case "float" -> n.floatValue();
      case "short" -> (short) n.longValue();
      case "byte" -> (byte) n.longValue();
      case "char" -> (char) n.longValue();
      default -> throw new Expr.Error("unknown type " + type);
    };
  }
}
