// Threads of every JVM by DAP thread id (their names are `java <pid> <name>`, Inspector.threads).
package bpdiff.jdap;

import com.sun.jdi.ThreadReference;
import java.util.HashMap;
import java.util.Map;

final class Threads {
  record Entry(VmSession jvm, ThreadReference thread) {}

  private final Map<ThreadReference, Integer> ids = new HashMap<>();
  private final Map<Integer, Entry> entries = new HashMap<>();
  private int next = 1;

  synchronized int idOf(VmSession jvm, ThreadReference thread) {
    Integer id = ids.get(thread);
    if (id == null) {
      id = next++;
      ids.put(thread, id);
      entries.put(id, new Entry(jvm, thread));
    }
    return id;
  }

  synchronized Entry entry(int id) {
    return entries.get(id);
  }

  synchronized void forget(VmSession jvm) {
    entries.values().removeIf(entry -> entry.jvm() == jvm);
    ids.values().removeIf(id -> !entries.containsKey(id));
  }
}
