// A small JSON reader and writer, so that the adapter needs nothing outside the JDK. Objects read as
// LinkedHashMap (key order kept), arrays as ArrayList, numbers as Long when whole, else Double.
package bpdiff.jdap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
  private Json() {}

  static final class ParseError extends RuntimeException {
    ParseError(String message) {
      super(message);
    }
  }

  static Object parse(String text) {
    Reader reader = new Reader(text);
    reader.skipSpace();
    Object value = reader.value();
    reader.skipSpace();
    if (reader.at < text.length()) throw reader.error("unexpected text after the value");
    return value;
  }

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quote(s, out);
    } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
      out.append(value);
    } else if (value instanceof Number n) {
      double d = n.doubleValue();
      if (Double.isFinite(d)) out.append(d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d));
      else out.append("null");
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<String, Object> entry : ((Map<String, Object>) map).entrySet()) {
        if (!first) out.append(',');
        first = false;
        quote(entry.getKey(), out);
        out.append(':');
        write(entry.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) out.append(',');
        write(list.get(i), out);
      }
      out.append(']');
    } else {
      quote(value.toString(), out);
    }
  }

  static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff && !validSurrogate(s, i))) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    out.append('"');
  }

  /** A lone surrogate is written escaped, so the output stays valid UTF-8. */
  private static boolean validSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  /** A map literal: key, value, key, value... (nulls left out). */
  static Map<String, Object> object(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
      if (keysAndValues[i + 1] != null) map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static final class Reader {
    final String text;
    int at;

    Reader(String text) {
      this.text = text;
    }

    ParseError error(String what) {
      return new ParseError(what + " at offset " + at);
    }

    void skipSpace() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }

    Object value() {
      if (at >= text.length()) throw error("unexpected end");
      char c = text.charAt(at);
      switch (c) {
        case '{':
          return object();
        case '[':
          return array();
        case '"':
          return string();
        case 't':
          return literal("true", Boolean.TRUE);
        case 'f':
          return literal("false", Boolean.FALSE);
        case 'n':
          return literal("null", null);
        default:
          if (c == '-' || (c >= '0' && c <= '9')) return number();
          throw error("unexpected character '" + c + "'");
      }
    }

    Object literal(String word, Object value) {
      if (!text.startsWith(word, at)) throw error("expected " + word);
      at += word.length();
      return value;
    }

    Map<String, Object> object() {
      Map<String, Object> map = new LinkedHashMap<>();
      at++;
      skipSpace();
      if (at < text.length() && text.charAt(at) == '}') {
        at++;
        return map;
      }
      for (;;) {
        skipSpace();
        if (at >= text.length() || text.charAt(at) != '"') throw error("expected a key");
        String key = string();
        skipSpace();
        expect(':');
        skipSpace();
        map.put(key, value());
        skipSpace();
        if (at < text.length() && text.charAt(at) == ',') {
          at++;
          continue;
        }
        expect('}');
        return map;
      }
    }

    List<Object> array() {
      List<Object> list = new ArrayList<>();
      at++;
      skipSpace();
      if (at < text.length() && text.charAt(at) == ']') {
        at++;
        return list;
      }
      for (;;) {
        skipSpace();
        list.add(value());
        skipSpace();
        if (at < text.length() && text.charAt(at) == ',') {
          at++;
          continue;
        }
        expect(']');
        return list;
      }
    }

    void expect(char c) {
      if (at >= text.length() || text.charAt(at) != c) throw error("expected '" + c + "'");
      at++;
    }

    String string() {
      at++;
      StringBuilder out = new StringBuilder();
      while (at < text.length()) {
        char c = text.charAt(at++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        if (at >= text.length()) break;
        char e = text.charAt(at++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            if (at + 4 > text.length()) throw error("bad \\u escape");
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> out.append(e);
        }
      }
      throw error("unterminated string");
    }

    /** Up to 18 digits, an optional minus: a long (checked by hand: a regex costs a cold JVM its compilation). */
    private static boolean isWhole(String number) {
      int digits = number.startsWith("-") ? 1 : 0;
      if (number.length() - digits < 1 || number.length() - digits > 18) return false;
      for (int i = digits; i < number.length(); i++) if (number.charAt(i) < '0' || number.charAt(i) > '9') return false;
      return true;
    }

    Object number() {
      int start = at;
      if (text.charAt(at) == '-') at++;
      while (at < text.length() && "0123456789.eE+-".indexOf(text.charAt(at)) >= 0) at++;
      String number = text.substring(start, at);
      try {
        if (isWhole(number)) return Long.parseLong(number);
        return Double.parseDouble(number);
      } catch (NumberFormatException e) {
        throw error("bad number " + number);
      }
    }
  }
}
