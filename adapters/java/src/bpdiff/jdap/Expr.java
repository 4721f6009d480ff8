// The expressions conditions and watches are written in: a side-effect-free subset of Java (names,
// literals, field access, indexing, calls, unary/binary/ternary operators, casts, instanceof), plus
// `list[i]` and `map["k"]`, the names the adapter gives to collection elements.
package bpdiff.jdap;

import java.util.List;

sealed interface Expr {
  record Literal(Object value) implements Expr {}

  record Name(String name) implements Expr {}

  record This() implements Expr {}

  record Field(Expr target, String name) implements Expr {}

  record Index(Expr target, Expr index) implements Expr {}

  /** `target` null: a call without a receiver (`max(a, b)`), which would run the program's code. */
  record Call(Expr target, String name, List<Expr> args) implements Expr {}

  record Unary(String op, Expr operand) implements Expr {}

  record Binary(String op, Expr left, Expr right) implements Expr {}

  record Conditional(Expr test, Expr then, Expr otherwise) implements Expr {}

  record Cast(String type, Expr operand) implements Expr {}

  record InstanceOf(Expr operand, String type) implements Expr {}

  /** An expression the adapter cannot parse or evaluate; its message says what and why. */
  final class Error extends Exception {
    Error(String message) {
      super(message);
    }
  }
}
