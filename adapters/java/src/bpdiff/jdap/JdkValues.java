// The JDK's value classes read from their fields, never by running their code: strings, boxed
// primitives, BigDecimal/BigInteger, UUID, java.time and java.util.Date, atomics, StringBuilder. Each
// becomes the same object in the adapter's own JVM, which gives its text (toString) and equality.
package bpdiff.jdap;

import com.sun.jdi.ArrayReference;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Set;
import java.util.UUID;

final class JdkValues {
  private JdkValues() {}

  /** The text of a StringBuilder/StringBuffer: a value of its own kind, so it is quoted like a string. */
  record Chars(String text) {}

  static final Set<String> BOXES = Set.of(
      "java.lang.Integer", "java.lang.Long", "java.lang.Double", "java.lang.Float", "java.lang.Short", "java.lang.Byte", "java.lang.Character", "java.lang.Boolean");

  private static final Set<String> VALUE_CLASSES = Set.of(
      "java.math.BigDecimal", "java.math.BigInteger", "java.util.UUID", "java.time.LocalDate", "java.time.LocalTime", "java.time.LocalDateTime",
      "java.time.Instant", "java.time.Duration", "java.time.ZoneOffset", "java.time.ZoneRegion", "java.time.ZonedDateTime", "java.time.OffsetDateTime",
      "java.util.Date", "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong", "java.util.concurrent.atomic.AtomicBoolean",
      "java.lang.StringBuilder", "java.lang.StringBuffer", "sun.nio.fs.UnixPath");

  /** Whether objects of this class are read as a value (isValue) without looking at them further. */
  static boolean isValueClass(String typeName) {
    return typeName.equals("java.lang.String") || BOXES.contains(typeName) || VALUE_CLASSES.contains(typeName);
  }

  /** The object as a value of the adapter's own JVM, or null when its class is not one of these. */
  static Object read(ObjectReference object) {
    if (object instanceof StringReference s) return s.value();
    String type = object.referenceType().name();
    if (BOXES.contains(type)) return Jdi.get(object, "value");
    if (!VALUE_CLASSES.contains(type)) return null;
    return switch (type) {
      case "java.math.BigInteger" -> bigInteger(object);
      case "java.math.BigDecimal" -> bigDecimal(object);
      case "java.util.UUID" -> {
        Object[] f = Jdi.getAll(object, "mostSigBits", "leastSigBits");
        yield new UUID((Long) f[0], (Long) f[1]);
      }
      case "java.time.LocalDate" -> localDate(object);
      case "java.time.LocalTime" -> localTime(object);
      case "java.time.LocalDateTime" -> localDateTime(object);
      case "java.time.Instant", "java.time.Duration" -> {
        Object[] f = Jdi.getAll(object, "seconds", "nanos");
        long seconds = (Long) f[0];
        int nanos = (Integer) f[1];
        yield type.endsWith("Instant") ? Instant.ofEpochSecond(seconds, nanos) : Duration.ofSeconds(seconds, nanos);
      }
      case "java.time.ZoneOffset" -> ZoneOffset.ofTotalSeconds(Jdi.getInt(object, "totalSeconds"));
      case "java.time.ZoneRegion" -> zone(object);
      case "java.time.OffsetDateTime" -> {
        Object[] f = Jdi.getAll(object, "dateTime", "offset");
        yield OffsetDateTime.of(localDateTime((ObjectReference) f[0]), ZoneOffset.ofTotalSeconds(Jdi.getInt((ObjectReference) f[1], "totalSeconds")));
      }
      case "java.time.ZonedDateTime" -> {
        Object[] f = Jdi.getAll(object, "dateTime", "offset", "zone");
        ZoneOffset offset = ZoneOffset.ofTotalSeconds(Jdi.getInt((ObjectReference) f[1], "totalSeconds"));
        yield ZonedDateTime.ofStrict(localDateTime((ObjectReference) f[0]), offset, zone((ObjectReference) f[2]));
      }
      case "java.util.Date" -> Instant.ofEpochMilli((Long) Jdi.get(object, "fastTime"));
      case "java.util.concurrent.atomic.AtomicBoolean" -> Jdi.getInt(object, "value") != 0;
      case "java.lang.StringBuilder", "java.lang.StringBuffer" -> new Chars(builderText(object));
      case "sun.nio.fs.UnixPath" -> {
        // A Path's text is its bytes (the platform's encoding: UTF-8 here).
        ArrayReference bytes = (ArrayReference) Jdi.get(object, "path");
        byte[] raw = new byte[bytes.length()];
        List<Object> values = Jdi.elements(bytes, 0, raw.length);
        for (int i = 0; i < raw.length; i++) raw[i] = (Byte) values.get(i);
        yield new Chars(new String(raw, java.nio.charset.StandardCharsets.UTF_8));
      }
      default -> Jdi.get(object, "value"); // AtomicInteger, AtomicLong
    };
  }

