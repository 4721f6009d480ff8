// bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
// calls lineTotal, which calls price; B's price parts at the pass PART names (env), read where it is
// compared (no local of the walk's frames holds it).
public class Deep {
  static int price(int i) {
    int base = i * 3;
    if (String.valueOf(i).equals(System.getenv("PART"))) {
      base += 1;
    }
    return base + 1;
  }

  static int lineTotal(int i) {
    int p = price(i);
    int q = p % 7;
    return p * 2 + q;
  }

  static long order(int count) {
    long total = 0;
    for (int i = 0; i < count; i++) {
      total += lineTotal(i);
    }
    return total;
  }

  public static void main(String[] args) {
    System.out.println(order(Integer.parseInt(System.getenv().getOrDefault("COUNT", "2000"))));
  }
}
