// A catalog report whose values differ from run to run only by identity: products without equals or
// hashCode in a HashSet and as HashMap keys (hash order follows identity hash codes), a label made by
// Object.toString (Product@1b6d3586), records, enums, Optional and the JDK's collections.
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

public class Catalog {
  enum Category { TOOLS, TOYS, BOOKS }

  record Price(long cents, String currency) {}

  /** Compared by identity: no equals, no hashCode. */
  static final class Product {
    final String sku;
    final Category category;
    final Price price;
    final List<String> tags = new ArrayList<>();

    Product(String sku, Category category, long cents, String... tags) {
      this.sku = sku;
      this.category = category;
      this.price = new Price(cents, "EUR");
      this.tags.addAll(List.of(tags));
    }
  }

  public static void main(String[] args) {
    int copies = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    List<Product> products = new ArrayList<>();
    products.add(new Product("hammer", Category.TOOLS, 1999, "steel"));
    products.add(new Product("kite", Category.TOYS, 1250, "outdoor", "summer"));
    products.add(new Product("atlas", Category.BOOKS, 3500));
    products.add(new Product("saw", Category.TOOLS, 2450, "steel", "sharp"));

    Set<Product> seen = new HashSet<>(products);
    Map<Product, Integer> stock = new HashMap<>();
    for (Product product : products) stock.put(product, copies * product.tags.size());
    Map<Category, List<String>> byCategory = new EnumMap<>(Category.class);
    for (Product product : products) byCategory.computeIfAbsent(product.category, c -> new ArrayList<>()).add(product.sku);
    Map<String, Long> prices = new TreeMap<>();
    for (Product product : products) prices.put(product.sku, product.price.cents());
    Map<String, Integer> tagCounts = new LinkedHashMap<>();
    for (Product product : products) for (String tag : product.tags) tagCounts.merge(tag, 1, Integer::sum);
    Optional<Product> cheapest = products.stream().min(Comparator.comparingLong(p -> p.price.cents()));
    String label = "first: " + products.get(0);
    Object lock = new Object();
    long total = 0;
    for (Map.Entry<Product, Integer> entry : stock.entrySet()) total += entry.getKey().price.cents() * entry.getValue();
    System.out.printf("%d products, %d in stock, worth %d.%02d (%s)%n", seen.size(), stock.values().stream().mapToInt(Integer::intValue).sum(), total / 100, total % 100, cheapest.map(p -> p.sku).orElse("-"));
    System.out.println(label.length() + " " + lock.getClass().getSimpleName() + " " + byCategory.size() + " " + prices.size() + " " + tagCounts.size());
  }
}
