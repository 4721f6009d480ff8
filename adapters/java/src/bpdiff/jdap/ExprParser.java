// Tokenizer and precedence-climbing parser for Expr: Java's operator precedence and literal syntax.
package bpdiff.jdap;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

final class ExprParser {
  private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double");
  /** Binary operators by precedence, lowest first. */
  private static final String[][] LEVELS = {
    {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">=", "instanceof"}, {"<<", ">>", ">>>"}, {"+", "-"}, {"*", "/", "%"},
  };
  private static final String[] OPERATORS = {
    ">>>", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]", ".", ",", "?", ":", "!", "~", "+", "-", "*", "/", "%", "<", ">", "&", "^", "|",
  };

  private record Token(String kind, String text, Object value, int at) {}

  private final String source;
  private final List<Token> tokens = new ArrayList<>();
  private int pos;

  private ExprParser(String source) {
    this.source = source;
  }

  static Expr parse(String source) throws Expr.Error {
    ExprParser parser = new ExprParser(source);
    parser.tokenize();
    if (parser.tokens.size() == 1) throw new Expr.Error("the expression is empty");
    Expr expr = parser.conditional();
    Token rest = parser.peek();
    if (!rest.kind.equals("end")) throw parser.error("unexpected '" + rest.text + "'", rest);
    return expr;
  }

  private Expr.Error error(String what, Token at) {
    return new Expr.Error("cannot parse '" + source + "': " + what + " at column " + (at.at + 1));
  }

  private Token peek() {
    return tokens.get(pos);
  }

  private boolean isOp(String op) {
    Token t = peek();
    return (t.kind.equals("op") || t.kind.equals("id")) && t.text.equals(op);
  }

  private void expect(String op) throws Expr.Error {
    if (!isOp(op)) throw error("expected '" + op + "'", peek());
    pos++;
  }

  private Expr conditional() throws Expr.Error {
    Expr test = binary(0);
    if (!isOp("?")) return test;
    pos++;
    Expr then = conditional();
    expect(":");
    return new Expr.Conditional(test, then, conditional());
  }

  private Expr binary(int level) throws Expr.Error {
    if (level == LEVELS.length) return unary();
    Expr left = binary(level + 1);
    for (;;) {
      String op = null;
      for (String candidate : LEVELS[level]) if (isOp(candidate)) op = candidate;
      if (op == null) return left;
      pos++;
      if (op.equals("instanceof")) left = new Expr.InstanceOf(left, typeName());
      else left = new Expr.Binary(op, left, binary(level + 1));
    }
  }

  private String typeName() throws Expr.Error {
    Token t = peek();
    if (!t.kind.equals("id")) throw error("expected a type name", t);
    StringBuilder name = new StringBuilder(t.text);
    pos++;
    while (isOp(".") && tokens.get(pos + 1).kind.equals("id")) {
      name.append('.').append(tokens.get(pos + 1).text);
      pos += 2;
    }
    while (isOp("[") && tokens.get(pos + 1).text.equals("]")) {
      name.append("[]");
      pos += 2;
    }
    return name.toString();
  }

  private Expr unary() throws Expr.Error {
    Token t = peek();
    if (t.kind.equals("op") && (t.text.equals("-") || t.text.equals("+") || t.text.equals("!") || t.text.equals("~"))) {
      pos++;
      Expr operand = unary();
      // -2147483648 and -9223372036854775808L are literals of their own in Java.
      if (t.text.equals("-") && operand instanceof Expr.Literal lit && lit.value() instanceof Number n && !(n instanceof Double || n instanceof Float)) {
        return new Expr.Literal(n instanceof Long l ? (Object) (-l) : (Object) (-n.intValue()));
      }
      return new Expr.Unary(t.text, operand);
    }
    if (isOp("(") && isCast()) {
      pos++;
      String type = typeName();
      expect(")");
      return new Expr.Cast(type, unary());
    }
    return postfix(primary());
  }

  /** `(int) x`, `(Item) o`: a parenthesised type followed by something that can be cast. */
  private boolean isCast() {
    int at = pos + 1;
    if (!tokens.get(at).kind.equals("id")) return false;
    boolean primitive = PRIMITIVES.contains(tokens.get(at).text);
    at++;
    while (tokens.get(at).text.equals(".") && tokens.get(at + 1).kind.equals("id")) at += 2;
    while (tokens.get(at).text.equals("[") && tokens.get(at + 1).text.equals("]")) at += 2;
    if (!tokens.get(at).text.equals(")") || !tokens.get(at).kind.equals("op")) return false;
    Token next = tokens.get(at + 1);
    if (primitive) return !next.kind.equals("end");
    return next.kind.equals("id") || next.kind.equals("literal") || next.text.equals("(") || next.text.equals("!") || next.text.equals("~");
  }

  private Expr primary() throws Expr.Error {
    Token t = peek();
    switch (t.kind) {
      case "literal" -> {
        pos++;
        return new Expr.Literal(t.value);
      }
      case "id" -> {
        pos++;
        switch (t.text) {
          case "true" -> {
            return new Expr.Literal(Boolean.TRUE);
          }
          case "false" -> {
            return new Expr.Literal(Boolean.FALSE);
          }
          case "null" -> {
            return new Expr.Literal(null);
          }
          case "this" -> {
            return new Expr.This();
          }
          default -> {
            if (isOp("(")) return new Expr.Call(null, t.text, arguments());
            return new Expr.Name(t.text);
          }
        }
      }
      case "op" -> {
        if (t.text.equals("(")) {
          pos++;
          Expr inner = conditional();
          expect(")");
          return inner;
        }
        throw error("unexpected '" + t.text + "'", t);
      }
      default -> throw error("the expression ends too early", t);
    }
  }

  private Expr postfix(Expr expr) throws Expr.Error {
    for (;;) {
      if (isOp(".")) {
        pos++;
        Token name = peek();
        if (!name.kind.equals("id")) throw error("expected a name after '.'", name);
        pos++;
        expr = isOp("(") ? new Expr.Call(expr, name.text, arguments()) : new Expr.Field(expr, name.text);
      } else if (isOp("[")) {
        pos++;
        Expr index = conditional();
        expect("]");
        expr = new Expr.Index(expr, index);
      } else {
        return expr;
      }
    }
  }

  private List<Expr> arguments() throws Expr.Error {
    expect("(");
    List<Expr> args = new ArrayList<>();
    if (isOp(")")) {
      pos++;
      return args;
    }
    for (;;) {
      args.add(conditional());
      if (isOp(")")) {
        pos++;
        return args;
      }
      expect(",");
    }
  }

  private void tokenize() throws Expr.Error {
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (Character.isJavaIdentifierStart(c)) {
        int start = i;
        while (i < source.length() && Character.isJavaIdentifierPart(source.charAt(i))) i++;
        tokens.add(new Token("id", source.substring(start, i), null, start));
      } else if (Character.isDigit(c) || (c == '.' && i + 1 < source.length() && Character.isDigit(source.charAt(i + 1)))) {
        i = number(i);
      } else if (c == '"') {
        i = text(i, '"');
      } else if (c == '\'') {
        i = text(i, '\'');
      } else {
        String op = null;
        for (String candidate : OPERATORS) if (source.startsWith(candidate, i)) {
          op = candidate;
          break;
        }
        if (op == null) throw new Expr.Error("cannot parse '" + source + "': unexpected character '" + c + "' at column " + (i + 1));
        tokens.add(new Token("op", op, null, i));
        i += op.length();
      }
    }
    tokens.add(new Token("end", "end of the expression", null, source.length()));
  }

  private int number(int start) throws Expr.Error {
    int i = start;
    boolean hex = source.startsWith("0x", i) || source.startsWith("0X", i);
    boolean bin = source.startsWith("0b", i) || source.startsWith("0B", i);
    if (hex || bin) i += 2;
    while (i < source.length()) {
      char c = source.charAt(i);
      boolean exponentSign = (c == '+' || c == '-') && !hex && "eE".indexOf(source.charAt(i - 1)) >= 0;
      if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || exponentSign) i++;
      else break;
    }
    String text = source.substring(start, i).replace("_", "");
    Object value;
    try {
      char last = Character.toLowerCase(text.charAt(text.length() - 1));
      if (hex || bin) {
        boolean isLong = last == 'l';
        String digits = text.substring(2, isLong ? text.length() - 1 : text.length());
        long parsed = Long.parseUnsignedLong(digits, hex ? 16 : 2);
        value = isLong ? (Object) parsed : (Object) (int) parsed;
        if (!isLong && (parsed >>> 32) != 0) throw new NumberFormatException();
      } else if (last == 'l') {
        value = Long.parseLong(text.substring(0, text.length() - 1));
      } else if (last == 'f') {
        value = Float.parseFloat(text);
      } else if (last == 'd' || text.contains(".") || text.contains("e") || text.contains("E")) {
        value = Double.parseDouble(text);
      } else {
        long parsed = Long.parseLong(text);
        // 2147483648 is only valid after a unary minus; -Integer.MIN_VALUE is handled by unary().
        if (parsed > 2147483648L) throw new NumberFormatException();
        value = parsed == 2147483648L ? (Object) Integer.MIN_VALUE : (Object) (int) parsed;
      }
    } catch (NumberFormatException e) {
      throw new Expr.Error("cannot parse '" + source + "': bad number '" + text + "' at column " + (start + 1));
    }
    tokens.add(new Token("literal", text, value, start));
    return i;
  }

  private int text(int start, char quote) throws Expr.Error {
    StringBuilder out = new StringBuilder();
    int i = start + 1;
    while (i < source.length() && source.charAt(i) != quote) {
      char c = source.charAt(i++);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (i >= source.length()) break;
      char e = source.charAt(i++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 's' -> out.append(' ');
        case '0', '1', '2', '3', '4', '5', '6', '7' -> {
          int end = i - 1;
          while (end < source.length() && end < i + 2 && source.charAt(end) >= '0' && source.charAt(end) <= '7') end++;
          out.append((char) Integer.parseInt(source.substring(i - 1, end), 8));
          i = end;
        }
        case 'u' -> {
          while (i < source.length() && source.charAt(i) == 'u') i++;
          if (i + 4 > source.length()) throw new Expr.Error("cannot parse '" + source + "': bad \\u escape at column " + (i + 1));
          out.append((char) Integer.parseInt(source.substring(i, i + 4), 16));
          i += 4;
        }
        default -> out.append(e);
      }
    }
    if (i >= source.length()) throw new Expr.Error("cannot parse '" + source + "': unterminated " + (quote == '"' ? "string" : "character") + " literal at column " + (start + 1));
    String text = out.toString();
    if (quote == '\'' && text.length() != 1) throw new Expr.Error("cannot parse '" + source + "': a character literal holds one character, at column " + (start + 1));
    tokens.add(new Token("literal", source.substring(start, i + 1), quote == '"' ? text : (Object) text.charAt(0), start));
    return i + 1;
  }
}
