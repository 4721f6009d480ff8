// Evaluates an Expr in a stopped frame, reading the program's values and never running its code:
// names are the frame's locals, then `this`'s fields, then static fields of the frame's class, then
// classes (`Color.RED`). Used for conditions (which must give a boolean) and watches alike; anything
// it cannot do is an Expr.Error naming what and why.
package bpdiff.jdap;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ArrayReference;
import com.sun.jdi.Field;
import com.sun.jdi.LocalVariable;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

final class Evaluator {
  private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double");

  /** A class named in the expression, for its static fields and enum constants. */
  record TypeRef(ReferenceType type) {}

  /** Math, Integer, String, Objects...: pure static methods and constants, computed in the adapter. */
  record StaticHelper(String name) {}

  /** The start of a qualified name (`java.util`), not yet a class. */
  record PackagePrefix(String prefix) {}

  private final ThreadReference thread;
  private final int frameIndex;
  private final Render render;

  Evaluator(ThreadReference thread, int frameIndex, Render render) {
    this.thread = thread;
    this.frameIndex = frameIndex;
    this.render = render;
  }

  Render render() {
    return render;
  }

  private StackFrame frame() throws Expr.Error {
    try {
      return thread.frame(frameIndex);
    } catch (Exception e) {
      throw new Expr.Error("the frame is gone (" + e.getClass().getSimpleName() + ")");
    }
  }

  /** The expression's value, as a condition: it must be a boolean. */
  boolean test(Expr expr) throws Expr.Error {
    return Ops.asBoolean(value(expr), "the condition");
  }

  /** The expression's value (boxed primitive, String, ObjectReference or null). */
  Object value(Expr expr) throws Expr.Error {
    Object value = eval(expr);
    if (value instanceof TypeRef type) throw new Expr.Error("'" + Jdi.simpleName(type.type().name()) + "' is a class, not a value");
    if (value instanceof StaticHelper helper) throw new Expr.Error("'" + helper.name() + "' is a class, not a value");
    if (value instanceof PackagePrefix name) throw new Expr.Error("cannot find '" + name.prefix() + "': no local variable, field or class of that name here" + localsHint());
    return value;
  }

  private String localsHint() {
    try {
      frame().visibleVariables();
      return "";
    } catch (AbsentInformationException e) {
      return " (its class has no local variable names: compile it with javac -g)";
    } catch (Expr.Error e) {
      return "";
    }
  }

