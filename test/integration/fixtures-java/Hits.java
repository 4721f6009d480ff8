// bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. The line that adds the
// step runs once per iteration, before acc takes it: at hit k, i is k-1 and acc the sum of the steps before it.
public class Hits {
  public static void main(String[] args) {
    int limit = Integer.parseInt(args[0]);
    int bump = Integer.parseInt(args[1]);
    int acc = 0;
    for (int i = 0; i < limit; i++) {
      int step = i + (i == bump ? 1 : 0);
      acc += step;
    }
    System.out.println(acc);
  }
}
