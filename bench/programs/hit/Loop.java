// bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass.
public class Loop {
  static long twice(long x) {
    return x * 2;
  }

  static long halve(long x) {
    return x / 2;
  }

  static long add(long x, long y) {
    return x + y;
  }

  public static void main(String[] args) {
    int limit = Integer.parseInt(args[0]);
    long acc = 0;
    for (int i = 0; i < limit; i++) {
      acc = add(acc, halve(twice(i))); // the breakpoint
    }
    System.out.println(acc);
  }
}
