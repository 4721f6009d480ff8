public class Deep {
  static int price(int i) {
    int base = i * 3 + (i == 499 ? 1 : 0);
    return base + 1;
  }

  static int lineTotal(int i) {
    int p = price(i);
    return p * 2;
  }

  static long order(int n) {
    long total = 0;
    for (int i = 0; i < n; i++) {
      total += lineTotal(i);
    }
    return total;
  }

  public static void main(String[] args) {
    System.out.println(order(Integer.parseInt(args[0])));
  }
}
