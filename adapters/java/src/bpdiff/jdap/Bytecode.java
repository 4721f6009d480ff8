// What a method does, read from its bytecode, so that some calls can be answered without running
// them: a getter that only returns a field (`getQty()`, a record's `qty()`), and the equals/toString
// a record gets from the compiler (one invokedynamic to ObjectMethods).
package bpdiff.jdap;

import com.sun.jdi.Field;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

final class Bytecode {
  private Bytecode() {}

  private static final Map<Method, Object> GETTERS = new ConcurrentHashMap<>();
  private static final Object NONE = new Object();

  /** The field a method `aload_0; getfield F; <x>return` returns, or null when it does anything else. */
  static Field getterField(Method method) {
    Object known = GETTERS.computeIfAbsent(method, m -> {
      Field field = readGetter(m);
      return field == null ? NONE : field;
    });
    return known == NONE ? null : (Field) known;
  }

  private static Field readGetter(Method method) {
    if (method.isStatic() || method.isAbstract() || method.isNative() || !method.argumentTypeNames().isEmpty()) return null;
    byte[] code;
    try {
      code = method.bytecodes();
    } catch (UnsupportedOperationException e) {
      return null;
    }
    if (code.length != 5 || code[0] != 0x2a || (code[1] & 0xff) != 0xb4) return null;
    int ret = code[4] & 0xff;
    if (ret < 0xac || ret > 0xb0) return null;
    String name = fieldRefName(method.declaringType(), ((code[2] & 0xff) << 8) | (code[3] & 0xff));
    if (name == null) return null;
    Field field = method.declaringType().fieldByName(name);
    return field != null && !field.isStatic() ? field : null;
  }

  /** Whether the method is the compiler's record equals or toString: `aload_0; [aload_1;] invokedynamic; return`. */
  static boolean isRecordObjectMethod(Method method) {
    byte[] code;
    try {
      code = method.bytecodes();
    } catch (UnsupportedOperationException e) {
      return false;
    }
    int at = 0;
    if (at < code.length && code[at] == 0x2a) at++;
    if (at < code.length && code[at] == 0x2b) at++;
    return code.length == at + 6 && (code[at] & 0xff) == 0xba && (code[at + 5] & 0xff) >= 0xac && (code[at + 5] & 0xff) <= 0xb0;
  }

  /** The name of the field a Fieldref constant (index `index` of the class's constant pool) names. */
  private static String fieldRefName(ReferenceType type, int index) {
    if (!type.virtualMachine().canGetConstantPool()) return null;
    int count = type.constantPoolCount();
    byte[] pool = type.constantPool();
    int[] offsets = new int[count];
    int[] tags = new int[count];
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(pool))) {
      int at = 0;
      for (int i = 1; i < count; i++) {
        offsets[i] = at;
        int tag = in.readUnsignedByte();
        tags[i] = tag;
        int size = switch (tag) {
          case 1 -> 2 + in.readUnsignedShort();
          case 3, 4, 9, 10, 11, 12, 17, 18 -> 4;
          case 5, 6 -> 8;
          case 7, 8, 16, 19, 20 -> 2;
          case 15 -> 3;
          default -> throw new IOException("unknown constant pool tag " + tag);
        };
        if (tag != 1) in.skipNBytes(size);
        else in.skipNBytes(size - 2);
        at += 1 + size;
        if (tag == 5 || tag == 6) i++;
      }
      if (index <= 0 || index >= count || tags[index] != 9) return null;
      int nameAndType = u2(pool, offsets[index] + 3);
      if (tags[nameAndType] != 12) return null;
      int name = u2(pool, offsets[nameAndType] + 1);
      if (tags[name] != 1) return null;
      int length = u2(pool, offsets[name] + 1);
      byte[] utf = new byte[length + 2];
      System.arraycopy(pool, offsets[name] + 1, utf, 0, length + 2);
      return new DataInputStream(new ByteArrayInputStream(utf)).readUTF();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static int u2(byte[] bytes, int at) {
    return ((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff);
  }
}
