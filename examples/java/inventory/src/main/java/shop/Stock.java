package shop;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Stock levels by SKU, and what to reorder. */
public final class Stock {
  public record Line(String sku, int onHand, int minimum) {}

  private final Map<String, Line> lines = new TreeMap<>();

  public void add(Line line) {
    lines.put(line.sku(), line);
  }

  public List<String> toReorder() {
    List<String> reorder = new ArrayList<>();
    for (Line line : lines.values()) {
      int shortfall = line.minimum() - line.onHand();
      if (shortfall > 0) {
        reorder.add(line.sku() + " x" + shortfall);
      }
    }
    return reorder;
  }
}