  private Object eval(Expr expr) throws Expr.Error {
    try {
      return evalUnchecked(expr);
    } catch (com.sun.jdi.ObjectCollectedException e) {
      throw new Expr.Error("a value was garbage-collected while it was read");
    } catch (com.sun.jdi.VMDisconnectedException e) {
      throw new Expr.Error("the JVM has gone");
    } catch (com.sun.jdi.InternalException | IllegalArgumentException | ClassCastException e) {
      throw new Expr.Error("cannot read a value (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
    } catch (StackOverflowError e) {
      throw new Expr.Error("the values nest too deep to compare (a cycle of equals?)");
    }
  }

  private Object evalUnchecked(Expr expr) throws Expr.Error {
    if (expr instanceof Expr.Literal literal) return literal.value();
    if (expr instanceof Expr.This) {
      ObjectReference self = frame().thisObject();
      if (self == null) throw new Expr.Error("there is no 'this' in a static method");
      return self;
    }
    if (expr instanceof Expr.Name name) return name(name.name());
    if (expr instanceof Expr.Field field) return field(eval(field.target()), field.name());
    if (expr instanceof Expr.Index index) return index(value(index.target()), value(index.index()));
    if (expr instanceof Expr.Call call) {
      if (call.target() == null) throw new Expr.Error("cannot call " + call.name() + "(): it would run the program's code, and the adapter evaluates without running it");
      Object target = eval(call.target());
      if (target instanceof PackagePrefix p) throw new Expr.Error("cannot find '" + p.prefix() + "'");
      List<Object> args = new ArrayList<>();
      for (Expr arg : call.args()) args.add(value(arg));
      return Calls.call(this, target, call.name(), args);
    }
    if (expr instanceof Expr.Unary unary) return Ops.unary(unary.op(), value(unary.operand()));
    if (expr instanceof Expr.Binary binary) {
      if (binary.op().equals("&&")) return Ops.asBoolean(value(binary.left()), "the left side of &&") && Ops.asBoolean(value(binary.right()), "the right side of &&");
      if (binary.op().equals("||")) return Ops.asBoolean(value(binary.left()), "the left side of ||") || Ops.asBoolean(value(binary.right()), "the right side of ||");
      return Ops.binary(binary.op(), value(binary.left()), value(binary.right()), render);
    }
    if (expr instanceof Expr.Conditional c) return Ops.asBoolean(value(c.test()), "the condition of ?:") ? value(c.then()) : value(c.otherwise());
    if (expr instanceof Expr.Cast cast) {
      Object value = value(cast.operand());
      if (PRIMITIVES.contains(cast.type())) return Ops.castPrimitive(cast.type(), value);
      if (value != null && !instanceOf(value, cast.type())) throw new Expr.Error("ClassCastException: " + Ops.describe(value) + " is not a " + cast.type());
      return value;
    }
    if (expr instanceof Expr.InstanceOf test) {
      Object value = value(test.operand());
      return value != null && instanceOf(value, test.type());
    }
    throw new Expr.Error("cannot evaluate " + expr);
  }

  private boolean instanceOf(Object value, String typeName) throws Expr.Error {
    if (!(value instanceof ObjectReference object)) {
      String type = Render.type(value, "java.lang.String");
      String boxed = switch (type) {
        case "int" -> "java.lang.Integer";
        case "char" -> "java.lang.Character";
        default -> type.startsWith("java.") ? type : "java.lang." + Character.toUpperCase(type.charAt(0)) + type.substring(1);
      };
      return boxed.equals(typeName) || boxed.endsWith("." + typeName) || typeName.equals("Object") || typeName.equals("java.lang.Object");
    }
    ReferenceType target = ClassLookup.find(object.virtualMachine(), typeName, frame().location().declaringType());
    if (target == null) throw new Expr.Error("cannot find the class '" + typeName + "' among the classes the JVM has loaded");
    return ClassLookup.isSubtype(object.referenceType(), target);
  }

  private Object name(String name) throws Expr.Error {
    StackFrame frame = frame();
    try {
      LocalVariable local = frame.visibleVariableByName(name);
      if (local != null) return Jdi.local(frame.getValue(local));
    } catch (AbsentInformationException e) {
      // No local variable names: fields and classes may still match.
    }
    ObjectReference self = frame.thisObject();
    if (self != null) {
      Field field = self.referenceType().fieldByName(name);
      if (field != null) return field.isStatic() ? Jdi.local(field.declaringType().getValue(field)) : Jdi.local(self.getValue(field));
    }
    ReferenceType declaring = frame.location().declaringType();
    for (ReferenceType type = declaring; type != null; type = outerOf(type)) {
      Field field = type.fieldByName(name);
      if (field != null && field.isStatic()) return Jdi.local(type.getValue(field));
    }
    if (Calls.STATIC_HELPERS.contains(name)) return new StaticHelper(name);
    ReferenceType type = ClassLookup.find(thread.virtualMachine(), name, declaring);
    if (type != null) return new TypeRef(type);
    return new PackagePrefix(name);
  }

  private static ReferenceType outerOf(ReferenceType type) {
    String name = type.name();
    int dollar = name.lastIndexOf('$');
    if (dollar < 0) return null;
    List<ReferenceType> found = type.virtualMachine().classesByName(name.substring(0, dollar));
    return found.isEmpty() ? null : found.get(0);
  }

  private Object field(Object target, String name) throws Expr.Error {
    if (target instanceof PackagePrefix prefix) {
      String qualified = prefix.prefix() + "." + name;
      List<ReferenceType> found = thread.virtualMachine().classesByName(qualified);
      return found.isEmpty() ? new PackagePrefix(qualified) : new TypeRef(found.get(0));
    }
    if (target instanceof StaticHelper helper) {
      try {
        java.lang.reflect.Field constant = Class.forName("java.lang." + helper.name()).getField(name);
        if (java.lang.reflect.Modifier.isStatic(constant.getModifiers())) return constant.get(null);
      } catch (ReflectiveOperationException e) {
        // not a constant of that class
      }
      throw new Expr.Error("no constant " + helper.name() + "." + name);
    }
    if (target instanceof TypeRef type) {
      Field field = type.type().fieldByName(name);
      if (field != null && field.isStatic()) return Jdi.local(type.type().getValue(field));
      List<ReferenceType> nested = thread.virtualMachine().classesByName(type.type().name() + "$" + name);
      if (!nested.isEmpty()) return new TypeRef(nested.get(0));
      throw new Expr.Error("no static field " + Jdi.simpleName(type.type().name()) + "." + name);
    }
    Object value = target;
    if (value == null) throw new Expr.Error("NullPointerException: cannot read the field '" + name + "' of null");
    if (value instanceof ArrayReference array && name.equals("length")) return array.length();
    if (!(value instanceof ObjectReference object)) throw new Expr.Error("cannot read the field '" + name + "' of " + Ops.describe(value));
    Field field = object.referenceType().fieldByName(name);
    if (field == null) throw new Expr.Error(Jdi.simpleName(object.referenceType().name()) + " has no field '" + name + "'");
    return Jdi.local(field.isStatic() ? field.declaringType().getValue(field) : object.getValue(field));
  }

  private Object index(Object target, Object index) throws Expr.Error {
    if (target == null) throw new Expr.Error("NullPointerException: cannot index null");
    if (target instanceof ArrayReference array) {
      Object i = Ops.unbox(index);
      if (!(i instanceof Integer || i instanceof Short || i instanceof Byte || i instanceof Character)) throw new Expr.Error("an array index must be an int, not " + Ops.describe(index));
      int at = i instanceof Character c ? c : ((Number) i).intValue();
      if (at < 0 || at >= array.length()) throw new Expr.Error("ArrayIndexOutOfBoundsException: Index " + at + " out of bounds for length " + array.length());
      return Jdi.local(array.getValue(at));
    }
    if (target instanceof ObjectReference object && render.shape(object).kind() == Shape.Kind.CONTAINER) return Containers.index(render.shape(object).container(), index, render);
    throw new Expr.Error("cannot index " + Ops.describe(target));
  }
}
