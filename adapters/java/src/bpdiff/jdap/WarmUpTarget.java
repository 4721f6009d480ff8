// The program the build's warm-up debugs (WarmUp.java), so that the adapter's class-data archive holds
// what a session loads: JDI's events, breakpoints, steps, value texts of collections and records.
package bpdiff.jdap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

public final class WarmUpTarget {
  /** The line of `total += item.qty();` below. */
  static final int STOP_LINE = 30;

  record Item(String name, int qty) {}

  private WarmUpTarget() {}

  public static void main(String[] args) {
    List<Item> items = new ArrayList<>(List.of(new Item("a", 1), new Item("b", 2)));
    Map<String, Item> byName = new HashMap<>();
    for (Item item : items) byName.put(item.name(), item);
    Set<Item> set = new HashSet<>(items);
    Optional<Item> first = items.stream().findFirst();
    int[] counts = {1, 2, 3};
    int total = 0;
    for (Item item : items) {
      total += item.qty();
    }
    System.out.println(total + " " + byName.size() + set.size() + first.isPresent() + counts.length);
  }
}
