public class Fmt {
  static String fmt(int x) {
    return String.format("%d", x);
  }

  public static void main(String[] args) {
    System.out.println(fmt(1234));
  }
}
