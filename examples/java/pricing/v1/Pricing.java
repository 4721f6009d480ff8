// Order pricing: bulk discount on line items, then a coupon on the order total.
import java.util.ArrayList;
import java.util.List;

public class Pricing {
  static final int DISCOUNT_PERCENT = 10;
  static final int BULK_QTY = 3;

  record LineItem(String sku, int qty, double unitPrice) {}

  static final class Order {
    final String customer;
    final List<LineItem> items = new ArrayList<>();
    String coupon;

    Order(String customer) {
      this.customer = customer;
    }
  }

  static double discountRate(int qty) {
    if (qty > BULK_QTY) {
      return DISCOUNT_PERCENT / 100.0;
    }
    return 0.0;
  }

  static double price(Order order) {
    double total = 0.0;
    for (LineItem item : order.items) {
      double rate = discountRate(item.qty());
      double lineTotal = Math.round(item.qty() * item.unitPrice() * (1 - rate) * 100) / 100.0;
      total += lineTotal;
    }
    if ("WELCOME5".equals(order.coupon)) {
      total -= 5;
    }
    return Math.round(total * 100) / 100.0;
  }

  public static void main(String[] args) {
    int qty = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    Order order = new Order("ann");
    order.items.add(new LineItem("tea", 2, 4.5));
    order.items.add(new LineItem("mug", qty, 12.0));
    order.coupon = "WELCOME5";
    System.out.printf("%s: %.2f%n", order.customer, price(order));
  }
}