  private static BigInteger bigInteger(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "signum", "mag");
    int signum = (Integer) f[0];
    List<Object> mag = Jdi.elements((ArrayReference) f[1], 0, ((ArrayReference) f[1]).length());
    byte[] bytes = new byte[mag.size() * 4];
    for (int i = 0; i < mag.size(); i++) {
      int word = (Integer) mag.get(i);
      for (int b = 0; b < 4; b++) bytes[i * 4 + b] = (byte) (word >>> (24 - 8 * b));
    }
    return new BigInteger(signum, bytes);
  }

  private static BigDecimal bigDecimal(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "intCompact", "intVal", "scale");
    long compact = (Long) f[0];
    BigInteger unscaled = compact != Long.MIN_VALUE ? BigInteger.valueOf(compact) : bigInteger((ObjectReference) f[1]);
    return new BigDecimal(unscaled, (Integer) f[2]);
  }

  private static LocalDate localDate(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "year", "month", "day");
    return LocalDate.of((Integer) f[0], ((Number) f[1]).intValue(), ((Number) f[2]).intValue());
  }

  private static LocalTime localTime(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "hour", "minute", "second", "nano");
    return LocalTime.of(((Number) f[0]).intValue(), ((Number) f[1]).intValue(), ((Number) f[2]).intValue(), (Integer) f[3]);
  }

  private static LocalDateTime localDateTime(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "date", "time");
    return LocalDateTime.of(localDate((ObjectReference) f[0]), localTime((ObjectReference) f[1]));
  }

  private static ZoneId zone(ObjectReference object) {
    if (object.referenceType().name().equals("java.time.ZoneOffset")) return ZoneOffset.ofTotalSeconds(Jdi.getInt(object, "totalSeconds"));
    Object id = Jdi.get(object, "id");
    return ZoneId.of(id instanceof StringReference s ? s.value() : "UTC");
  }

  /** A StringBuilder's characters from its byte[] value, LATIN1 (coder 0) or UTF-16 in the JVM's byte order. */
  private static String builderText(ObjectReference object) {
    Object[] f = Jdi.getAll(object, "value", "coder", "count");
    if (!(f[0] instanceof ArrayReference array)) return "";
    int count = (Integer) f[2];
    int coder = ((Number) f[1]).intValue();
    if (f[0] instanceof ArrayReference && array.type().name().equals("char[]")) {
      StringBuilder out = new StringBuilder();
      for (Object c : Jdi.elements(array, 0, count)) out.append((char) (Character) c);
      return out.toString();
    }
    List<Object> bytes = Jdi.elements(array, 0, coder == 0 ? count : count * 2);
    StringBuilder out = new StringBuilder(count);
    for (int i = 0; i < count; i++) {
      if (coder == 0) {
        out.append((char) ((Byte) bytes.get(i) & 0xff));
      } else {
        int lo = (Byte) bytes.get(2 * i) & 0xff;
        int hi = (Byte) bytes.get(2 * i + 1) & 0xff;
        // x86 and arm64 JVMs are little-endian: StringUTF16 stores the low byte first.
        out.append((char) (java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? (hi << 8) | lo : (lo << 8) | hi));
      }
    }
    return out.toString();
  }
}
