package shop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads a day's stock export (sku;on hand;minimum per line) and prints what to reorder. */
public final class Report {
  public static void main(String[] args) throws IOException {
    Stock stock = new Stock();
    for (String row : Files.readAllLines(Path.of(args[0]))) {
      if (row.isBlank() || row.startsWith("#")) continue;
      String[] cells = row.split(";");
      int onHand = Integer.parseInt(cells[1].trim());
      int minimum = Integer.parseInt(cells[2].trim());
      stock.add(new Stock.Line(cells[0], onHand, minimum));
    }
    List<String> reorder = stock.toReorder();
    System.out.println("reorder: " + String.join(", ", reorder));
  }
}
